import type { FastifyInstance } from 'fastify';
import { ProjectSummary, SearchProjectQuery } from '../../../api/projects.schemas';
import { sendResponse } from '../../cache/response';
import { replies, typed } from '../../routing/schemas';
import { z } from 'zod';

/** GET /api/search-project: search by name or ticker (the search index once built, the database until then). */
export default async function apiSearchProjectRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const search = app.searchIndex;

  // The response is JSON the search index made once, compressed once per coding: ProjectSummary[].
  app.get(
    '/search-project',
    {
      config: { partnerRead: true },
      compress: false,
      schema: {
        summary: 'Search projects by name or ticker',
        description: 'Fewer than 2 characters (after trimming) answers the trending projects.',
        querystring: SearchProjectQuery,
        response: replies(z.array(ProjectSummary)),
      },
    },
    async (request, reply) => {
      const { keyword } = request.query;
      return sendResponse(request, reply, await search.response(keyword));
    },
  );
}
