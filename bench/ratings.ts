/**
 * `npm run bench:ratings` — recomputation speed: seeds BENCH_PROJECTS (default 50,000) projects into a fresh
 * in-memory PGlite (and, with BENCH_DATABASE_URL or DATABASE_URL, into that PostgreSQL database, which must be
 * empty of projects), then times `recomputeProjects(db, { reason: 'schedule' })` over all of them as of a few days
 * after the seed day, so audit freshness moves. Prints seed time (with the vacuum and analyze a first start does
 * after it), recompute time, projects/s and changes.
 *
 * Then the scheduled jobs as the server runs them (server/jobs/plugin.ts: with the search index refresh, and on
 * PGlite the vacuum after): the hourly `recompute-all` (as of today, so audits age again), once more as an hour
 * later, and the ten-minutely `trending` (after some page views, and with nothing new). For each: its time, the
 * longest the server's event loop was held meanwhile (what a request arriving during the job waits at worst) and
 * the wait 99 of 100 such requests stay within. On PGlite the database runs on that thread, so a long statement or
 * transaction holds every request, the in-memory search and /api/health too.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { REWRITTEN_BY, vacuumRewritten } from '../server/db/maintenance';
import { enqueue } from '../server/jobs/queue';
import { recomputeProjects } from '../server/ratings/recompute';
import { recordView } from '../server/ratings/trending';
import { rows } from '../server/db/rows';
import { seedIfEmpty } from '../server/seed/index';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 50_000);
const SEED_DAY = new Date('2026-11-20T00:00:00Z');
const SHIFT_DAYS = Number(process.env.BENCH_SHIFT_DAYS ?? 5);

async function run(label: string, database: Database): Promise<void> {
  const db = database.db;
  const t0 = performance.now();
  await seedIfEmpty(db, PROJECTS, { today: SEED_DAY });
  // As a first start does after its seed (prepareDatabase), so the first hourly run is measured as it runs there.
  await vacuumRewritten(database, REWRITTEN_BY['recompute-all'], 0);
  const seedS = (performance.now() - t0) / 1000;
  const n = rows<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM projects`))[0]!.n;
  const asOf = new Date(SEED_DAY.getTime() + SHIFT_DAYS * 86_400_000);
  const t1 = performance.now();
  const changes = await db.transaction((tx) => recomputeProjects(tx as never, { reason: 'schedule', asOf }));
  const s = (performance.now() - t1) / 1000;
  console.log(
    `${label}: seed ${PROJECTS} in ${seedS.toFixed(1)} s; recompute ${n} projects in ${s.toFixed(2)} s ` +
      `(${Math.round(n / s)} projects/s), ${changes.length} changed (+${SHIFT_DAYS} days)`,
  );
  await scheduledJobs(database);
}

/**
 * The event loop's pauses from now until `stop()`, as the gaps between the turns of a 5 ms timer: the longest, and
 * the 99th percentile of what a request arriving at a random moment would wait (it waits out the rest of the pause
 * it arrives in). (A timer that never got its turn records nothing, so `stop()` first lets it run once more.)
 */
function eventLoopPauses() {
  let last = performance.now();
  const gaps: number[] = [];
  const timer = setInterval(() => {
    const now = performance.now();
    gaps.push(now - last);
    last = now;
  }, 5);
  return {
    stop: async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      clearInterval(timer);
      return { longest: gaps.reduce((a, b) => Math.max(a, b), 0), p99Wait: waitPercentile(gaps, 0.99) };
    },
  };
}

/**
 * The wait `w` that a share `p` of random arrivals do not exceed: an arrival lands in a gap with a chance in
 * proportion to its length and waits what is left of it, so P(wait > w) = Σ max(0, gap - w) / Σ gap.
 */
function waitPercentile(gaps: number[], p: number): number {
  const total = gaps.reduce((sum, g) => sum + g, 0);
  const over = (w: number) => gaps.reduce((sum, g) => sum + Math.max(0, g - w), 0) / total;
  let low = 0;
  let high = gaps.reduce((a, b) => Math.max(a, b), 0);
  for (let i = 0; i < 40; i++) {
    const mid = (low + high) / 2;
    if (over(mid) > 1 - p) low = mid;
    else high = mid;
  }
  return high;
}

/** A page view today for each of the first `count` projects (by id). */
async function viewSome(database: Database, count: number): Promise<void> {
  const ids = rows<{ id: string }>(
    await database.db.execute(sql`SELECT id FROM projects ORDER BY id LIMIT ${count}`),
  );
  for (const { id } of ids) await recordView(database.db, id, new Date());
}

/** Runs each scheduled job once through the server's job runner, timing it and the event loop's longest pause. */
async function scheduledJobs(database: Database): Promise<void> {
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sentinel-bench-')),
      LOG_LEVEL: 'silent',
    }),
    database,
    logger: false,
  });
  await app.ready();
  try {
    // The recompute twice: the first rewrites every row of tables the seed packed full, as on a first start; the
    // second is what each following hour costs.
    // Trending twice: after 500 projects were viewed (scores change, so the search index is rebuilt), then with
    // nothing new since (most runs of a quiet site).
    const jobRuns: { queue: string; label: string; before?: () => Promise<void> }[] = [
      { queue: 'recompute-all', label: 'recompute-all' },
      { queue: 'recompute-all', label: 'recompute-all, an hour later' },
      { queue: 'trending', label: 'trending, 500 projects viewed', before: () => viewSome(database, 500) },
      { queue: 'trending', label: 'trending, nothing new' },
    ];
    for (const { queue, label, before } of jobRuns) {
      await before?.();
      await enqueue(database.db, queue, queue === 'recompute-all' ? { reason: 'schedule' } : {});
      const pauses = eventLoopPauses();
      const t = performance.now();
      const jobs = await app.jobs.drain();
      const ms = performance.now() - t;
      const { longest, p99Wait } = await pauses.stop();
      console.log(
        `  job ${label.padEnd(30)} ${(ms / 1000).toFixed(2)} s (${jobs} jobs run, with the notifications it queued); ` +
          `longest event-loop pause ${Math.round(longest)} ms; a request arriving meanwhile waits ≤ ` +
          `${Math.round(p99Wait)} ms in 99 cases of 100`,
      );
    }
  } finally {
    await app.close();
  }
}

const pglite = await openDatabase({ dataDir: ':memory:' });
try {
  await run('PGlite', pglite);
} finally {
  await pglite.close();
}
const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (url) {
  const pg = await openDatabase({ url, dataDir: ':memory:' });
  try {
    await run('PostgreSQL', pg);
  } finally {
    await pg.close();
  }
}
