import type { SubScores, Tier } from '../../api/projects';
import type { SignalMove, SignalValues } from '../db/schema/ratings';

/**
 * The rating methodology, as code: named signals per category, each with a normalisation to 0–100 and a weight;
 * category scores as weighted means of their signals; the overall score as the weighted mean of the categories;
 * tier by thresholds. Pure and deterministic: the same signals on the same day always give the same result.
 * `/resources/methodology` and `GET /api/methodology` publish this very table.
 */
export const METHODOLOGY_VERSION = '2026.11';

export type Category = keyof SubScores;

export type SignalDefinition = {
  key: string;
  category: Category;
  label: string;
  description: string;
  /** Share of its category (the weights of one category add up to 1). */
  weight: number;
  /** How the raw value is turned into 0–100, in words (published). */
  normalisation: string;
  /** Raw value → 0–100. `null` (unknown) counts as the signal's `unknown` value. */
  normalise: (raw: number, asOf: Date) => number;
  /** The normalised value used when the raw value is unknown. */
  unknown: number;
  /** The raw value in words, e.g. "no audit for 12 months". */
  describe: (raw: number | null, asOf: Date) => string;
};

const clamp = (v: number) => Math.max(0, Math.min(100, v));
const round1 = (v: number) => Math.round(v * 10) / 10;
const log10 = (v: number) => Math.log10(Math.max(v, 1));
const DAY = 86_400_000;
/** Whole days since 1970-01-01 (UTC): how dates are stored as signal values. */
export const epochDay = (d: Date) => Math.floor(d.getTime() / DAY);
const monthsSince = (day: number, asOf: Date) => Math.max(0, (epochDay(asOf) - day) / 30.44);

const usd = (v: number) =>
  v >= 1e9
    ? `$${round1(v / 1e9)}B`
    : v >= 1e6
      ? `$${round1(v / 1e6)}M`
      : v >= 1e3
        ? `$${round1(v / 1e3)}K`
        : `$${Math.round(v)}`;
const count = (v: number, one: string, many = `${one}s`) =>
  `${Math.round(v)} ${Math.round(v) === 1 ? one : many}`;
const unknownOr = (raw: number | null, f: (v: number) => string) => (raw === null ? 'not known' : f(raw));

/** Log scale: `floor` maps to 0 and each tenfold adds `perDecade`. */
const logScale = (floor: number, perDecade: number) => (v: number) =>
  v <= 0 ? 0 : clamp((log10(v) - log10(floor)) * perDecade);

