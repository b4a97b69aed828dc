import { sql, type SQL } from 'drizzle-orm';
import { nextTurn, restAfter, type Db } from '../db/client';
import { projectSignals, type SignalMove, type SignalValues } from '../db/schema/ratings';
import type { SubScores, Tier } from '../../api/projects';
import { enqueue } from '../jobs/queue';
import { movedRanks, recomputeRanks } from './ranks';
import { chunks } from '../lib/concurrency';
import { rows } from '../db/rows';
import {
  AUDITS_NOT_APPLICABLE,
  METHODOLOGY_VERSION,
  SIGNAL_KEYS,
  epochDay,
  rate,
  signalMoves,
  type Rating,
} from './methodology';

/**
 * Recomputation: the one place scores, tiers, badges and ranks are written (seed, import, signal changes and
 * the schedule all come here).
 */
export type RatingState = { score: number; tier: Tier; audited: boolean; kyc: boolean };

/** One project whose score, tier or badges changed in a computation; a snapshot was stored for it. */
export type ScoreChange = {
  projectId: string;
  projectName: string;
  snapshotId: number;
  /** null for a project computed for the first time. */
  before: RatingState | null;
  after: RatingState;
  moves: SignalMove[];
};

export type RecomputeReason = 'seed' | 'import' | 'signals' | 'schedule' | 'incident';

export type RecomputeOptions = {
  /** The projects to recompute; all of them when absent. */
  ids?: string[];
  /** recomputeInSlices: stop before the next slice when aborted (the server is shutting down). */
  signal?: AbortSignal;
  reason: RecomputeReason;
  /** The computation's date (audit freshness depends on it); now by default. */
  asOf?: Date;
};

/**
 * A stored value that is not a methodology signal but carries a fact the projects table shows: an audit under
 * way (≥ 1) makes the audit status 'in_progress' while no audit is completed.
 */
export const AUDIT_IN_PROGRESS = 'auditInProgress';
/** Every key a project's stored signal values may carry. */
export const STORED_SIGNAL_KEYS: ReadonlySet<string> = new Set([
  ...SIGNAL_KEYS,
  AUDIT_IN_PROGRESS,
  AUDITS_NOT_APPLICABLE,
]);

const DAY = 86_400_000;
const isoDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/** The columns of `projects` a rating decides. */
export type RatedColumns = {
  score: number;
  sub_scores: SubScores;
  tier: Tier;
  audit_status: 'audited' | 'in_progress' | 'none';
  audit_date: string | null;
  kyc: boolean;
};

export function ratedColumns(values: SignalValues, rating: Rating): RatedColumns {
  const lastAudit = values.lastAuditDay;
  return {
    score: rating.score,
    sub_scores: rating.subScores,
    tier: rating.tier,
    audit_status: rating.audited ? 'audited' : (values[AUDIT_IN_PROGRESS] ?? 0) >= 1 ? 'in_progress' : 'none',
    audit_date:
      rating.audited && lastAudit !== null && lastAudit !== undefined && Number.isFinite(lastAudit)
        ? isoDay(Math.floor(lastAudit))
        : null,
    kyc: rating.kyc,
  };
}

/** A `score_snapshots` row (snake-case columns, for bulk inserts). */
export type SnapshotRow = {
  project_id: string;
  computed_at: string;
  score: number;
  sub_scores: SubScores;
  tier: Tier;
  audited: number;
  kyc: number;
  methodology_version: string;
  moves: SignalMove[];
  reason: RecomputeReason;
};

export function snapshotRow(
  projectId: string,
  rating: Rating,
  moves: SignalMove[],
  asOf: Date,
  reason: RecomputeReason,
): SnapshotRow {
  return {
    project_id: projectId,
    computed_at: asOf.toISOString(),
    score: rating.score,
    sub_scores: rating.subScores,
    tier: rating.tier,
    audited: rating.audited ? 1 : 0,
    kyc: rating.kyc ? 1 : 0,
    methodology_version: METHODOLOGY_VERSION,
    moves,
    reason,
  };
}

