import type { z } from 'zod';
import type * as schemas from './audits.schemas';
import type { Request } from './http';

/** Severities of audit findings, most severe first. */
export const FINDING_SEVERITY_LIST = ['critical', 'major', 'medium', 'minor', 'informational'] as const;
/** Where a finding's fix stands. */
export const FINDING_STATUS_LIST = ['resolved', 'partially_resolved', 'acknowledged', 'pending'] as const;
/** Most findings one published audit may carry. */
export const MAX_FINDINGS = 200;

export const SEVERITY_LABELS: Readonly<Record<FindingSeverity, string>> = {
  critical: 'Critical',
  major: 'Major',
  medium: 'Medium',
  minor: 'Minor',
  informational: 'Informational',
};
export const STATUS_LABELS: Readonly<Record<FindingStatus, string>> = {
  resolved: 'Resolved',
  partially_resolved: 'Partially resolved',
  acknowledged: 'Acknowledged',
  pending: 'Pending',
};

/** What the project page says instead of audits for a native coin. */
export const NOT_APPLICABLE_TEXT = 'Not applicable: a native coin has no smart contract to audit';

export type FindingSeverity = (typeof FINDING_SEVERITY_LIST)[number];
export type FindingStatus = (typeof FINDING_STATUS_LIST)[number];
export type AuditFinding = z.infer<typeof schemas.AuditFinding>;
export type FindingCounts = z.infer<typeof schemas.FindingCounts>;
export type Audit = z.infer<typeof schemas.Audit>;
export type ProjectAudits = z.infer<typeof schemas.ProjectAudits>;
export type AuditPublishInput = z.input<typeof schemas.AuditPublishBody>;
export type AuditPublishBody = z.infer<typeof schemas.AuditPublishBody>;

// ---- typed fetch functions ----

export const getProjectAudits = (request: Request, projectId: string) =>
  request<ProjectAudits>(`/api/projects/${encodeURIComponent(projectId)}/audits`);

export const publishAudit = (request: Request, projectId: string, body: AuditPublishInput) =>
  request<Audit>(`/api/admin/projects/${encodeURIComponent(projectId)}/audits`, { method: 'POST', body });

export const setFindingStatus = (request: Request, findingId: number, status: FindingStatus) =>
  request<AuditFinding>(`/api/admin/audit-findings/${findingId}`, { method: 'PUT', body: { status } });
