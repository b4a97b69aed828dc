import { SUB_SCORE_LABELS, type SubScores } from '../../api/projects';
import type { projects, scoreSnapshots } from '../../server/db/schema/index';
import { METHODOLOGY_VERSION } from '../../server/ratings/methodology';

/** A row of the projects table as a test inserts it. */
export type ProjectInsert = typeof projects.$inferInsert;

/** The six category scores, every one at `score`. */
export function subScoresAt(score: number): SubScores {
  return Object.fromEntries(Object.keys(SUB_SCORE_LABELS).map((category) => [category, score])) as SubScores;
}

/**
 * A project row with what the table requires; the fields a test looks at are passed in `fields`, the rest are
 * plain values no test reads (its name is its id, its category scores all at its score).
 */
export function projectRow(id: string, fields: Partial<ProjectInsert> = {}): ProjectInsert {
  const score = fields.score ?? 50;
  return {
    id,
    name: id,
    tokenTickers: ['T'],
    chains: ['Ethereum'],
    logo: '/l.svg',
    score,
    subScores: subScoresAt(score),
    tier: 'B',
    auditStatus: 'none',
    ...fields,
  };
}

/** A row of the score history as a test inserts it. */
export type SnapshotInsert = typeof scoreSnapshots.$inferInsert;

/**
 * A computation of the project's score at `computedAt`, by the current methodology on its schedule, that moved no
 * signal; the category scores all at `score` unless `fields` say otherwise.
 */
export function snapshotRow(
  projectId: string,
  computedAt: Date,
  score: number,
  fields: Partial<SnapshotInsert> = {},
): SnapshotInsert {
  return {
    projectId,
    computedAt,
    score,
    subScores: subScoresAt(score),
    tier: 'B',
    methodologyVersion: METHODOLOGY_VERSION,
    moves: [],
    reason: 'schedule',
    ...fields,
  };
}

/**
 * Signals perfect in every respect: the methodology rates them 100 / AAA as long as the last audit (`lastAuditDay`,
 * an epoch day) is recent enough.
 */
export function perfectSignals(lastAuditDay: number) {
  return {
    auditCount: 4,
    lastAuditDay,
    openFindings: 0,
    bugBountyUsd: 1e7,
    highRiskFunctions: 0,
    marketCapUsd: 1e10,
    projectAgeDays: 3000,
    teamKyc: 1,
    top10HolderPct: 10,
    treasuryRunwayMonths: 48,
    incidents12m: 0,
    incidentLossUsd12m: 0,
    monitoringUptimePct: 100,
    timelockCoveragePct: 100,
    incidentResponseHours: 1,
    multisigThreshold: 5,
    timelockHours: 72,
    adminEoaCount: 0,
    governanceParticipationPct: 50,
    liquidityUsd: 1e9,
    volatility30dPct: 5,
    exchangeCount: 12,
    slippage1mPct: 0,
    socialFollowers: 1e8,
    sentiment: 100,
    devCommits90d: 10_000,
    holderCount: 1e7,
  };
}
