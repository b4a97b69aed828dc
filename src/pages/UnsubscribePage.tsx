import { useActor } from '@xstate/react';
import { useTitle } from '../lib/title';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { getSsoSettings, unsubscribe, updateSsoSettings, type SsoSettings } from '../../api/user';
import { connectEmailSettings } from '../../machines/account/settings-section/settingsSection.connect';
import { settingsSectionMachine } from '../../machines/account/settings-section/settingsSection.machine';
import type { MutationResult } from '../../machines/account/settings-section/settingsSection.types';
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
              ? {
                  message: 'You have been unsubscribed from all emails.',
                  data: await unsubscribe(request, id),
                }
              : {
                  message: 'Notification settings saved.',
                  data: await updateSsoSettings(request, {
                    id,
                    settings: input.payload as Partial<SsoSettings['settings']>,
                  }),
                },
          ),
        },
      }),
    [id],
  );
  const [snapshot, send] = useActor(logic, { input: { loads: true }, inspect });
  const view = connectEmailSettings(snapshot, send);
  if (view.loading) return <span {...view.getSkeletonProps()} />;
  if (!view.shown) return <p className="settings-error">{view.invalidText}</p>;
  const messageProps = view.getMessageProps();
  return (
    <section className="settings-section" aria-labelledby={view.headingId}>
      <h2 id={view.headingId}>{view.heading}</h2>
      <fieldset {...view.getFieldsetProps()}>
        {view.toggles.map(({ key, label }) => (
          <label key={key} className="settings-toggle">
            <input {...view.getToggleProps(key)} />
            {label}
          </label>
        ))}
      </fieldset>
      <p style={{ marginTop: 16 }}>
        <button {...view.getUnsubscribeButtonProps()}>{view.unsubscribeText}</button>
      </p>
      {messageProps && <div {...messageProps}>{view.message?.text}</div>}
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
