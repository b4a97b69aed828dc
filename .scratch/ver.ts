import { eq, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { tableVersions } from '../server/db/schema/index';
const database = await openDatabase({ dataDir: ':memory:' });
const db = database.db;
const N = 5000;
async function time(label: string, f: () => Promise<unknown>) {
  for (let i = 0; i < 500; i++) await f();
  const t = performance.now();
  for (let i = 0; i < N; i++) await f();
  console.log(label, ((performance.now() - t) / N * 1000).toFixed(1), 'µs');
}
const prepared = db.select({ name: tableVersions.name, version: tableVersions.version }).from(tableVersions)
  .where(inArray(tableVersions.name, ['projects'])).prepare('versions');
for (let r = 0; r < 2; r++) {
await time('drizzle inArray', () => db.select({ name: tableVersions.name, version: tableVersions.version }).from(tableVersions).where(inArray(tableVersions.name, ['projects'])));
await time('drizzle eq', () => db.select({ version: tableVersions.version }).from(tableVersions).where(eq(tableVersions.name, 'projects')));
await time('prepared', () => prepared.execute());
await time('execute sql', () => db.execute(sql`SELECT name, version FROM table_versions WHERE name = 'projects'`));
await time('execute sql all rows', () => db.execute(sql`SELECT name, version FROM table_versions`));
}
await database.close();
