import type { Tags } from '../../core/tags';
import type { connectIncidentModeration } from './incidentModeration.connect';

/** A pending report as staff see it (api/incidents.ts IncidentReport). */
export type PendingReport = {
  id: number;
  projectName: string;
  description: string;
  txHash: string | null;
  contactEmail: string | null;
  signedIn: boolean;
  createdAt: string;
};

/** What staff complete to publish a report as an incident (text as typed; approveBody() makes the request). */
export type ApproveForm = {
  projectName: string;
  projectId: string;
  occurredOn: string;
  type: string;
  technique: string;
  lossUsd: string;
  returnedUsd: string;
  chains: string;
  sourceUrl: string;
  description: string;
};

export type ModerationEvent =
  | { type: 'START_APPROVE'; id: number }
  | { type: 'START_REJECT'; id: number }
  | { type: 'CHANGE'; patch: Partial<ApproveForm> }
  | { type: 'CHANGE_REASON'; reason: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

/** What the staff queue holds (the page renders it; path tests read it). */
export type ModerationContext = {
  reports: PendingReport[];
  /** The report being decided. */
  selected: number | null;
  form: ApproveForm;
  reason: string;
  error: string | null;
  fields: Record<string, string>;
  /** What the last decision did, shown until the next one starts. */
  notice: string | null;
};

/**
 * `loading` the queue loads; `error` it could not; `forbidden` the caller is not staff; `approving` / `rejecting`
 * a report's form is open; `busy` its decision is on the way.
 */
export type ModerationTag = Tags<'loading' | 'busy' | 'error' | 'forbidden', 'approving' | 'rejecting'>;

/**
 * What the view needs besides the machine: a prefix for the ids of the page's elements (React's useId) and how the
 * page writes a date (the site's formatter, which machines/ cannot import).
 */
export type ModerationViewOptions = { idPrefix: string; formatDate: (isoDate: string) => string };
/** What IncidentAdminPage renders (incidentModeration.connect). */
export type ModerationView = ReturnType<typeof connectIncidentModeration>;
