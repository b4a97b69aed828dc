import type { z } from 'zod';
import type * as schemas from './site.schemas';
import type { ErrorReport, Request } from './http';

export type IncidentReportBody = z.infer<typeof schemas.IncidentReportBody>;

export const QUOTE_SERVICES = ['security-audit', 'skynet', 'skytrace', 'pentest', 'other'] as const;
export type QuoteRequestBody = z.infer<typeof schemas.QuoteRequestBody>;
export type Created = z.infer<typeof schemas.Created>;
export type Announcement = z.infer<typeof schemas.Announcement>;
export type UserEventBody = z.input<typeof schemas.UserEventBody>;

// ---- typed fetch functions ----

export const reportIncident = (request: Request, body: IncidentReportBody) =>
  request<Created>('/api/incidents', { method: 'POST', body });

export const requestQuote = (request: Request, body: QuoteRequestBody) =>
  request<Created>('/api/quote', { method: 'POST', body });

export const getAnnouncement = (request: Request) => request<Announcement | null>('/api/announcement');

/** The id of the JSON data block in which the server writes the active announcement into the app's HTML. */
export const ANNOUNCEMENT_ELEMENT_ID = 'announcement-data';

/** The id of the data block naming the visitor's choices the server rendered the page's HTML with. */
export const RENDERED_FOR_ELEMENT_ID = 'rendered-for';
/** The dismissed banner's text and the cookie notice's acceptance, as the server read them from their cookies. */
export type RenderedFor = { bannerIgnored: string | null; cookieAccepted: boolean };

export const sendUserEvent = (
  request: Request,
  eventName: string,
  properties: Record<string, unknown> = {},
) => request<void>('/api/user/events', { method: 'POST', body: { eventName, properties } });

export const reportClientError = (request: Request, report: ErrorReport) =>
  request<void>('/api/errors', { method: 'POST', body: report });
