import type { FastifyInstance } from 'fastify';
import {
  Audit as AuditSchema,
  AuditProjectParams,
  AuditPublishBody,
} from '../../../../../../api/audits.schemas';
import { requireAdmin } from '../../../../../plugins/app/session';
import { adminOnly, created, typed } from '../../../../../routing/schemas';

/**
 * POST /api/admin/projects/:id/audits: an admin publishes an audit with its findings (recorded in the admin audit
 * log; the project's Code Security signals follow).
 */
export default async function apiAdminProjectsIdAuditsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.post(
    '/audits',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Publish an audit with its findings (admin)',
        params: AuditProjectParams,
        body: AuditPublishBody,
        response: created(AuditSchema),
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const { id } = request.params;
      const result = await app.admin.publishAudit(request, admin, id, request.body);
      return reply.status(201).send(result);
    },
  );
}