export const SIGNALS: readonly SignalDefinition[] = [
  // ---- Code security ----
  {
    key: 'auditCount',
    category: 'codeSecurity',
    label: 'Audits completed',
    description: 'Security audits of the deployed code finished by recognised firms.',
    weight: 0.25,
    normalisation: '0 audits → 0, 1 → 60, 2 → 80, 3 → 90, 4 or more → 100',
    normalise: (v) => [0, 60, 80, 90, 100][Math.min(4, Math.max(0, Math.floor(v)))]!,
    unknown: 0,
    describe: (raw) => unknownOr(raw, (v) => (v === 0 ? 'no completed audit' : count(v, 'completed audit'))),
  },
  {
    key: 'lastAuditDay',
    category: 'codeSecurity',
    label: 'Audit freshness',
    description: 'Time since the last completed audit; code changes after an audit are not covered by it.',
    weight: 0.25,
    normalisation: '100 up to 3 months after the audit, falling evenly to 0 at 36 months; never audited → 0',
    normalise: (day, asOf) => clamp(100 - ((monthsSince(day, asOf) - 3) / 33) * 100),
    unknown: 0,
    describe: (raw, asOf) =>
      raw === null
        ? 'never audited'
        : monthsSince(raw, asOf) < 1
          ? 'audited this month'
          : `no audit for ${Math.floor(monthsSince(raw, asOf))} months`,
  },
  {
    key: 'openFindings',
    category: 'codeSecurity',
    label: 'Open audit findings',
    description: 'Critical and major audit findings the team has not resolved.',
    weight: 0.2,
    normalisation: '100 − 25 per open finding',
    normalise: (v) => clamp(100 - 25 * v),
    unknown: 50,
    describe: (raw) => unknownOr(raw, (v) => (v === 0 ? 'no open findings' : count(v, 'open finding'))),
  },
  {
    key: 'bugBountyUsd',
    category: 'codeSecurity',
    label: 'Bug bounty',
    description: 'The largest payout the project offers for a reported vulnerability.',
    weight: 0.15,
    normalisation: 'log scale: $100 → 0, $10K → 40, $1M → 80, $10M or more → 100',
    normalise: logScale(100, 20),
    unknown: 0,
    describe: (raw) => unknownOr(raw, (v) => (v === 0 ? 'no bug bounty' : `bounty up to ${usd(v)}`)),
  },
  {
    key: 'highRiskFunctions',
    category: 'codeSecurity',
    label: 'High-risk privileged functions',
    description: 'Functions that let a privileged role mint, upgrade, move funds or change an oracle.',
    weight: 0.15,
    normalisation: '100 − 10 per function',
    normalise: (v) => clamp(100 - 10 * v),
    unknown: 50,
    describe: (raw) => unknownOr(raw, (v) => count(v, 'high-risk function')),
  },
  // ---- Fundamental health ----
  {
    key: 'marketCapUsd',
    category: 'fundamentalHealth',
    label: 'Market capitalisation',
    description: 'Circulating supply times price.',
    weight: 0.25,
    normalisation: 'log scale: $10K → 0, $1M → 40, $100M → 80, $1B or more → 100',
    normalise: logScale(10_000, 20),
    unknown: 0,
    describe: (raw) => unknownOr(raw, (v) => `market cap ${usd(v)}`),
  },
  {
    key: 'projectAgeDays',
    category: 'fundamentalHealth',
    label: 'Track record',
    description: 'Days since the main contract was deployed.',
    weight: 0.2,
    normalisation: 'even from 0 at launch to 100 at three years',
    normalise: (v) => clamp((v / 1095) * 100),
    unknown: 0,
    describe: (raw) =>
      unknownOr(raw, (v) => (v >= 365 ? `${round1(v / 365)} years live` : count(v, 'day') + ' live')),
  },
  {
    key: 'teamKyc',
    category: 'fundamentalHealth',
    label: 'Team KYC',
    description: 'The team has verified its identity with us (1) or not (0).',
    weight: 0.2,
    normalisation: 'verified → 100, not verified → 20',
    normalise: (v) => (v >= 1 ? 100 : 20),
    unknown: 20,
    describe: (raw) => (raw !== null && raw >= 1 ? 'team verified' : 'team not verified'),
  },
  {
    key: 'top10HolderPct',
    category: 'fundamentalHealth',
    label: 'Holder concentration',
    description: 'Share of the supply held by the ten largest holders, exchanges and contracts excluded.',
    weight: 0.2,
    normalisation: '100 at 20 % or less, falling by 1.25 per point above 20 %',
    normalise: (v) => clamp(100 - (v - 20) * 1.25),
    unknown: 40,
    describe: (raw) => unknownOr(raw, (v) => `top 10 holders own ${round1(v)} %`),
  },
  {
    key: 'treasuryRunwayMonths',
    category: 'fundamentalHealth',
    label: 'Treasury runway',
    description: 'Months the treasury covers at the current spending.',
    weight: 0.15,
    normalisation: 'even from 0 to 100 at 36 months',
    normalise: (v) => clamp((v / 36) * 100),
    unknown: 30,
    describe: (raw) => unknownOr(raw, (v) => `${Math.round(v)} months of runway`),
  },
  // ---- Operational resilience ----
  {
    key: 'incidents12m',
    category: 'operationalResilience',
    label: 'Incident history',
    description: 'Security incidents in the last 12 months.',
    weight: 0.3,
    normalisation: '100 − 30 per incident',
    normalise: (v) => clamp(100 - 30 * v),
    unknown: 70,
    describe: (raw) =>
      unknownOr(raw, (v) => (v === 0 ? 'no incident in 12 months' : count(v, 'incident') + ' in 12 months')),
  },
  {
    key: 'incidentLossUsd12m',
    category: 'operationalResilience',
    label: 'Losses from incidents',
    description: 'Funds lost to incidents in the last 12 months.',
    weight: 0.2,
    normalisation: 'no loss → 100; otherwise 100 − 15 per tenfold above $1K',
    normalise: (v) => (v <= 0 ? 100 : clamp(100 - (log10(v) - 3) * 15)),
    unknown: 70,
    describe: (raw) => unknownOr(raw, (v) => (v <= 0 ? 'no losses' : `${usd(v)} lost`)),
  },
  {
    key: 'monitoringUptimePct',
    category: 'operationalResilience',
    label: 'Infrastructure uptime',
    description: 'Share of the last 90 days the front end and RPC endpoints answered our probes.',
    weight: 0.15,
    normalisation: '0 at 90 % or less, +10 per point to 100 at 100 %',
    normalise: (v) => clamp((v - 90) * 10),
    unknown: 50,
    describe: (raw) => unknownOr(raw, (v) => `${round1(v)} % uptime`),
  },
  {
    key: 'timelockCoveragePct',
    category: 'operationalResilience',
    label: 'Timelock coverage',
    description: 'Share of privileged functions that can only run after a public delay.',
    weight: 0.2,
    normalisation: 'the percentage itself',
    normalise: (v) => clamp(v),
    unknown: 0,
    describe: (raw) => unknownOr(raw, (v) => `${Math.round(v)} % behind a timelock`),
  },
  {
    key: 'incidentResponseHours',
    category: 'operationalResilience',
    label: 'Incident response',
    description: 'Median hours from a reported vulnerability to a fix or pause.',
    weight: 0.15,
    normalisation: '100 up to 2 hours, falling evenly to 0 at 72 hours',
    normalise: (v) => clamp(100 - ((v - 2) / 70) * 100),
    unknown: 40,
    describe: (raw) => unknownOr(raw, (v) => `responds in ${round1(v)} h`),
  },
  // ---- Governance strength ----
  {
    key: 'multisigThreshold',
    category: 'governanceStrength',
    label: 'Admin multisig',
    description: 'Signatures needed for an admin action (1 = a single key).',
    weight: 0.3,
    normalisation: '1 → 10, 2 → 50, 3 → 75, 4 or more → 100; no admin (0) → 100',
    normalise: (v) => (v <= 0 ? 100 : [10, 50, 75, 100][Math.min(4, Math.floor(v)) - 1]!),
    unknown: 10,
    describe: (raw) =>
      unknownOr(raw, (v) =>
        v <= 0 ? 'no admin keys' : v === 1 ? 'a single admin key' : `${Math.round(v)}-signature multisig`,
      ),
  },
  {
    key: 'timelockHours',
    category: 'governanceStrength',
    label: 'Timelock delay',
    description: 'Delay between a governance decision and its execution.',
    weight: 0.25,
    normalisation: 'even from 0 to 100 at 48 hours',
    normalise: (v) => clamp((v / 48) * 100),
    unknown: 0,
    describe: (raw) => unknownOr(raw, (v) => (v === 0 ? 'no timelock' : `${Math.round(v)} h timelock`)),
  },
  {
    key: 'adminEoaCount',
    category: 'governanceStrength',
    label: 'Privileged plain accounts',
    description: 'Privileged roles held by plain accounts (EOAs) rather than contracts.',
    weight: 0.25,
    normalisation: '100 − 20 per account',
    normalise: (v) => clamp(100 - 20 * v),
    unknown: 40,
    describe: (raw) => unknownOr(raw, (v) => count(v, 'privileged plain account')),
  },
  {
    key: 'governanceParticipationPct',
    category: 'governanceStrength',
    label: 'Governance participation',
    description: 'Share of the voting supply that voted in the last ten proposals.',
    weight: 0.2,
    normalisation: '2.5 per point, 100 at 40 % or more',
    normalise: (v) => clamp(v * 2.5),
    unknown: 0,
    describe: (raw) => unknownOr(raw, (v) => `${round1(v)} % turnout`),
  },
  // ---- Market stability ----
  {
    key: 'liquidityUsd',
    category: 'marketStability',
    label: 'Liquidity',
    description: 'On-exchange liquidity within 2 % of the price.',
    weight: 0.3,
    normalisation: 'log scale: $1K → 0, $1M → 60, $100M or more → 100',
    normalise: logScale(1_000, 20),
    unknown: 0,
    describe: (raw) => unknownOr(raw, (v) => `${usd(v)} liquidity`),
  },
  {
    key: 'volatility30dPct',
    category: 'marketStability',
    label: 'Volatility',
    description: 'Annualised volatility of the price over 30 days.',
    weight: 0.25,
    normalisation: '100 at 10 % or less, falling by 1.5 per point above',
    normalise: (v) => clamp(100 - (v - 10) * 1.5),
    unknown: 30,
    describe: (raw) => unknownOr(raw, (v) => `${Math.round(v)} % volatility`),
  },
  {
    key: 'exchangeCount',
    category: 'marketStability',
    label: 'Exchange listings',
    description: 'Exchanges with an active market for the token.',
    weight: 0.2,
    normalisation: '12.5 per exchange, 100 at 8 or more',
    normalise: (v) => clamp(v * 12.5),
    unknown: 0,
    describe: (raw) => unknownOr(raw, (v) => count(v, 'exchange')),
  },
  {
    key: 'slippage1mPct',
    category: 'marketStability',
    label: 'Price impact',
    description: 'Price impact of a $1M market sell.',
    weight: 0.25,
    normalisation: '100 − 10 per percent of impact',
    normalise: (v) => clamp(100 - v * 10),
    unknown: 0,
    describe: (raw) => unknownOr(raw, (v) => `${round1(v)} % impact for $1M`),
  },
  // ---- Community trust ----
  {
    key: 'socialFollowers',
    category: 'communityTrust',
    label: 'Social reach',
    description: 'Followers across the project’s official social channels.',
    weight: 0.25,
    normalisation: 'log scale: 100 → 0, 10K → 40, 1M → 80, 10M or more → 100',
    normalise: logScale(100, 20),
    unknown: 0,
    describe: (raw) =>
      unknownOr(
        raw,
        (v) =>
          `${v >= 1e6 ? `${round1(v / 1e6)}M` : v >= 1e3 ? `${round1(v / 1e3)}K` : Math.round(v)} followers`,
      ),
  },
  {
    key: 'sentiment',
    category: 'communityTrust',
    label: 'Community sentiment',
    description: 'Net sentiment of mentions over 30 days, from −100 (all negative) to 100.',
    weight: 0.25,
    normalisation: '(sentiment + 100) / 2',
    normalise: (v) => clamp((v + 100) / 2),
    unknown: 50,
    describe: (raw) => unknownOr(raw, (v) => `sentiment ${v > 0 ? '+' : ''}${Math.round(v)}`),
  },
  {
    key: 'devCommits90d',
    category: 'communityTrust',
    label: 'Development activity',
    description: 'Commits to the public repositories in 90 days.',
    weight: 0.25,
    normalisation: 'log scale: 25 per tenfold, 100 at 10,000 commits',
    normalise: (v) => clamp(log10(v + 1) * 25),
    unknown: 0,
    describe: (raw) => unknownOr(raw, (v) => count(v, 'commit') + ' in 90 days'),
  },
  {
    key: 'holderCount',
    category: 'communityTrust',
    label: 'Holders',
    description: 'Addresses holding the token.',
    weight: 0.25,
    normalisation: 'log scale: 10 → 0, 100K → 80, 1M or more → 100',
    normalise: logScale(10, 20),
    unknown: 0,
    describe: (raw) => unknownOr(raw, (v) => `${Math.round(v).toLocaleString('en-US')} holders`),
  },
];

