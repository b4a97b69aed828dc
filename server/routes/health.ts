import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../api/errors.schemas';
import { Health, NotReady, Ready } from '../../api/health.schemas';
import { typed } from './schemas';

export async function healthRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  // Probes arrive every few seconds from every balancer: their requests are logged at warn, not info (a 5xx or a
  // slow answer still is). The lifecycle plugin logs each outage and recovery once.
  const PROBE = { logLevel: 'warn' } as const;

  /** Liveness: the process answers. Touches nothing else, so it stays fast while a dependency is down. */
  app.get(
    '/api/health',
    { ...PROBE, schema: { summary: 'Liveness', response: { 200: Health } } },
    async () => ({
      status: 'ok' as const,
      database: app.database.driver,
    }),
  );

  /**
   * Readiness for a load balancer: the database answers and is migrated, Redis answers (when REDIS_URL is set)
   * and the instance is not draining. Otherwise 503 naming what is not ready.
   */
  app.get(
    '/api/ready',
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
