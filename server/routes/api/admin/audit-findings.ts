import type { FastifyInstance } from 'fastify';
import { type AuditFinding } from '../../../../api/audits';
import {
  AuditFinding as AuditFindingSchema,
  FindingParams,
  FindingStatusBody,
} from '../../../../api/audits.schemas';
import { requireAdmin } from '../../../plugins/app/session';
import { adminOnly, replies, typed } from '../../../routing/schemas';

/**
 * PUT /api/admin/audit-findings/:id: an admin changes a finding's status (with the project's audit signals, the admin
 * audit log and a recompute).
 */
export default async function apiAdminAuditFindingsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.put(
    '/audit-findings/:id',
    {
      preValidation: adminOnly,
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
      return app.admin.setFindingStatus(request, admin, id, status);
    },
  );
}
