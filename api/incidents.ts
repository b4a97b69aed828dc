import type { z } from 'zod';
import type * as schemas from './incidents.schemas';
import type { Request } from './http';

/** The kinds of incident the database records (the staff form and the filter offer these). */
export const INCIDENT_TYPES = [
  'exploit',
  'rug pull',
  'phishing',
  'oracle manipulation',
  'key compromise',
  'governance attack',
  'front-end hijack',
  'other',
] as const;
export const INCIDENT_SORTS = ['date', 'loss'] as const;
export const INCIDENT_SOURCES = ['public', 'report', 'staff', 'demo'] as const;
export const INCIDENTS_PAGE_SIZE = 20;
export type IncidentsListInput = z.input<typeof schemas.IncidentsListQuery>;
export type Incident = z.infer<typeof schemas.Incident>;
export type IncidentsPage = z.infer<typeof schemas.IncidentsPage>;
export type IncidentReport = z.infer<typeof schemas.IncidentReport>;
export type ApproveReportInput = z.input<typeof schemas.ApproveReportBody>;
export type ReportDecision = z.infer<typeof schemas.ReportDecision>;

/** The Atom feed of the incidents database (newest first). */
export const INCIDENTS_FEED_PATH = '/api/incidents.atom';

// ---- typed fetch functions ----

export const getIncidents = (request: Request, query: IncidentsListInput = {}) =>
  request<IncidentsPage>('/api/incidents-list', {
    query: query as Record<string, string | number | boolean | undefined>,
  });

export const getIncidentReports = (request: Request) =>
  request<{ items: IncidentReport[] }>('/api/admin/incident-reports');

export const approveIncidentReport = (request: Request, id: number, body: ApproveReportInput) =>
  request<ReportDecision>(`/api/admin/incident-reports/${id}/approve`, { method: 'POST', body });

export const rejectIncidentReport = (request: Request, id: number, reason: string) =>
  request<ReportDecision>(`/api/admin/incident-reports/${id}/reject`, {
    method: 'POST',
    body: { reason },
  });
