import type { FastifyInstance } from 'fastify';
import { Alert as AlertSchema, LimitQuery } from '../../../api/projects.schemas';
import { latestAlerts } from '../../projects/alerts';
import { cacheFor } from '../../cache/versionedCache';
import { sendCachedResponse } from '../../cache/response';
import { replies, typed } from '../../routing/schemas';
import { z } from 'zod';

/** GET /api/alerts: the latest alerts, cached until the alerts table changes. */
export default async function apiAlertsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  // The public lists below (leaderboard pages, home's strips) are made from a few tables alone: each response is
  // encoded once by its route's schema and cached until those tables change (server/cache/versionedCache.ts), as
  // most visitors ask for the same few.
  const cache = cacheFor(app.database);
  const Alerts = z.array(AlertSchema);

  app.get(
    '/alerts',
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
      return sendCachedResponse(request, reply, cache.alertResponses, `alerts ${limit}`, Alerts, async () => {
        return latestAlerts(app.db, limit);
      });
    },
  );
}
