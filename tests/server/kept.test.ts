import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { KeptWhileUnchanged } from '../../server/projects/kept';
import { openScratchDatabase } from '../helpers/app';

/**
 * How a kept value learns of writes. Its routes' tests (projects.test.ts, render.test.ts) show that answers change
 * with every counted write; these show where the versions are read from on each driver.
 */
describe('KeptWhileUnchanged', () => {
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

  /** A kept value that counts how often it was made. */
  const keptCounter = (database: Database) => {
    const kept = new KeptWhileUnchanged<number>(database, ['projects'], 10, () => 1);
    let made = 0;
    return () => kept.get('value', async () => ++made);
  };
  /** A counter raised by hand: no trigger fires on table_versions, so nothing is told of it. */
  const raiseCounterByHand = (database: Database) =>
    database.db.execute(sql`UPDATE table_versions SET version = version + 1 WHERE name = 'projects'`);
  /** A statement on projects that writes no row: its trigger still raises the counter (and tells listeners). */
  const countedWrite = (database: Database) =>
    database.db.execute(sql`UPDATE projects SET name = name WHERE false`);

  it('reads the versions for every value asked on PostgreSQL (other instances write), on PGlite once per write', async () => {
    const database = await open(); // PostgreSQL when TEST_DATABASE_URL is set, else PGlite
    const get = keptCounter(database);
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
    const get = keptCounter(database);
    const asked = get(); // its read of the versions is under way; the write runs after it
    await countedWrite(database);
    expect(await asked).toBe(1);
    expect(await get()).toBe(2);
    expect(await get()).toBe(2);
  });
});
