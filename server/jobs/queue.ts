import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/rows';

export type EnqueueOptions = {
  /** At most one job ever exists with this key: enqueueing it again does nothing (returns null). */
  singletonKey?: string;
  /** Not before this time (default now). */
  runAt?: Date;
  maxAttempts?: number;
};

/**
 * Queues a durable job (table `jobs`). Pass the transaction that makes the change the job reacts to, so the job
 * exists exactly when the change does. Returns the new job's id, or null when its singleton key already exists.
 */
export async function enqueue(
  db: Db,
  queue: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<number | null> {
  const result = await db.execute(sql`
    INSERT INTO jobs (queue, payload, run_at, max_attempts, singleton_key)
    VALUES (${queue}, ${JSON.stringify(payload)}::jsonb, ${(options.runAt ?? new Date()).toISOString()}::timestamptz,
            ${options.maxAttempts ?? 5}, ${options.singletonKey ?? null})
    ON CONFLICT (singleton_key) DO NOTHING
    RETURNING id`);
  const id = rows<{ id: string | number }>(result)[0]?.id;
  return id === undefined ? null : Number(id);
}
