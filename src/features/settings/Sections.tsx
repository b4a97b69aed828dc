import { useActor } from '@xstate/react';
import { useId, useMemo, useRef, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import {
  NOTIFICATION_LABELS,
  NOTIFICATION_SETTINGS,
  WALLET_CHAIN_LABELS,
  WALLET_CHAINS,
  type NotificationSettings,
  type Profile,
  type SsoSettings,
  type Wallet,
} from '../../../api/user';
import { ALERT_MAIL_LABELS, ALERT_MAIL_MODES, type AlertMailMode } from '../../../api/notifications';
import { notificationsSection, passwordSection, profileSection, walletsSection } from './actors';
import { inspect } from '../../lib/inspect';
import { useAppChild } from '../../app/hooks';
import { RetryButton } from '../../components/RetryButton';
import { RemoveButton } from '../../components/RemoveButton';
import { LabelledOptions } from '../../components/LabelledOptions';
import { SettingsMessage } from './SettingsMessage';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="settings-section" aria-labelledby={id} data-scope="settings" data-part={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

const Loading = () => <span className="skeleton settings-skeleton" aria-busy="true" />;

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
  const fileRef = useRef<HTMLInputElement>(null);
  const profile = snapshot.context.data as Profile | null;
  const busy = snapshot.hasTag('busy');
  return (
    <Section id="settings-profile" title="Profile">
      {snapshot.hasTag('loading') ? (
        <Loading />
      ) : snapshot.hasTag('error') || !profile ? (
        <p className="settings-error">
          Could not load your profile.{' '}
          <RetryButton onRetry={() => send({ type: 'RETRY' })} />
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
              {busy && snapshot.context.action === 'upload' ? 'Uploading…' : 'Upload picture'}
              <input
                ref={fileRef}
                type="file"
                name="file"
                accept="image/png,image/jpeg,image/webp"
                disabled={busy}
                aria-label="Upload profile picture"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) send({ type: 'SUBMIT', action: 'upload', payload: file });
                  if (fileRef.current) fileRef.current.value = '';
                }}
              />
            </label>
            {profile.profileImageUrl && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={busy}
                onClick={() => send({ type: 'SUBMIT', action: 'delete' })}
              >
                Delete picture
              </button>
            )}
          </div>
          <p className="muted settings-note">PNG, JPEG or WebP, up to 2 MB.</p>
        </div>
      )}
      <SettingsMessage message={snapshot.context.message} onDismiss={() => send({ type: 'DISMISS' })} />
    </Section>
  );
}

export function WalletsSection() {
  const [snapshot, send] = useActor(walletsSection, { input: { loads: true }, inspect });
  const wallets = (snapshot.context.data as Wallet[] | null) ?? [];
  const busy = snapshot.hasTag('busy');
  const addressId = useId();
  const chainId = useId();
  const fieldError = snapshot.context.message?.fields?.walletAddress;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const chain = String(form.get('chain') ?? '');
    send({
      type: 'SUBMIT',
      action: 'add',
      payload: { walletAddress: String(form.get('walletAddress') ?? ''), ...(chain ? { chain } : {}) },
    });
  };
  return (
    <Section id="settings-wallets" title="Wallets">
      {snapshot.hasTag('loading') ? (
        <Loading />
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
                    disabled={busy}
                    onRemove={() => send({ type: 'SUBMIT', action: 'remove', payload: w.walletAddress })}
                  />
                </li>
              ))}
            </ul>
          )}
          <form className="settings-form settings-inline" onSubmit={submit} noValidate>
            <div className="settings-field settings-grow">
              <label htmlFor={addressId}>Wallet address</label>
              <input
                id={addressId}
                name="walletAddress"
                autoComplete="off"
                spellCheck={false}
                aria-invalid={!!fieldError}
                placeholder="0x…, Solana, Tron or Cosmos address"
              />
              {fieldError && <p className="settings-field-error">{fieldError}</p>}
            </div>
            <div className="settings-field">
              <label htmlFor={chainId}>Chain</label>
              <select id={chainId} name="chain" defaultValue="">
                <option value="">Detect automatically</option>
                <LabelledOptions values={WALLET_CHAINS} labels={WALLET_CHAIN_LABELS} />
              </select>
            </div>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Add wallet
            </button>
          </form>
        </>
      )}
      <SettingsMessage message={snapshot.context.message} onDismiss={() => send({ type: 'DISMISS' })} />
    </Section>
  );
}

