import type { Tags } from '../../core/tags';
import type { connectAuditAdmin } from './auditAdmin.connect';

export type Severity = 'critical' | 'major' | 'medium' | 'minor' | 'informational';
export type Status = 'resolved' | 'partially_resolved' | 'acknowledged' | 'pending';
export type FindingRow = { title: string; severity: Severity; status: Status };
export type AuditForm = {
  auditor: string;
  publishedOn: string;
  scope: string;
  commit: string;
  /** One address or path a line. */
  contracts: string;
  reportUrl: string;
  findings: FindingRow[];
};
/** What the page lists of a project's audits (the shape of GET /api/projects/:id/audits, as far as it reads it). */
export type LoadedAudits = {
  projectId: string;
  applicable: boolean;
  audits: {
    id: number;
    auditor: string;
    publishedOn: string;
    scope: string;
    findings: { id: number; title: string; severity: Severity; status: Status }[];
  }[];
};
export type UpdatedFinding = { id: number; title: string; severity: Severity; status: Status };

export type AuditAdminEvent =
  | { type: 'PICK'; projectId: string }
  /** Opens the project picker (by name or ticker); the project picked arrives as PICK. */
  | { type: 'OPEN_PICKER' }
  | { type: 'CHANGE'; patch: Partial<Omit<AuditForm, 'findings'>> }
  | { type: 'ADD_FINDING' }
  | { type: 'CHANGE_FINDING'; index: number; patch: Partial<FindingRow> }
  | { type: 'REMOVE_FINDING'; index: number }
  | { type: 'PUBLISH' }
  | { type: 'SET_STATUS'; findingId: number; status: Status }
  | { type: 'RETRY' };

export type AuditAdminContext = {
  projectId: string;
  data: LoadedAudits | null;
  form: AuditForm;
  error: string | null;
  fields: Record<string, string>;
  notice: string | null;
};

/**
 * `loading` a project's audits load; `ready` they show and the form takes edits; `busy` a publish or a status
 * change is on the way; `error` the load failed; `forbidden` the caller is not an admin.
 */
export type AuditAdminTag = Tags<'loading' | 'ready' | 'busy' | 'error' | 'forbidden'>;

/**
 * What the view needs besides the machine: a prefix for the ids of the page's elements (React's useId) and how the
 * site writes a date (its formatter, which machines/ cannot import).
 */
export type AuditAdminViewOptions = { idPrefix: string; formatDate: (isoDate: string) => string };
/** What AuditAdminPage renders (auditAdmin.connect). */
export type AuditAdminView = ReturnType<typeof connectAuditAdmin>;
