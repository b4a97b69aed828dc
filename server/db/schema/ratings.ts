import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigserialId, createdAt, timestamptz, updatedAt } from './columns';
import type { SubScores } from './projects';
import { projectRef } from './projects';
import { userRef } from './accounts';

/** Raw signal values keyed by signal key (server/ratings/methodology.ts); null = not known. */
export type SignalValues = Record<string, number | null>;

/** How one signal moved between two computations, with its effect on the overall score. */
export type SignalMove = {
  signal: string;
  /** Normalised value (0–100) before and after. */
  from: number;
  to: number;
  /** Points the overall score moved because of this signal alone (one decimal). */
  delta: number;
  /** The raw value it moved to (absent in rows written before it was kept), so a label says what was true then. */
  raw?: number | null;
};

/**
 * The signals of each project: the data every score is computed from. `normalized` and `computedAt` are the
 * last computation's, kept so the next one can say which signals moved.
 */
export const projectSignals = pgTable('project_signals', {
  projectId: projectRef().primaryKey(),
  values: jsonb('values').$type<SignalValues>().notNull(),
  normalized: jsonb('normalized').$type<Record<string, number>>(),
  /** Bumped by every signal write; a recompute job carries the version it was queued for. */
  version: integer('version').notNull().default(1),
  updatedAt: updatedAt(),
  computedAt: timestamptz('computed_at'),
});

/**
 * When the whole catalogue was last computed (scope 'all': the hourly recompute, a full import). It writes a
 * project's signals row only when its normalised values moved, so a project's computation is as of this time or
 * its row's `computedAt`, whichever is later. (Writing `computedAt` into every row each hour rewrote 50,000 rows of
 * 1.8 KB, and PGlite then spent up to 0.7 s of the server's thread vacuuming them.)
 */
export const ratingRuns = pgTable('rating_runs', {
  scope: text('scope').primaryKey(),
  computedAt: timestamptz('computed_at').notNull(),
});

/** One row per computation that changed a project's score, tier or badges. */
export const scoreSnapshots = pgTable(
  'score_snapshots',
  {
    id: bigserialId(),
    projectId: projectRef(),
    computedAt: timestamptz('computed_at').notNull(),
    score: real('score').notNull(),
    subScores: jsonb('sub_scores').$type<SubScores>().notNull(),
    tier: text('tier').notNull(),
    audited: integer('audited').notNull().default(0),
    kyc: integer('kyc').notNull().default(0),
    methodologyVersion: text('methodology_version').notNull(),
    /** Signals that moved since the previous snapshot, largest effect first. */
    moves: jsonb('moves').$type<SignalMove[]>().notNull(),
    reason: text('reason').$type<'seed' | 'import' | 'signals' | 'schedule' | 'incident'>().notNull(),
  },
  (t) => [index('score_snapshots_project_idx').on(t.projectId, t.computedAt)],
);

/** Page views and watchlist adds per project and day: what trending is computed from. */
export const projectActivity = pgTable(
  'project_activity',
  {
    projectId: projectRef(),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
    watchlistAdds: integer('watchlist_adds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day] }), index('project_activity_day_idx').on(t.day)],
);

/**
 * Durable jobs, claimed with `FOR UPDATE SKIP LOCKED` (server/jobs). A claimed job holds a lease
 * (`lockedUntil`); a job whose runner died is claimed again when the lease runs out. `singletonKey` makes an
 * enqueue idempotent (a scheduled run per period, a recompute per signal version).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserialId(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    runAt: timestamptz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamptz('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    singletonKey: text('singleton_key'),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_singleton_idx').on(t.singletonKey),
  ],
);

/**
 * In-app notifications. `changeKey` names the change (snapshot id and kind, or alert id), so a retried job or a
 * second instance inserts nothing new: exactly one notification per change per user.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserialId(),
    userId: userRef(),
    projectId: projectRef(),
    kind: text('kind').$type<'score' | 'tier' | 'badge' | 'incident'>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    changeKey: text('change_key').notNull(),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
    /** 'pending' until mailed (instantly or in a digest), 'sent', or 'skipped' when the user wants no mail. */
    mailStatus: text('mail_status').$type<'pending' | 'sent' | 'skipped'>().notNull().default('pending'),
    mailedAt: timestamptz('mailed_at'),
  },
  (t) => [
    uniqueIndex('notifications_change_idx').on(t.userId, t.changeKey),
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_mail_idx').on(t.mailStatus, t.createdAt),
  ],
);