/** Inserts snapshot rows (1,000 per statement) and answers their ids by project, in order. */
export async function insertSnapshots(db: Db, snapshots: SnapshotRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of chunks(snapshots, 1000)) {
    const result = await db.execute(sql`
      INSERT INTO score_snapshots (project_id, computed_at, score, sub_scores, tier, audited, kyc,
                                   methodology_version, moves, reason)
      SELECT project_id, computed_at, score, sub_scores, tier, audited, kyc, methodology_version, moves, reason
      FROM jsonb_populate_recordset(NULL::score_snapshots, ${JSON.stringify(batch)}::jsonb)
      RETURNING id, project_id`);
    for (const r of rows<{ id: string | number; project_id: string }>(result))
      ids.set(r.project_id, Number(r.id));
  }
  return ids;
}

type StoredRow = {
  id: string;
  name: string;
  score: number;
  sub_scores: SubScores;
  tier: Tier;
  audit_status: string;
  audit_date: string | null;
  kyc: boolean;
  values: SignalValues | null;
  normalized: Record<string, number> | null;
  has_snapshot: boolean;
};

const PAGE = 5000;

/**
 * The stored rows of the projects `pick` selects, in id order. The page of projects is picked first and joined
 * after: joined first, PostgreSQL merged the page with project_signals read from its first row, so each page read
 * every signals row before it, and a recompute in slices took longer with each slice (100 -> 350 ms a slice at
 * 50,000 projects on PGlite).
 */
const readStored = async (db: Db, pick: SQL) =>
  rows<StoredRow>(
    await db.execute(sql`
      SELECT p.id, p.name, p.score, p.sub_scores, p.tier, p.audit_status, p.audit_date::text AS audit_date, p.kyc,
             s."values", s.normalized,
             EXISTS (SELECT 1 FROM score_snapshots ss WHERE ss.project_id = p.id) AS has_snapshot
      FROM (${pick}) p LEFT JOIN project_signals s ON s.project_id = p.id
      ORDER BY p.id`),
  );

