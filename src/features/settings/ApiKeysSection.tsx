import { useActor } from '@xstate/react';
import { useId } from 'react';
import { fromPromise } from 'xstate';
import {
  API_KEY_MESSAGES,
  API_KEY_NAME_MAX,
  API_KEY_USAGE_DAYS,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  type ApiKey,
  type CreatedApiKey,
} from '../../../api/apiKeys';
import { connectApiKeys, totalRequests, usageBars } from '../../../machines/account/api-keys/apiKeys.connect';
import { apiKeysMachine } from '../../../machines/account/api-keys/apiKeys.machine';
import { relativeTime } from '../../../machines/account/notifications/notifications.connect';
// Writes carry the x-csrf-token header (cookie-authenticated writes need it).
import { request } from '../../lib/client';
import { inspect } from '../../lib/inspect';
import { RetryButton } from '../../components/RetryButton';
import { ConfirmButtons } from '../../components/RemoveButton';
import { SettingsMessage } from './SettingsMessage';
import { SettingsField } from './SettingsField';
import { SecretButtons } from './SecretButtons';

/** The section's machine with its real calls: the api-keys routes and the clipboard. */
const apiKeysLogic = apiKeysMachine.provide({
  actors: {
    load: fromPromise<ApiKey[]>(async () => (await listApiKeys(request)).keys),
    create: fromPromise<CreatedApiKey, { name: string }>(({ input }) => createApiKey(request, input)),
    revoke: fromPromise<ApiKey, { id: string }>(({ input }) => revokeApiKey(request, input)),
    copyKey: fromPromise<void, { key: string }>(({ input }) => navigator.clipboard.writeText(input.key)),
  },
});

const date = (iso: string) =>
  new Date(iso).toLocaleDateString('en', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

function UsageBars({ apiKey }: { apiKey: ApiKey }) {
  const bars = usageBars(apiKey.usage);
  return (
    <div className="api-key-usage" data-part="usage">
      <ol aria-label={`Requests per day, last ${API_KEY_USAGE_DAYS} days`}>
        {bars.map((b) => (
          <li key={b.day} title={b.label} aria-label={b.label}>
            <span
              className={b.refused > 0 ? 'api-key-bar has-refused' : 'api-key-bar'}
              style={{ height: `${Math.round(b.share * 100)}%` }}
            />
          </li>
        ))}
      </ol>
      <span className="muted api-key-total">
        {totalRequests(apiKey).toLocaleString('en')} requests in {API_KEY_USAGE_DAYS} days
      </span>
    </div>
  );
}

/** Account Settings → API keys: create (shown once), list with usage, revoke after a confirmation. */
export function ApiKeysSection() {
  const [snapshot, send] = useActor(apiKeysLogic, { inspect });
  const view = connectApiKeys(snapshot);
  const nameId = useId();
  const nameErrorId = useId();
  return (
    <section
      className="settings-section"
      aria-labelledby="settings-api-keys"
      data-scope="api-keys"
      data-part="root"
    >
      <h2 id="settings-api-keys">API keys</h2>
      <p className="muted">
        Read projects, the leaderboard, search, score history and Skynet data from your own systems with{' '}
        <code>Authorization: Bearer &lt;key&gt;</code>. See <a href="/developers/api">the API reference</a>.
      </p>
      {view.loading ? (
        <span className="skeleton settings-skeleton" aria-busy="true" />
      ) : view.failed ? (
        <p className="settings-error">
          {API_KEY_MESSAGES.loadFailed} <RetryButton onRetry={() => send({ type: 'RETRY' })} />
        </p>
      ) : (
        <>
          <form
            // A new form after each key made: the name field starts empty again.
            key={view.created?.id ?? 'new'}
            className="settings-form settings-inline"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'CREATE', name: String(new FormData(e.currentTarget).get('name') ?? '') });
            }}
          >
            <SettingsField id={nameId} label="Key name" error={view.nameError} errorId={nameErrorId} grow>
              <input
                id={nameId}
                name="name"
                autoComplete="off"
                maxLength={API_KEY_NAME_MAX + 10}
                placeholder="e.g. Research desk"
                aria-invalid={!!view.nameError}
                aria-describedby={view.nameError ? nameErrorId : undefined}
                disabled={view.busy}
              />
            </SettingsField>
            <button type="submit" className="btn btn-primary" disabled={view.busy}>
              {view.creating ? 'Creating…' : 'Create'}
            </button>
          </form>

          {view.created && (
            <div className="api-key-new" data-part="new-key" role="status">
              <p className="api-key-warning">
                <strong>{API_KEY_MESSAGES.shownOnce}</strong>
              </p>
              <div className="api-key-secret">
                <code data-part="secret" aria-label={`New key ${view.created.name}`}>
                  {view.created.key}
                </code>
                <SecretButtons
                  copyText={view.copied ? API_KEY_MESSAGES.copied : 'Copy'}
                  onCopy={() => send({ type: 'COPY' })}
                  onDone={() => send({ type: 'HIDE_KEY' })}
                />
              </div>
            </div>
          )}

          <SettingsMessage
            message={view.error ? { kind: 'error', text: view.error } : null}
            onDismiss={() => send({ type: 'DISMISS' })}
          />

          {view.keys.length === 0 ? (
            <p className="muted">No API keys yet.</p>
          ) : (
            <ul className="api-keys" aria-label="Your API keys">
              {view.keys.map((k) => (
                <li key={k.id} className={k.revokedAt ? 'api-key is-revoked' : 'api-key'} data-part="key">
                  <div className="api-key-head">
                    <span className="api-key-name">{k.name}</span>
                    <code className="api-key-prefix" data-part="prefix">
                      {k.prefix}…
                    </code>
                    {k.revokedAt && <span className="api-key-badge">Revoked {date(k.revokedAt)}</span>}
                  </div>
                  <dl className="api-key-facts">
                    <dt>Created</dt>
                    <dd>{date(k.createdAt)}</dd>
                    <dt>Last used</dt>
                    <dd data-part="last-used">{k.lastUsedAt ? relativeTime(k.lastUsedAt) : 'Never'}</dd>
                    <dt>Quota</dt>
                    <dd>
                      {k.perMinute.toLocaleString('en')}/min · {k.perDay.toLocaleString('en')}/day
                    </dd>
                  </dl>
                  <UsageBars apiKey={k} />
                  {!k.revokedAt &&
                    (view.confirmingId === k.id ? (
                      <div className="api-key-confirm" role="group" aria-label={`Revoke ${k.name}?`}>
                        <span>Revoke “{k.name}”? Anything using it stops working at once.</span>
                        <ConfirmButtons
                          confirmText="Revoke key"
                          cancelText="Cancel"
                          onConfirm={() => send({ type: 'CONFIRM' })}
                          onCancel={() => send({ type: 'CANCEL' })}
                        />
                      </div>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm api-key-revoke"
                        disabled={view.busy || view.confirmingId !== null}
                        aria-label={`Revoke ${k.name}`}
                        onClick={() => send({ type: 'REVOKE', id: k.id })}
                      >
                        {view.revokingId === k.id ? 'Revoking…' : 'Revoke'}
                      </button>
                    ))}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
