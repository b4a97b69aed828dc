import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/client';
import { prepareDatabase } from '../../server/seed/prepare';
import { freshPostgresDatabase } from '../helpers/app';

/**
 * The pentest found: two instances starting on an empty PostgreSQL raced (duplicate keys in the migrations, a
 * double seed). Here several start at once on one empty database, as a fleet behind a load balancer does: every
 * start succeeds, each migration is applied once and the projects are seeded once.
 * Always on PostgreSQL (TEST_DATABASE_URL, else the local server CI has): PGlite allows a single process.
 */

const BASE = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SEED_PROJECTS = 40;
const INSTANCES = 4;

let scratch: { url: string; drop: () => Promise<void> };
let dataDir: string;
beforeAll(async () => {
  scratch = await freshPostgresDatabase(BASE);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sentinel-migrate-lock-'));
});
afterAll(async () => {
  await scratch?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function count(sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
  } finally {
    await client.end();
  }
}

describe('instances starting together on one empty PostgreSQL database', () => {
  it('all start; migrations run once and the seed is written once', async () => {
    const config = { databaseUrl: scratch.url, dataDir, seedProjects: SEED_PROJECTS };
    const starts = await Promise.allSettled(Array.from({ length: INSTANCES }, () => prepareDatabase(config)));
    const started = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      const failures = starts.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
      expect(failures).toEqual([]);
      expect(started.filter((s) => s.seeded)).toHaveLength(1);

      const journal = JSON.parse(
        readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ) as {
        entries: unknown[];
      };
      expect(await count('SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).toBe(
        journal.entries.length,
      );
      expect(await count('SELECT count(*) AS n FROM projects')).toBe(SEED_PROJECTS);
      // One seed run writes one announcement; a second run would have written another.
      expect(await count('SELECT count(*) AS n FROM announcements')).toBe(1);
    } finally {
      await Promise.all(started.map((s) => s.database.close()));
    }
  }, 120_000);

  it('a later start on the prepared database migrates and seeds nothing', async () => {
    const { database, seeded } = await prepareDatabase({
      databaseUrl: scratch.url,
      dataDir,
      seedProjects: 99,
    });
    await database.close();
    expect(seeded).toBe(false);
    expect(await count('SELECT count(*) AS n FROM projects')).toBe(SEED_PROJECTS);
    expect(await count('SELECT count(*) AS n FROM announcements')).toBe(1);
  });
});
