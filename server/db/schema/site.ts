import { boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, serialId, timestamptz, updatedAt } from './columns';

/** Incident reports sent by visitors through 'Report Incident'. */
export const incidentReports = pgTable('incident_reports', {
  id: serialId(),
  projectName: text('project_name').notNull(),
  description: text('description').notNull(),
  txHash: text('tx_hash'),
  contactEmail: text('contact_email'),
  userId: uuid('user_id'),
  createdAt: createdAt(),
  /** Staff moderation: 'pending' until approved (→ an incident, `incidentId`) or rejected with a reason. */
  status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
  rejectReason: text('reject_reason'),
  reviewedBy: uuid('reviewed_by'),
  reviewedAt: timestamptz('reviewed_at'),
  incidentId: integer('incident_id'),
});

export const quoteRequests = pgTable('quote_requests', {
  id: serialId(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company').notNull(),
  services: text('services').array().notNull(),
  budget: text('budget').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const userEvents = pgTable('user_events', {
  id: serialId(),
  userId: uuid('user_id'),
  eventName: text('event_name').notNull(),
  properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

export const clientErrors = pgTable('client_errors', {
  id: serialId(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  trace: text('trace').notNull(),
  createdAt: createdAt(),
});

export const announcements = pgTable('announcements', {
  id: serialId(),
  content: text('content').notNull(),
  link: text('link'),
  linkText: text('link_text'),
  active: boolean('active').notNull().default(true),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAt(),
});

/** Mail that was not sent over SMTP (development outbox). */
export const outbox = pgTable('outbox', {
  id: serialId(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  code: text('code'),
  sentAt: timestamptz('sent_at').notNull().defaultNow(),
});

/** Counters for rate limits that must survive a restart (resend, forgot password). */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamptz('window_start').notNull(),
});
