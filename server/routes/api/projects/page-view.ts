import type { FastifyInstance } from 'fastify';
import { PageViewQuery, PageViews } from '../../../../api/projects.schemas';
import { countPageView } from '../../../ratings/trending';
import { replies, typed } from '../../../routing/schemas';
import { requireProject } from '../../../projects/detail';

/** GET /api/projects/page-view: counts a project page view (trending is computed from them). */
export default async function apiProjectsPageViewRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/page-view',
    { schema: { summary: 'Count a page view', querystring: PageViewQuery, response: replies(PageViews) } },
    async (request) => {
      const { projectId } = request.query;
      await requireProject(app, projectId);
      // Today's views also feed trending (server/ratings/trending.ts).
      return { views: await countPageView(app.db, projectId, app.clock.now()) };
    },
  );
}
