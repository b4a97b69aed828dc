import { useActor } from '@xstate/react';
import { useId, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import {
  PROFILE_IMAGE_TYPES,
  WALLET_CHAIN_LABELS,
  WALLET_CHAINS,
  type Profile,
  type Wallet,
} from '../../../api/user';
import { ALERT_MAIL_LABELS, ALERT_MAIL_MODES } from '../../../api/notifications';
import {
  connectEmailSettings,
  connectSettingsSection,
} from '../../../machines/account/settings-section/settingsSection.connect';
import type { SettingsSectionView } from '../../../machines/account/settings-section/settingsSection.types';
import { notificationsSection, passwordSection, profileSection, walletsSection } from './actors';
import { inspect } from '../../lib/inspect';
import { useAppChild } from '../../app/hooks';
import { RemoveButton } from '../../components/RemoveButton';
import { LabelledOptions } from '../../components/LabelledOptions';
import { SettingsField } from './SettingsField';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="settings-section" aria-labelledby={id} data-scope="settings" data-part={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A section's outcome line (the last write's, or the load's failure), with a × that dismisses it. */
function Outcome({
  view,
}: {
  view: Pick<SettingsSectionView, 'message' | 'getMessageProps' | 'getDismissButtonProps'>;
}) {
  const props = view.getMessageProps();
  return (
    props && (
      <div {...props} data-part="message">
        <span>{view.message?.text}</span>
        <button {...view.getDismissButtonProps()}>×</button>
      </div>
    )
  );
}

/** The avatar fallback order (spec §2): uploaded picture, the user image field, the email's first letter. */
function Avatar({ profile }: { profile: Profile }) {
  const src = profile.profileImageUrl ?? profile.image;
  return src ? (
    <img className="settings-avatar" src={src} alt="Profile picture" width={72} height={72} />
  ) : (
    <span className="settings-avatar is-initial" aria-label="Profile picture">
      {profile.email.charAt(0).toUpperCase()}
    </span>
  );
}

export function ProfileSection() {
  // An upload or a delete tells the session actor, whose picture count the header's avatar carries: it shows the
  // new picture (or the fallback) at once.
  const session = useAppChild('session');
  const logic = useMemo(
    () => profileSection.provide({ actions: { written: () => session.send({ type: 'PICTURE_CHANGED' }) } }),
    [session],
  );
  const [snapshot, send] = useActor(logic, { input: { loads: true }, inspect });
  const view = connectSettingsSection<Profile>(snapshot, send);
  const profile = view.data;
  return (
    <Section id="settings-profile" title="Profile">
      {view.loading ? (
        <span {...view.getSkeletonProps()} />
      ) : view.loadFailed || !profile ? (
        <p className="settings-error">
          Could not load your profile. <button {...view.getRetryButtonProps()}>Retry</button>
        </p>
      ) : (
        <div className="settings-profile">
          <Avatar profile={profile} />
          <dl className="settings-facts">
            <dt>Email</dt>
            <dd data-part="email">{profile.email}</dd>
            {/* The username is the account's stable id (a UUID): shown as what it is, for support to ask for. */}
            <dt>Account ID</dt>
            <dd data-part="account-id">
              <code className="settings-id">{profile.username}</code>
              <span className="settings-hint">Support may ask for it.</span>
            </dd>
          </dl>
          <div className="settings-row">
            <label className="btn btn-secondary btn-sm settings-file">
              {view.pendingAction === 'upload' ? 'Uploading…' : 'Upload picture'}
              <input
                type="file"
                name="file"
                accept={PROFILE_IMAGE_TYPES.join(',')}
                disabled={view.busy}
                aria-label="Upload profile picture"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) view.submit('upload', file);
                  // Emptied, so that picking the same file again is a change too.
                  e.target.value = '';
                }}
              />
            </label>
            {profile.profileImageUrl && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={view.busy}
                onClick={() => view.submit('delete')}
              >
                Delete picture
              </button>
            )}
          </div>
          <p className="muted settings-note">PNG, JPEG or WebP, up to 2 MB.</p>
        </div>
      )}
      <Outcome view={view} />
    </Section>
  );
}

/** The wallet to add: its address, and its chain unless left to be detected. */
function walletToAdd(form: HTMLFormElement) {
  const values = new FormData(form);
  const chain = String(values.get('chain') ?? '');
  return { walletAddress: String(values.get('walletAddress') ?? ''), ...(chain ? { chain } : {}) };
}