/** The stored rows of these projects (at most 1,000 ids a call). */
const readByIds = (db: Db, ids: string[]) =>
  readStored(
    db,
    sql`SELECT * FROM projects WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  );

/** The stored rows of the first `limit` projects in id order after `after`. */
const readAfter = (db: Db, after: string, limit: number) =>
  readStored(db, sql`SELECT * FROM projects WHERE id > ${after} ORDER BY id LIMIT ${limit}`);

/** Reads the projects to recompute with their signals, a page at a time (by id list or by id order). */
async function* readProjects(db: Db, ids: string[] | undefined): AsyncGenerator<StoredRow[]> {
  if (ids) {
    for (const batch of chunks([...new Set(ids)], 1000)) yield await readByIds(db, batch);
    return;
  }
  let after = '';
  for (;;) {
    const page = await readAfter(db, after, PAGE);
    if (page.length === 0) return;
    yield page;
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

const sameSubScores = (a: SubScores, b: SubScores) =>
  (Object.keys(b) as (keyof SubScores)[]).every((k) => Number(a?.[k]) === b[k]);

/**
 * Recomputes the given projects from their stored signals (`project_signals`) with the methodology, writes score,
 * sub-scores, tier, audit status, audit date and KYC to `projects`, stores a `score_snapshots` row for every
 * project whose score, tier or badges changed (with the signals that moved), keeps `project_signals.normalized`
 * and `computed_at` (a recompute of every project records its time in rating_runs instead, and writes only the
 * rows whose values moved), and recomputes ranks. Works inside a caller's transaction (pass the transaction as `db`).
 *
 * `project_signals.normalized` holds the normalised values of the project's last snapshot (it is rewritten only
 * when a snapshot is stored), so a snapshot's moves add up everything that moved since the previous snapshot —
 * also small drifts (an audit ageing day by day) that did not change the score on their own.
 */
export async function recomputeProjects(db: Db, options: RecomputeOptions): Promise<ScoreChange[]> {
  const asOf = options.asOf ?? new Date();
  const changes: ScoreChange[] = [];
  let rankable = false;
  const whole = !options.ids;
  for await (const page of readProjects(db, options.ids)) {
    const computed = await recomputePage(db, page, asOf, options.reason, whole);
    changes.push(...computed.changes);
    rankable ||= computed.rankable;
  }
  if (whole) await recordWholeRun(db, asOf);
  if (rankable) await recomputeRanks(db);
  return changes;
}

/**
 * Projects per transaction in recomputeInSlices. At 50,000 projects on PGlite (npm run bench:ratings) a slice of an
 * hourly run works under 100 ms; the first run after a seed, which rewrites most rows, 100-270 ms.
 */
const SLICE = 500;

/**
 * Recomputes like recomputeProjects, as the jobs do: SLICE projects per transaction, each with what `withSlice`
 * writes of its changes (the notify-change jobs), resting between slices as long as the slice took (restAfter);
 * then the ranks. On PGlite the database runs on the server's own thread: one transaction over 50,000 projects held
 * every request (search and /api/health too) for 8-13 s each hour (npm run bench:ratings). A failure leaves the
 * slices done (a retry finds them unchanged, so it queues nothing twice) and redoes the rest; so does an abort
 * through `options.signal`, checked between slices. Answers the number of changes. (`sliceSize` is for tests.)
 */
export async function recomputeInSlices(
  db: Db,
  options: RecomputeOptions,
  withSlice: (tx: Db, changes: ScoreChange[]) => Promise<void>,
  sliceSize = SLICE,
): Promise<number> {
  const asOf = options.asOf ?? new Date();
  const ids = options.ids && [...new Set(options.ids)];
  let changed = 0;
  let rankable = false;
  for (let slice = 0, after = ''; ; slice++) {
    const started = performance.now();
    const read = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const page = ids
        ? await readByIds(t, ids.slice(slice * sliceSize, (slice + 1) * sliceSize))
        : await readAfter(t, after, sliceSize);
      const computed = await recomputePage(t, page, asOf, options.reason, !ids);
      await withSlice(t, computed.changes);
      changed += computed.changes.length;
      rankable ||= computed.rankable;
      return page;
    });
    const more = ids ? (slice + 1) * sliceSize < ids.length : read.length === sliceSize;
    if (!more) break;
    after = read[read.length - 1]!.id;
    await restAfter(started);
    options.signal?.throwIfAborted();
  }
  if (!ids) await recordWholeRun(db, asOf);
  // A whole recompute always ranks: a retry after a failure finds no change left, yet the ranks may be stale.
  if (rankable || !ids) await recomputeRanksInSlices(db, sliceSize);
  return changed;
}

/**
 * recomputeRanks (seed/load.ts) for the jobs: the new ranks read at once, written a slice at a time with the event
 * loop's turn between. One UPDATE of thousands of ranks held PGlite's thread for 1.7 s. Meanwhile a few projects
 * can show their old rank beside new ones; a score written meanwhile is ranked by its writer or the next run.
 */
async function recomputeRanksInSlices(db: Db, sliceSize: number): Promise<void> {
  await nextTurn(); // after the last slice, before the read of every rank
  const moved = rows<{ id: string; rank: number }>(await db.execute(movedRanks));
  for (const batch of chunks(moved, sliceSize)) {
    await nextTurn();
    await db.execute(sql`
      UPDATE projects AS p SET rank = x.rank
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(id text, rank int)
      WHERE p.id = x.id`);
  }
}

/**
 * Rates one page of stored projects and writes what moved; `rankable` when a score changed. A page of a `whole`
 * recompute leaves the signals rows whose normalised values stayed as they are: the run's time (recordWholeRun)
 * stands for their computation.
 */
async function recomputePage(
  db: Db,
  page: StoredRow[],
  asOf: Date,
  reason: RecomputeReason,
  whole: boolean,
): Promise<{ changes: ScoreChange[]; rankable: boolean }> {
  const computedAt = asOf.toISOString();
  const changes: Omit<ScoreChange, 'snapshotId'>[] = [];
  let rankable = false;
  const projectUpdates: (RatedColumns & { id: string })[] = [];
  const signalUpdates: { project_id: string; normalized: Record<string, number> | null }[] = [];
  const snapshots: SnapshotRow[] = [];
  for (const p of page) {
    const values = p.values ?? {};
    const rating = rate(values, asOf);
    const cols = ratedColumns(values, rating);
    const prevAudited = p.audit_status === 'audited';
    const changed =
      !p.has_snapshot ||
      Number(p.score) !== rating.score ||
      p.tier !== rating.tier ||
      prevAudited !== rating.audited ||
      p.kyc !== rating.kyc;
    if (
      changed ||
      !sameSubScores(p.sub_scores, rating.subScores) ||
      p.audit_status !== cols.audit_status ||
      (p.audit_date ?? null) !== cols.audit_date
    ) {
      projectUpdates.push({ id: p.id, ...cols });
    }
    if (changed || !p.normalized) {
      const moves = signalMoves(p.normalized, rating);
      snapshots.push(snapshotRow(p.id, rating, moves, asOf, reason));
      signalUpdates.push({ project_id: p.id, normalized: rating.normalized });
      changes.push({
        projectId: p.id,
        projectName: p.name,
        before: p.has_snapshot
          ? { score: Number(p.score), tier: p.tier, audited: prevAudited, kyc: p.kyc }
          : null,
        after: { score: rating.score, tier: rating.tier, audited: rating.audited, kyc: rating.kyc },
        moves,
      });
    } else if (!whole) {
      signalUpdates.push({ project_id: p.id, normalized: null });
    }
    if (Number(p.score) !== rating.score) rankable = true;
  }
  for (const batch of chunks(projectUpdates, 1000)) {
    await db.execute(sql`
      UPDATE projects AS p SET score = x.score, sub_scores = x.sub_scores, tier = x.tier,
        audit_status = x.audit_status, audit_date = x.audit_date, kyc = x.kyc
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        AS x(id text, score real, sub_scores jsonb, tier text, audit_status text, audit_date date, kyc boolean)
      WHERE p.id = x.id`);
  }
  // Projects without a signals row yet get one (all signals unknown), so every project has its computation.
  const missing = page.filter((p) => p.values === null).map((p) => ({ project_id: p.id, values: {} }));
  for (const batch of chunks(missing, 1000)) {
    await db.execute(sql`
      INSERT INTO project_signals (project_id, "values")
      SELECT x.project_id, x."values" FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(project_id text, "values" jsonb)
      ON CONFLICT (project_id) DO NOTHING`);
  }
  for (const batch of chunks(signalUpdates, 1000)) {
    await db.execute(sql`
      UPDATE project_signals AS s SET normalized = coalesce(x.normalized, s.normalized),
        computed_at = ${computedAt}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(project_id text, normalized jsonb)
      WHERE s.project_id = x.project_id`);
  }
  const ids = await insertSnapshots(db, snapshots);
  for (const change of changes) (change as ScoreChange).snapshotId = ids.get(change.projectId)!;
  return { changes: changes as ScoreChange[], rankable };
}

/** Scope of rating_runs' row for a computation of every project. */
const WHOLE_RUN = 'all';

/** Records that every project was computed as of `asOf` (a later record stays). */
async function recordWholeRun(db: Db, asOf: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO rating_runs (scope, computed_at) VALUES (${WHOLE_RUN}, ${asOf.toISOString()}::timestamptz)
    ON CONFLICT (scope) DO UPDATE SET computed_at = greatest(rating_runs.computed_at, excluded.computed_at)`);
}

