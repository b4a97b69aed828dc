import type { FastifyInstance } from 'fastify';
import { type AuditFinding } from '../../../../api/audits';
import {
  AuditFinding as AuditFindingSchema,
  FindingParams,
  FindingStatusBody,
} from '../../../../api/audits.schemas';
import { notFound } from '../../../errors';
import { audit as auditLog } from '../../../plugins/app/audit';
import { requireAdmin } from '../../../plugins/app/session';
import { replies, typed } from '../../../routing/schemas';
import { setFindingStatus, toFinding } from '../../../projects/audits';

/**
 * PUT /api/admin/audit-findings/:id: an admin changes a finding's status (with the project's audit signals, the admin
 * audit log and a recompute).
 */
export default async function apiAdminAuditFindingsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.put(
    '/audit-findings/:id',
    {
      preValidation: async (request) => void requireAdmin(request),
      schema: {
        tags: ['Admin'],
        summary: "Change an audit finding's status (admin)",
        params: FindingParams,
        body: FindingStatusBody,
        response: replies(AuditFindingSchema),
      },
    },
    async (request): Promise<AuditFinding> => {
      const admin = requireAdmin(request);
      const { id } = request.params;
      const { status } = request.body;
      const outcome = await setFindingStatus(app.db, id, status, admin.username, app.clock.now());
      if (!outcome) throw notFound(`No audit finding ${id}.`);
      await auditLog(app, {
        adminId: admin.username,
        subjectId: admin.username,
        action: 'write',
        detail: {
          method: request.method,
          path: request.routeOptions.url,
          statusCode: 200,
          what: 'finding status changed',
          projectId: outcome.projectId,
          findingId: id,
          from: outcome.before,
          to: status,
        },
      });
      return toFinding(outcome.finding);
    },
  );
}
