import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as S from '../../api/incidents.schemas';
import type { Incident } from '../../api/incidents';
import { siteOrigin } from '../accounts/origin';
import {
  approveReport,
  latestIncidents,
  listIncidents,
  pendingReports,
  rejectReport,
  type IncidentRow,
} from '../incidents/queries';
import { createMailer } from '../mail/index';
import type { MailContent } from '../mail/templates';
import { requireAdmin } from '../plugins/session';
import { errorsOnly, replies, typed } from './schemas';

/** The feed's body, for the OpenAPI document (sent as text, never serialised). */
const AtomFeed = z.string().meta({ description: 'Atom 1.0 XML' });

const toIncident = (r: IncidentRow): Incident => ({
  id: r.id,
  projectId: r.projectId,
  projectName: r.projectName,
  occurredOn: r.occurredOn,
  type: r.type,
  technique: r.technique,
  lossUsd: r.lossUsd,
  returnedUsd: r.returnedUsd,
  chains: r.chains,
  sourceUrl: r.sourceUrl,
  description: r.description,
  source: r.source,
});

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const usd = (n: number) =>
  n >= 1e9
    ? `$${(n / 1e9).toFixed(1)}B`
    : n >= 1e6
      ? `$${(n / 1e6).toFixed(1)}M`
      : `$${Math.round(n).toLocaleString('en-US')}`;

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
 * The incidents database: the public list (GET /api/incidents-list, and its Atom feed GET /api/incidents.atom), and
 * the staff moderation of visitors' reports (POST /api/incidents, in site.ts): pending reports are listed to admins,
 * approved (→ an incident with source 'report') or rejected with a reason. Each decision records who decided and when
 * on the report (the audit, as admin.ts records who published an announcement), and tells the reporter: a bell
 * notification when they were signed in, mail to the contact address they gave.
 */
export async function incidentsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/api/incidents-list',
    {
      schema: {
        tags: ['Projects'],
        summary: 'The incidents database: filter, sort and page security incidents',
        querystring: S.IncidentsListQuery,
        response: replies(S.IncidentsPage),
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total, chains } = await listIncidents(app.db, q);
      return {
        items: items.map(toIncident),
        total,
        page: q.page,
        pageSize: q.pageSize,
        chains,
      };
    },
  );

  // Untyped: its success is XML, not a JSON schema's answer.
  fastify.get(
    '/api/incidents.atom',
    {
      schema: {
        tags: ['Projects'],
        summary: 'The incidents database as an Atom 1.0 feed, newest first',
        response: {
          200: {
            description: 'An Atom 1.0 feed of the latest 50 incidents.',
            content: { 'application/atom+xml': { schema: AtomFeed } },
          },
          ...errorsOnly,
        },
      },
    },
    async (_request, reply) => {
      const list = await latestIncidents(app.db, 50);
      const origin = siteOrigin(app);
      const page = `${origin}/resources/incidents`;
      const updated = list.reduce((latest, r) => (r.createdAt > latest ? r.createdAt : latest), new Date(0));
      const entries = list.map((r) => {
        const link =
          r.sourceUrl ?? (r.projectId ? `${origin}/projects/${encodeURIComponent(r.projectId)}` : page);
        const loss = r.lossUsd != null ? ` Loss: ${usd(r.lossUsd)}.` : '';
        const summary = `${r.description}${loss}${r.source === 'demo' ? ' (Demo data)' : ''}`;
        return [
          '  <entry>',
          `    <id>${escapeXml(`${page}#incident-${r.id}`)}</id>`,
          `    <title>${escapeXml(`${r.projectName}: ${r.type}`)}</title>`,
          `    <updated>${new Date(`${r.occurredOn}T00:00:00Z`).toISOString()}</updated>`,
          `    <link rel="alternate" href="${escapeXml(link)}"/>`,
          `    <category term="${escapeXml(r.type)}"/>`,
          `    <summary type="text">${escapeXml(summary)}</summary>`,
          '  </entry>',
        ].join('\n');
      });
      const xml = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom">',
        `  <id>${escapeXml(page)}</id>`,
        '  <title>Sentinel Ratings: security incidents</title>',
        `  <updated>${(list.length > 0 ? updated : new Date(0)).toISOString()}</updated>`,
        '  <author><name>Sentinel Ratings</name></author>',
        `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${origin}/api/incidents.atom`)}"/>`,
        `  <link rel="alternate" type="text/html" href="${escapeXml(page)}"/>`,
        ...entries,
        '</feed>',
        '',
      ].join('\n');
      return reply.type('application/atom+xml; charset=utf-8').send(xml);
    },
  );

  app.get(
    '/api/admin/incident-reports',
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
    '/api/admin/incident-reports/:id/approve',
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
    '/api/admin/incident-reports/:id/reject',
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
