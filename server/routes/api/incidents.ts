import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { IncidentReportBody } from '../../../api/site.schemas';
import { errorsOnly, typed, visitorCreate } from '../../routing/schemas';
import { LIMITS } from '../../plugins/app/rateLimit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const AtomFeed = z.string().meta({ description: 'Atom 1.0 XML' });

/**
 * Incidents: a visitor's report (POST /api/incidents, moderated at /api/admin/incident-reports) and the Atom feed of
 * the latest (GET /api/incidents.atom).
 */
export default async function apiIncidentsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  // Anonymous writes are limited per address (LIMITS) so a script cannot fill the tables.
  visitorCreate(
    app,
    '/incidents',
    { rateLimit: LIMITS.incidents, summary: 'Report a security incident', body: IncidentReportBody },
    (body, request) =>
      app.incidents.saveReport({
        projectName: body.projectName,
        description: body.description,
        txHash: body.txHash || null,
        contactEmail: body.contactEmail ?? null,
        userId: userId(request.user?.username),
      }),
  );

  // Untyped: its success is XML, not a JSON schema's answer.
  fastify.get(
    '/incidents.atom',
    {
      schema: {
        tags: ['Projects'],
        summary: 'The incidents database as an Atom 1.0 feed, newest first',
        response: {
          200: {
            description: 'An Atom 1.0 feed of the latest 50 incidents.',
            content: { 'application/atom+xml': { schema: AtomFeed } },
          },
          ...errorsOnly,
        },
      },
    },
    async (_request, reply) => {
      const xml = await app.incidents.atomFeed();
      return reply.type('application/atom+xml; charset=utf-8').send(xml);
    },
  );
}

function userId(username: string | undefined): string | null {
  return username && UUID.test(username) ? username : null;
}
