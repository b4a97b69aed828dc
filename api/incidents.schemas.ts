import { z } from 'zod';
import { intFromQuery } from './projects.schemas';
import { INCIDENT_SORTS, INCIDENT_SOURCES, INCIDENT_TYPES, INCIDENTS_PAGE_SIZE } from './incidents';

export const IncidentType = z.enum(INCIDENT_TYPES);

const emptyToUndefined = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .optional()
    .transform((v) => (v === '' ? undefined : (v as z.infer<T> | undefined)));
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD');

/** GET /api/incidents-list: filters, sort and page of the incidents database. */
export const IncidentsListQuery = z.object({
  type: emptyToUndefined(IncidentType),
  chain: emptyToUndefined(z.string().max(50)),
  year: intFromQuery(2000, 2100).optional(),
  from: emptyToUndefined(isoDay),
  to: emptyToUndefined(isoDay),
  keyword: emptyToUndefined(z.string().max(100)),
  /** Only the incidents of this rated project (its page's history). */
  project: emptyToUndefined(z.string().max(200)),
  sort: z.enum(INCIDENT_SORTS).default('date'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: intFromQuery(1, 100_000).default(1),
  pageSize: intFromQuery(1, 100).default(INCIDENTS_PAGE_SIZE),
});

export const Incident = z.object({
  id: z.number().int(),
  projectId: z.string().nullable(),
  projectName: z.string(),
  occurredOn: z.string(),
  type: z.string(),
  technique: z.string().nullable(),
  lossUsd: z.number().nullable(),
  returnedUsd: z.number().nullable(),
  chains: z.array(z.string()),
  sourceUrl: z.string().nullable(),
  description: z.string(),
  source: z.enum(INCIDENT_SOURCES),
});

export const IncidentsPage = z.object({
  items: z.array(Incident),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every chain named by some incident, for the chain filter. */
  chains: z.array(z.string()),
});

/** A visitor's report as staff see it in the moderation queue. */
export const IncidentReport = z.object({
  id: z.number().int(),
  projectName: z.string(),
  description: z.string(),
  txHash: z.string().nullable(),
  contactEmail: z.string().nullable(),
  signedIn: z.boolean(),
  createdAt: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
});
export const IncidentReportList = z.object({ items: z.array(IncidentReport) });

export const ReportIdParams = z.object({ id: intFromQuery(1, 2_147_483_647) });

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/, 'Enter an http(s) URL');
const usd = z.number().finite().min(0).max(1e13);

/** POST /api/admin/incident-reports/:id/approve: what staff complete to publish the incident. */
export const ApproveReportBody = z.object({
  projectName: z.string().trim().min(1, 'Enter the project').max(200),
  /** The rated project it concerns, when there is one. */
  projectId: z.string().trim().max(200).optional(),
  occurredOn: isoDay,
  type: IncidentType,
  technique: z.string().trim().max(200).optional(),
  lossUsd: usd.nullable().optional(),
  returnedUsd: usd.nullable().optional(),
  chains: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
  sourceUrl: httpUrl.optional(),
  description: z.string().trim().max(5000).optional(),
});

/** POST /api/admin/incident-reports/:id/reject */
export const RejectReportBody = z.object({
  reason: z.string().trim().min(1, 'Give a reason').max(1000),
});

export const ReportDecision = z.object({
  id: z.number().int(),
  status: z.enum(['approved', 'rejected']),
  incidentId: z.number().int().nullable(),
});
