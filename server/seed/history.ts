import type { SignalValues } from '../db/schema/ratings';
import { epochDay, rate, signalMoves, type Rating } from '../ratings/methodology';
import { snapshotRow, type RecomputeReason, type SnapshotRow } from '../ratings/recompute';
import { Random } from './random';
import type { GeneratedProject } from './generate';

/** Days of score history the seed generates. */
export const HISTORY_DAYS = 180;
const DAY = 86_400_000;

/**
 * A dated change of some signals. `undo` gives, from the values just after the change, the changed signals'
 * values just before it; the walk back records the values after, the replay sets them again.
 */
type Change = {
  day: number;
  reason: RecomputeReason;
  undo: (after: SignalValues) => SignalValues;
  after?: SignalValues;
};

const scaled = (v: number | null | undefined, f: number) => (v == null ? null : Math.round(v * f));
const clampSentiment = (v: number) => Math.round(Math.max(-100, Math.min(100, v)));

/**
 * 180 days of plausible score history for one generated project: its signals are walked back from today's values
 * through 3–8 dated changes (an audit landing, incidents, liquidity and market moves, community growth, KYC gained,
 * governance hardened), then replayed forward, each point rated with `rate(values, thatDay)` (so audit freshness
 * decays between them) and its moves from the previous point. Answers the snapshots, oldest first — the last one
 * is today's computation — today's rating and the normalised values of the last snapshot. Deterministic in
 * (project, today).
 */
