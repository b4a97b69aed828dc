import type { FastifyInstance } from 'fastify';
import * as S from '../../../api/incidents.schemas';
import type { Incident } from '../../../api/incidents';
import { listIncidents, type IncidentRow } from '../../incidents/queries';
import { replies, typed } from '../../routing/schemas';

const toIncident = (r: IncidentRow): Incident => ({
  id: r.id,
  projectId: r.projectId,
  projectName: r.projectName,
  occurredOn: r.occurredOn,
  type: r.type,
  technique: r.technique,
  lossUsd: r.lossUsd,
  returnedUsd: r.returnedUsd,
  chains: r.chains,
  sourceUrl: r.sourceUrl,
  description: r.description,
  source: r.source,
});

/** GET /api/incidents-list: the public incidents database, filtered and paged. */
export default async function apiIncidentsListRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/incidents-list',
    {
      schema: {
        tags: ['Projects'],
        summary: 'The incidents database: filter, sort and page security incidents',
        querystring: S.IncidentsListQuery,
        response: replies(S.IncidentsPage),
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total, chains } = await listIncidents(app.db, q);
      return {
        items: items.map(toIncident),
        total,
        page: q.page,
        pageSize: q.pageSize,
        chains,
      };
    },
  );
}
