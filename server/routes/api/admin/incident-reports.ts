import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ReportDecision } from '../../../../api/incidents';
import * as S from '../../../../api/incidents.schemas';
import { requireAdmin, type SessionUser } from '../../../plugins/app/session';
import { adminOnly, replies, typed } from '../../../routing/schemas';

/**
 * Staff moderation of visitors' incident reports (admins only): the pending list, approve (→ an incident with source
 * 'report') or reject with a reason; the reporter hears of the decision.
 */
export default async function apiAdminIncidentReportsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/incident-reports',
    {
      preValidation: adminOnly,
      schema: { summary: 'Pending incident reports (admin)', response: replies(S.IncidentReportList) },
    },
    async (request) => {
      requireAdmin(request);
      return { items: await app.incidents.pendingReports(200) };
    },
  );

  /** A decision on one report (`approve` or `reject`): admins only, answered with the report's new status. */
  const decision = <B extends z.ZodType>(
    action: string,
    summary: string,
    body: B,
    decide: (
      id: number,
      body: z.output<B>,
      admin: SessionUser,
      request: FastifyRequest,
    ) => Promise<ReportDecision>,
  ) =>
    app.post(
      `/incident-reports/:id/${action}`,
      {
        preValidation: adminOnly,
        schema: {
          summary,
          params: S.ReportIdParams,
          body: body as z.ZodType,
          response: replies(S.ReportDecision),
        },
      },
      async (request) =>
        decide(request.params.id, request.body as z.output<B>, requireAdmin(request), request),
    );

  decision(
    'approve',
    'Approve an incident report: publish it as an incident (admin)',
    S.ApproveReportBody,
    async (id, body, admin, request) => {
      const incidentId = await app.incidents.approve(id, body, admin.username);
      request.log.info({ admin: admin.username, reportId: id, incidentId }, 'incident report approved');
      return { id, status: 'approved', incidentId };
    },
  );

  decision(
    'reject',
    'Reject an incident report with a reason (admin)',
    S.RejectReportBody,
    async (id, { reason }, admin, request) => {
      await app.incidents.reject(id, reason, admin.username);
      request.log.info({ admin: admin.username, reportId: id }, 'incident report rejected');
      return { id, status: 'rejected', incidentId: null };
    },
  );
}
