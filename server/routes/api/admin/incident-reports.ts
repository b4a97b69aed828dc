import type { FastifyInstance } from 'fastify';
import * as S from '../../../../api/incidents.schemas';
import { siteOrigin } from '../../../accounts/origin';
import { approveReport, pendingReports, rejectReport } from '../../../incidents/queries';
import { createMailer } from '../../../mail/index';
import type { MailContent } from '../../../mail/templates';
import { requireAdmin } from '../../../plugins/app/session';
import { replies, typed } from '../../../routing/schemas';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reporter's mail about a decision on their report (plain text and the same paragraphs as HTML). */
function decisionMail(subject: string, paragraphs: string[]): MailContent {
  return {
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${paragraphs
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join('')}</body></html>`,
  };
}

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
      const list = await pendingReports(app.db, 200);
      return {
        items: list.map((r) => ({
          id: r.id,
          projectName: r.projectName,
          description: r.description,
          txHash: r.txHash,
          contactEmail: r.contactEmail,
          signedIn: r.userId !== null,
          createdAt: r.createdAt.toISOString(),
          status: r.status,
        })),
      };
    },
  );

  const mailer = () => createMailer({ config: app.config, db: app.db, clock: app.clock, log: app.log });

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
      const body = request.body;
      const now = app.clock.now();
      const outcome = await approveReport(app.db, id, body, admin.username, now);
      request.log.info(
        { admin: admin.username, reportId: id, incidentId: outcome.incidentId },
        'incident report approved',
      );
      if (outcome.to) {
        await mailer().send(
          outcome.to,
          decisionMail(outcome.title, [
            'Thank you for your report.',
            outcome.text,
            `See it at ${siteOrigin(app)}/resources/incidents`,
          ]),
        );
      }
      return { id, status: 'approved' as const, incidentId: outcome.incidentId };
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
      const now = app.clock.now();
      const outcome = await rejectReport(app.db, id, reason, admin.username, now);
      request.log.info({ admin: admin.username, reportId: id }, 'incident report rejected');
      if (outcome.to) {
        await mailer().send(
          outcome.to,
          decisionMail(outcome.title, [
            'Thank you for your report. Our staff reviewed it and did not publish it.',
            outcome.text,
          ]),
        );
      }
      return { id, status: 'rejected' as const, incidentId: null };
    },
  );
}
