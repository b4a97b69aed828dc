import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  FINDING_SEVERITY_LIST,
  FINDING_STATUS_LIST,
  type Audit,
  type AuditFinding,
  type FindingCounts,
  type FindingStatus,
  type ProjectAudits,
} from '../../api/audits';
import type { AuditPublishBody } from '../../api/audits.schemas';
import type { ProjectDetail } from '../../api/projects';
import type { Db } from '../db/client';
import { auditFindings, audits, contracts, projects } from '../db/schema/index';
import { notFound } from '../errors';
import { refreshAuditSignals } from '../ratings/auditSignals';
import { nativeCoinIds } from '../seed/audits';

/** A project's audit records and KYC details as its page and the API show them. */

export type AuditRow = typeof audits.$inferSelect;
export type FindingRow = typeof auditFindings.$inferSelect;

const SEVERITY_ORDER = new Map<string, number>(FINDING_SEVERITY_LIST.map((s, i) => [s, i]));

/** Counts of findings by severity and status (every key present, zeros included). */
export function countFindings(findings: readonly Pick<AuditFinding, 'severity' | 'status'>[]): FindingCounts {
  const bySeverity = Object.fromEntries(
    FINDING_SEVERITY_LIST.map((s) => [s, 0]),
  ) as FindingCounts['bySeverity'];
  const byStatus = Object.fromEntries(FINDING_STATUS_LIST.map((s) => [s, 0])) as FindingCounts['byStatus'];
  for (const f of findings) {
    bySeverity[f.severity] += 1;
    byStatus[f.status] += 1;
  }
  return { bySeverity, byStatus };
}

export const toFinding = (f: FindingRow): AuditFinding => ({
  id: f.id,
  title: f.title,
  severity: f.severity,
  status: f.status,
});

export function toAudit(a: AuditRow, findings: readonly FindingRow[]): Audit {
  const list = [...findings]
    .sort(
      (x, y) => (SEVERITY_ORDER.get(x.severity) ?? 9) - (SEVERITY_ORDER.get(y.severity) ?? 9) || x.id - y.id,
    )
    .map(toFinding);
  return {
    id: a.id,
    projectId: a.projectId,
    auditor: a.auditor,
    publishedOn: a.publishedOn,
    scope: a.scope,
    commit: a.commit,
    contracts: a.contracts,
    reportUrl: a.reportUrl,
    source: a.source,
    findings: list,
    summary: countFindings(list),
  };
}

/** Whether audits apply to a project: not to a native coin that has no contract (nothing to audit). */
export async function auditsApply(db: Db, projectId: string): Promise<boolean> {
  if (!nativeCoinIds().has(projectId)) return true;
  const [row] = await db.select({ n: count() }).from(contracts).where(eq(contracts.projectId, projectId));
  return auditsApplicableTo(projectId, row?.n ?? 0);
}

/** A native coin's project page says audits do not apply; every other project's lists them. */
export const auditsApplicableTo = (projectId: string, contractCount: number) =>
  contractCount > 0 || !nativeCoinIds().has(projectId);

const DAY_MS = 86_400_000;
/** A KYC review is renewed this many days after it was made. */
export const KYC_REVIEW_DAYS = 90;

/**
 * A project's KYC details for its page (null when its team is not verified or no detail is stored). Every detail
 * stored here comes from the seed generator (no review workflow writes them), so they say "Demo data".
 */
export function kycDetailsOf(p: {
  kyc: boolean;
  kycTier: 'gold' | 'silver' | 'bronze' | null;
  kycVerifiedOn: string | null;
  kycScope: string[] | null;
}): ProjectDetail['kycDetails'] {
  if (!p.kyc || !p.kycTier || !p.kycVerifiedOn) return null;
  const next = new Date(Date.parse(`${p.kycVerifiedOn}T00:00:00Z`) + KYC_REVIEW_DAYS * DAY_MS);
  return {
    tier: p.kycTier,
    verifiedOn: p.kycVerifiedOn,
    nextReviewOn: next.toISOString().slice(0, 10),
    scope: p.kycScope ?? [],
    demo: true,
  };
}

export async function requireProjectId(db: Db, id: string): Promise<void> {
  const [p] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).limit(1);
  if (!p) throw notFound(`No project with id "${id.slice(0, 200)}".`);
}

/** A project's audits with their findings, newest first, and every finding counted. */
export async function projectAudits(db: Db, projectId: string): Promise<ProjectAudits> {
  const list = await db
    .select()
    .from(audits)
    .where(eq(audits.projectId, projectId))
    .orderBy(desc(audits.publishedOn), desc(audits.id));
  const findings =
    list.length === 0
      ? []
      : await db
          .select()
          .from(auditFindings)
          .where(
            inArray(
              auditFindings.auditId,
              list.map((a) => a.id),
            ),
          )
          .orderBy(asc(auditFindings.id));
  const byAudit = new Map<number, FindingRow[]>();
  for (const f of findings) byAudit.set(f.auditId, [...(byAudit.get(f.auditId) ?? []), f]);
  const applicable = await auditsApply(db, projectId);
  const shown = applicable ? list.map((a) => toAudit(a, byAudit.get(a.id) ?? [])) : [];
  return {
    projectId,
    applicable,
    audits: shown,
    summary: countFindings(shown.flatMap((a) => a.findings)),
  };
}

/**
 * Publishes a staff audit with its findings and refreshes the project's audit signals (its recompute is queued), in
 * one transaction; answers the audit as the API shows it.
 */
export async function publishAudit(
  db: Db,
  projectId: string,
  body: z.output<typeof AuditPublishBody>,
  publishedBy: string,
  now: Date,
): Promise<Audit> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .insert(audits)
      .values({
        projectId,
        auditor: body.auditor,
        publishedOn: body.publishedOn,
        scope: body.scope,
        commit: body.commit,
        contracts: body.contracts,
        reportUrl: body.reportUrl,
        source: 'staff',
        publishedBy,
        createdAt: now,
      })
      .returning();
    const findings =
      body.findings.length === 0
        ? []
        : await t
            .insert(auditFindings)
            .values(
              body.findings.map((f) => ({
                auditId: row!.id,
                title: f.title,
                severity: f.severity,
                status: f.status,
                updatedBy: publishedBy,
                updatedAt: now,
              })),
            )
            .returning();
    await refreshAuditSignals(t, projectId);
    return toAudit(row!, findings);
  });
}

/**
 * Sets a finding's status, in one transaction with its project's audit signals when the status changed; null when
 * there is no such finding. Answers the finding, its project and the status it had.
 */
export async function setFindingStatus(
  db: Db,
  id: number,
  status: FindingStatus,
  updatedBy: string,
  now: Date,
): Promise<{ finding: FindingRow; projectId: string; before: FindingRow['status'] } | null> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [found] = await t
      .select({ finding: auditFindings, projectId: audits.projectId })
      .from(auditFindings)
      .innerJoin(audits, eq(audits.id, auditFindings.auditId))
      .where(eq(auditFindings.id, id))
      .limit(1);
    if (!found) return null;
    const [updated] = await t
      .update(auditFindings)
      .set({ status, updatedBy, updatedAt: now })
      .where(eq(auditFindings.id, id))
      .returning();
    if (found.finding.status !== status) await refreshAuditSignals(t, found.projectId);
    return { finding: updated!, projectId: found.projectId, before: found.finding.status };
  });
}