/**
 * When a project's rating was last computed, for a select over project_signals: the row's own time, or the last
 * computation of every project when that is later (see ratingRuns; greatest() passes over a missing one).
 */
export const lastComputedAt = sql<Date | null>`greatest(${projectSignals.computedAt},
  (SELECT computed_at FROM rating_runs WHERE scope = ${WHOLE_RUN}))`.mapWith(projectSignals.computedAt);

/**
 * Enqueues a `notify-change` job per change of a project in some watchlist (idempotent by snapshot id). Such a job
 * notifies, and sends webhooks for, the project's watchers only, so for any other project it would do nothing. The
 * first hourly run after a 50,000-project seed moved 7,700 projects nobody watched; their jobs took 100 s to run.
 */
export async function enqueueChangeNotifications(db: Db, changes: ScoreChange[]): Promise<void> {
  if (changes.length === 0) return;
  // One pass over the watchlists' items, matched by hash (`id = ANY (w.projects)` per change would scan every
  // list once per change).
  const watched = new Set(
    rows<{ id: string }>(
      await db.execute(sql`
        SELECT DISTINCT p.id FROM watchlists w CROSS JOIN LATERAL unnest(w.projects) AS p(id)
        WHERE p.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(changes.map((c) => c.projectId))}::jsonb))`),
    ).map((r) => r.id),
  );
  for (const c of changes.filter((change) => watched.has(change.projectId))) {
    await enqueue(
      db,
      'notify-change',
      { snapshotId: c.snapshotId },
      { singletonKey: `notify-change:${c.snapshotId}` },
    );
  }
}