export const SIGNAL_KEYS: readonly string[] = SIGNALS.map((s) => s.key);
const SIGNAL_BY_KEY = new Map(SIGNALS.map((s) => [s.key, s]));
export const signalDefinition = (key: string): SignalDefinition | undefined => SIGNAL_BY_KEY.get(key);

/** Category weights in the overall score (they add up to 1), with their published descriptions. */
export const CATEGORIES: readonly { key: Category; weight: number; description: string }[] = [
  {
    key: 'codeSecurity',
    weight: 0.25,
    description: 'How well the code has been reviewed and how exposed it is.',
  },
  { key: 'fundamentalHealth', weight: 0.15, description: 'Size, age, team and treasury behind the project.' },
  {
    key: 'operationalResilience',
    weight: 0.15,
    description: 'Incidents, losses, uptime and how fast the team reacts.',
  },
  { key: 'governanceStrength', weight: 0.15, description: 'Who can change the protocol, and how openly.' },
  { key: 'marketStability', weight: 0.15, description: 'How deep and steady the token’s market is.' },
  { key: 'communityTrust', weight: 0.15, description: 'Reach, sentiment and activity of the community.' },
];

/**
 * A stored value that is no signal: 1 for a native coin with no smart contract (Bitcoin, XRP, …). Audits do not
 * apply to it, so the audit signals count for nothing and the rest of Code Security stands for the category (its
 * weights scaled up) under the unaudited cap: a chain's coin is neither shown audited nor marked down for it.
 */
