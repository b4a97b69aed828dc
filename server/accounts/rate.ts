import { sql } from 'drizzle-orm';
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

/**
 * A small in-memory limiter for cheap, high-volume endpoints (client logging), where losing the counts on a
 * restart does not matter.
 */
export class MemoryLimiter {
  private readonly buckets = new Map<string, { count: number; start: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  allow(key: string, nowMs: number): boolean {
    const bucket = this.buckets.get(key);
    if (!bucket || nowMs - bucket.start >= this.windowMs) {
      if (this.buckets.size > 10_000) this.buckets.clear();
      this.buckets.set(key, { count: 1, start: nowMs });
      return true;
    }
    bucket.count += 1;
    return bucket.count <= this.limit;
  }
}
