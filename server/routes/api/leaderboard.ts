import type { FastifyInstance } from 'fastify';
import { LEADERBOARD_CSV_MAX_ROWS } from '../../../api/leaderboard';
import { LeaderboardPage as LeaderboardPageSchema, LeaderboardQuery } from '../../../api/projects.schemas';
import { cacheFor } from '../../cache/versionedCache';
import { sendCachedResponse } from '../../cache/response';
import { leaderboardCsv, leaderboardPage, leaderboardRowsForExport } from '../../projects/leaderboard';
import { errorsOnly, replies, typed } from '../../routing/schemas';
import { z } from 'zod';

/** The leaderboard: a page of it (GET /api/leaderboard) and the same view as CSV (GET /api/leaderboard.csv). */
export default async function apiLeaderboardRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  // The public lists below (leaderboard pages, home's strips) are made from a few tables alone: each response is
  // encoded once by its route's schema and cached until those tables change (server/cache/versionedCache.ts), as
  // most visitors ask for the same few.
  const cache = cacheFor(app.database);

  app.get(
    '/leaderboard',
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
      return sendCachedResponse(
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
    '/leaderboard.csv',
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
}
