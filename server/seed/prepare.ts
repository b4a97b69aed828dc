import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { REWRITTEN_BY, vacuumRewritten } from '../db/maintenance';
import { seedIfEmpty, type SeedOptions } from './index';

/**
 * A server's start on its database: open, migrate, and seed when empty — one step, which instances starting
 * together on one PostgreSQL take in turns (openDatabase holds an advisory lock), so there is one migration and
 * one seed however many start at once.
 */
export async function prepareDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'seedProjects'>,
  options: SeedOptions = {},
): Promise<{ database: Database; seeded: boolean }> {
  let seeded = false;
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    prepare: async (db) => {
      seeded = (await seedIfEmpty(db, config.seedProjects, options)).seeded;
    },
  });
  // A fresh seed leaves PGlite's tables without statistics, and the first hourly recompute would vacuum and analyze
  // all of them while serving (about 1 s a table at 50,000 projects, on the server's thread): done here, before the
  // server listens, where it adds a few seconds to a seed of minutes.
  if (seeded) await vacuumRewritten(database, REWRITTEN_BY['recompute-all'], 0);
  return { database, seeded };
}
