import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { migrationsFolder, openDatabase, type Database } from '../../server/db/client';

/**
 * Databases for tests, migrated once per machine and copied for each test. Apart from the app (tests/helpers/app.ts)
 * so that tests of one part (the indexer, the job runner) open one without loading the whole server.
 */

/**
 * A migrated database of its own, for one test: a copy of the migrated template on PostgreSQL when
 * TEST_DATABASE_URL is set, else an in-memory PGlite loaded from the migrated dump. `close` also drops the copy.
 */
export async function openScratchDatabase(
  driver?: 'pglite',
): Promise<{ database: Database; close: () => Promise<void> }> {
  const scratch =
    process.env.TEST_DATABASE_URL && driver !== 'pglite'
      ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL, { migrated: true })
      : undefined;
  const database = await openDatabase({
    url: scratch?.url,
    dataDir: ':memory:',
    loadDataDir: scratch ? undefined : await migratedPgliteDump(),
  });
  return {
    database,
    close: async () => {
      await database.close();
      await scratch?.drop();
    },
  };
}

/**
 * Names what a migrated database holds: the migrations and the PGlite version (a PGlite dump is its own format).
 * Migrated databases are made once per machine under this name and copied for each test app, instead of migrating
 * every test's database anew; a changed migration makes a new one.
 */
let schemaKey: string | undefined;
function migratedSchemaKey(): string {
  if (schemaKey) return schemaKey;
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite'); // <package>/dist/index.cjs
  hash.update(readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json')));
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const file = path.join(migrationsFolder, name);
    if (statSync(file).isFile()) hash.update(name).update(readFileSync(file));
  }
  schemaKey = hash.digest('hex').slice(0, 16);
  return schemaKey;
}

/**
 * A dump of an in-memory PGlite with every migration applied, kept in the temp folder. A new PGlite runs initdb,
 * 2.5-4 s on a busy two-core machine; one loaded from this dump starts in about 1 s with nothing left to migrate.
 * Every test file (each its own module context) reads the file once instead of making it again. The file's path
 * is for a process of its own to start from (the indexer's command line takes it as LOAD_DATA_DIR).
 */
let pgliteDumpFile: Promise<string> | undefined;
export function migratedPgliteDumpFile(): Promise<string> {
  pgliteDumpFile ??= makePgliteDumpFile();
  return pgliteDumpFile;
}

async function makePgliteDumpFile(): Promise<string> {
  const file = path.join(os.tmpdir(), `sentinel-pglite-migrated-${migratedSchemaKey()}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({ dataDir: ':memory:' });
    // drizzle's PGlite database keeps its client as $client.
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await database.close();
    // Written aside and renamed: a worker making the same file at the same time never reads half of one.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return file;
}

let pgliteDump: Promise<Blob> | undefined;
function migratedPgliteDump(): Promise<Blob> {
  pgliteDump ??= migratedPgliteDumpFile().then((file) => new Blob([readFileSync(file)]));
  return pgliteDump;
}

let counter = 0;
let postgresTemplate: Promise<string> | undefined;
/**
 * Creates a scratch database next to the one TEST_DATABASE_URL names, so tests never share state: empty, or with
 * `migrated` a copy of a migrated template database (made once per schema, see migratedSchemaKey).
 */
export async function freshPostgresDatabase(
  baseUrl: string,
  opts: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = (await import('pg')).default;
  const admin = async (sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      return await client.query(sql, params);
    } finally {
      await client.end();
    }
  };
  const urlOf = (name: string) => {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const create = async (template?: string) => {
    const name = `t_${process.pid}_${Date.now()}_${counter++}`;
    await admin(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
    return name;
  };

  // Looked up (and made when missing) once per test file.
  const makeTemplate = async () => {
    const template = `t_migrated_${migratedSchemaKey()}`;
    const exists = await admin('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.rowCount === 0) {
      // Migrated under a name of its own, then renamed: nobody copies a template that is half made.
      const draft = await create();
      const database = await openDatabase({ url: urlOf(draft), dataDir: ':memory:' });
      await database.close();
      await admin(`ALTER DATABASE "${draft}" RENAME TO "${template}"`).catch(async () => {
        await admin(`DROP DATABASE IF EXISTS "${draft}"`); // another worker's template was there first
      });
    }
    return template;
  };
  const template = opts.migrated ? await (postgresTemplate ??= makeTemplate()) : undefined;
  const name = await create(template);
  return { url: urlOf(name), drop: () => admin(`DROP DATABASE IF EXISTS "${name}"`).then(() => undefined) };
}
