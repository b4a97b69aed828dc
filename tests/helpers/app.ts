import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { freshPostgresDatabase, openScratchDatabase } from './database';

export { freshPostgresDatabase, openScratchDatabase } from './database';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
  /**
   * Simulates a restart with other settings: closes this server (not its database) and builds a new one on the
   * same database and DATA_DIR (so the same generated AUTH_SECRET). Close only the returned app afterwards.
   */
  restart: (env?: Record<string, string>) => Promise<TestApp>;
};

/**
 * A real server (Fastify through app.inject) on a real database: in-memory PGlite by default, or
 * PostgreSQL when TEST_DATABASE_URL is set (each call gets its own fresh schema there).
 * `before` runs on the empty database before the app opens and migrates it (e.g. to lay down an older schema);
 * PGlite then lives in files under DATA_DIR/pglite instead of memory.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    before?: (target: { url?: string; dataDir: string }) => Promise<void>;
    /** 'pglite': PGlite even when TEST_DATABASE_URL is set (behaviour only the embedded database has). */
    driver?: 'pglite';
    /** Server options beyond the config: chains to read, the job runner's loop, a built SPA to serve. */
    server?: Pick<AppOptions, 'chains' | 'jobs' | 'distDir'>;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sentinel-test-'));
  if (!opts.before) {
    const { database, close } = await openScratchDatabase(opts.driver);
    return startApp(env, dataDir, database, close, opts.server);
  }
  const scratch =
    process.env.TEST_DATABASE_URL && opts.driver !== 'pglite'
      ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL)
      : undefined;
  await opts.before({ url: scratch?.url, dataDir });
  const database = await openDatabase({ url: scratch?.url, dataDir });
  return startApp(
    env,
    dataDir,
    database,
    async () => {
      await database.close();
      await scratch?.drop();
    },
    opts.server,
  );
}

/**
 * One test app for the enclosing describe block (or the whole file, at the top level): built in beforeAll, closed
 * in afterAll. The returned object reads through to that app, so use it inside tests and later hooks only.
 */
export function useTestApp(...args: Parameters<typeof createTestApp>): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await createTestApp(...args);
  });
  afterAll(async () => built?.close());
  const current = () => {
    if (!built)
      throw new Error('useTestApp: the app is built in beforeAll; read it in a test or a later hook');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    close: () => current().close(),
    restart: (env) => current().restart(env),
  };
}

async function startApp(
  env: Record<string, string>,
  dataDir: string,
  database: Database,
  closeDatabase: () => Promise<void>,
  server: Pick<AppOptions, 'chains' | 'jobs' | 'distDir'> = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database, logger: false, ...server });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await closeDatabase();
    },
    restart: async (next = {}) => {
      await app.close();
      return startApp(next, dataDir, database, closeDatabase, server);
    },
  };
}
