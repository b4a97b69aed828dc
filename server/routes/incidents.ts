import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as S from '../../api/incidents.schemas';
import type { Incident } from '../../api/incidents';
import { siteOrigin } from '../accounts/origin';
import { AppError, badRequest, notFound } from '../errors';
import { alerts, incidentReports, incidents, notifications, projects, users } from '../db/schema/index';
import type { Db } from '../db/client';
import { enqueue } from '../jobs/queue';
import { createMailer } from '../mail/index';
import type { MailContent } from '../mail/templates';
import { queueIncidentRecompute } from '../ratings/incidentSignals';
import { rows } from '../db/rows';
import { requireAdmin } from '../plugins/session';
import { errorsOnly, replies, typed } from './schemas';

type Row = typeof incidents.$inferSelect;

/** The feed's body, for the OpenAPI document (sent as text, never serialised). */
const AtomFeed = z.string().meta({ description: 'Atom 1.0 XML' });
type Report = typeof incidentReports.$inferSelect;

const toIncident = (r: Row): Incident => ({
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

/** `%` and `_` typed by a visitor match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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

/** Severity of the security alert an approved incident raises on its project, from the reported loss. */
const severityOf = (loss: number | null | undefined) =>
  loss == null
    ? 'medium'
    : loss >= 10_000_000
      ? 'critical'
      : loss >= 1_000_000
        ? 'high'
        : loss >= 100_000
          ? 'medium'
          : 'low';

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

/** The rated project a report's name designates, for the reporter's bell (a notification belongs to a project). */
async function projectNamed(db: Db, name: string): Promise<string | null> {
  const [p] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(sql`lower(${projects.name}) = lower(${name.trim()})`)
    .limit(1);
  return p?.id ?? null;
}

/** A pending report, locked for the decision; 404 when absent, 409 when already decided. */
async function pendingReport(db: Db, id: number): Promise<Report> {
  const [report] = await db.select().from(incidentReports).where(eq(incidentReports.id, id)).for('update');
  if (!report) throw notFound('Report not found.');
  if (report.status !== 'pending')
    throw new AppError(409, 'Conflict', `This report was already ${report.status}.`);
  return report;
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
      const where: SQL[] = [];
      if (q.type) where.push(eq(incidents.type, q.type));
      if (q.chain) where.push(sql`${q.chain} = ANY (${incidents.chains})`);
      if (q.year) {
        where.push(
          gte(incidents.occurredOn, `${q.year}-01-01`),
          lte(incidents.occurredOn, `${q.year}-12-31`),
        );
      }
      if (q.from) where.push(gte(incidents.occurredOn, q.from));
      if (q.to) where.push(lte(incidents.occurredOn, q.to));
      if (q.project) where.push(eq(incidents.projectId, q.project));
      if (q.keyword) {
        const pattern = likePattern(q.keyword);
        where.push(
          or(
            ilike(incidents.projectName, pattern),
            ilike(incidents.description, pattern),
            ilike(incidents.technique, pattern),
          )!,
        );
      }
      const filter = where.length > 0 ? and(...where) : undefined;
      const dir = q.order === 'asc' ? asc : desc;
      const order =
        q.sort === 'loss'
          ? [
              sql`${incidents.lossUsd} ${sql.raw(q.order === 'asc' ? 'ASC' : 'DESC')} NULLS LAST`,
              desc(incidents.occurredOn),
            ]
          : [dir(incidents.occurredOn), dir(incidents.id)];
      const [items, [count], chains] = await Promise.all([
        app.db
          .select()
          .from(incidents)
          .where(filter)
          .orderBy(...order)
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(incidents)
          .where(filter),
        app.db.execute(sql`SELECT DISTINCT unnest(chains) AS chain FROM incidents ORDER BY 1`),
      ]);
      return {
        items: items.map(toIncident),
        total: Number(count?.n ?? 0),
        page: q.page,
        pageSize: q.pageSize,
        chains: rows<{ chain: string }>(chains).map((r) => r.chain),
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
      const list = await app.db
        .select()
        .from(incidents)
        .orderBy(desc(incidents.occurredOn), desc(incidents.id))
        .limit(50);
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
      const list = await app.db
        .select()
        .from(incidentReports)
        .where(eq(incidentReports.status, 'pending'))
        .orderBy(asc(incidentReports.createdAt), asc(incidentReports.id))
        .limit(200);
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

  /** Tells the reporter: the bell (signed-in reporter, a project to attach it to) and mail (contact or account). */
  async function tellReporter(
    db: Db,
    report: Report,
    bellProjectId: string | null,
    message: { title: string; body: string },
  ): Promise<string | null> {
    let bell = false;
    if (report.userId && bellProjectId) {
      const inserted = await db
        .insert(notifications)
        .values({
          userId: report.userId,
          projectId: bellProjectId,
          kind: 'incident',
          title: message.title,
          body: message.body,
          changeKey: `incident-report:${report.id}`,
          // The decision is mailed below, once, not again through the alert mail settings.
          mailStatus: 'skipped',
        })
        .onConflictDoNothing({ target: [notifications.userId, notifications.changeKey] })
        .returning({ id: notifications.id });
      bell = inserted.length > 0;
    }
    if (report.contactEmail) return report.contactEmail;
    if (report.userId && !bell) {
      const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, report.userId));
      return u?.email ?? null;
    }
    return null;
  }

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
      const outcome = await app.db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const report = await pendingReport(t, id);
        const projectId = body.projectId || null;
        let projectName = body.projectName;
        if (projectId) {
          const [p] = await t
            .select({ name: projects.name })
            .from(projects)
            .where(eq(projects.id, projectId));
          if (!p)
            throw badRequest('projectId: No rated project has this id.', {
              projectId: 'No rated project has this id',
            });
          projectName = p.name;
        }
        const [incident] = await t
          .insert(incidents)
          .values({
            projectId,
            projectName,
            occurredOn: body.occurredOn,
            type: body.type,
            technique: body.technique || null,
            lossUsd: body.lossUsd ?? null,
            returnedUsd: body.returnedUsd ?? null,
            chains: body.chains,
            sourceUrl: body.sourceUrl || null,
            description: body.description || report.description,
            source: 'report',
            reportId: report.id,
          })
          .returning();
        await t
          .update(incidentReports)
          .set({ status: 'approved', incidentId: incident!.id, reviewedBy: admin.username, reviewedAt: now })
          .where(eq(incidentReports.id, id));
        if (projectId) {
          // The project's security alert (home's cards, its watchers' bell) and its recomputed rating.
          const [alert] = await t
            .insert(alerts)
            .values({
              projectId,
              severity: severityOf(body.lossUsd),
              title: `${projectName}: ${body.technique || body.type}`,
              description: incident!.description,
              lossUsd: body.lossUsd ?? null,
              occurredAt: new Date(`${body.occurredOn}T00:00:00Z`),
            })
            .returning({ id: alerts.id });
          await enqueue(
            t,
            'notify-incident',
            { alertId: alert!.id },
            { singletonKey: `notify-incident:${alert!.id}` },
          );
          await queueIncidentRecompute(t, projectId, now);
        }
        const bellProject = projectId ?? (await projectNamed(t, report.projectName));
        const title = `Your incident report on ${report.projectName} was approved`;
        const text = `It is now in the incidents database as a ${body.type} of ${body.occurredOn}.`;
        const to = await tellReporter(t, report, bellProject, { title, body: text });
        return { incidentId: incident!.id, to, title, text };
      });
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
      const outcome = await app.db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const report = await pendingReport(t, id);
        await t
          .update(incidentReports)
          .set({ status: 'rejected', rejectReason: reason, reviewedBy: admin.username, reviewedAt: now })
          .where(eq(incidentReports.id, id));
        const title = `Your incident report on ${report.projectName} was not accepted`;
        const text = `Reason: ${reason}`;
        const to = await tellReporter(t, report, await projectNamed(t, report.projectName), {
          title,
          body: text,
        });
        return { to, title, text };
      });
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
