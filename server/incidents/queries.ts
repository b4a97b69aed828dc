import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ApproveReportBody, IncidentsListQuery } from '../../api/incidents.schemas';
import type { Db } from '../db/client';
import { rows } from '../db/rows';
import { alerts, incidentReports, incidents, notifications, projects, users } from '../db/schema/index';
import { AppError, badRequest, notFound } from '../errors';
import { enqueue } from '../jobs/queue';
import { queueIncidentRecompute } from '../ratings/incidentSignals';

/**
 * The incidents database and the staff moderation of visitors' reports: the public list and feed, the pending
 * reports, and the two decisions (approve → an incident, reject with a reason), each in one transaction with the
 * reporter's bell notification.
 */

export type IncidentRow = typeof incidents.$inferSelect;
export type ReportRow = typeof incidentReports.$inferSelect;
export type IncidentsFilter = z.output<typeof IncidentsListQuery>;
export type ReportApproval = z.output<typeof ApproveReportBody>;
/** What the reporter is told of a decision: the bell's title and text, and the address to mail them to. */
export type ReportOutcome = { to: string | null; title: string; text: string };

/** `%` and `_` typed by a visitor match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of incidents matching the filter, how many match, and every chain any incident names. */
export async function listIncidents(
  db: Db,
  q: IncidentsFilter,
): Promise<{ items: IncidentRow[]; total: number; chains: string[] }> {
  const where: SQL[] = [];
  if (q.type) where.push(eq(incidents.type, q.type));
  if (q.chain) where.push(sql`${q.chain} = ANY (${incidents.chains})`);
  if (q.year) {
    where.push(gte(incidents.occurredOn, `${q.year}-01-01`), lte(incidents.occurredOn, `${q.year}-12-31`));
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
    db
      .select()
      .from(incidents)
      .where(filter)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(incidents)
      .where(filter),
    db.execute(sql`SELECT DISTINCT unnest(chains) AS chain FROM incidents ORDER BY 1`),
  ]);
  return {
    items,
    total: Number(count?.n ?? 0),
    chains: rows<{ chain: string }>(chains).map((r) => r.chain),
  };
}

/** The latest incidents, newest first (the Atom feed). */
/** Stores a visitor's incident report for the staff queue; answers its id. */
export async function saveIncidentReport(
  db: Db,
  report: Pick<
    typeof incidentReports.$inferInsert,
    'projectName' | 'description' | 'txHash' | 'contactEmail' | 'userId'
  >,
): Promise<number> {
  const [row] = await db.insert(incidentReports).values(report).returning({ id: incidentReports.id });
  return row!.id;
}

export const latestIncidents = (db: Db, limit: number): Promise<IncidentRow[]> =>
  db.select().from(incidents).orderBy(desc(incidents.occurredOn), desc(incidents.id)).limit(limit);

/** Reports awaiting a decision, oldest first. */
export const pendingReports = (db: Db, limit: number): Promise<ReportRow[]> =>
  db
    .select()
    .from(incidentReports)
    .where(eq(incidentReports.status, 'pending'))
    .orderBy(asc(incidentReports.createdAt), asc(incidentReports.id))
    .limit(limit);

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
async function pendingReport(db: Db, id: number): Promise<ReportRow> {
  const [report] = await db.select().from(incidentReports).where(eq(incidentReports.id, id)).for('update');
  if (!report) throw notFound('Report not found.');
  if (report.status !== 'pending')
    throw new AppError(409, 'Conflict', `This report was already ${report.status}.`);
  return report;
}

/**
 * Tells the reporter: the bell (signed-in reporter, a project to attach it to); answers where to mail the decision
 * (the contact address, else the account's when the bell was not rung), or null.
 */
async function tellReporter(
  db: Db,
  report: ReportRow,
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
        // The decision is mailed by the caller, once, not again through the alert mail settings.
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

/**
 * Approves a pending report, in one transaction: the incident (source 'report'), the report's decision (who and
 * when), and on a rated project its security alert, the alert's notify job and the project's recompute; then the
 * reporter's bell. 404/409 for a missing or decided report, 400 for an unknown projectId.
 */
export async function approveReport(
  db: Db,
  id: number,
  body: ReportApproval,
  reviewer: string,
  now: Date,
): Promise<ReportOutcome & { incidentId: number }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const report = await pendingReport(t, id);
    const projectId = body.projectId || null;
    let projectName = body.projectName;
    if (projectId) {
      const [p] = await t.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
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
      .set({ status: 'approved', incidentId: incident!.id, reviewedBy: reviewer, reviewedAt: now })
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
}

/** Rejects a pending report with a reason, in one transaction with the reporter's bell; 404/409 as approveReport. */
export async function rejectReport(
  db: Db,
  id: number,
  reason: string,
  reviewer: string,
  now: Date,
): Promise<ReportOutcome> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const report = await pendingReport(t, id);
    await t
      .update(incidentReports)
      .set({ status: 'rejected', rejectReason: reason, reviewedBy: reviewer, reviewedAt: now })
      .where(eq(incidentReports.id, id));
    const title = `Your incident report on ${report.projectName} was not accepted`;
    const text = `Reason: ${reason}`;
    const to = await tellReporter(t, report, await projectNamed(t, report.projectName), {
      title,
      body: text,
    });
    return { to, title, text };
  });
}
