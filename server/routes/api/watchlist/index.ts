import type { FastifyInstance, FastifyReply } from 'fastify';
import { MAX_PROJECTS_PER_WATCHLIST, WATCHLIST_ERRORS, type ToggleResult } from '../../../../api/watchlist';
import {
  CreateWatchlistBody,
  DeleteWatchlistBody,
  ExportWatchlistQuery,
  ToggleWatchlistBody,
  UpdateWatchlistBody,
  WatchlistRowsBody,
} from '../../../../api/watchlist.schemas';
import { AppError } from '../../../errors';
import { requireUser } from '../../../plugins/app/session';
import { toProjectRow } from '../../../projects/rows';
import { replies, signedIn, signedInPost, typed } from '../../../routing/schemas';
import { isUniqueViolation } from '../../../db/errors';
import { csvCell } from '../../../lib/csv';
import { nameTaken, noSuchList, toApi, UUID } from '../../../watchlists/lists';
import * as W from '../../../../api/watchlist.schemas';

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

export default async function watchlistRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '',
    { preValidation: signedIn, schema: { summary: 'My watchlists', response: replies(W.WatchlistList) } },
    async (request) => {
      const user = requireUser(request);
      return (await app.watchlists.listsOf(user.username)).map(toApi);
    },
  );

  app.post(
    '/projects',
    {
      schema: {
        summary: 'Rows of a watchlist’s projects',
        description:
          'The rows of the given projects (audit status, KYC, score, tier, …) with their score changes over 24 h, 7 d and 30 d, in the order asked; unknown ids are left out. No account needed: shared lists show them too.',
        body: WatchlistRowsBody,
        response: replies(W.WatchlistProjectRows),
      },
    },
    async (request) => {
      const ids = [...new Set(request.body.projectIds)];
      if (ids.length === 0) return [];
      const [rows, changes] = await app.watchlists.projectRows(ids, app.clock.now());
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        if (!row) return [];
        return [{ ...toProjectRow(row), scoreChange: changes.get(id) ?? { d1: null, d7: null, d30: null } }];
      });
    },
  );

  signedInPost(
    app,
    '/create',
    { summary: 'Create a watchlist', body: CreateWatchlistBody, response: W.CreatedWatchlist },
    async (user, body) => {
      const row = await app.watchlists.create(user.username, body.projects, (taken) => {
        if (taken.has(body.name)) throw nameTaken();
        return body.name;
      });
      await app.watchlists.recordAdds(row.projects, app.clock.now());
      return { id: row.id };
    },
  );

  signedInPost(
    app,
    '/update',
    { summary: 'Rename a watchlist or set its projects', body: UpdateWatchlistBody, response: W.Watchlist },
    async (user, body) => {
      // The projects newly in the list, from the attempt that won (a lost race recomputes them).
      let newlyAdded: string[] = [];
      try {
        const written = await app.watchlists.write(user.username, body.id, async (row, checks) => {
          if (body.version !== undefined && body.version !== row.version) {
            throw new AppError(
              409,
              WATCHLIST_ERRORS.versionConflict,
              'The watchlist changed since you loaded it. Reload and try again.',
            );
          }
          if (body.name !== row.name && (await checks.nameUsedByOther(user.username, body.name, row.id))) {
            throw nameTaken();
          }
          const added = body.projects.filter((p) => !row.projects.includes(p));
          await checks.assertProjectsExist(added);
          newlyAdded = [...new Set(added)];
          return { name: body.name, projects: body.projects, result: toApi };
        });
        await app.watchlists.recordAdds(newlyAdded, app.clock.now());
        return written;
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken();
        throw err;
      }
    },
  );

  signedInPost(
    app,
    '/toggle',
    { summary: 'Add or remove a project', body: ToggleWatchlistBody, response: W.ToggleResult },
    async (user, body): Promise<ToggleResult> => {
      const result = await app.watchlists.write(user.username, body.id, async (row, checks) => {
        const present = row.projects.includes(body.projectId);
        if (!present) {
          if (row.projects.length >= MAX_PROJECTS_PER_WATCHLIST) {
            throw new AppError(
              409,
              WATCHLIST_ERRORS.limitExceeded,
              `A watchlist can hold at most ${MAX_PROJECTS_PER_WATCHLIST} projects.`,
            );
          }
          await checks.assertProjectsExist([body.projectId]);
        }
        const next = present
          ? row.projects.filter((p) => p !== body.projectId)
          : [...row.projects, body.projectId];
        return { name: row.name, projects: next, result: (w) => ({ ...toApi(w), added: !present }) };
      });
      if (result.added) await app.watchlists.recordAdds([body.projectId], app.clock.now());
      return result;
    },
  );

  signedInPost(
    app,
    '/delete',
    { summary: 'Delete a watchlist', body: DeleteWatchlistBody, response: W.CreatedWatchlist },
    async (user, body) => {
      if (!UUID.test(body.id)) throw noSuchList();
      if (!(await app.watchlists.delete(user.username, body.id))) throw noSuchList();
      return { id: body.id };
    },
  );

  app.get(
    '/export',
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
      const list = await app.watchlists.ownList(user.username, query.id);
      const rows = await app.watchlists.projectsIn(list.projects);
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
