import type { FastifyInstance } from 'fastify';
import { PageViewQuery, PageViews } from '../../../../api/projects.schemas';
import { replies, typed } from '../../../routing/schemas';

/** GET /api/projects/page-view: counts a project page view (trending is computed from them). */
export default async function apiProjectsPageViewRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/page-view',
    { schema: { summary: 'Count a page view', querystring: PageViewQuery, response: replies(PageViews) } },
    async (request) => {
      const { projectId } = request.query;
      await app.projects.require(projectId);
      // Today's views also feed trending (server/ratings/trending.ts).
      return { views: await app.projects.countPageView(projectId, app.clock.now()) };
    },
  );
}
