import { sql } from 'drizzle-orm';
import type { NotificationKind } from '../../api/notifications';
import type { Db } from '../db/client';
import { scoreSnapshots, webhookDeliveries } from '../db/schema/index';
import { enqueue } from '../jobs/queue';
import { DELIVERY_ATTEMPTS } from './deliver';
import { rows } from '../db/rows';

type Snapshot = typeof scoreSnapshots.$inferSelect;

/** One alert event as webhooks send it (the delivery's payload, without its `id`). */
export type WebhookEventSource = {
  event: NotificationKind;
  /** The notification's change key (`snapshot:<id>:<kind>` or `alert:<id>`): one delivery per webhook and change. */
  changeKey: string;
  createdAt: Date;
  project: { id: string; name: string; score: number; tier: string };
  change: Record<string, unknown>;
};

/** The payload stored on the delivery; `id` is added when it is sent (the delivery's message id). */
export const payloadOf = (e: WebhookEventSource) => ({
  event: e.event,
  createdAt: e.createdAt.toISOString(),
  project: e.project,
  change: e.change,
});

/** Events of one snapshot for the kinds its notifications were drafted for. */
export function eventsForSnapshot(
  project: { id: string; name: string },
  snap: Snapshot,
  prev: Snapshot,
  drafts: { kind: NotificationKind; changeKey: string; title: string }[],
): WebhookEventSource[] {
  const base = {
    createdAt: snap.computedAt,
    project: { id: project.id, name: project.name, score: snap.score, tier: snap.tier },
  };
  return drafts
    .filter((d) => d.kind !== 'incident')
    .map((d) => {
      const change: Record<string, unknown> =
        d.kind === 'score'
          ? {
              before: prev.score,
              after: snap.score,
              delta: Math.round((snap.score - prev.score) * 10) / 10,
              moves: snap.moves,
            }
          : d.kind === 'tier'
            ? { before: prev.tier, after: snap.tier }
            : {
                before: { audited: Boolean(prev.audited), kyc: Boolean(prev.kyc) },
                after: { audited: Boolean(snap.audited), kyc: Boolean(snap.kyc) },
              };
      return { ...base, event: d.kind, changeKey: d.changeKey, change: { ...change, summary: d.title } };
    });
}

/**
 * Queues one delivery per active webhook that wants the event and whose watchlists (its owner's own lists) hold
 * the project, while the owner still has an active API key. Call it with the transaction that records the
 * change's notifications: the deliveries and their `webhook-delivery` jobs exist exactly when the notifications
 * do. `(webhook_id, change_key)` is unique, so a retried notify job or a second instance adds nothing.
 * Returns how many deliveries were new.
 */
export async function enqueueWebhookDeliveries(
  db: Db,
  projectId: string,
  events: WebhookEventSource[],
): Promise<number> {
  if (events.length === 0) return 0;
  const hooks = rows<{ id: string; events: string[] | string }>(
    await db.execute(sql`
      SELECT w.id, w.events FROM webhooks w
      WHERE w.active = 1
        AND EXISTS (SELECT 1 FROM watchlists l
                    WHERE l.id = ANY (w.watchlist_ids) AND l.user_id = w.user_id AND ${projectId} = ANY (l.projects))
        AND EXISTS (SELECT 1 FROM api_keys k WHERE k.user_id = w.user_id AND k.revoked_at IS NULL)`),
  );
  let created = 0;
  for (const hook of hooks) {
    const wanted = new Set(Array.isArray(hook.events) ? hook.events : parseArray(hook.events));
    for (const e of events) {
      if (!wanted.has(e.event)) continue;
      const [row] = await db
        .insert(webhookDeliveries)
        .values({ webhookId: hook.id, event: e.event, changeKey: e.changeKey, payload: payloadOf(e) })
        .onConflictDoNothing({ target: [webhookDeliveries.webhookId, webhookDeliveries.changeKey] })
        .returning({ id: webhookDeliveries.id });
      if (!row) continue;
      created++;
      await enqueue(
        db,
        'webhook-delivery',
        { deliveryId: row.id },
        { singletonKey: `webhook-delivery:${row.id}`, maxAttempts: DELIVERY_ATTEMPTS },
      );
    }
  }
  return created;
}

/** A PostgreSQL text[] literal (`{a,b}`) as some drivers return it from raw SQL. */
const parseArray = (text: string) =>
  text
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((s) => s.replace(/^"|"$/g, ''))
    .filter(Boolean);
