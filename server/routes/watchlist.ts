import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  MAX_PROJECTS_PER_WATCHLIST,
  MAX_WATCHLISTS_PER_USER,
  NAME_TAKEN_MESSAGE,
  WATCHLIST_ERRORS,
  type ToggleResult,
  type Watchlist,
} from '../../api/watchlist';
import {
  CreateWatchlistBody,
  DeleteWatchlistBody,
  ExportWatchlistQuery,
  ToggleWatchlistBody,
  UpdateWatchlistBody,
} from '../../api/watchlist.schemas';
import type { Db } from '../db/client';
import { projects, users, watchlists } from '../db/schema/index';
import { AppError, notFound } from '../errors';
import { requireUser } from '../plugins/session';
import { recordWatchlistAdds } from '../ratings/trending';
import { replies, signedIn, typed } from './schemas';
import * as W from '../../api/watchlist.schemas';

export type Row = typeof watchlists.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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

/** A unique-index violation (PostgreSQL 23505), however the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Refuses ids that are not projects, naming them: `{ error: 'UnknownProjects', fields: { projects } }`. */
export async function assertProjectsExist(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return;
  const found = await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids));
  const known = new Set(found.map((r) => r.id));
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
    .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)));
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

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // Cells a spreadsheet would run as a formula are prefixed so they stay text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function attachment(reply: FastifyReply, name: string, ext: string, type: string) {
  const base =
    name
      .replace(/[^A-Za-z0-9 _.-]/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'watchlist';
  return reply
    .type(type)
    .header('cache-control', 'no-store')
    .header(
      'content-disposition',
      `attachment; filename="${base}.${ext}"; filename*=UTF-8''${encodeURIComponent(name)}.${ext}`,
    );
}

export async function watchlistRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const db = app.db;

  app.get(
    '/api/watchlist',
    { preValidation: signedIn, schema: { summary: 'My watchlists', response: replies(W.WatchlistList) } },
    async (request) => {
      const user = requireUser(request);
      const rows = await db
        .select()
        .from(watchlists)
        .where(eq(watchlists.userId, user.username))
        .orderBy(asc(watchlists.createdAt), asc(watchlists.id));
      return rows.map(toApi);
    },
  );

  app.post(
    '/api/watchlist/create',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Create a watchlist',
        body: CreateWatchlistBody,
        response: replies(W.CreatedWatchlist),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      const row = await createList(db, user.username, body.projects, (taken) => {
        if (taken.has(body.name)) throw nameTaken();
        return body.name;
      });
      await recordWatchlistAdds(db, row.projects, app.clock.now());
      return { id: row.id };
    },
  );

  app.post(
    '/api/watchlist/update',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Rename a watchlist or set its projects',
        body: UpdateWatchlistBody,
        response: replies(W.Watchlist),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      // The projects newly in the list, from the attempt that won (a lost race recomputes them).
      let newlyAdded: string[] = [];
      try {
        const written = await writeWithRetry(db, user.username, body.id, async (row, tx) => {
          if (body.version !== undefined && body.version !== row.version) {
            throw new AppError(
              409,
              WATCHLIST_ERRORS.versionConflict,
              'The watchlist changed since you loaded it. Reload and try again.',
            );
          }
          if (body.name !== row.name && (await nameUsedByOther(tx, user.username, body.name, row.id))) {
            throw nameTaken();
          }
          const added = body.projects.filter((p) => !row.projects.includes(p));
          await assertProjectsExist(tx, added);
          newlyAdded = [...new Set(added)];
          return { name: body.name, projects: body.projects, result: toApi };
        });
        await recordWatchlistAdds(db, newlyAdded, app.clock.now());
        return written;
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken();
        throw err;
      }
    },
  );

  app.post(
    '/api/watchlist/toggle',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Add or remove a project',
        body: ToggleWatchlistBody,
        response: replies(W.ToggleResult),
      },
    },
    async (request): Promise<ToggleResult> => {
      const user = requireUser(request);
      const body = request.body;
      const result = await writeWithRetry(db, user.username, body.id, async (row, tx) => {
        const present = row.projects.includes(body.projectId);
        if (!present) {
          if (row.projects.length >= MAX_PROJECTS_PER_WATCHLIST) {
            throw new AppError(
              409,
              WATCHLIST_ERRORS.limitExceeded,
              `A watchlist can hold at most ${MAX_PROJECTS_PER_WATCHLIST} projects.`,
            );
          }
          await assertProjectsExist(tx, [body.projectId]);
        }
        const next = present
          ? row.projects.filter((p) => p !== body.projectId)
          : [...row.projects, body.projectId];
        return { name: row.name, projects: next, result: (w) => ({ ...toApi(w), added: !present }) };
      });
      if (result.added) await recordWatchlistAdds(db, [body.projectId], app.clock.now());
      return result;
    },
  );

  app.post(
    '/api/watchlist/delete',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Delete a watchlist',
        body: DeleteWatchlistBody,
        response: replies(W.CreatedWatchlist),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      if (!UUID.test(body.id)) throw noSuchList();
      const deleted = await db
        .delete(watchlists)
        .where(and(eq(watchlists.id, body.id), eq(watchlists.userId, user.username)))
        .returning({ id: watchlists.id });
      if (deleted.length === 0) throw noSuchList();
      return { id: body.id };
    },
  );

  app.get(
    '/api/watchlist/export',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Export a watchlist (CSV or JSON file)',
        querystring: ExportWatchlistQuery,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const query = request.query;
      const list = await ownList(db, user.username, query.id);
      const rows =
        list.projects.length === 0
          ? []
          : await db.select().from(projects).where(inArray(projects.id, list.projects));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const items = list.projects.flatMap((id) => {
        const p = byId.get(id);
        return p
          ? [
              {
                id: p.id,
                rank: p.rank,
                name: p.name,
                tokenTickers: p.tokenTickers,
                chains: p.chains,
                score: Math.round(p.score * 10) / 10,
                tier: p.tier,
                auditStatus: p.auditStatus,
                auditDate: p.auditDate,
              },
            ]
          : [];
      });
      if (query.format === 'json') {
        attachment(reply, list.name, 'json', 'application/json; charset=utf-8');
        return JSON.stringify(
          { id: list.id, name: list.name, exportedAt: new Date().toISOString(), projects: items },
          null,
          2,
        );
      }
      const header = [
        'Rank',
        'Name',
        'Tickers',
        'Score',
        'Tier',
        'Chains',
        'Audit Status',
        'Audit Date',
        'Id',
      ];
      const lines = [header.join(',')].concat(
        items.map((p) =>
          [
            p.rank,
            p.name,
            p.tokenTickers.join(' '),
            p.score,
            p.tier,
            p.chains.join(' '),
            p.auditStatus,
            p.auditDate,
            p.id,
          ]
            .map(csvCell)
            .join(','),
        ),
      );
      attachment(reply, list.name, 'csv', 'text/csv; charset=utf-8');
      return lines.join('\r\n') + '\r\n';
    },
  );
}