export const AUDITS_NOT_APPLICABLE = 'auditsNotApplicable';
const AUDIT_SIGNAL_KEYS: ReadonlySet<string> = new Set(['auditCount', 'lastAuditDay', 'openFindings']);

/** Code no completed audit has reviewed cannot earn more than this code-security score. */
export const UNAUDITED_CODE_SECURITY_MAX = 72;

/** Tier thresholds, best first; below the last one a project is CCC. */
export const TIER_THRESHOLDS: readonly [number, Tier][] = [
  [90, 'AAA'],
  [80, 'AA'],
  [70, 'A'],
  [60, 'BBB'],
  [50, 'BB'],
  [40, 'B'],
];

export function tierFor(score: number): Tier {
  for (const [min, tier] of TIER_THRESHOLDS) if (score >= min) return tier;
  return 'CCC';
}

export type SignalResult = {
  key: string;
  raw: number | null;
  normalized: number;
  /** Points of the overall score this signal contributes (normalised × signal weight × category weight). */
  contribution: number;
};

export type Rating = {
  score: number;
  subScores: SubScores;
  tier: Tier;
  /** Normalised value of every signal, one decimal. */
  normalized: Record<string, number>;
  signals: SignalResult[];
  /** Categories held down by a rule (today only the unaudited code-security cap). */
  capped: Category[];
  audited: boolean;
  kyc: boolean;
  /** false for a native coin with no contract (AUDITS_NOT_APPLICABLE): its audit signals are left out. */
  auditsApplicable: boolean;
};

