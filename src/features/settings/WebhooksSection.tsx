import { useActor } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  replayDelivery,
  testWebhook,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type CreateWebhookBody,
  type Webhook,
  type WebhookEvent,
} from '../../../api/webhooks';
import { connectWebhooks } from '../../../machines/account/webhooks/webhooks.connect';
import { webhooksMachine } from '../../../machines/account/webhooks/webhooks.machine';
import type {
  CreateOutput,
  ReplayOutput,
  TestOutput,
} from '../../../machines/account/webhooks/webhooks.types';
// Writes carry the x-csrf-token header (cookie-authenticated writes need it).
import { request } from '../../lib/client';
import { inspect } from '../../lib/inspect';
import { TableHead } from '../../components/TableHead';
import { RetryButton } from '../../components/RetryButton';
import { SettingsMessage } from './SettingsMessage';
import { SettingsField } from './SettingsField';
import { SecretButtons } from './SecretButtons';

/** The section's machine with the API and the clipboard. Every write answers with the fresh list. */
export const webhooksSection = webhooksMachine.provide({
  actors: {
    load: fromPromise(() => listWebhooks(request)),
    create: fromPromise<CreateOutput, { body: CreateWebhookBody }>(async ({ input }) => {
      const created = await createWebhook(request, input.body);
      return { webhookId: created.webhook.id, secret: created.secret, list: await listWebhooks(request) };
    }),
    test: fromPromise<TestOutput, { id: string }>(async ({ input }) => {
      const { delivery } = await testWebhook(request, input.id);
      return { delivery, list: await listWebhooks(request) };
    }),
    replay: fromPromise<ReplayOutput, { id: number }>(async ({ input }) => {
      const { delivery } = await replayDelivery(request, input.id);
      return { delivery, list: await listWebhooks(request) };
    }),
    remove: fromPromise(async ({ input }: { input: { id: string } }) => {
      await deleteWebhook(request, input.id);
      return listWebhooks(request);
    }),
    copy: fromPromise<void, { text: string }>(({ input }) => navigator.clipboard.writeText(input.text)),
  },
});

const TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const when = (iso: string) => TIME.format(new Date(iso));
const eventLabel = (e: string) =>
  e in WEBHOOK_EVENT_LABELS ? WEBHOOK_EVENT_LABELS[e as WebhookEvent] : 'Test ping';

type LogProps = {
  hook: Webhook;
  busy: boolean;
  replayingId: number | null;
  onReplay: (deliveryId: number) => void;
};

