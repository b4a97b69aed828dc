import type { FastifyInstance } from 'fastify';
import { type ProjectDetail } from '../../../../../api/projects';
import { ProjectDetail as ProjectDetailSchema, ProjectIdParams } from '../../../../../api/projects.schemas';
import { partnerRead, typed } from '../../../../routing/schemas';

/**
 * GET /api/projects/:id: a project as its page shows it (cached until the project changes; the visitor's own vote
 * read per request).
 */
export default async function apiProjectsIdRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '',
    partnerRead({
      operationId: 'getProject',
      summary: 'A project',
      params: ProjectIdParams,
      response: ProjectDetailSchema,
    }),
    async (request, reply): Promise<ProjectDetail> => app.projects.detail(request, reply, request.params.id),
  );
}
