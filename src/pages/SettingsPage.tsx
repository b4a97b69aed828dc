import { Link } from 'wouter';
import { useTitle } from '../lib/title';
import {
  NotificationsSection,
  PasswordSection,
  ProfileSection,
  TourSection,
  WalletsSection,
} from '../features/settings/Sections';
import { ApiKeysSection } from '../features/settings/ApiKeysSection';
import { WebhooksSection } from '../features/settings/WebhooksSection';
import { useSessionStatus } from '../app/hooks';
import '../features/settings/settings.css';

/** /my/settings (spec §2): profile, wallets, password, notification settings and the Guided Tour section. */
export default function SettingsPage() {
  const status = useSessionStatus();
  useTitle('Account Settings');
  return (
    <main id="main" className="page container settings-page">
      <h1>Account Settings</h1>
      {status === 'loading' ? (
        <span className="skeleton settings-skeleton" aria-busy="true" />
      ) : status === 'unauthenticated' ? (
        <p>
          Please <Link href="/auth/login">log in</Link> to see your account settings.
        </p>
      ) : (
        <>
          <ProfileSection />
          <WalletsSection />
          <PasswordSection />
          <NotificationsSection />
          <ApiKeysSection />
          <WebhooksSection />
          <TourSection />
        </>
      )}
    </main>
  );
}
