import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  describeMove,
  epochDay,
  rate,
  signalDefinition,
  signalMoves,
  SIGNALS,
  tierFor,
  UNAUDITED_CODE_SECURITY_MAX,
} from '../../server/ratings/methodology';
import { perfectSignals } from '../helpers/projects';

const asOf = new Date('2026-11-20T00:00:00Z');
const norm = (key: string, raw: number) => signalDefinition(key)!.normalise(raw, asOf);
const today = epochDay(asOf);
const monthsAgo = (m: number) => today - Math.round(m * 30.44);

describe('weights', () => {
  it('add up to 1 per category and overall, with at least four signals per category', () => {
    for (const c of CATEGORIES) {
      const own = SIGNALS.filter((s) => s.category === c.key);
      expect(own.length).toBeGreaterThanOrEqual(4);
      expect(own.reduce((s, x) => s + x.weight, 0)).toBeCloseTo(1, 10);
    }
    expect(CATEGORIES.reduce((s, c) => s + c.weight, 0)).toBeCloseTo(1, 10);
    expect(new Set(SIGNALS.map((s) => s.key)).size).toBe(SIGNALS.length);
  });
});

describe('normalisations at their anchors', () => {
  const cases: [string, number, number][] = [
    ['auditCount', 0, 0],
    ['auditCount', 1, 60],
    ['auditCount', 2, 80],
    ['auditCount', 3, 90],
    ['auditCount', 7, 100],
    ['lastAuditDay', monthsAgo(1), 100],
    ['lastAuditDay', monthsAgo(3), 100],
    ['lastAuditDay', monthsAgo(19.5), 50],
    ['lastAuditDay', monthsAgo(36), 0],
    ['lastAuditDay', monthsAgo(60), 0],
    ['openFindings', 0, 100],
    ['openFindings', 2, 50],
    ['openFindings', 5, 0],
    ['bugBountyUsd', 0, 0],
    ['bugBountyUsd', 100, 0],
    ['bugBountyUsd', 10_000, 40],
    ['bugBountyUsd', 1e6, 80],
    ['bugBountyUsd', 1e8, 100],
    ['highRiskFunctions', 0, 100],
    ['highRiskFunctions', 3, 70],
    ['highRiskFunctions', 12, 0],
    ['marketCapUsd', 10_000, 0],
    ['marketCapUsd', 1e6, 40],
    ['marketCapUsd', 1e8, 80],
    ['marketCapUsd', 1e9, 100],
    ['projectAgeDays', 0, 0],
    ['projectAgeDays', 1095, 100],
    ['projectAgeDays', 5000, 100],
    ['teamKyc', 1, 100],
    ['teamKyc', 0, 20],
    ['top10HolderPct', 20, 100],
    ['top10HolderPct', 60, 50],
    ['top10HolderPct', 100, 0],
    ['treasuryRunwayMonths', 0, 0],
    ['treasuryRunwayMonths', 18, 50],
    ['treasuryRunwayMonths', 36, 100],
    ['incidents12m', 0, 100],
    ['incidents12m', 1, 70],
    ['incidents12m', 4, 0],
    ['incidentLossUsd12m', 0, 100],
    ['incidentLossUsd12m', 1e6, 55],
    ['incidentLossUsd12m', 1e10, 0],
    ['monitoringUptimePct', 90, 0],
    ['monitoringUptimePct', 95, 50],
    ['monitoringUptimePct', 100, 100],
    ['timelockCoveragePct', 0, 0],
    ['timelockCoveragePct', 64, 64],
    ['timelockCoveragePct', 100, 100],
    ['incidentResponseHours', 2, 100],
    ['incidentResponseHours', 37, 50],
    ['incidentResponseHours', 72, 0],
    ['multisigThreshold', 0, 100],
    ['multisigThreshold', 1, 10],
    ['multisigThreshold', 2, 50],
    ['multisigThreshold', 3, 75],
    ['multisigThreshold', 9, 100],
    ['timelockHours', 0, 0],
    ['timelockHours', 24, 50],
    ['timelockHours', 48, 100],
    ['adminEoaCount', 0, 100],
    ['adminEoaCount', 2, 60],
    ['adminEoaCount', 5, 0],
    ['governanceParticipationPct', 0, 0],
    ['governanceParticipationPct', 20, 50],
    ['governanceParticipationPct', 40, 100],
    ['liquidityUsd', 1_000, 0],
    ['liquidityUsd', 1e6, 60],
    ['liquidityUsd', 1e8, 100],
    ['volatility30dPct', 10, 100],
    ['volatility30dPct', 50, 40],
    ['volatility30dPct', 200, 0],
    ['exchangeCount', 0, 0],
    ['exchangeCount', 4, 50],
    ['exchangeCount', 8, 100],
    ['slippage1mPct', 0, 100],
    ['slippage1mPct', 5, 50],
    ['slippage1mPct', 10, 0],
    ['socialFollowers', 100, 0],
    ['socialFollowers', 10_000, 40],
    ['socialFollowers', 1e6, 80],
    ['socialFollowers', 1e7, 100],
    ['sentiment', -100, 0],
    ['sentiment', 0, 50],
    ['sentiment', 100, 100],
    ['devCommits90d', 0, 0],
    ['devCommits90d', 9, 25],
    ['devCommits90d', 9_999, 100],
    ['holderCount', 10, 0],
    ['holderCount', 100_000, 80],
    ['holderCount', 1e6, 100],
  ];
  it.each(cases)('%s(%d) = %d', (key, raw, expected) => {
    expect(norm(key, raw)).toBeCloseTo(expected, 0);
  });
  it('covers every signal', () => {
    expect(new Set(cases.map((c) => c[0]))).toEqual(new Set(SIGNALS.map((s) => s.key)));
  });
  it('uses the unknown value for a missing or null signal', () => {
    const r = rate({ openFindings: null }, asOf);
    for (const s of SIGNALS) expect(r.normalized[s.key]).toBe(s.unknown);
  });
});

