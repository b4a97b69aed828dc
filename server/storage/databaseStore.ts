import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { storedObjects } from '../db/schema/objects';
import type { ObjectStore } from './objectStore';

/**
 * Uploads in the database (table stored_objects, bytea): every instance on the same PostgreSQL serves what any
 * of them stored, and a write is acknowledged only once committed. Pictures are small (at most 2 MB).
 */
export function databaseStore(db: Db, prefix = ''): ObjectStore {
  return {
    async put(key, body, contentType) {
      await db
        .insert(storedObjects)
        .values({ key: prefix + key, contentType, body })
        .onConflictDoUpdate({
          target: storedObjects.key,
          set: { contentType, body, updatedAt: new Date() },
        });
    },
    async get(key) {
      const [row] = await db
        .select({ body: storedObjects.body })
        .from(storedObjects)
        .where(eq(storedObjects.key, prefix + key));
      return row ? Buffer.from(row.body) : undefined;
    },
    async delete(key) {
      await db.delete(storedObjects).where(eq(storedObjects.key, prefix + key));
    },
  };
}
