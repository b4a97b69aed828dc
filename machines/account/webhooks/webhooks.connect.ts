import type { Webhook } from '../../../api/webhooks';
import type { WebhooksSnapshot } from './webhooks.types';

/** The Webhooks section as components render it: booleans and data, no state names. */
export function connectWebhooks(snapshot: WebhooksSnapshot) {
  const { list, secret, copied, message, pendingId } = snapshot.context;
  const items: Webhook[] = list?.items ?? [];
  const hasApiKey = list?.hasApiKey === true;
  const atLimit = list !== null && items.length >= list.limit;
  return {
    loading: snapshot.hasTag('loading'),
    loadFailed: snapshot.hasTag('error'),
    ready: snapshot.hasTag('ready'),
    busy: snapshot.hasTag('busy'),
    creating: snapshot.hasTag('creating'),
    copying: snapshot.hasTag('copying'),
    /** The webhook whose test is running, or null. */
    testingId: snapshot.hasTag('testing') ? pendingId : null,
    deletingId: snapshot.hasTag('deleting') ? pendingId : null,
    /** The delivery whose replay is being queued, or null. */
    replayingId: snapshot.hasTag('replaying') && pendingId !== null ? Number(pendingId) : null,
    items,
    watchlists: list?.watchlists ?? [],
    hasApiKey,
    atLimit,
    limit: list?.limit ?? 0,
    canAdd: hasApiKey && !atLimit,
    secret,
    copied,
    message,
    fieldError: (field: string) => message?.fields?.[field],
  };
}
