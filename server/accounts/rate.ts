import { eq, like, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateCounters } from '../db/schema/site';

export type Hit = { allowed: boolean; count: number; retryAfterMs: number };

/**
 * Counts one event under `key` in a fixed window of `windowMs`, atomically and in the database (so limits
 * survive restarts and hold across processes). Allowed while the count in the current window is ≤ limit.
 */
export async function hit(db: Db, key: string, limit: number, windowMs: number, now: Date): Promise<Hit> {
  const nowIso = now.toISOString();
  const cutoffIso = new Date(now.getTime() - windowMs).toISOString();
  const expired = sql`"rate_counters"."window_start" <= ${cutoffIso}::timestamptz`;
  const [row] = await db
    .insert(rateCounters)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE "rate_counters"."count" + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${nowIso}::timestamptz ELSE "rate_counters"."window_start" END`,
      },
    })
    .returning({ count: rateCounters.count, windowStart: rateCounters.windowStart });
  const count = row?.count ?? 1;
  const windowStart = row?.windowStart ? new Date(row.windowStart).getTime() : now.getTime();
  return {
    allowed: count <= limit,
    count,
    retryAfterMs: Math.max(0, windowStart + windowMs - now.getTime()),
  };
}

/** Starts (or restarts) a window for `key` with a count of 1, e.g. the resend cooldown after sign-up. */
export async function start(db: Db, key: string, now: Date): Promise<void> {
  await db
    .insert(rateCounters)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({ target: rateCounters.key, set: { count: 1, windowStart: now } });
}

/** How long the window under `key` still runs (0 when there is none or it ended), without counting anything. */
export async function remainingMs(db: Db, key: string, windowMs: number, now: Date): Promise<number> {
  const [row] = await db.select().from(rateCounters).where(eq(rateCounters.key, key)).limit(1);
  return row ? Math.max(0, row.windowStart.getTime() + windowMs - now.getTime()) : 0;
}

/** Every window kept in rate_counters is at most this long (the longest: login failures, forgotten after a day). */
export const LONGEST_WINDOW_MS = 24 * 60 * 60_000;

/** Deletes counters whose window ended: rows untouched for longer than any window means nothing any more. */
export async function prune(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - LONGEST_WINDOW_MS);
  const gone = await db
    .delete(rateCounters)
    .where(lt(rateCounters.windowStart, cutoff))
    .returning({ key: rateCounters.key });
  return gone.length;
}

/** A lockout: locked after `after` failures for baseMs, doubling per further failure up to maxMs. */
export type LockoutRule = { after: number; baseMs: number; maxMs: number };

/** How long `failures` consecutive failures lock (0 below the threshold). */
export function lockFor(rule: LockoutRule, failures: number): number {
  if (failures < rule.after) return 0;
  return Math.min(rule.maxMs, rule.baseMs * 2 ** Math.min(failures - rule.after, 30));
}

/**
 * Claims one attempt under `key` BEFORE it is checked (e.g. a password): one conditional upsert counts it and
 * refuses while locked, so parallel attempts cannot slip past the lock. The row holds the failures so far (the
 * claimed attempt included) and, as window_start, the time of the last claim; it is locked while
 * count ≥ rule.after and now < window_start + lockFor(count). A success calls `clear`. Counts whose last attempt is
 * older than LONGEST_WINDOW_MS start again.
 */
export async function claimAttempt(
  db: Db,
  key: string,
  rule: LockoutRule,
  now: Date,
): Promise<{ allowed: true; count: number } | { allowed: false; retryAfterMs: number }> {
  const nowIso = now.toISOString();
  const row = sql`"rate_counters"`;
  const lockMs = sql`LEAST(${rule.maxMs}::float8, ${rule.baseMs}::float8 * power(2, LEAST(${row}."count" - ${rule.after}::int, 30)))`;
  const locked = sql`${row}."count" >= ${rule.after}::int AND ${row}."window_start" + ${lockMs} * interval '1 millisecond' > ${nowIso}::timestamptz`;
  const stale = sql`${row}."window_start" <= ${new Date(now.getTime() - LONGEST_WINDOW_MS).toISOString()}::timestamptz`;
  const [claimed] = await db
    .insert(rateCounters)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: { count: sql`CASE WHEN ${stale} THEN 1 ELSE ${row}."count" + 1 END`, windowStart: now },
      setWhere: sql`NOT (${locked})`,
    })
    .returning({ count: rateCounters.count });
  if (claimed) return { allowed: true, count: claimed.count };
  const [current] = await db.select().from(rateCounters).where(eq(rateCounters.key, key)).limit(1);
  const until = current ? current.windowStart.getTime() + lockFor(rule, current.count) : now.getTime();
  return { allowed: false, retryAfterMs: Math.max(0, until - now.getTime()) };
}

/** Forgets the counters under `key`, and under every key starting with `key + ':'` when `withChildren`. */
export async function clear(db: Db, key: string, withChildren = false): Promise<void> {
  const escaped = key.replace(/[\\%_]/g, (c) => `\\${c}`);
  await db
    .delete(rateCounters)
    .where(
      withChildren
        ? or(eq(rateCounters.key, key), like(rateCounters.key, `${escaped}:%`))
        : eq(rateCounters.key, key),
    );
}

/** Gives back one claimed attempt that was never checked (e.g. the hashing queue was full). */
export async function unclaim(db: Db, key: string): Promise<void> {
  await db
    .update(rateCounters)
    .set({ count: sql`GREATEST("rate_counters"."count" - 1, 0)` })
    .where(eq(rateCounters.key, key));
}
