/** Zod schemas of the site contract: the server validates with these (the browser uses api/site.ts). */
import { z } from 'zod';
import { QUOTE_SERVICES } from './site';

const text = (max: number) => z.string().trim().min(1).max(max);

/** POST /api/incidents — 'Report Incident'. */
export const IncidentReportBody = z.object({
  projectName: text(200),
  description: text(5000),
  txHash: z.string().trim().max(100).optional(),
  contactEmail: z.email().max(254).optional(),
});

/** POST /api/quote — 'Protect Your Project Today'. */
export const QuoteRequestBody = z.object({
  name: text(200),
  email: z.email().max(254),
  company: text(200),
  services: z.array(z.enum(QUOTE_SERVICES)).min(1).max(QUOTE_SERVICES.length),
  budget: text(100),
  message: text(5000),
});

export const Created = z.object({ id: z.number().int() });

/** GET /api/announcement — the active banner, or null. */
export const Announcement = z.object({
  content: z.string(),
  link: z.string(),
  linkText: z.string(),
});

/** POST /api/user/events — analytics event (page views, clicks); `properties` defaults to {}. */
export const UserEventBody = z.object({
  eventName: text(100),
  properties: z
    .record(z.string().max(100), z.unknown())
    .default({})
    .refine(
      (p) => JSON.stringify(p).length <= 10_000,
      'Properties are too large (10,000 characters at most)',
    ),
});

/** POST /api/errors — client error report (spec §3 "Client error report"). */
export const ErrorReportBody = z.object({
  title: text(500),
  description: z.string().max(10_000),
  trace: z.string().max(20_000),
});
