import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The projects whose rank is not where their score puts them (`id`, `rank`): rank 1 is the best score; ties by
 * name, then id.
 */
export const movedRanks = sql`
  SELECT id, rn AS rank FROM (
    SELECT id, rank, row_number() OVER (ORDER BY score DESC, name ASC, id ASC)::int AS rn FROM projects) r
  WHERE rank IS DISTINCT FROM rn`;

/** Writes every rank that moved (movedRanks) in one statement. */
export async function recomputeRanks(db: Db): Promise<void> {
  await db.execute(sql`UPDATE projects AS p SET rank = m.rank FROM (${movedRanks}) m WHERE p.id = m.id`);
}