export function PasswordSection() {
  const formRef = useRef<HTMLFormElement>(null);
  // A successful change empties the form (its values live in the inputs, not in the machine).
  const logic = useMemo(
    () => passwordSection.provide({ actions: { written: () => formRef.current?.reset() } }),
    [],
  );
  const [snapshot, send] = useActor(logic, { input: { loads: false }, inspect });
  const oldId = useId();
  const newId = useId();
  const busy = snapshot.hasTag('busy');
  const fields = snapshot.context.message?.fields ?? {};
  return (
    <Section id="settings-password" title="Change Password">
      <form
        ref={formRef}
        className="settings-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          send({
            type: 'SUBMIT',
            action: 'change',
            payload: { oldPassword: String(form.get('oldPassword') ?? ''), newPassword: String(form.get('newPassword') ?? '') },
          });
        }}
      >
        <div className="settings-field">
          <label htmlFor={oldId}>Old password</label>
          <input id={oldId} name="oldPassword" type="password" autoComplete="current-password" aria-invalid={!!fields.oldPassword} />
          {fields.oldPassword && <p className="settings-field-error">{fields.oldPassword}</p>}
        </div>
        <div className="settings-field">
          <label htmlFor={newId}>New password</label>
          <input id={newId} name="newPassword" type="password" autoComplete="new-password" aria-invalid={!!fields.newPassword} />
          {fields.newPassword && <p className="settings-field-error">{fields.newPassword}</p>}
          <p className="muted settings-note">At least 8 characters, with at least one letter and one digit.</p>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </button>
      </form>
      <SettingsMessage message={snapshot.context.message} onDismiss={() => send({ type: 'DISMISS' })} />
    </Section>
  );
}

export function NotificationsSection() {
  const [snapshot, send] = useActor(notificationsSection, { input: { loads: true }, inspect });
  const data = snapshot.context.data as SsoSettings | null;
  const busy = snapshot.hasTag('busy');
  return (
    <Section id="settings-notifications" title="Notification Settings">
      {snapshot.hasTag('loading') ? (
        <Loading />
      ) : !data ? (
        <p className="settings-error">
          Could not load your notification settings.{' '}
          <RetryButton onRetry={() => send({ type: 'RETRY' })} />
        </p>
      ) : (
        <fieldset className="settings-toggles" disabled={busy}>
          <legend className="muted">Emails to {data.email}</legend>
          {NOTIFICATION_SETTINGS.map((key) => (
            <label key={key} className="settings-toggle">
              <input
                type="checkbox"
                checked={data.settings[key]}
                onChange={(e) =>
                  send({
                    type: 'SUBMIT',
                    action: 'toggle',
                    payload: { [key]: e.target.checked } satisfies Partial<NotificationSettings>,
                  })
                }
              />
              {NOTIFICATION_LABELS[key]}
            </label>
          ))}
          <AlertMailSelect
            value={data.settings.alertMail ?? 'instant'}
            onChange={(alertMail) => send({ type: 'SUBMIT', action: 'alertMail', payload: { alertMail } })}
          />
        </fieldset>
      )}
      <SettingsMessage message={snapshot.context.message} onDismiss={() => send({ type: 'DISMISS' })} />
    </Section>
  );
}

/** "Email alerts": how alerts about watched projects reach the user by mail. */
function AlertMailSelect({ value, onChange }: { value: AlertMailMode; onChange: (mode: AlertMailMode) => void }) {
  const id = useId();
  return (
    <div className="settings-field">
      <label htmlFor={id}>Email alerts</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as AlertMailMode)}>
        <LabelledOptions values={ALERT_MAIL_MODES} labels={ALERT_MAIL_LABELS} />
      </select>
    </div>
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
