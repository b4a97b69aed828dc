import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deleteOwnRow, ownRow } from '../db/owned';
import { users, watchlists, webhookDeliveries, webhooks } from '../db/schema/index';
import { enqueue } from '../jobs/queue';
import { DELIVERY_ATTEMPTS } from './deliver';

/** A user's webhooks and their delivery logs, as settings registers, lists, tests, replays and deletes them. */

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WatchlistName = { id: string; name: string };

/** The user's watchlists a webhook may use, oldest first. */
export const watchlistNamesOf = (db: Db, userId: string): Promise<WatchlistName[]> =>
  db
    .select({ id: watchlists.id, name: watchlists.name })
    .from(watchlists)
    .where(eq(watchlists.userId, userId))
    .orderBy(asc(watchlists.createdAt));

/** The user's webhooks, oldest first. */
export const webhooksOf = (db: Db, userId: string): Promise<WebhookRow[]> =>
  db.select().from(webhooks).where(eq(webhooks.userId, userId)).orderBy(asc(webhooks.createdAt));

/** The user's webhook of this id; undefined for another user's. */
export async function ownWebhookRow(db: Db, userId: string, id: string): Promise<WebhookRow | undefined> {
  const [hook] = await db
    .select()
    .from(webhooks)
    .where(ownRow(webhooks, userId, id));
  return hook;
}

/** The webhook's latest `limit` deliveries, newest first. */
export const recentDeliveries = (db: Db, webhookId: string, limit: number): Promise<DeliveryRow[]> =>
  db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);

export const deliveryById = async (db: Db, id: number): Promise<DeliveryRow | undefined> =>
  (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0];

export type NewWebhook = Pick<
  typeof webhooks.$inferInsert,
  'userId' | 'url' | 'secret' | 'watchlistIds' | 'events'
>;

export type RegisterWebhookOutcome =
  /** `names`: the chosen watchlists' names by id. */
  | { kind: 'created'; row: WebhookRow; names: Map<string, string> }
  | { kind: 'notOwnWatchlists' }
  | { kind: 'limitReached' };

/**
 * Stores a webhook when every chosen watchlist is the owner's and they have fewer than `limit` webhooks. The
 * owner's row lock queues one user's registrations, so two at once cannot pass the limit together.
 */
export async function registerWebhook(
  db: Db,
  hook: NewWebhook,
  limit: number,
): Promise<RegisterWebhookOutcome> {
  return db.transaction(async (tx): Promise<RegisterWebhookOutcome> => {
    const t = tx as unknown as Db;
    await t.execute(sql`SELECT id FROM ${users} WHERE id = ${hook.userId} FOR UPDATE`);
    const mine = await t
      .select({ id: watchlists.id, name: watchlists.name })
      .from(watchlists)
      .where(and(eq(watchlists.userId, hook.userId), inArray(watchlists.id, hook.watchlistIds)));
    if (mine.length !== hook.watchlistIds.length) return { kind: 'notOwnWatchlists' };
    const [n] = await t.select({ n: count() }).from(webhooks).where(eq(webhooks.userId, hook.userId));
    if (Number(n?.n ?? 0) >= limit) return { kind: 'limitReached' };
    const [row] = await t.insert(webhooks).values(hook).returning();
    return { kind: 'created', row: row!, names: new Map(mine.map((l) => [l.id, l.name])) };
  });
}

/** Deletes the user's webhook; false when they have none of that id. */
export const deleteOwnWebhook = (db: Db, userId: string, id: string): Promise<boolean> =>
  deleteOwnRow(db, webhooks, userId, id);

export type ReplayOutcome =
  { kind: 'replayed'; delivery: DeliveryRow } | { kind: 'notFound' } | { kind: 'notFailed' };

/**
 * Queues a failed delivery of one of the user's webhooks again (same message id, the full retry schedule) and
 * enables its webhook again, in one transaction.
 */
export async function replayFailedDelivery(db: Db, userId: string, id: number): Promise<ReplayOutcome> {
  return db.transaction(async (tx): Promise<ReplayOutcome> => {
    const t = tx as unknown as Db;
    const [own] = await t
      .select({ status: webhookDeliveries.status, webhookId: webhookDeliveries.webhookId })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(and(eq(webhookDeliveries.id, id), eq(webhooks.userId, userId)));
    if (!own) return { kind: 'notFound' };
    // Only a failed delivery, and only once: a second press while it waits finds it pending.
    const [replayed] = await t
      .update(webhookDeliveries)
      .set({ status: 'pending' })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'failed')))
      .returning();
    if (!replayed) return { kind: 'notFailed' };
    await t.update(webhooks).set({ active: 1 }).where(eq(webhooks.id, own.webhookId));
    await enqueue(
      t,
      'webhook-delivery',
      { deliveryId: id },
      { singletonKey: `webhook-delivery:${id}:replay:${randomUUID()}`, maxAttempts: DELIVERY_ATTEMPTS },
    );
    return { kind: 'replayed', delivery: replayed };
  });
}

/** Logs a `ping` delivery of the webhook (not queued: the caller attempts it) and answers its id. */
export async function insertPingDelivery(db: Db, hook: WebhookRow, now: Date): Promise<number> {
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId: hook.id,
      event: 'ping',
      changeKey: `ping:${randomUUID()}`,
      payload: {
        event: 'ping',
        createdAt: now.toISOString(),
        webhook: { id: hook.id, url: hook.url, events: hook.events },
      },
      createdAt: now,
    })
    .returning({ id: webhookDeliveries.id });
  return delivery!.id;
}
