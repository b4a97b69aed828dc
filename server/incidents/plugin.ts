import type { FastifyInstance } from 'fastify';
import type { Incident } from '../../api/incidents';
import { escapeHtml } from '../accounts/pages';
import { siteOrigin } from '../accounts/origin';
import { createMailer } from '../mail/index';
import type { MailContent } from '../mail/templates';
import { repositoryPlugin } from '../plugins/app/repository';
import { incidentsAtom } from './feed';
import {
  approveReport,
  latestIncidents,
  listIncidents,
  pendingReports,
  rejectReport,
  saveIncidentReport,
  type IncidentRow,
  type IncidentsFilter,
  type ReportApproval,
  type ReportOutcome,
} from './queries';

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
 * The incidents database and the staff moderation of visitors' reports over this app's database, for the incidents
 * routes (/api/incidents, /api/incidents-list, /api/admin/incident-reports). A decision is made at the app's clock
 * and mailed to the reporter when the report left an address.
 */
export function incidentRepository(app: FastifyInstance) {
  const tellReporter = async (outcome: ReportOutcome, paragraphs: string[]) => {
    if (!outcome.to) return;
    const mailer = createMailer({ config: app.config, db: app.db, clock: app.clock, log: app.log });
    await mailer.send(outcome.to, decisionMail(outcome.title, paragraphs));
  };
  return {
    /** One page of the public incidents database, how many match, and every chain any incident names. */
    list: async (filter: IncidentsFilter) => {
      const { items, total, chains } = await listIncidents(app.db, filter);
      return { items: items.map(toIncident), total, chains };
    },
    /** A visitor's report, pending moderation; its id. */
    saveReport: (report: Parameters<typeof saveIncidentReport>[1]) => saveIncidentReport(app.db, report),
    /** The Atom feed of the latest 50 incidents. */
    atomFeed: async () => incidentsAtom(await latestIncidents(app.db, 50), siteOrigin(app)),
    /** Reports awaiting a decision, oldest first, as staff see them. */
    pendingReports: async (limit: number) =>
      (await pendingReports(app.db, limit)).map((r) => ({
        id: r.id,
        projectName: r.projectName,
        description: r.description,
        txHash: r.txHash,
        contactEmail: r.contactEmail,
        signedIn: r.userId !== null,
        createdAt: r.createdAt.toISOString(),
        status: r.status,
      })),
    /** Publishes a pending report as an incident (see approveReport); the incident's id. */
    approve: async (id: number, approval: ReportApproval, reviewer: string) => {
      const outcome = await approveReport(app.db, id, approval, reviewer, app.clock.now());
      await tellReporter(outcome, [
        'Thank you for your report.',
        outcome.text,
        `See it at ${siteOrigin(app)}/resources/incidents`,
      ]);
      return outcome.incidentId;
    },
    /** Rejects a pending report with a reason (see rejectReport). */
    reject: async (id: number, reason: string, reviewer: string) => {
      const outcome = await rejectReport(app.db, id, reason, reviewer, app.clock.now());
      await tellReporter(outcome, [
        'Thank you for your report. Our staff reviewed it and did not publish it.',
        outcome.text,
      ]);
    },
  };
}

export type IncidentRepository = ReturnType<typeof incidentRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    incidents: IncidentRepository;
  }
}

/** The incident repository of this app's database as `app.incidents`. */
export const incidents = repositoryPlugin('incidents', incidentRepository, ['db', 'config', 'clock']);