function DeliveryLog({ hook, busy, replayingId, onReplay }: LogProps) {
  if (hook.deliveries.length === 0) return <p className="muted webhooks-empty">No deliveries yet.</p>;
  return (
    <table className="webhooks-log" data-part="delivery-log">
      <caption className="visually-hidden">Deliveries to {hook.url}</caption>
      <TableHead
        columns={[
          'Event',
          'Status',
          'Code',
          'Attempts',
          'Time',
          { label: <span className="visually-hidden">Actions</span> },
        ]}
      />
      <tbody>
        {hook.deliveries.map((d) => (
          <tr key={d.id} data-part="delivery" data-status={d.status}>
            <td>{eventLabel(d.event)}</td>
            <td>
              <span className={`webhooks-status is-${d.status}`} title={d.error ?? undefined}>
                {d.status}
              </span>
            </td>
            <td>{d.responseCode ?? '—'}</td>
            <td>{d.attempts}</td>
            <td>
              <time dateTime={d.deliveredAt ?? d.createdAt}>{when(d.deliveredAt ?? d.createdAt)}</time>
            </td>
            <td>
              {d.status === 'failed' && (
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  disabled={busy}
                  aria-label={`Replay ${eventLabel(d.event)} delivery of ${when(d.createdAt)}`}
                  onClick={() => onReplay(d.id)}
                >
                  {replayingId === d.id ? 'Replaying…' : 'Replay'}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Settings → Webhooks: signed alert deliveries to a partner's endpoint, with their log; failed ones replayable. */
export function WebhooksSection() {
  const [snapshot, send] = useActor(webhooksSection, { inspect });
  const view = connectWebhooks(snapshot);
  const urlId = useId();
  const urlError = view.fieldError('url');
  const eventsError = view.fieldError('events');
  const listsError = view.fieldError('watchlistIds');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    send({
      type: 'CREATE',
      body: {
        url: String(form.get('url') ?? '').trim(),
        events: form.getAll('events').map(String) as WebhookEvent[],
        watchlistIds: form.getAll('watchlistIds').map(String),
      },
    });
  };
  return (
    <section
      className="settings-section"
      aria-labelledby="settings-webhooks"
      data-scope="settings"
      data-part="settings-webhooks"
    >
      <h2 id="settings-webhooks">Webhooks</h2>
      {view.loading ? (
        <span className="skeleton settings-skeleton" aria-busy="true" />
      ) : view.loadFailed ? (
        <p className="settings-error">
          Could not load your webhooks. <RetryButton onRetry={() => send({ type: 'RETRY' })} />
        </p>
      ) : (
        <div className="webhooks" data-scope="webhooks">
          <p className="muted">
            Alerts (score moves, tier and badge changes, incidents) on the projects of chosen watchlists,
            POSTed as JSON to your https endpoint, signed with HMAC-SHA256 in the{' '}
            <code>webhook-signature</code> header, and retried with backoff.
          </p>
          {view.secret && (
            <div className="webhooks-secret" role="status" data-part="secret">
              <p>
                <strong>Signing secret</strong> — shown only now. Keep it on your server to verify each
                delivery.
              </p>
              <div className="webhooks-secret-row">
                <code data-part="secret-value">{view.secret.value}</code>
                <SecretButtons
                  copyText={view.copied ? 'Copied' : 'Copy'}
                  copying={view.copying}
                  onCopy={() => send({ type: 'COPY_SECRET' })}
                  onDone={() => send({ type: 'HIDE_SECRET' })}
                />
              </div>
            </div>
          )}
          {view.items.length > 0 && (
            <ul className="webhooks-list" aria-label="Your webhooks">
              {view.items.map((hook) => (
                <li key={hook.id} className="webhooks-item" data-part="webhook">
                  <div className="webhooks-head">
                    <code className="webhooks-url">{hook.url}</code>
                    <div className="webhooks-actions">
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        disabled={view.busy}
                        onClick={() => send({ type: 'TEST', id: hook.id })}
                      >
                        {view.testingId === hook.id ? 'Sending…' : 'Send test'}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        disabled={view.busy}
                        aria-label={`Delete webhook ${hook.url}`}
                        onClick={() => send({ type: 'DELETE', id: hook.id })}
                      >
                        {view.deletingId === hook.id ? 'Deleting…' : 'Delete'}
                      </button>
                    </div>
                  </div>
                  <p className="muted webhooks-meta">
                    {hook.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')} · on{' '}
                    {hook.watchlists.length > 0
                      ? hook.watchlists.map((l) => l.name).join(', ')
                      : 'no watchlist'}
                  </p>
                  {!hook.active && (
                    <p className="webhooks-notice" data-part="disabled">
                      Disabled: the endpoint answered 410 Gone, so nothing more is sent. Replay a failed
                      delivery to enable it again.
                    </p>
                  )}
                  <DeliveryLog
                    hook={hook}
                    busy={view.busy}
                    replayingId={view.replayingId}
                    onReplay={(id) => send({ type: 'REPLAY', id })}
                  />
                </li>
              ))}
            </ul>
          )}
          {!view.hasApiKey ? (
            <p className="webhooks-notice" data-part="no-key">
              Create an API key first: webhooks belong to an API key’s owner.
            </p>
          ) : view.atLimit ? (
            <p className="muted">
              You have {view.limit} webhooks, the most allowed. Delete one to add another.
            </p>
          ) : (
            // A new form after each webhook added, so it starts empty.
            <form
              key={view.items.length}
              className="settings-form webhooks-form"
              onSubmit={submit}
              noValidate
              aria-label="Add a webhook"
            >
              <SettingsField id={urlId} label="Endpoint URL" error={urlError}>
                <input
                  id={urlId}
                  name="url"
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="https://example.com/webhooks/sentinel"
                  aria-invalid={!!urlError}
                />
              </SettingsField>
              <fieldset className="webhooks-choices" aria-invalid={!!eventsError}>
                <legend>Events</legend>
                {WEBHOOK_EVENTS.map((e) => (
                  <label key={e} className="settings-toggle">
                    <input type="checkbox" name="events" value={e} defaultChecked />
                    {WEBHOOK_EVENT_LABELS[e]}
                  </label>
                ))}
                {eventsError && <p className="settings-field-error">{eventsError}</p>}
              </fieldset>
              <fieldset className="webhooks-choices" aria-invalid={!!listsError}>
                <legend>Watchlists</legend>
                {view.watchlists.length === 0 ? (
                  <p className="muted">You have no watchlists yet.</p>
                ) : (
                  view.watchlists.map((l) => (
                    <label key={l.id} className="settings-toggle">
                      <input type="checkbox" name="watchlistIds" value={l.id} />
                      {l.name}
                    </label>
                  ))
                )}
                {listsError && <p className="settings-field-error">{listsError}</p>}
              </fieldset>
              <button type="submit" className="btn btn-primary" disabled={view.busy}>
                {view.creating ? 'Adding…' : 'Add webhook'}
              </button>
            </form>
          )}
        </div>
      )}
      <SettingsMessage message={view.message} onDismiss={() => send({ type: 'DISMISS' })} />
    </section>
  );
}
