/**
 * `npm run bench:ratings` — recomputation speed: seeds BENCH_PROJECTS (default 50,000) projects into a fresh
 * in-memory PGlite (and, with BENCH_DATABASE_URL or DATABASE_URL, into that PostgreSQL database, which must be
 * empty of projects), then times `recomputeProjects(db, { reason: 'schedule' })` over all of them as of a few days
 * after the seed day, so audit freshness moves. Prints seed time, recompute time, projects/s and changes.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/client';
import { recomputeProjects } from '../server/ratings/recompute';
import { rows, seedIfEmpty } from '../server/seed/index';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 50_000);
const SEED_DAY = new Date('2026-11-20T00:00:00Z');
const SHIFT_DAYS = Number(process.env.BENCH_SHIFT_DAYS ?? 5);

async function run(label: string, database: Database): Promise<void> {
  const db = database.db;
  const t0 = performance.now();
  await seedIfEmpty(db, PROJECTS, { today: SEED_DAY });
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
