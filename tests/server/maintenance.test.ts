/**
 * PGlite has no autovacuum (server/db/maintenance.ts): the hourly recompute rewrites every project_signals row, and
 * without a VACUUM after it the embedded database grew by ~100 MB an hour at 50,000 projects. These run on PGlite
 * whatever TEST_DATABASE_URL says; on PostgreSQL autovacuum does the same work.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { jobs } from '../../server/db/schema/index';
import { REWRITTEN_BY, vacuumRewritten } from '../../server/db/maintenance';
import { prepareDatabase } from '../../server/seed/prepare';
import { enqueue } from '../../server/jobs/queue';
import { rows } from '../../server/db/rows';
import { seedIfEmpty } from '../../server/seed/index';
import { useTestApp } from '../helpers/app';
import { SEED_DAY } from '../helpers/seeded';

const t = useTestApp({}, { driver: 'pglite' });
let db: Db;

beforeAll(async () => {
  db = t.database.db;
  await seedIfEmpty(db, 120, { today: SEED_DAY });
}, 120_000);

/** Runs the hourly recompute of every project as the schedule would, and checks it finished. */
async function hourlyRecompute() {
  const id = await enqueue(db, 'recompute-all', { reason: 'schedule' });
  await t.app.jobs.drain();
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id!));
  expect(job?.status).toBe('done');
}

const tableStats = async (table: string) =>
  rows<{ bytes: number; planned: number; live: number }>(
    await db.execute(sql`
      SELECT pg_relation_size(c.oid)::int AS bytes, c.reltuples::int AS planned,
        (SELECT count(*)::int FROM ${sql.identifier(table)}) AS live
      FROM pg_class c WHERE c.oid = ${table}::regclass`),
  )[0]!;

it('keeps project_signals the same size across hourly recomputes that rewrite its rows', async () => {
  expect(t.database.driver).toBe('pglite');
  await hourlyRecompute();
  const settled = await tableStats('project_signals');
  for (let hour = 0; hour < 4; hour++) await hourlyRecompute();
  const later = await tableStats('project_signals');
  expect(later.live).toBe(120);
  // Each recompute writes a new version of the rows whose values moved: without the vacuum the table would grow.
  expect(later.bytes).toBeLessThanOrEqual(settled.bytes * 1.2);
});

it('leaves the planner with the row counts of the tables it rewrote', async () => {
  await hourlyRecompute();
  for (const table of ['projects', 'project_signals', 'score_snapshots']) {
    const stats = await tableStats(table);
    expect(stats.live, table).toBeGreaterThan(0);
    expect(stats.planned, table).toBe(stats.live);
  }
});

/** When PostgreSQL last vacuumed and analyzed a table (its statistics views). */
const maintained = async (table: string) =>
  rows<{ vacuumed: string | null; analyzed: string | null }>(
    await db.execute(sql`
      SELECT last_vacuum::text AS vacuumed, last_analyze::text AS analyzed
      FROM pg_stat_user_tables WHERE relid = ${table}::regclass`),
  )[0]!;

it('vacuums the rewritten tables every hour and refreshes their statistics once a day', async () => {
  await hourlyRecompute();
  const before = await maintained('project_signals');
  expect(before.analyzed).not.toBeNull();
  await hourlyRecompute();
  const hourLater = await maintained('project_signals');
  // ANALYZE held PGlite's thread for 0.5-0.7 s a table at 50,000 projects: not again within the day.
  expect(hourLater.vacuumed).not.toBe(before.vacuumed);
  expect(hourLater.analyzed).toBe(before.analyzed);
  // Statistics older than the allowed age (none allowed here) are refreshed by the next vacuum.
  await vacuumRewritten(t.database, ['project_signals'], 0);
  expect((await maintained('project_signals')).analyzed).not.toBe(before.analyzed);
});

it('vacuums and analyzes the freshly seeded tables before the server starts', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sentinel-prepare-'));
  const { database, seeded } = await prepareDatabase({ dataDir, databaseUrl: undefined, seedProjects: 20 });
  try {
    expect(seeded).toBe(true);
    for (const table of REWRITTEN_BY['recompute-all']) {
      const [stats] = rows<{ vacuumed: string | null; analyzed: string | null }>(
        await database.db.execute(sql`
          SELECT last_vacuum::text AS vacuumed, last_analyze::text AS analyzed
          FROM pg_stat_user_tables WHERE relid = ${table}::regclass`),
      );
      expect(stats, table).toEqual({ vacuumed: expect.any(String), analyzed: expect.any(String) });
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
