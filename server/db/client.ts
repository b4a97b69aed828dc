import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** One type for both drivers: everything above the db layer is driver-agnostic. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * PGlite only: calls `listener` after each committed write to a table with a version (`table_versions`, migration
   * 0016) or to a project's data (`project_versions`, migration 0020), before the writer's statement returns.
   * PGlite's one session runs every write; a PostgreSQL server has other writers (instances, imports), whose notices
   * would come late, so there it is undefined.
   */
  onVersionsChanged?: (listener: (change: VersionsChange) => void) => void;
};

/** What a write changed: a table's counter, or a project's (`id` null: any number of projects). */
export type VersionsChange = { table: string } | { project: string | null };

/** server/db/migrations, read at run time: from this module's folder, or beside the server bundle (server/start.mjs). */
const moduleFolder = path.dirname(fileURLToPath(import.meta.url));
export const migrationsFolder =
  path.basename(moduleFolder) === 'dist-server'
    ? path.join(moduleFolder, '..', 'server', 'db', 'migrations')
    : path.join(moduleFolder, 'migrations');

/** The PostgreSQL advisory lock held while migrating (and seeding): any constant of our own. */
const PREPARE_LOCK = 0x53454e54_52;

/**
 * PGlite's buffer cache, inside its WebAssembly memory (PostgreSQL's default is 128MB, all of it touched at open).
 * Its files are the operating system's, which caches them anyway: at 50,000 projects 16MB keeps the server ~110 MB
 * smaller (idle RSS 553 -> 441 MB) with leaderboard, project and search answers as fast (bench/search.ts).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Opens the database and applies pending migrations, then runs `prepare` (the seed: see server/seed/prepare.ts).
 * `url` postgres://… uses PostgreSQL; otherwise PGlite, stored in `dataDir` (or in memory when dataDir is ':memory:').
 * On PostgreSQL, migrate + prepare hold an advisory lock on a connection of their own, so instances starting
 * together on one database take turns instead of racing (duplicate keys, a double seed). PGlite allows one
 * process, so it needs none.
 * Each driver's modules are imported when it is opened: a server loads one of the two, and loading the other cost
 * start-up 50-170 ms (pg and drizzle's node-postgres on a PGlite server; bench/search.ts prints the cold start).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  /** PGlite only: start from this dump of a data directory (PGlite's dumpDataDir) instead of an empty one. */
  loadDataDir?: Blob;
  prepare?: (db: Db) => Promise<void>;
}): Promise<Database> {
  if (opts.url) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    // A bounded wait for a connection: while PostgreSQL is down a request fails (503) instead of hanging.
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle client whose connection drops (PostgreSQL restarted) must not crash the process: the pool discards
    // it and connects anew on the next query. The readiness monitor (plugins/app/lifecycle.ts) logs the outage.
    pool.on('error', () => {});
    // The same for a client checked out by a transaction: its query fails (the request answers 503) and the
    // pool drops it, but without a listener the client's own 'error' event would end the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg({ client: pool, schema });
    try {
      const lock = await pool.connect();
      try {
        await lock.query('SELECT pg_advisory_lock($1)', [PREPARE_LOCK]);
        await migratePg(db, { migrationsFolder });
        await opts.prepare?.(db as unknown as Db);
      } finally {
        // Closing the lock's connection ends the lock too, even when the unlock cannot be sent.
        lock.release(true);
      }
    } catch (err) {
      await pool.end();
      throw err;
    }
    return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end() };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const dataDir = opts.dataDir === ':memory:' ? undefined : path.join(opts.dataDir, 'pglite');
  // PGlite makes its own folder but not DATA_DIR: a production start (AUTH_SECRET given, so nothing else has written
  // there yet) on a fresh DATA_DIR must not fail.
  if (dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = new PGlite({
    dataDir,
    loadDataDir: opts.loadDataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  await opts.prepare?.(db as unknown as Db);
  const versionListeners = new Set<(change: VersionsChange) => void>();
  const tell = (change: VersionsChange) => {
    for (const listener of versionListeners) listener(change);
  };
  // PGlite hands a notice to its listeners while it reads the answer of the statement that committed it.
  await client.listen('table_versions', (table) => tell({ table }));
  await client.listen('project_versions', (id) => tell({ project: id === '' ? null : id }));
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    close: () => client.close(),
    onVersionsChanged: (listener) => versionListeners.add(listener),
  };
}

/**
 * Lets the event loop run what waits (requests) before going on. Long work needs it on PGlite: the database runs
 * on the server's own thread and its answers come back without giving the loop a turn, so back-to-back statements
 * (a job, a vacuum) would hold every request until all of them are done. Two hops: the first may run in this turn
 * of the loop, the second runs in the next, after the loop has read the sockets (requests that arrived).
 */
export async function nextTurn(): Promise<void> {
  for (let hop = 0; hop < 2; hop++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Waits as long as the work since `since` (a performance.now()) took, and at least a turn of the loop: a long job
 * that rests like this between its steps takes at most about half of the server's time. With only a turn between
 * slices, a recompute under load let each turn's requests through and then held the thread again: /api/health
 * answered 162 req/s instead of ~25,000 while it ran.
 */
export async function restAfter(since: number): Promise<void> {
  await new Promise<void>((resolve) => setTimeout(resolve, performance.now() - since));
  await nextTurn();
}
