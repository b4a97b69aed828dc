import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { VersionedCache, type DependsOn } from '../../server/cache/versionedCache';
import { openScratchDatabase } from '../helpers/app';

/**
 * How a cached value learns of writes. Its routes' tests (projects.test.ts, render.test.ts) show that responses
 * change with every counted write; these show where the versions are read from on each driver, and that a value made
 * from one project outlives writes to another.
 */
describe('VersionedCache', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  const open = async (driver?: 'pglite') => {
    const scratch = await openScratchDatabase(driver);
    close = scratch.close;
    return scratch.database;
  };

  /** A cached value that counts how often it was made. */
  const cachedCounter = (database: Database, dependsOn: DependsOn = { tables: ['projects'] }) => {
    const cache = new VersionedCache(database, 1000);
    let made = 0;
    return () =>
      cache.get(
        'value',
        dependsOn,
        async () => ++made,
        () => 1,
      );
  };
  /** A counter raised by hand: no trigger fires on table_versions, so nothing is told of it. */
  const raiseCounterByHand = (database: Database) =>
    database.db.execute(sql`UPDATE table_versions SET version = version + 1 WHERE name = 'projects'`);
  /** A statement on projects that writes no row: its trigger still raises the counter (and tells listeners). */
  const countedWrite = (database: Database) =>
    database.db.execute(sql`UPDATE projects SET name = name WHERE false`);

  const addProjects = (database: Database, ...ids: string[]) =>
    database.db.execute(sql`
      INSERT INTO projects (id, name, token_tickers, chains, logo, score, sub_scores, tier, audit_status)
      SELECT id, id, '{}', '{}', '', 50, '{}', 'C', 'none' FROM unnest(${`{${ids.join(',')}}`}::text[]) AS id`);
  const vote = (database: Database, projectId: string, voter: string) =>
    database.db.execute(
      sql`INSERT INTO votes (project_id, voter_key, vote) VALUES (${projectId}, ${voter}, true)`,
    );

  it('reads the versions for every value asked on PostgreSQL (other instances write), on PGlite once per write', async () => {
    const database = await open(); // PostgreSQL when TEST_DATABASE_URL is set, else PGlite
    const get = cachedCounter(database);
    expect(await get()).toBe(1);
    await raiseCounterByHand(database);
    // PostgreSQL reads the new counter and makes the value anew; PGlite was told of no write, so reads nothing.
    const afterHand = database.driver === 'postgres' ? 2 : 1;
    expect(await get()).toBe(afterHand);
    await countedWrite(database);
    expect(await get()).toBe(afterHand + 1);
    expect(await get()).toBe(afterHand + 1);
  });

  it('on PGlite, a write that commits while the versions are being read is not missed', async () => {
    const database = await open('pglite');
    const get = cachedCounter(database);
    const asked = get(); // its read of the versions is under way; the write runs after it
    await countedWrite(database);
    expect(await asked).toBe(1);
    expect(await get()).toBe(2);
    expect(await get()).toBe(2);
  });

  for (const driver of [undefined, 'pglite'] as const) {
    it(`keeps a project's value while other projects change, and makes it again when it changes (${driver ?? 'the test database'})`, async () => {
      const database = await open(driver);
      await addProjects(database, 'cache-a', 'cache-b');
      const a = cachedCounter(database, { project: 'cache-a' });
      expect(await a()).toBe(1);
      await vote(database, 'cache-b', 'voter-1');
      await database.db.execute(sql`UPDATE projects SET description = 'changed' WHERE id = 'cache-b'`);
      expect(await a()).toBe(1);
      await vote(database, 'cache-a', 'voter-1');
      expect(await a()).toBe(2);
      await database.db.execute(sql`UPDATE projects SET description = 'changed' WHERE id = 'cache-a'`);
      expect(await a()).toBe(3);
      // A statement writing many projects at once tells of "any project" on PGlite: each is read again.
      await addProjects(database, ...Array.from({ length: 150 }, (_, i) => `cache-many-${i}`));
      expect(await a()).toBe(3);
      await database.db.execute(sql`DELETE FROM votes WHERE project_id = 'cache-a'`);
      expect(await a()).toBe(4);
      // Unknown projects have no counter: nothing is cached for them.
      const unknown = cachedCounter(database, { project: 'no-such-project' });
      expect(await unknown()).toBe(1);
      expect(await unknown()).toBe(2);
    });
  }
});