export class ProjectNotFoundError extends Error {
  constructor(readonly projectId: string) {
    super(`No project "${projectId}"`);
    this.name = 'ProjectNotFoundError';
  }
}

export class UnknownSignalError extends Error {
  constructor(readonly keys: string[]) {
    super(`Unknown signal${keys.length === 1 ? '' : 's'}: ${keys.join(', ')}`);
    this.name = 'UnknownSignalError';
  }
}

/**
 * Merges signal values into a project's stored signals (null = not known), bumps their version, recomputes the
 * project (reason 'signals') and enqueues a notify-change job per change of a watched project — all in one
 * transaction. Answers the changes (empty when the score, tier and badges stayed). Throws UnknownSignalError for a
 * key that is no signal (nothing is written), TypeError for a value that is not a finite number or null, and
 * ProjectNotFoundError.
 */
export async function applySignalChanges(
  db: Db,
  projectId: string,
  signals: Record<string, number | null>,
  options: { asOf?: Date } = {},
): Promise<ScoreChange[]> {
  const unknown = Object.keys(signals).filter((k) => !STORED_SIGNAL_KEYS.has(k));
  if (unknown.length > 0) throw new UnknownSignalError(unknown);
  for (const [k, v] of Object.entries(signals)) {
    if (v !== null && (typeof v !== 'number' || !Number.isFinite(v))) {
      throw new TypeError(`Signal ${k} must be a finite number or null`);
    }
  }
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const found = rows<{ id: string }>(
      await t.execute(sql`SELECT id FROM projects WHERE id = ${projectId} FOR UPDATE`),
    );
    if (found.length === 0) throw new ProjectNotFoundError(projectId);
    await t.execute(sql`
      INSERT INTO project_signals (project_id, "values") VALUES (${projectId}, ${JSON.stringify(signals)}::jsonb)
      ON CONFLICT (project_id) DO UPDATE SET "values" = project_signals."values" || excluded."values",
        version = project_signals.version + 1, updated_at = now()`);
    const changes = await recomputeProjects(t, { ids: [projectId], reason: 'signals', asOf: options.asOf });
    await enqueueChangeNotifications(t, changes);
    return changes;
  });
}

/** Whole days since 1970-01-01 of a date (re-exported for callers that write day-valued signals). */
export { epochDay };
