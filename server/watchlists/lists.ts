import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  MAX_WATCHLISTS_PER_USER,
  NAME_TAKEN_MESSAGE,
  WATCHLIST_ERRORS,
  WATCHLIST_NAME_MAX,
  type Watchlist,
} from '../../api/watchlist';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { deleteOwnRow, ownRow } from '../db/owned';
import { projects, users, watchlists } from '../db/schema/index';
import { AppError, notFound } from '../errors';

/** A user's watchlists as stored: read, created and changed under optimistic concurrency. */

export type Row = typeof watchlists.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A list id is a UUID; anything else is no list. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How often a conditional update is retried after losing a race (each retry re-reads the row). */
const MAX_ATTEMPTS = 5;

export const nameTaken = () => new AppError(409, WATCHLIST_ERRORS.nameTaken, NAME_TAKEN_MESSAGE);
export const noSuchList = () => notFound('Watchlist not found.');

export const toApi = (row: Row): Watchlist => ({
  id: row.id,
  name: row.name,
  projects: row.projects,
  version: row.version,
  shareToken: row.shareToken,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Those of `ids` that are projects. */
export async function existingProjectIds(db: Db | Tx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids));
  return found.map((r) => r.id);
}

/** Refuses ids that are not projects, naming them: `{ error: 'UnknownProjects', fields: { projects } }`. */
export async function assertProjectsExist(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return;
  const known = new Set(await existingProjectIds(db, ids));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const list = unknown.slice(0, 20).join(', ') + (unknown.length > 20 ? ', …' : '');
    throw new AppError(400, WATCHLIST_ERRORS.unknownProjects, `Unknown project ids: ${list}`, {
      projects: `Unknown project ids: ${list}`,
    });
  }
}

/** The caller's own list, or a 404 (another user's id and a malformed id look the same as a missing one). */
export async function ownList(db: Db | Tx, userId: string, id: string, lock = false): Promise<Row> {
  if (!UUID.test(id)) throw noSuchList();
  const query = db
    .select()
    .from(watchlists)
    .where(ownRow(watchlists, userId, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw noSuchList();
  return row;
}

/**
 * Optimistic concurrency: read the row, compute the change, then write it only if `version` is still the one
 * read (`UPDATE … WHERE version = read`), bumping it. Losing the race (0 rows) means another write committed in
 * between: read again and recompute, so no acknowledged write is ever overwritten. Every attempt runs in its
 * own transaction. A retry reads with FOR UPDATE, so under heavy contention every writer still finishes after at
 * most one lost race; see docs/architecture.md "Watchlist concurrency".
 */
export async function writeWithRetry<T>(
  db: Db,
  userId: string,
  id: string,
  change: (row: Row, tx: Tx) => Promise<{ name: string; projects: string[]; result: (row: Row) => T }>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await db.transaction(async (tx) => {
      const row = await ownList(tx, userId, id, attempt > 1);
      const next = await change(row, tx);
      const [written] = await tx
        .update(watchlists)
        .set({
          name: next.name,
          projects: next.projects,
          version: sql`${watchlists.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(watchlists.id, id), eq(watchlists.version, row.version)))
        .returning();
      return written ? { done: true as const, value: next.result(written) } : { done: false as const };
    });
    if (outcome.done) return outcome.value;
    if (attempt >= MAX_ATTEMPTS) {
      throw new AppError(409, WATCHLIST_ERRORS.versionConflict, 'The watchlist is busy, please try again.');
    }
  }
}

/**
 * Creates a list for `userId` with the name `chooseName` picks among the names the user already has (it may throw
 * nameTaken). Holds the owner's row lock, so concurrent creates cannot both pass the count and name checks.
 */
export async function createList(
  db: Db,
  userId: string,
  projectIds: string[],
  chooseName: (taken: Set<string>) => string,
): Promise<Row> {
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const existing = await tx
        .select({ name: watchlists.name })
        .from(watchlists)
        .where(eq(watchlists.userId, userId));
      if (existing.length >= MAX_WATCHLISTS_PER_USER) {
        throw new AppError(
          409,
          WATCHLIST_ERRORS.limitExceeded,
          `You can keep at most ${MAX_WATCHLISTS_PER_USER} watchlists.`,
        );
      }
      const name = chooseName(new Set(existing.map((r) => r.name)));
      await assertProjectsExist(tx, projectIds);
      const [row] = await tx.insert(watchlists).values({ userId, name, projects: projectIds }).returning();
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function nameUsedByOther(db: Db | Tx, userId: string, name: string, exceptId?: string) {
  const rows = await db
    .select({ id: watchlists.id })
    .from(watchlists)
    .where(and(eq(watchlists.userId, userId), eq(watchlists.name, name)));
  return rows.some((r) => r.id !== exceptId);
}

/** The user's lists, oldest first. */
export const listsOf = (db: Db, userId: string): Promise<Row[]> =>
  db
    .select()
    .from(watchlists)
    .where(eq(watchlists.userId, userId))
    .orderBy(asc(watchlists.createdAt), asc(watchlists.id));

/** Deletes the user's list; false when they have none of that id. */
export const deleteOwnList = (db: Db, userId: string, id: string): Promise<boolean> =>
  deleteOwnRow(db, watchlists, userId, id);

/** The list shared under this token; undefined for an unknown or revoked one. */
export async function listByShareToken(db: Db, token: string): Promise<Row | undefined> {
  const [row] = await db.select().from(watchlists).where(eq(watchlists.shareToken, token));
  return row;
}

/** Sets (or, with null, drops) the share token of the user's list; undefined when they have no such list. */
export async function setShareToken(
  db: Db,
  userId: string,
  id: string,
  shareToken: string | null,
): Promise<{ id: string; shareToken: string | null } | undefined> {
  const [written] = await db
    .update(watchlists)
    .set({ shareToken })
    .where(ownRow(watchlists, userId, id))
    .returning({ id: watchlists.id, shareToken: watchlists.shareToken });
  return written;
}

/** `base`, or `base 2`, `base 3`… (cut to the name limit) — the first the user does not have yet. */
export function freeName(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const name = base.slice(0, WATCHLIST_NAME_MAX - suffix.length).trimEnd() + suffix;
    if (!taken.has(name)) return name;
  }
}
