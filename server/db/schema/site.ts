import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Incident reports sent by visitors through 'Report Incident'. */
export const incidentReports = pgTable('incident_reports', {
  id: serial('id').primaryKey(),
  projectName: text('project_name').notNull(),
  description: text('description').notNull(),
  txHash: text('tx_hash'),
  contactEmail: text('contact_email'),
  userId: uuid('user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Staff moderation: 'pending' until approved (→ an incident, `incidentId`) or rejected with a reason. */
  status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
  rejectReason: text('reject_reason'),
  reviewedBy: uuid('reviewed_by'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  incidentId: integer('incident_id'),
});

export const quoteRequests = pgTable('quote_requests', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company').notNull(),
  services: text('services').array().notNull(),
  budget: text('budget').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userEvents = pgTable('user_events', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id'),
  eventName: text('event_name').notNull(),
  properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const clientErrors = pgTable('client_errors', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  trace: text('trace').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  content: text('content').notNull(),
  link: text('link'),
  linkText: text('link_text'),
  active: boolean('active').notNull().default(true),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mail that was not sent over SMTP (development outbox). */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  code: text('code'),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Counters for rate limits that must survive a restart (resend, forgot password). */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});
