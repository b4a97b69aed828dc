import type { FastifyInstance } from 'fastify';
import { Health } from '../../../api/health.schemas';
import { typed } from '../../routing/schemas';

/** GET /api/health: liveness. */
export default async function apiHealthRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  // Probes arrive every few seconds from every balancer: their requests are logged at warn, not info (a 5xx or a
  // slow answer still is). The lifecycle plugin logs each outage and recovery once.
  const PROBE = { logLevel: 'warn' } as const;

  /** Liveness: the process answers. Touches nothing else, so it stays fast while a dependency is down. */
  app.get('/health', { ...PROBE, schema: { summary: 'Liveness', response: { 200: Health } } }, async () => ({
    status: 'ok' as const,
    database: app.database.driver,
  }));
}
