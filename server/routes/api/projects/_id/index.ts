import type { FastifyInstance } from 'fastify';
import { type ProjectDetail } from '../../../../../api/projects';
import { ProjectDetail as ProjectDetailSchema, ProjectIdParams } from '../../../../../api/projects.schemas';
import { replies, typed } from '../../../../routing/schemas';

/**
 * GET /api/projects/:id: a project as its page shows it (cached until the project changes; the visitor's own vote
 * read per request).
 */
export default async function apiProjectsIdRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '',
    {
      config: { partnerRead: true },
      schema: {
        operationId: 'getProject',
        summary: 'A project',
        params: ProjectIdParams,
        response: replies(ProjectDetailSchema),
      },
    },
    async (request, reply): Promise<ProjectDetail> => app.projects.detail(request, reply, request.params.id),
  );
}