export function WalletsSection() {
  const [snapshot, send] = useActor(walletsSection, { input: { loads: true }, inspect });
  const view = connectSettingsSection<Wallet[]>(snapshot, send);
  const wallets = view.data ?? [];
  const addressId = useId();
  const chainId = useId();
  const fieldError = view.fieldError('walletAddress');
  return (
    <Section id="settings-wallets" title="Wallets">
      {view.loading ? (
        <span {...view.getSkeletonProps()} />
      ) : (
        <>
          {wallets.length === 0 ? (
            <p className="muted">No wallets yet.</p>
          ) : (
            <ul className="settings-wallets" aria-label="Your wallets">
              {wallets.map((w) => (
                <li key={w.walletAddress}>
                  <span className="settings-chain">{WALLET_CHAIN_LABELS[w.chain]}</span>
                  <code className="settings-address">{w.walletAddress}</code>
                  <RemoveButton
                    what={`wallet ${w.walletAddress}`}
                    disabled={view.busy}
                    onRemove={() => view.submit('remove', w.walletAddress)}
                  />
                </li>
              ))}
            </ul>
          )}
          <form className="settings-form settings-inline" {...view.getFormProps('add', walletToAdd)}>
            <SettingsField id={addressId} label="Wallet address" error={fieldError} grow>
              <input
                id={addressId}
                autoComplete="off"
                spellCheck={false}
                {...view.getFieldProps('walletAddress')}
                placeholder="0x…, Solana, Tron or Cosmos address"
              />
            </SettingsField>
            <SettingsField id={chainId} label="Chain">
              <select id={chainId} name="chain" defaultValue="">
                <option value="">Detect automatically</option>
                <LabelledOptions values={WALLET_CHAINS} labels={WALLET_CHAIN_LABELS} />
              </select>
            </SettingsField>
            <button {...view.getSubmitButtonProps()}>Add wallet</button>
          </form>
        </>
      )}
      <Outcome view={view} />
    </Section>
  );
}

const PASSWORD_FIELDS = [
  { name: 'oldPassword', label: 'Old password', autoComplete: 'current-password', note: undefined },
  {
    name: 'newPassword',
    label: 'New password',
    autoComplete: 'new-password',
    note: 'At least 8 characters, with at least one letter and one digit.',
  },
] as const;

/** The password change: the old password and the new one. */
function passwordChange(form: HTMLFormElement) {
  const values = new FormData(form);
  return {
    oldPassword: String(values.get('oldPassword') ?? ''),
    newPassword: String(values.get('newPassword') ?? ''),
  };
}

export function PasswordSection() {
  const formRef = useRef<HTMLFormElement>(null);
  // A successful change empties the form (its values live in the inputs, not in the machine).
  const logic = useMemo(
    () => passwordSection.provide({ actions: { written: () => formRef.current?.reset() } }),
    [],
  );
  const [snapshot, send] = useActor(logic, { input: { loads: false }, inspect });
  const view = connectSettingsSection(snapshot, send);
  const ids = { oldPassword: useId(), newPassword: useId() };
  return (
    <Section id="settings-password" title="Change Password">
      <form ref={formRef} className="settings-form" {...view.getFormProps('change', passwordChange)}>
        {PASSWORD_FIELDS.map(({ name, label, autoComplete, note }) => (
          <SettingsField key={name} id={ids[name]} label={label} error={view.fieldError(name)} note={note}>
            <input id={ids[name]} type="password" autoComplete={autoComplete} {...view.getFieldProps(name)} />
          </SettingsField>
        ))}
        <button {...view.getSubmitButtonProps()}>{view.busy ? 'Saving…' : 'Change password'}</button>
      </form>
      <Outcome view={view} />
    </Section>
  );
}

export function NotificationsSection() {
  const [snapshot, send] = useActor(notificationsSection, { input: { loads: true }, inspect });
  const view = connectEmailSettings(snapshot, send);
  const alertMailId = useId();
  return (
    <Section id="settings-notifications" title="Notification Settings">
      {view.loading ? (
        <span {...view.getSkeletonProps()} />
      ) : !view.shown ? (
        <p className="settings-error">
          Could not load your notification settings. <button {...view.getRetryButtonProps()}>Retry</button>
        </p>
      ) : (
        <fieldset {...view.getFieldsetProps()}>
          <legend className="muted">{view.heading}</legend>
          {view.toggles.map(({ key, label }) => (
            <label key={key} className="settings-toggle">
              <input {...view.getToggleProps(key)} />
              {label}
            </label>
          ))}
          {/* "Email alerts": how alerts about watched projects reach the user by mail. */}
          <SettingsField id={alertMailId} label="Email alerts">
            <select id={alertMailId} {...view.getAlertMailSelectProps()}>
              <LabelledOptions values={ALERT_MAIL_MODES} labels={ALERT_MAIL_LABELS} />
            </select>
          </SettingsField>
        </fieldset>
      )}
      <Outcome view={view} />
    </Section>
  );
}

export function TourSection() {
  return (
    <Section id="settings-tour" title="Guided Tour">
      <p className="muted">Take the tour of the home page again: search, alerts, trends and filters.</p>
      <Link href="/?tour=true" className="btn btn-primary">
        Get Started
      </Link>
    </Section>
  );
}
