import type { FastifyInstance } from 'fastify';
import * as S from '../../../api/incidents.schemas';
import { replies, typed } from '../../routing/schemas';

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
      const { items, total, chains } = await app.incidents.list(q);
      return { items, total, page: q.page, pageSize: q.pageSize, chains };
    },
  );
}
