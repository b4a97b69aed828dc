import type { FastifyInstance } from 'fastify';
import * as S from '../../../../api/incidents.schemas';
import { requireAdmin } from '../../../plugins/app/session';
import { replies, typed } from '../../../routing/schemas';

/**
 * Staff moderation of visitors' incident reports (admins only): the pending list, approve (→ an incident with source
 * 'report') or reject with a reason; the reporter hears of the decision.
 */
export default async function apiAdminIncidentReportsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/incident-reports',
    {
      preValidation: async (request) => void requireAdmin(request),
      schema: { summary: 'Pending incident reports (admin)', response: replies(S.IncidentReportList) },
    },
    async (request) => {
      requireAdmin(request);
      return { items: await app.incidents.pendingReports(200) };
    },
  );

  app.post(
    '/incident-reports/:id/approve',
    {
      preValidation: async (request) => void requireAdmin(request),
      schema: {
        summary: 'Approve an incident report: publish it as an incident (admin)',
        params: S.ReportIdParams,
        body: S.ApproveReportBody,
        response: replies(S.ReportDecision),
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const id = request.params.id;
      const incidentId = await app.incidents.approve(id, request.body, admin.username);
      request.log.info({ admin: admin.username, reportId: id, incidentId }, 'incident report approved');
      return { id, status: 'approved' as const, incidentId };
    },
  );

  app.post(
    '/incident-reports/:id/reject',
    {
      preValidation: async (request) => void requireAdmin(request),
      schema: {
        summary: 'Reject an incident report with a reason (admin)',
        params: S.ReportIdParams,
        body: S.RejectReportBody,
        response: replies(S.ReportDecision),
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const id = request.params.id;
      const { reason } = request.body;
      await app.incidents.reject(id, reason, admin.username);
      request.log.info({ admin: admin.username, reportId: id }, 'incident report rejected');
      return { id, status: 'rejected' as const, incidentId: null };
    },
  );
}
