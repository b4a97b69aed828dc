import type { Db } from '../db/client';
import type { SignalMove } from '../db/schema/ratings';
import type { Tier } from '../../api/projects';

/**
 * Recomputation: the one place scores, tiers, badges and ranks are written (seed, import, signal changes and
 * the schedule all come here). TO BE IMPLEMENTED (issue 13): see the contract below.
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
  reason: RecomputeReason;
  /** The computation's date (audit freshness depends on it); now by default. */
  asOf?: Date;
};

/**
 * Recomputes the given projects from their stored signals (`project_signals`) with the methodology, writes score,
 * sub-scores, tier, audit status, audit date and KYC to `projects`, stores a `score_snapshots` row for every
 * project whose score, tier or badges changed (with the signals that moved), keeps `project_signals.normalized`
 * and `computed_at`, and recomputes ranks. Works inside a caller's transaction (pass the transaction as `db`).
 */
export declare function recomputeProjects(db: Db, options: RecomputeOptions): Promise<ScoreChange[]>;
