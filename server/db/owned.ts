import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** A table of rows that belong to a user: each keyed by `id`, its owner in `userId`. */
type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn };

/** The row of this id, when it is the user's (another user's id matches nothing). */
export const ownRow = (table: OwnedTable, userId: string, id: string) =>
  and(eq(table.id, id), eq(table.userId, userId));

/** Deletes the user's row of this id; false when they have none of that id. */
export async function deleteOwnRow(db: Db, table: OwnedTable, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(table)
    .where(ownRow(table, userId, id))
    .returning({ id: table.id });
  return deleted.length > 0;
}
