import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { projects } from '../db/schema/index';

/** Score moves over 1, 7 and 30 days; null when no snapshot is that old. */
export type ScoreChange = { d1: number | null; d7: number | null; d30: number | null };

const DAY_MS = 86_400_000;

/**
 * A project's current score minus the latest snapshot at or before `days` days before `now`, as SQL over `projects`
 * (an index lookup on score_snapshots (project_id, computed_at)); null when no snapshot is that old. Both figures are
 * rounded to one decimal first, so a change matches the scores as they are shown; the leaderboard shows and sorts
 * by this one expression, so its order is the order of the figures on screen.
 */
export function scoreChangeSql(days: number, now: Date): SQL<string | number | null> {
  const at = new Date(now.getTime() - days * DAY_MS).toISOString();
  // The outer id is written qualified: inside the subquery drizzle's bare "id" would name the snapshot's own id.
  return sql<string | number | null>`(round(${projects.score}::numeric, 1) - round((select s.score from score_snapshots s
    where s.project_id = "projects"."id" and s.computed_at <= ${at}::timestamptz
    order by s.computed_at desc, s.id desc limit 1)::numeric, 1))`;
}

/**
 * Each project's score changes over 1, 7 and 30 days as of `now` (scoreChangeSql), in one query for all `ids`. Ids
 * that name no project are absent from the map.
 */
export async function scoreChanges(
  database: Database | Db,
  ids: string[],
  now: Date = new Date(),
): Promise<Map<string, ScoreChange>> {
  const out = new Map<string, ScoreChange>();
  if (ids.length === 0) return out;
  const db = 'driver' in database ? database.db : database;
  const rows = await db
    .select({
      id: projects.id,
      d1: scoreChangeSql(1, now),
      d7: scoreChangeSql(7, now),
      d30: scoreChangeSql(30, now),
    })
    .from(projects)
    .where(inArray(projects.id, [...new Set(ids)]));
  // numeric arrives as text (pg) or a number (PGlite); Number gives the one-decimal figure ('-0.0' as 0).
  const change = (v: string | number | null) => (v === null ? null : Number(v) + 0);
  for (const r of rows) out.set(r.id, { d1: change(r.d1), d7: change(r.d7), d30: change(r.d30) });
  return out;
}
