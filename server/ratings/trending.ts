import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/rows';
import { pageViews } from '../db/schema/index';

/** Days of activity trending counts (today and the 6 before). */
export const TRENDING_DAYS = 7;
/** A watchlist add weighs as much as this many page views. */
export const WATCHLIST_ADD_WEIGHT = 5;
/** Activity loses half its weight every this many days. */
export const TRENDING_HALF_LIFE_DAYS = 2;
/** Activity rows older than this are deleted when trending is computed. */
const KEEP_ACTIVITY_DAYS = 90;

/** The UTC calendar day of a date, as PostgreSQL `date` text. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A project's trending score from its activity: Σ over the last TRENDING_DAYS days of
 * (views + WATCHLIST_ADD_WEIGHT × watchlist adds) × 0.5^(age in days / TRENDING_HALF_LIFE_DAYS), today's age
 * being 0. The same formula as the SQL below (kept for tests and the docs).
 */
export function trendScore(activity: { age: number; views: number; watchlistAdds: number }[]): number {
  const sum = activity
    .filter((a) => a.age >= 0 && a.age < TRENDING_DAYS)
    .reduce(
      (s, a) =>
        s + (a.views + WATCHLIST_ADD_WEIGHT * a.watchlistAdds) * 0.5 ** (a.age / TRENDING_HALF_LIFE_DAYS),
      0,
    );
  return Math.round(sum * 100) / 100;
}

/**
 * Writes projects.trend_score from project_activity (see trendScore) for every project, touching only the rows
 * whose score changes (a project without recent activity goes to 0). Returns how many projects changed.
 *
 * Only projects with recent activity or a score above 0 (scores are never below) can change, and projects_trend_idx
 * finds the latter: the job used to compare every project, a scan of the table that held PGlite's thread for
 * 120-180 ms at 50,000 projects every ten minutes.
 */
export async function computeTrending(db: Db, asOf: Date = new Date()): Promise<number> {
  const today = utcDay(asOf);
  const result = await db.execute(sql`
    WITH activity AS (
      SELECT project_id,
        round(sum((views + ${WATCHLIST_ADD_WEIGHT}::int * watchlist_adds)
          * power(0.5, (${today}::date - day)::float8 / ${TRENDING_HALF_LIFE_DAYS}::float8))::numeric, 2)::real AS score
      FROM project_activity
      WHERE day <= ${today}::date AND day > ${today}::date - ${TRENDING_DAYS}::int
      GROUP BY project_id),
    candidates AS (SELECT id FROM projects WHERE trend_score > 0 UNION SELECT project_id FROM activity)
    UPDATE projects p SET trend_score = coalesce(a.score, 0)
    FROM candidates c LEFT JOIN activity a ON a.project_id = c.id
    WHERE p.id = c.id AND p.trend_score IS DISTINCT FROM coalesce(a.score, 0)
    RETURNING p.id`);
  await db.execute(sql`DELETE FROM project_activity WHERE day < ${today}::date - ${KEEP_ACTIVITY_DAYS}::int`);
  return rows(result).length;
}

/** Counts a view of the project's page: its total (answered) and, for trending, the day of `at`. */
export async function countPageView(db: Db, projectId: string, at: Date): Promise<number> {
  const [row] = await db
    .insert(pageViews)
    .values({ projectId, views: 1 })
    .onConflictDoUpdate({ target: pageViews.projectId, set: { views: sql`${pageViews.views} + 1` } })
    .returning({ views: pageViews.views });
  await recordView(db, projectId, at);
  return row?.views ?? 1;
}

/** Counts a page view of the project for the day of `at` (one upsert). */
export async function recordView(db: Db, projectId: string, at: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO project_activity (project_id, day, views) VALUES (${projectId}, ${utcDay(at)}::date, 1)
    ON CONFLICT (project_id, day) DO UPDATE SET views = project_activity.views + 1`);
}

/** Counts watchlist adds (projects newly in a list) for the day of `at`. */
export async function recordWatchlistAdds(db: Db, projectIds: string[], at: Date): Promise<void> {
  const counts = new Map<string, number>();
  for (const id of projectIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const [id, n] of counts) {
    await db.execute(sql`
      INSERT INTO project_activity (project_id, day, watchlist_adds) VALUES (${id}, ${utcDay(at)}::date, ${n}::int)
      ON CONFLICT (project_id, day) DO UPDATE SET watchlist_adds = project_activity.watchlist_adds + ${n}::int`);
  }
}