/** The rating of one project from its raw signals, as of a day (audit freshness depends on it). */
export function rate(values: SignalValues, asOf: Date): Rating {
  const normalized: Record<string, number> = {};
  for (const s of SIGNALS) {
    const raw = values[s.key] ?? null;
    normalized[s.key] = round1(raw === null || !Number.isFinite(raw) ? s.unknown : s.normalise(raw, asOf));
  }
  const auditsApplicable = (values[AUDITS_NOT_APPLICABLE] ?? 0) < 1;
  const { subScores, score, capped } = combine(normalized, auditsApplicable);
  const signals = SIGNALS.map((s) => ({
    key: s.key,
    raw: values[s.key] ?? null,
    normalized: normalized[s.key]!,
    contribution:
      Math.round(
        normalized[s.key]! * weightOf(s, auditsApplicable) * CATEGORY_WEIGHT.get(s.category)! * 100,
      ) / 100,
  }));
  return {
    score,
    subScores,
    tier: tierFor(score),
    normalized,
    signals,
    capped,
    audited: auditsApplicable && (values.auditCount ?? 0) >= 1,
    kyc: (values.teamKyc ?? 0) >= 1,
    auditsApplicable,
  };
}

/** Share of the category a signal has: audit signals none where audits do not apply, the others scaled up. */
function weightOf(s: SignalDefinition, auditsApplicable: boolean): number {
  if (auditsApplicable) return s.weight;
  if (AUDIT_SIGNAL_KEYS.has(s.key)) return 0;
  return s.category === 'codeSecurity' ? s.weight / CODE_SECURITY_WITHOUT_AUDITS : s.weight;
}
const CODE_SECURITY_WITHOUT_AUDITS = SIGNALS.filter(
  (s) => s.category === 'codeSecurity' && !AUDIT_SIGNAL_KEYS.has(s.key),
).reduce((sum, s) => sum + s.weight, 0);