const strong = perfectSignals(today - 10);

describe('rate', () => {
  it('gives 100 / AAA to a project perfect in every signal, with contributions adding up to the score', () => {
    const r = rate(strong, asOf);
    expect(r).toMatchObject({ score: 100, tier: 'AAA', audited: true, kyc: true, capped: [] });
    expect(r.signals.reduce((s, x) => s + x.contribution, 0)).toBeCloseTo(100, 0);
  });
  it('caps code security without a completed audit', () => {
    const r = rate({ ...strong, auditCount: 0, lastAuditDay: null, openFindings: 0 }, asOf);
    expect(r.subScores.codeSecurity).toBeLessThanOrEqual(UNAUDITED_CODE_SECURITY_MAX);
    const uncapped = { ...strong, auditCount: 0, lastAuditDay: null };
    expect(rate(uncapped, asOf).audited).toBe(false);
    // 0×.25 + 0×.25 + 100×.2 + 100×.15 + 100×.15 = 50, below the cap: not capped.
    expect(rate(uncapped, asOf).subScores.codeSecurity).toBe(50);
  });
  it('is deterministic and depends on the day only through audit freshness', () => {
    expect(rate(strong, asOf)).toEqual(rate(strong, asOf));
    const later = new Date(asOf.getTime() + 400 * 86_400_000);
    const a = rate(strong, asOf);
    const b = rate(strong, later);
    expect(Object.keys(a.normalized).filter((k) => a.normalized[k] !== b.normalized[k])).toEqual([
      'lastAuditDay',
    ]);
  });
});

describe('tiers', () => {
  it.each([
    [100, 'AAA'],
    [90, 'AAA'],
    [89.9, 'AA'],
    [80, 'AA'],
    [70, 'A'],
    [60, 'BBB'],
    [50, 'BB'],
    [40, 'B'],
    [39.9, 'CCC'],
    [0, 'CCC'],
  ] as const)('%d → %s', (score, tier) => expect(tierFor(score)).toBe(tier));
});

describe('signalMoves', () => {
  it('names the moved signals, largest effect first, with their effect on the overall score', () => {
    const before = rate(strong, asOf);
    const after = rate({ ...strong, incidents12m: 1, sentiment: 90 }, asOf);
    const moves = signalMoves(before.normalized, after);
    expect(moves.map((m) => m.signal)).toEqual(['incidents12m', 'sentiment']);
    expect(moves[0]).toEqual({ signal: 'incidents12m', from: 100, to: 70, delta: -1.3, raw: 1 });
    expect(moves[1]).toEqual({ signal: 'sentiment', from: 100, to: 95, delta: -0.2, raw: 90 });
    expect(signalMoves(null, after)).toEqual([]);
    expect(signalMoves(after.normalized, after)).toEqual([]);
  });
  it('is described for a chart marker', () => {
    const old = { ...strong, lastAuditDay: today - 366 };
    const move = signalMoves(rate(strong, asOf).normalized, rate(old, asOf))[0]!;
    expect(describeMove(move, old, asOf)).toBe('Audit freshness −1.7: no audit for 12 months');
  });
  it('says what was true at the move, not what is true now', () => {
    const old = { ...strong, lastAuditDay: today - 366 };
    const move = signalMoves(rate(strong, asOf).normalized, rate(old, asOf))[0]!;
    // A fresh audit since then does not rewrite the old marker.
    expect(describeMove(move, { ...old, lastAuditDay: today }, asOf)).toBe(
      'Audit freshness −1.7: no audit for 12 months',
    );
  });
});
