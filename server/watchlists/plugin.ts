import type { Db } from '../db/client';
import { repositoryPlugin } from '../plugins/app/repository';
import { projectsIn } from '../projects/rows';
import { scoreChanges } from '../projects/scoreChange';
import { recordWatchlistAdds } from '../ratings/trending';
import type { ImportRequest } from './importText';
import { matchImportRows } from './importMatch';
import {
  assertProjectsExist,
  createList,
  deleteOwnList,
  listsOf,
  nameUsedByOther,
  ownList,
  setShareToken,
  writeWithRetry,
  type Row,
  type Tx,
} from './lists';

/**
 * The watchlists' queries over one database handle, for the routes of /api/watchlist. A write's `change` gets the
 * list as read and checks (`assertProjectsExist`, `nameUsedByOther`) bound to the transaction it runs in, so what
 * it checks and what it writes are one snapshot.
 */
export function watchlistRepository(db: Db) {
  const checksIn = (tx: Tx) => ({
    assertProjectsExist: (ids: string[]) => assertProjectsExist(tx, ids),
    nameUsedByOther: (userId: string, name: string, exceptId?: string) =>
      nameUsedByOther(tx, userId, name, exceptId),
  });
  type Checks = ReturnType<typeof checksIn>;
  return {
    /** The user's lists, oldest first. */
    listsOf: (userId: string) => listsOf(db, userId),
    /** The caller's own list, or a 404. */
    ownList: (userId: string, id: string) => ownList(db, userId, id),
    /** A new list; `chooseName` picks its name among the names the user has (see createList). */
    create: (userId: string, projectIds: string[], chooseName: (taken: Set<string>) => string) =>
      createList(db, userId, projectIds, chooseName),
    /** A conditional write of the user's list, retried on a lost race (see writeWithRetry). */
    write: <T>(
      userId: string,
      id: string,
      change: (
        row: Row,
        checks: Checks,
      ) => Promise<{ name: string; projects: string[]; result: (row: Row) => T }>,
    ) => writeWithRetry(db, userId, id, (row, tx) => change(row, checksIn(tx))),
    /** False when the user has no list of that id. */
    delete: (userId: string, id: string) => deleteOwnList(db, userId, id),
    setShareToken: (userId: string, id: string, shareToken: string | null) =>
      setShareToken(db, userId, id, shareToken),
    /** Projects newly added to a list count for trending. */
    recordAdds: (projectIds: string[], now: Date) => recordWatchlistAdds(db, projectIds, now),
    /** The rows of these projects (unknown ids left out) and their score changes up to `now`. */
    projectRows: (ids: string[], now: Date) => Promise.all([projectsIn(db, ids), scoreChanges(db, ids, now)]),
    /** The rows of these projects, unknown ids left out. */
    projectsIn: (ids: string[]) => projectsIn(db, ids),
    /** Which project each import row names, or why none. */
    matchImportRows: (rows: ImportRequest[]) => matchImportRows(db, rows),
  };
}

export type WatchlistRepository = ReturnType<typeof watchlistRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    watchlists: WatchlistRepository;
  }
}

/** The watchlist repository of this app's database as `app.watchlists`. */
export const watchlists = repositoryPlugin('watchlists', (app) => watchlistRepository(app.db), ['db']);