export function scoreHistory(
  project: GeneratedProject,
  today: Date,
): { snapshots: SnapshotRow[]; rating: Rating; normalized: Record<string, number> } {
  const rng = new Random(`history:${project.id}`);
  const final = project.signals;
  const todayDay = epochDay(today);
  const start = todayDay - HISTORY_DAYS;
  const changes: Change[] = [];
  const days = new Set<number>();
  const freeDay = (preferred?: number) => {
    let d = preferred ?? start + rng.int(1, HISTORY_DAYS - 1);
    while (days.has(d) || d <= start || d > todayDay) d = start + rng.int(1, HISTORY_DAYS - 1);
    days.add(d);
    return d;
  };

  // An audit that landed in the window: one audit fewer (and one under way) before it.
  const lastAudit = final.lastAuditDay;
  const audits = final.auditCount ?? 0;
  if (lastAudit != null && lastAudit > start && audits >= 1) {
    const previousDay = audits > 1 ? lastAudit - rng.int(200, 700) : null;
    const extraFindings = rng.int(0, 2);
    changes.push({
      day: freeDay(lastAudit),
      reason: 'seed',
      undo: (v) => ({
        auditCount: audits - 1,
        lastAuditDay: previousDay,
        openFindings: audits > 1 ? (v.openFindings ?? 0) + extraFindings : null,
        auditInProgress: 1,
      }),
    });
  }
  // Incidents in the window, on the day they happened.
  for (const a of project.alerts) {
    const day = Math.floor(Date.parse(a.occurredAt) / DAY);
    if (day <= start || days.size >= 7) continue;
    const loss = a.lossUsd ?? 0;
    const recovery = rng.int(8, 25);
    changes.push({
      day: freeDay(day),
      reason: 'incident',
      undo: (v) => ({
        incidents12m: Math.max(0, (v.incidents12m ?? 0) - 1),
        incidentLossUsd12m: Math.max(0, (v.incidentLossUsd12m ?? 0) - loss),
        sentiment: v.sentiment == null ? null : clampSentiment(v.sentiment + recovery),
      }),
    });
  }
  const marketMove = (factor: number): Change => {
    const vol = 0.8 + rng.next() * 0.5;
    const mood = rng.normal() * 12;
    const cap = factor * (0.9 + rng.next() * 0.2);
    return {
      day: freeDay(),
      reason: 'seed',
      undo: (v) => ({
        liquidityUsd: scaled(v.liquidityUsd, factor),
        marketCapUsd: scaled(v.marketCapUsd, cap),
        slippage1mPct: v.slippage1mPct == null ? null : Math.round((v.slippage1mPct / factor) * 100) / 100,
        volatility30dPct: scaled(v.volatility30dPct, vol),
        sentiment: v.sentiment == null ? null : clampSentiment(v.sentiment + mood),
      }),
    };
  };
  // Market and community drift, KYC and governance changes, until there are 3–8 changes.
  const target = Math.max(changes.length, rng.int(3, 8));
  let kycGained = false;
  let governanceHardened = false;
  for (let i = 0; changes.length < target && i < 16; i++) {
    const pick = rng.int(0, 5);
    if (pick <= 1) {
      changes.push(marketMove(rng.next() < 0.5 ? 0.5 + rng.next() * 0.45 : 1.1 + rng.next() * 0.9));
    } else if (pick === 2) {
      const f = 0.6 + rng.next() * 0.35;
      const g = 0.4 + rng.next() * 1.2;
      changes.push({
        day: freeDay(),
        reason: 'seed',
        undo: (v) => ({
          holderCount: scaled(v.holderCount, f),
          socialFollowers: scaled(v.socialFollowers, f),
          devCommits90d: scaled(v.devCommits90d, g),
        }),
      });
    } else if (pick === 3 && (final.teamKyc ?? 0) >= 1 && !kycGained) {
      kycGained = true;
      changes.push({ day: freeDay(), reason: 'seed', undo: () => ({ teamKyc: 0 }) });
    } else if (pick === 4 && (final.multisigThreshold ?? 0) >= 2 && !governanceHardened) {
      governanceHardened = true;
      const m = final.multisigThreshold!;
      const hours = final.timelockHours ?? 0;
      const hoursBefore = hours > 0 && rng.chance(0.5) ? 0 : hours;
      changes.push({
        day: freeDay(),
        reason: 'seed',
        undo: () => ({ multisigThreshold: m - 1, timelockHours: hoursBefore }),
      });
    } else if (pick === 5) {
      const d = rng.int(1, 5);
      const f = 0.7 + rng.next() * 0.25;
      changes.push({
        day: freeDay(),
        reason: 'seed',
        undo: (v) => ({
          exchangeCount: v.exchangeCount == null ? null : Math.max(1, v.exchangeCount - d),
          liquidityUsd: scaled(v.liquidityUsd, f),
        }),
      });
    }
  }

  // Walk back from today, latest change first.
  changes.sort((a, b) => a.day - b.day);
  let values: SignalValues = { ...final };
  for (let k = changes.length - 1; k >= 0; k--) {
    const c = changes[k]!;
    const before = c.undo(values);
    c.after = Object.fromEntries(Object.keys(before).map((key) => [key, values[key] ?? null]));
    values = { ...values, ...before };
  }

  // Replay forward, rating each point on its day.
  const startAt = new Date(start * DAY);
  let prev = rate(values, startAt);
  const snapshots: SnapshotRow[] = [snapshotRow(project.id, prev, [], startAt, 'seed')];
  for (const c of changes) {
    values = { ...values, ...c.after };
    const at = new Date(c.day * DAY);
    const rating = rate(values, at);
    const moves = signalMoves(prev.normalized, rating);
    // A change too small to move any normalised signal is no point of the history.
    if (moves.length === 0) continue;
    snapshots.push(snapshotRow(project.id, rating, moves, at, c.reason));
    prev = rating;
  }
  const rating = rate(final, today);
  let normalized = prev.normalized;
  if (
    rating.score !== prev.score ||
    rating.tier !== prev.tier ||
    rating.audited !== prev.audited ||
    rating.kyc !== prev.kyc ||
    JSON.stringify(rating.subScores) !== JSON.stringify(prev.subScores)
  ) {
    snapshots.push(snapshotRow(project.id, rating, signalMoves(prev.normalized, rating), today, 'schedule'));
    normalized = rating.normalized;
  }
  return { snapshots, rating, normalized };
}
