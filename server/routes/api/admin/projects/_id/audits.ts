import type { FastifyInstance } from 'fastify';
import {
  Audit as AuditSchema,
  AuditProjectParams,
  AuditPublishBody,
} from '../../../../../../api/audits.schemas';
import { AppError } from '../../../../../errors';
import { audit as auditLog } from '../../../../../plugins/app/audit';
import { requireAdmin } from '../../../../../plugins/app/session';
import { created, typed } from '../../../../../routing/schemas';
import { auditsApply, publishAudit, requireProjectId } from '../../../../../projects/audits';

/**
 * POST /api/admin/projects/:id/audits: an admin publishes an audit with its findings (recorded in the admin audit
 * log; the project's Code Security signals follow).
 */
export default async function apiAdminProjectsIdAuditsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.post(
    '/audits',
    {
      preValidation: async (request) => void requireAdmin(request),
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
      const body = request.body;
      await requireProjectId(app.db, id);
      if (!(await auditsApply(app.db, id))) {
        throw new AppError(409, 'NotApplicable', 'A native coin has no smart contract to audit.', {
          projectId: 'Not applicable: a native coin has no smart contract to audit',
        });
      }
      const result = await publishAudit(app.db, id, body, admin.username, app.clock.now());
      await auditLog(app, {
        adminId: admin.username,
        subjectId: admin.username,
        action: 'write',
        detail: {
          method: request.method,
          path: request.routeOptions.url,
          statusCode: 201,
          what: 'audit published',
          projectId: id,
          auditId: result.id,
          findings: result.findings.length,
        },
      });
      return reply.status(201).send(result);
    },
  );
}
