import type { SnapshotFrom } from 'xstate';
import type { CreateWebhookBody, WebhookDelivery, WebhookList } from '../../../api/webhooks';
import type { Tags } from '../../core/tags';
import type { webhooksMachine } from './webhooks.machine';

export type WebhooksMessage = { kind: 'success' | 'error'; text: string; fields?: Record<string, string> };

export type WebhooksContext = {
  list: WebhookList | null;
  /** The signing secret of the webhook just created: shown once, until hidden, replaced or its webhook deleted. */
  secret: { webhookId: string; value: string } | null;
  copied: boolean;
  message: WebhooksMessage | null;
  /** The webhook a test or delete, or the delivery a replay, is running for (its buttons show progress). */
  pendingId: string | null;
};

export type WebhooksEvent =
  | { type: 'CREATE'; body: CreateWebhookBody }
  | { type: 'TEST'; id: string }
  | { type: 'DELETE'; id: string }
  /** Send a failed delivery again (its id in the log). */
  | { type: 'REPLAY'; id: number }
  | { type: 'COPY_SECRET' }
  | { type: 'HIDE_SECRET' }
  | { type: 'RETRY' }
  | { type: 'DISMISS' };

/** What the create actor answers: the new webhook's id and secret, and the list as it is now. */
export type CreateOutput = { webhookId: string; secret: string; list: WebhookList };
/** What the test actor answers: the test delivery, and the list as it is now. */
export type TestOutput = { delivery: WebhookDelivery; list: WebhookList };
/** What the replay actor answers: the delivery, pending again, and the list as it is now. */
export type ReplayOutput = TestOutput;

/**
 * `loading` the list loads; `error` the load failed; `ready` it shows; `busy` a write is on the way, tagged with
 * which (`creating`, `testing`, `deleting`, `replaying`); `copying` the secret goes to the clipboard.
 */
export type WebhooksTag = Tags<
  'loading' | 'error' | 'ready' | 'busy',
  'creating' | 'testing' | 'deleting' | 'replaying' | 'copying'
>;

export type WebhooksSnapshot = SnapshotFrom<typeof webhooksMachine>;
