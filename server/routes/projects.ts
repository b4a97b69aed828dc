import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ProjectDetail, type ProjectRow } from '../../api/projects';
import { LEADERBOARD_CSV_MAX_ROWS } from '../../api/leaderboard';
import {
  Alert as AlertSchema,
  AverageYesPercentage,
  LeaderboardPage as LeaderboardPageSchema,
  LeaderboardQuery,
  LimitQuery,
  PageViewQuery,
  PageViews,
  ProjectDetail as ProjectDetailSchema,
  ProjectIdParams,
  ProjectRow as ProjectRowSchema,
  ProjectsListBody,
  ProjectSummary,
  SearchProjectQuery,
  VoteQuery,
  Votes,
} from '../../api/projects.schemas';
import { LIMITS } from '../plugins/rateLimit';
import { castVote, projectsIn, type ProjectRecordRow, toProjectRow, voteTally } from '../projects/rows';
import { latestAlerts } from '../projects/alerts';
import { cacheFor, type CachedValues } from '../cache/versionedCache';
import { searchService } from '../search/index';
import { encodeResponse, sendResponse, type EncodedResponse } from '../cache/response';
import { countPageView } from '../ratings/trending';
import { stripRows } from '../projects/strips';
import { leaderboardCsv, leaderboardPage, leaderboardRowsForExport } from '../projects/leaderboard';
import { errorsOnly, replies, typed } from './schemas';
import { averageYesPercentage, projectDetail, requireProject } from '../projects/detail';
import { voterKey } from '../projects/voter';
import { z } from 'zod';

/**
 * Public project data (no account needed): search, lists for the home page and the leaderboard, the project
 * page, votes and page views. See docs/api.md.
 */