const CATEGORY_WEIGHT = new Map(CATEGORIES.map((c) => [c.key, c.weight]));

/** Category scores and the overall score from normalised signal values (an audit shows as auditCount > 0). */
function combine(
  normalized: Record<string, number>,
  auditsApplicable = true,
): {
  subScores: SubScores;
  score: number;
  capped: Category[];
} {
  const sums = new Map<Category, number>();
  for (const s of SIGNALS)
    sums.set(
      s.category,
      (sums.get(s.category) ?? 0) + (normalized[s.key] ?? s.unknown) * weightOf(s, auditsApplicable),
    );
  // The cap stays where audits do not apply: no audit on record has reviewed that code either.
  const audited = auditsApplicable && (normalized.auditCount ?? 0) > 0;
  const capped: Category[] = [];
  const subScores = {} as SubScores;
  for (const c of CATEGORIES) {
    let v = round1(sums.get(c.key) ?? 0);
    if (c.key === 'codeSecurity' && !audited && v > UNAUDITED_CODE_SECURITY_MAX) {
      v = UNAUDITED_CODE_SECURITY_MAX;
      capped.push(c.key);
    }
    subScores[c.key] = v;
  }
  return { subScores, score: overallScore(subScores), capped };
}

/** The overall score: weighted mean of the category scores, one decimal. */
export function overallScore(s: SubScores): number {
  let total = 0;
  for (const c of CATEGORIES) total += s[c.key] * c.weight;
  return round1(total);
}

/**
 * Which signals moved between two computations (by their normalised values, so the passing of time counts too:
 * an audit ageing moves its freshness), largest effect on the overall score first. The effect of a signal is the
 * overall score with only that signal changed, minus the old overall score.
 */
export function signalMoves(before: Record<string, number> | null | undefined, after: Rating): SignalMove[] {
  if (!before) return [];
  const base = combine(before, after.auditsApplicable).score;
  const moves: SignalMove[] = [];
  for (const s of SIGNALS) {
    const from = before[s.key] ?? s.unknown;
    const to = after.normalized[s.key]!;
    if (from === to) continue;
    const delta = round1(combine({ ...before, [s.key]: to }, after.auditsApplicable).score - base);
    moves.push({
      signal: s.key,
      from,
      to,
      delta,
      raw: after.signals.find((r) => r.key === s.key)?.raw ?? null,
    });
  }
  return moves.sort(
    (a, b) => Math.abs(b.delta) - Math.abs(a.delta) || Math.abs(b.to - b.from) - Math.abs(a.to - a.from),
  );
}

/**
 * "Audit freshness −6.2: no audit for 12 months" — the text of a chart marker: the raw value the move went to (kept
 * in the move), else the given current values.
 */
export function describeMove(move: SignalMove, values: SignalValues, asOf: Date): string {
  const def = SIGNAL_BY_KEY.get(move.signal);
  if (!def) return move.signal;
  const sign = move.delta > 0 ? '+' : move.delta < 0 ? '−' : '±';
  const raw = move.raw !== undefined ? move.raw : (values[move.signal] ?? null);
  return `${def.label} ${sign}${Math.abs(move.delta).toFixed(1)}: ${def.describe(raw, asOf)}`;
}
