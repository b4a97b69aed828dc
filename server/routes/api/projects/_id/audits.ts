import type { FastifyInstance } from 'fastify';
import { type ProjectAudits } from '../../../../../api/audits';
import { AuditProjectParams, ProjectAudits as ProjectAuditsSchema } from '../../../../../api/audits.schemas';
import { partnerRead, typed } from '../../../../routing/schemas';

/** GET /api/projects/:id/audits: a project's audits with their findings (a Partner API read). */
export default async function apiProjectsIdAuditsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/audits',
    partnerRead({
      operationId: 'getProjectAudits',
      tags: ['Projects'],
      summary: "A project's security audits",
      description:
        'Audits newest first, each with its findings (severity, status) and their counts; `applicable` is false for a native coin with no contract.',
      params: AuditProjectParams,
      response: ProjectAuditsSchema,
    }),
    async (request): Promise<ProjectAudits> => {
      await app.projects.requireId(request.params.id);
      return app.projects.audits(request.params.id);
    },
  );
}
