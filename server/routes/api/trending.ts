import type { FastifyInstance } from 'fastify';
import { LimitQuery, ProjectRow as ProjectRowSchema } from '../../../api/projects.schemas';
import { toProjectRow } from '../../projects/rows';
import { cacheFor } from '../../cache/versionedCache';
import { sendCachedResponse } from '../../cache/response';
import { stripRows } from '../../projects/strips';
import { replies, typed } from '../../routing/schemas';
import { z } from 'zod';

/** GET /api/trending: home's trending strip. */
export default async function apiTrendingRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  // The public lists below (leaderboard pages, home's strips) are made from a few tables alone: each response is
  // encoded once by its route's schema and cached until those tables change (server/cache/versionedCache.ts), as
  // most visitors ask for the same few.
  const cache = cacheFor(app.database);
  const ProjectRows = z.array(ProjectRowSchema);

  app.get(
    '/trending',
    {
      compress: false,
      schema: {
        summary: 'Trending projects',
        querystring: LimitQuery,
        response: replies(z.array(ProjectRowSchema)),
      },
    },
    async (request, reply) =>
      sendCachedResponse(
        request,
        reply,
        cache.listResponses,
        `trending ${request.query.limit}`,
        ProjectRows,
        async () => (await stripRows(app.db, 'trending', request.query.limit)).map(toProjectRow),
      ),
  );
}
