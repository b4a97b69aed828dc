import { sql } from 'drizzle-orm';
import type { FindingSeverity, FindingStatus } from '../../api/audits';
import type { Db } from '../db/client';
import { enqueue } from '../jobs/queue';
import { rows } from '../db/rows';
import { epochDay } from './methodology';

/**
 * The Code Security signals that audit records decide (server/ratings/methodology.ts): `auditCount` (audits on
 * record), `lastAuditDay` (the newest one's day) and `openFindings` (findings not resolved, weighted by severity).
 * A project with audit records has these three computed from them; one without keeps whatever its signals say.
 */

/**
 * How much an unresolved finding weighs in `openFindings`, by severity. The methodology takes 25 points per unit: a
 * critical costs two majors, informational notes cost nothing.
 */
export const SEVERITY_WEIGHT: Readonly<Record<FindingSeverity, number>> = {
  critical: 2,
  major: 1,
  medium: 0.5,
  minor: 0.25,
  informational: 0,
};

/** How much of a finding is still open, by status: a partial fix counts half; acknowledged is not fixed. */
export const OPEN_SHARE: Readonly<Record<FindingStatus, number>> = {
  resolved: 0,
  partially_resolved: 0.5,
  acknowledged: 1,
  pending: 1,
};

export type AuditSignalValues = { auditCount: number; lastAuditDay: number; openFindings: number };

type Finding = { severity: FindingSeverity; status: FindingStatus };

/** The weighted open findings of a list of findings. */
export function openFindingsOf(findings: readonly Finding[]): number {
  const total = findings.reduce((s, f) => s + SEVERITY_WEIGHT[f.severity] * OPEN_SHARE[f.status], 0);
  // Quarter weights add up exactly in binary; the rounding only guards against a future weight that does not.
  return Math.round(total * 1000) / 1000;
}

/** The three signals from a project's audits (null without any: the stored signals stand). */
export function auditSignalsFrom(
  audits: readonly { publishedOn: string; findings: readonly Finding[] }[],
): AuditSignalValues | null {
  if (audits.length === 0) return null;
  const days = audits.map((a) => epochDay(new Date(`${a.publishedOn}T00:00:00Z`)));
  return {
    auditCount: audits.length,
    lastAuditDay: Math.max(...days),
    openFindings: openFindingsOf(audits.flatMap((a) => a.findings)),
  };
}

/** The audit signals of one project as its records stand (null: no audit on record). */
export async function readAuditSignals(db: Db, projectId: string): Promise<AuditSignalValues | null> {
  const found = rows<{
    id: number;
    published_on: string;
    severity: FindingSeverity | null;
    status: FindingStatus | null;
  }>(
    await db.execute(sql`
      SELECT a.id, a.published_on::text AS published_on, f.severity, f.status
      FROM audits a LEFT JOIN audit_findings f ON f.audit_id = a.id
      WHERE a.project_id = ${projectId}`),
  );
  const byAudit = new Map<number, { publishedOn: string; findings: Finding[] }>();
  for (const r of found) {
    let a = byAudit.get(Number(r.id));
    if (!a) byAudit.set(Number(r.id), (a = { publishedOn: r.published_on, findings: [] }));
    if (r.severity && r.status) a.findings.push({ severity: r.severity, status: r.status });
  }
  return auditSignalsFrom([...byAudit.values()]);
}

/**
 * Writes a project's audit signals from its records into its stored signals and queues its recompute (job
 * `recompute`, reason 'signals'), in the caller's transaction: the score, its history and the "Audited" badge
 * follow the records once the job runs. Answers the values written (null when the project has no audit).
 */
export async function refreshAuditSignals(db: Db, projectId: string): Promise<AuditSignalValues | null> {
  const values = await readAuditSignals(db, projectId);
  if (!values) return null;
  await db.execute(sql`
    INSERT INTO project_signals (project_id, "values") VALUES (${projectId}, ${JSON.stringify(values)}::jsonb)
    ON CONFLICT (project_id) DO UPDATE SET "values" = project_signals."values" || excluded."values",
      version = project_signals.version + 1, updated_at = now()`);
  await enqueue(db, 'recompute', { ids: [projectId], reason: 'signals' });
  return values;
}

/** Days since 1970 of an ISO date (how `lastAuditDay` is stored). */
export const dayOf = (isoDate: string) => epochDay(new Date(`${isoDate}T00:00:00Z`));