export async function projectsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const search = searchService(app.database);
  // The index builds once the server listens (PGlite's queries and the build run on this thread, so building
  // before would hold the listener back); until it is in, search answers from the database.
  app.addHook('onListen', async () => {
    search.start((err) => app.log.error({ err }, 'search index build failed; answering from the database'));
  });
  app.addHook('onClose', async () => search.stop());

  // The public lists below (leaderboard pages, home's strips) are made from a few tables alone: each response is
  // encoded once by its route's schema and cached until those tables change (server/cache/versionedCache.ts), as
  // most visitors ask for the same few.
  const cache = cacheFor(app.database);
  const ProjectRows = z.array(ProjectRowSchema);
  const Alerts = z.array(AlertSchema);
  const sendCached = async <S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    responses: CachedValues<EncodedResponse>,
    key: string,
    schema: S,
    read: () => Promise<z.input<S>>,
  ) =>
    sendResponse(request, reply, await responses.get(key, async () => encodeResponse(schema, await read())));
  const sendCachedRows = (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    read: () => Promise<ProjectRecordRow[]>,
  ) =>
    sendCached(request, reply, cache.listResponses, key, ProjectRows, async () =>
      (await read()).map(toProjectRow),
    );

  // The response is JSON the search index made once, compressed once per coding: ProjectSummary[].
  app.get(
    '/api/search-project',
    {
      config: { partnerRead: true },
      compress: false,
      schema: {
        summary: 'Search projects by name or ticker',
        description: 'Fewer than 2 characters (after trimming) answers the trending projects.',
        querystring: SearchProjectQuery,
        response: replies(z.array(ProjectSummary)),
      },
    },
    async (request, reply) => {
      const { keyword } = request.query;
      return sendResponse(request, reply, await search.response(keyword));
    },
  );

  app.post(
    '/api/projects-list',
    {
      config: { partnerRead: true },
      schema: {
        summary: 'Projects by id',
        description: 'The rows of the given projects, in the order asked; unknown ids are left out.',
        body: ProjectsListBody,
        response: replies(z.array(ProjectRowSchema)),
      },
    },
    async (request): Promise<ProjectRow[]> => {
      const { projectIds } = request.body;
      const ids = [...new Set(projectIds)];
      const rows = await projectsIn(app.db, ids);
      const byId = new Map(rows.map((r) => [r.id, toProjectRow(r)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  );

  app.get(
    '/api/leaderboard',
    {
      config: { partnerRead: true },
      compress: false,
      schema: {
        operationId: 'getLeaderboard',
        summary: 'Leaderboard',
        description: 'Rated projects, filtered, sorted and paged (rank ascending, 25 a page by default).',
        querystring: LeaderboardQuery,
        response: replies(LeaderboardPageSchema),
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      // Score changes count back from now: a response is cached within the hour (and until the projects change).
      const hour = Math.floor(now.getTime() / 3_600_000);
      return sendCached(
        request,
        reply,
        cache.listResponses,
        `leaderboard ${hour} ${JSON.stringify(request.query)}`,
        LeaderboardPageSchema,
        () => leaderboardPage(app.database, request.query, now),
      );
    },
  );

  app.get(
    '/api/leaderboard.csv',
    {
      schema: {
        operationId: 'getLeaderboardCsv',
        summary: 'Leaderboard as CSV',
        description:
          `The view of GET /api/leaderboard (same query; page and pageSize ignored) as a CSV file: every page, up to ` +
          `${LEADERBOARD_CSV_MAX_ROWS} rows. Cells starting with = + - @, a tab or a carriage return are prefixed with '. ` +
          'X-Total-Count says how many projects the view matches.',
        querystring: LeaderboardQuery,
        response: {
          200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
          ...errorsOnly,
        },
      },
    },
    async (request, reply) => {
      const { rows, total } = await leaderboardRowsForExport(
        app.database,
        request.query,
        LEADERBOARD_CSV_MAX_ROWS,
        app.clock.now(),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-total-count', String(total))
        .header('content-disposition', 'attachment; filename="sentinel-leaderboard.csv"')
        .send(leaderboardCsv(rows));
    },
  );

  app.get(
    '/api/trending',
    {
      compress: false,
      schema: {
        summary: 'Trending projects',
        querystring: LimitQuery,
        response: replies(z.array(ProjectRowSchema)),
      },
    },
    async (request, reply) =>
      sendCachedRows(request, reply, `trending ${request.query.limit}`, () =>
        stripRows(app.db, 'trending', request.query.limit),
      ),
  );

  app.get(
    '/api/recently-audited',
    {
      compress: false,
      schema: {
        summary: 'Recently audited projects',
        querystring: LimitQuery,
        response: replies(z.array(ProjectRowSchema)),
      },
    },
    async (request, reply) =>
      sendCachedRows(request, reply, `recently-audited ${request.query.limit}`, () =>
        stripRows(app.db, 'recentlyAudited', request.query.limit),
      ),
  );

  app.get(
    '/api/audits-in-progress',
    {
      compress: false,
      schema: {
        summary: 'Audits in progress',
        querystring: LimitQuery,
        response: replies(z.array(ProjectRowSchema)),
      },
    },
    async (request, reply) =>
      sendCachedRows(request, reply, `audits-in-progress ${request.query.limit}`, () =>
        stripRows(app.db, 'auditsInProgress', request.query.limit),
      ),
  );

  app.get(
    '/api/alerts',
    {
      compress: false,
      schema: {
        summary: 'Latest security alerts',
        querystring: LimitQuery,
        response: replies(Alerts),
      },
    },
    async (request, reply) => {
      const { limit } = request.query;
      return sendCached(request, reply, cache.alertResponses, `alerts ${limit}`, Alerts, async () => {
        return latestAlerts(app.db, limit);
      });
    },
  );

  // Votes (not tally reads) are limited per address: dropping the visitor cookie makes a new voter, not more votes.
  app.get(
    '/api/projects/vote',
    {
      config: { rateLimit: LIMITS.vote, writesWithQuery: 'vote' },
      schema: {
        summary: 'Vote on a project (or read its votes)',
        description: "Records or changes this visitor's vote; without `vote` it only reads the tally.",
        querystring: VoteQuery,
        response: replies(Votes),
      },
    },
    async (request, reply) => {
      const { id, vote } = request.query;
      await requireProject(app, id);
      const voter = voterKey(request, reply, vote !== undefined);
      if (vote !== undefined && voter) {
        await castVote(app.db, id, voter, vote === 'yes');
      }
      return voteTally(app.db, id, voter);
    },
  );

  app.get(
    '/api/projects/average-yes-percentage',
    { schema: { summary: 'Average share of yes votes', response: replies(AverageYesPercentage) } },
    async () => ({ averageYesPercentage: await averageYesPercentage(app.database) }),
  );

  app.get(
    '/api/projects/page-view',
    { schema: { summary: 'Count a page view', querystring: PageViewQuery, response: replies(PageViews) } },
    async (request) => {
      const { projectId } = request.query;
      await requireProject(app, projectId);
      // Today's views also feed trending (server/ratings/trending.ts).
      return { views: await countPageView(app.db, projectId, app.clock.now()) };
    },
  );

  app.get(
    '/api/projects/:id',
    {
      config: { partnerRead: true },
      schema: {
        operationId: 'getProject',
        summary: 'A project',
        params: ProjectIdParams,
        response: replies(ProjectDetailSchema),
      },
    },
    async (request, reply): Promise<ProjectDetail> => projectDetail(app, request, reply, request.params.id),
  );
}
