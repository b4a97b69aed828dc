import type { FastifyInstance } from 'fastify';
import { Created, IncidentReportBody } from '../../../api/site.schemas';
import { created, typed } from '../../routing/schemas';
import { saveIncidentReport } from '../../incidents/queries';
import { LIMITS } from '../../plugins/rateLimit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Incidents: a visitor's report (POST /api/incidents, moderated at /api/admin/incident-reports) and the Atom feed of
 * the latest (GET /api/incidents.atom).
 */
export default async function apiIncidentsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  // Anonymous writes are limited per address (LIMITS) so a script cannot fill the tables.
  app.post(
    '/incidents',
    {
      config: { rateLimit: LIMITS.incidents },
      schema: { summary: 'Report a security incident', body: IncidentReportBody, response: created(Created) },
    },
    async (request, reply) => {
      const body = request.body;
      const id = await saveIncidentReport(app.db, {
        projectName: body.projectName,
        description: body.description,
        txHash: body.txHash || null,
        contactEmail: body.contactEmail ?? null,
        userId: userId(request.user?.username),
      });
      return reply.status(201).send({ id });
    },
  );
}

function userId(username: string | undefined): string | null {
  return username && UUID.test(username) ? username : null;
}
