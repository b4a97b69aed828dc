import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt } from './columns';
import { projectRef, projects } from './projects';

export const FINDING_SEVERITIES = ['critical', 'major', 'medium', 'minor', 'informational'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];
export const FINDING_STATUSES = ['resolved', 'partially_resolved', 'acknowledged', 'pending'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

/**
 * Where a record comes from: 'demo' (the seed generator, labelled "Demo data"), 'public' (a public source shipped as
 * data, with its link), 'staff' (published by an admin), 'report' (a visitor's report approved by staff).
 */
export type RecordSource = 'demo' | 'public' | 'staff' | 'report';

/** A security audit of a project: who, when, what was in scope, and the report. */
export const audits = pgTable(
  'audits',
  {
    id: serialId(),
    projectId: projectRef(),
    auditor: text('auditor').notNull(),
    publishedOn: date('published_on').notNull(),
    scope: text('scope').notNull(),
    /** The commit audited, when the report names one. */
    commit: text('commit'),
    /** Contract addresses or file paths in scope. */
    contracts: text('contracts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The report: an external link or a stored file's URL. */
    reportUrl: text('report_url'),
    source: text('source').$type<RecordSource>().notNull().default('staff'),
    publishedBy: uuid('published_by'),
    createdAt: createdAt(),
  },
  (t) => [index('audits_project_idx').on(t.projectId, t.publishedOn.desc())],
);

/** A finding of an audit, with its severity and where its fix stands. */
export const auditFindings = pgTable(
  'audit_findings',
  {
    id: serialId(),
    auditId: integer('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    severity: text('severity').$type<FindingSeverity>().notNull(),
    status: text('status').$type<FindingStatus>().notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [index('audit_findings_audit_idx').on(t.auditId)],
);

/**
 * A security incident (exploit, rug pull, phishing, …): the incidents database (/resources/incidents). A real
 * project carries only incidents from a public source shipped as data (with `sourceUrl`) or approved by staff.
 */
export const incidents = pgTable(
  'incidents',
  {
    id: serialId(),
    /** The project rated here, when the incident concerns one. */
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    projectName: text('project_name').notNull(),
    occurredOn: date('occurred_on').notNull(),
    type: text('type').notNull(),
    /** How it was done (e.g. "Private key compromise", "Reentrancy"), when known. */
    technique: text('technique'),
    lossUsd: real('loss_usd'),
    returnedUsd: real('returned_usd'),
    chains: text('chains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sourceUrl: text('source_url'),
    description: text('description').notNull().default(''),
    source: text('source').$type<RecordSource>().notNull(),
    /** The visitor's report it was approved from. */
    reportId: integer('report_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('incidents_occurred_idx').on(t.occurredOn.desc()),
    index('incidents_project_idx').on(t.projectId, t.occurredOn.desc()),
  ],
);
