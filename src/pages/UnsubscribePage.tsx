import { useActor } from '@xstate/react';
import { useTitle } from '../lib/title';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { getSsoSettings, NOTIFICATION_LABELS, NOTIFICATION_SETTINGS, unsubscribe, updateSsoSettings, type SsoSettings } from '../../api/user';
import { settingsSectionMachine, type MutationResult } from '../../machines/account/settings-section/settingsSection.machine';
import { request } from '../lib/client';
import '../features/settings/settings.css';
import { inspect } from '../lib/inspect';

/** Notification settings opened from an email link (`?id=<signed id>`): no sign-in needed. */
function EmailSettings({ id }: { id: string }) {
  const logic = useMemo(
    () =>
      settingsSectionMachine.provide({
        actors: {
          load: fromPromise<unknown>(() => getSsoSettings(request, id)),
          mutate: fromPromise<MutationResult, { action: string; payload: unknown }>(async ({ input }) =>
            input.action === 'unsubscribe'
              ? { message: 'You have been unsubscribed from all emails.', data: await unsubscribe(request, id) }
              : {
                  message: 'Notification settings saved.',
                  data: await updateSsoSettings(request, { id, settings: input.payload as Partial<SsoSettings['settings']> }),
                },
          ),
        },
      }),
    [id],
  );
  const [snapshot, send] = useActor(logic, { input: { loads: true }, inspect });
  const data = snapshot.context.data as SsoSettings | null;
  const message = snapshot.context.message;
  if (snapshot.hasTag('loading')) return <span className="skeleton settings-skeleton" aria-busy="true" />;
  if (!data) return <p className="settings-error">{message?.text ?? 'This link is not valid.'}</p>;
  return (
    <section className="settings-section" aria-labelledby="email-settings">
      {/* A link's answer names no address (a forwarded mail must not tell it). */}
      <h2 id="email-settings">{data.email ? `Emails to ${data.email}` : 'Emails from Sentinel Ratings'}</h2>
      <fieldset className="settings-toggles" disabled={snapshot.hasTag('busy')}>
        {NOTIFICATION_SETTINGS.map((key) => (
          <label key={key} className="settings-toggle">
            <input
              type="checkbox"
              checked={data.settings[key]}
              onChange={(e) => send({ type: 'SUBMIT', action: 'toggle', payload: { [key]: e.target.checked } })}
            />
            {NOTIFICATION_LABELS[key]}
          </label>
        ))}
      </fieldset>
      <p style={{ marginTop: 16 }}>
        <button
          type="button"
          className="btn btn-primary"
          disabled={snapshot.hasTag('busy')}
          onClick={() => send({ type: 'SUBMIT', action: 'unsubscribe' })}
        >
          Unsubscribe from all
        </button>
      </p>
      {message && (
        <div className={`settings-message is-${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </div>
      )}
    </section>
  );
}

/** /notifications/unsubscribe?id=… — the target of the unsubscribe link in every email. */
export default function UnsubscribePage() {
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  useTitle('Email notifications');
  return (
    <main id="main" className="page container settings-page">
      <h1>Email notifications</h1>
      {id ? <EmailSettings id={id} /> : <p className="settings-error">This link is not valid.</p>}
    </main>
  );
}
