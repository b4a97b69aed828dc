import { sql } from 'drizzle-orm';
import { rows } from './rows';
import { nextTurn, type Database } from './client';

/**
 * The tables each scheduled job rewrites. The hourly recompute updates the project_signals rows and the projects
 * whose rating moved, the ranks that moved, and inserts snapshots; the daily cleanup deletes old jobs.
 */
export const REWRITTEN_BY = {
  'recompute-all': ['projects', 'project_signals', 'score_snapshots'],
  'cleanup-jobs': ['jobs'],
} as const;

/** How long the planner's statistics of a rewritten table may age before the next vacuum refreshes them. */
export const ANALYZE_EVERY_MS = 24 * 3_600_000;

/**
 * Reclaims the old row versions of `tables`, on PGlite only, and refreshes the planner's statistics of those not
 * analyzed for `analyzeEveryMs` (a day by default).
 *
 * PGlite runs PostgreSQL in single-user mode, without autovacuum, so nothing else ever does this there. Measured at
 * 50,000 projects: each hourly recompute made the database grow by about 100 MB, without end. After one rewrite,
 * the leaderboard's count of projects took 110 ms instead of 8 ms. A table at a time, with the event loop's turn
 * between: each statement holds the server's thread on PGlite. There VACUUM took 6-360 ms a table and ANALYZE
 * 540-690 ms (it samples 30,000 rows whatever changed): analyzed hourly, the three tables of the recompute held
 * the server for up to 1.2 s at a time. A day's moves do not change the spread of scores and tiers the planner
 * needs. (VACUUM alone keeps the row counts up to date.) On PostgreSQL, autovacuum already does all this.
 */
export async function vacuumRewritten(
  database: Database,
  tables: readonly string[],
  analyzeEveryMs = ANALYZE_EVERY_MS,
): Promise<void> {
  if (database.driver !== 'pglite') return;
  for (const table of tables) {
    // Table names come from REWRITTEN_BY, never from input. VACUUM cannot run inside a transaction: it goes alone.
    await database.db.execute(sql.raw(`VACUUM "${table}"`));
    await nextTurn();
    const [stale] = rows<{ stale: boolean }>(
      await database.db.execute(sql`
        SELECT last_analyze IS NULL OR last_analyze < now() - make_interval(secs => ${analyzeEveryMs / 1000})
          AS stale
        FROM pg_stat_user_tables WHERE relid = ${table}::regclass`),
    );
    if (stale?.stale ?? true) {
      await database.db.execute(sql.raw(`ANALYZE "${table}"`));
      await nextTurn();
    }
  }
}
