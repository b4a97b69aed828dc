/** Zod schemas of the ratings contract (score history, breakdown, peers, methodology); see api/ratings.ts. */
import { z } from 'zod';
import { SCORE_RANGES } from './ratings';
import { SubScores, Tier } from './projects.schemas';

/** A category: the key of its sub-score. */
const category = SubScores.keyof();

/** GET /api/projects/:id/score-history?range= */
export const ScoreHistoryQuery = z.object({ range: z.enum(SCORE_RANGES).default('90d') });

/** One computation that changed the score (oldest first in a history). */
export const ScorePoint = z.object({
  /** ISO date-time of the computation. */
  at: z.string(),
  score: z.number(),
  subScores: SubScores,
  tier: Tier,
});

/** A chart marker: the signal that moved the score most at that point. */
export const ScoreMarker = z.object({
  at: z.string(),
  signal: z.string(),
  category,
  /** Points of the overall score this signal moved. */
  delta: z.number(),
  /** "Audit freshness −6.2: no audit for 12 months" */
  label: z.string(),
});

export const ScoreHistory = z.object({
  projectId: z.string(),
  range: z.enum(SCORE_RANGES),
  /** The score at the start of the range (the last computation before it), then every change inside it. */
  points: z.array(ScorePoint),
  markers: z.array(ScoreMarker),
});

export const SignalBreakdown = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string(),
  /** Share of its category. */
  weight: z.number(),
  raw: z.number().nullable(),
  /** The raw value in words ("no audit for 12 months"). */
  display: z.string(),
  /** 0–100 */
  normalized: z.number(),
  /** Points of the overall score from this signal. */
  contribution: z.number(),
});

export const CategoryBreakdown = z.object({
  key: category,
  label: z.string(),
  /** Share of the overall score. */
  weight: z.number(),
  score: z.number(),
  /** Why the category is held below its signals' mean (e.g. the unaudited cap), or null. */
  cap: z.string().nullable(),
  signals: z.array(SignalBreakdown),
});

/** GET /api/projects/:id/score-breakdown — "Why this score". */
export const ScoreBreakdown = z.object({
  projectId: z.string(),
  methodologyVersion: z.string(),
  computedAt: z.string().nullable(),
  score: z.number(),
  tier: Tier,
  categories: z.array(CategoryBreakdown),
});

export const PeerPoint = z.object({
  id: z.string(),
  name: z.string(),
  score: z.number(),
  /** The market stability category score: the scatter's x axis. */
  marketScore: z.number(),
});

/** GET /api/projects/:id/peers — the project among its kind and its main chain. */
export const Peers = z.object({
  projectId: z.string(),
  kind: z.string(),
  chain: z.string(),
  /** Share (0–100) of the kind's projects this one scores at or above. */
  kindPercentile: z.number(),
  kindCount: z.number().int(),
  chainPercentile: z.number(),
  chainCount: z.number().int(),
  /** Up to 200 projects of the same kind, this one included. */
  points: z.array(PeerPoint),
});

/** GET /api/methodology — the published methodology, from the same code that computes the scores. */
export const Methodology = z.object({
  version: z.string(),
  categories: z.array(
    z.object({
      key: category,
      label: z.string(),
      weight: z.number(),
      description: z.string(),
      signals: z.array(
        z.object({
          key: z.string(),
          label: z.string(),
          description: z.string(),
          weight: z.number(),
          normalisation: z.string(),
        }),
      ),
    }),
  ),
  tiers: z.array(z.object({ tier: Tier, min: z.number() })),
  unauditedCodeSecurityMax: z.number(),
});

/**
 * How one signal moved between two computations: its normalised value (0–100) before and after, the points the
 * overall score moved because of it alone, and the raw value it moved to (absent in history older than the field).
 */
export const SignalMove = z.object({
  signal: z.string(),
  from: z.number(),
  to: z.number(),
  delta: z.number(),
  raw: z.number().nullable().optional(),
});

const RatingState = z.object({ score: z.number(), tier: Tier, audited: z.boolean(), kyc: z.boolean() });

/** One project whose score, tier or badges changed in a computation (a snapshot was stored for it). */
export const ScoreChange = z.object({
  projectId: z.string(),
  projectName: z.string(),
  snapshotId: z.number().int(),
  before: RatingState.nullable(),
  after: RatingState,
  moves: z.array(SignalMove),
});

/** POST /api/admin/projects/:id/signals */
export const SignalChangesResult = z.object({ changes: z.array(ScoreChange) });
