import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../../api/errors.schemas';
import { NotReady, Ready } from '../../../api/health.schemas';
import { typed } from '../../routing/schemas';

/** GET /api/ready: readiness (database, Redis when set, not draining). */
export default async function apiReadyRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  // Probes arrive every few seconds from every balancer: their requests are logged at warn, not info (a 5xx or a
  // slow answer still is). The lifecycle plugin logs each outage and recovery once.
  const PROBE = { logLevel: 'warn' } as const;

  /**
   * Readiness for a load balancer: the database answers and is migrated, Redis answers (when REDIS_URL is set)
   * and the instance is not draining. Otherwise 503 naming what is not ready.
   */
  app.get(
    '/ready',
    { ...PROBE, schema: { summary: 'Readiness', response: { 200: Ready, 503: NotReady, '4xx': ErrorBody } } },
    async (_request, reply) => {
      const { ready, checks, problems } = await app.lifecycle.check();
      reply.header('cache-control', 'no-store');
      if (ready) return { status: 'ready' as const, checks };
      return reply
        .status(503)
        .send({ error: 'NotReady', message: `Not ready: ${problems.join(', ')}.`, checks });
    },
  );
}
