import type { Config } from '../config';
import { seedIfEmpty, type SeedOptions } from '../seed/index';
import { openDatabase, type Database } from './client';

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
  return { database, seeded };
}
