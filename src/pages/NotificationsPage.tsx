import { NotificationsView } from '../features/notifications/NotificationsView';
import { useTitle } from '../lib/title';

/** /my/notifications: the notification centre; signed-out browsers go to sign-in like all of /my. */
export default function NotificationsPage() {
  useTitle('Notifications');
  return (
    <main className="page container notifications-page" id="main">
      <h1>Notifications</h1>
      <NotificationsView />
    </main>
  );
}
