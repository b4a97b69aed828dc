import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  /** Liveness: the process answers. Touches nothing else, so it stays fast while a dependency is down. */
  app.get('/api/health', async () => ({ status: 'ok', database: app.database.driver }));

  /**
   * Readiness for a load balancer: the database answers and is migrated, Redis answers (when REDIS_URL is set)
   * and the instance is not draining. Otherwise 503 naming what is not ready.
   */
  app.get('/api/ready', async (_request, reply) => {
    const { ready, checks, problems } = await app.lifecycle.check();
    reply.header('cache-control', 'no-store');
    if (ready) return { status: 'ready', checks };
    return reply
      .status(503)
      .send({ error: 'NotReady', message: `Not ready: ${problems.join(', ')}.`, checks });
  });
}
