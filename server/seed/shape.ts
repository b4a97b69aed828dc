import { z } from 'zod';
import { type SubScores as SubScoresT, type Tier as TierT } from '../../api/projects';
import { AuditStatus, Chain, Severity, SubScores, Tier } from '../../api/projects.schemas';
import {
  ExchangeMetric,
  PrivilegedAddress,
  PrivilegedFunction,
  PrivilegedTransaction,
  SocialType,
  TopEntry,
} from '../../api/skynet.schemas';

/**
 * The shape of one project's data, shared by the seed generator and `npm run import -- FILE.json`.
 * Score, tier and rank are derived (score from the sub-scores, rank by score over all projects), never given.
 * Optional sections (contracts, monitoring, socialActivity, alerts) replace what is stored only when present.
 */
const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });

export const ContractRecord = z.object({
  address: z.string().min(1).max(100),
  chain: Chain,
  label: z.string().min(1).max(100),
  privilegedAddresses: z.array(PrivilegedAddress).max(100).default([]),
  privilegedFunctions: z.array(PrivilegedFunction).max(200).default([]),
  privilegedTransactions: z
    .array(PrivilegedTransaction.extend({ timestamp: isoDateTime }))
    .max(1000)
    .default([]),
});
export type ContractRecord = z.infer<typeof ContractRecord>;

export const MonitoringRecord = z.object({
  topCallers: z.array(TopEntry).max(100).default([]),
  topEvents: z.array(TopEntry).max(100).default([]),
  topFunctionCalls: z.array(TopEntry).max(100).default([]),
  exchanges: z.array(ExchangeMetric).max(100).default([]),
  updatedAt: isoDateTime.optional(),
});

export const SocialPoint = z.object({ type: SocialType, date: isoDate, value: z.number().int().min(0) });

export const AlertRecord = z.object({
  severity: Severity,
  title: z.string().min(1).max(300),
  description: z.string().max(5000),
  lossUsd: z.number().min(0).nullable().default(null),
  occurredAt: isoDateTime,
});

export const ProjectRecord = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'Expected a slug: lower-case letters, digits and dashes (≤ 100)'),
    name: z.string().trim().min(1).max(100),
    tokenTickers: z.array(z.string().trim().min(1).max(20)).min(1).max(10),
    chains: z.array(Chain).min(1).max(17),
    /** A site path (/logos/…); derived from the first ticker when omitted. */
    logo: z
      .string()
      .regex(/^\/[A-Za-z0-9/_.$-]{1,200}$/, 'Expected a site path such as /logos/eth.svg')
      .optional(),
    description: z.string().max(5000).default(''),
    website: z
      .url({ protocol: /^https?$/ })
      .max(300)
      .nullable()
      .default(null),
    subScores: SubScores,
    auditStatus: AuditStatus,
    auditDate: isoDate.nullable().default(null),
    kyc: z.boolean().default(false),
    marketCapUsd: z.number().min(0).nullable().default(null),
    trendScore: z.number().min(0).max(1_000_000).default(0),
    contracts: z.array(ContractRecord).max(50).optional(),
    monitoring: MonitoringRecord.optional(),
    socialActivity: z
      .array(SocialPoint)
      .max(3 * 3660)
      .optional(),
    alerts: z.array(AlertRecord).max(500).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.auditStatus === 'audited' && !p.auditDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['auditDate'],
        message: 'Required when auditStatus is "audited"',
      });
    }
  });
export type ProjectRecord = z.infer<typeof ProjectRecord>;
export type ProjectRecordInput = z.input<typeof ProjectRecord>;

/** The overall score: weighted mean of the six sub-scores, one decimal. Code security weighs most. */
export const SCORE_WEIGHTS: Record<keyof SubScoresT, number> = {
  codeSecurity: 0.25,
  fundamentalHealth: 0.15,
  operationalResilience: 0.15,
  governanceStrength: 0.15,
  marketStability: 0.15,
  communityTrust: 0.15,
};

export function overallScore(s: SubScoresT): number {
  let total = 0;
  for (const [k, w] of Object.entries(SCORE_WEIGHTS)) total += s[k as keyof SubScoresT] * w;
  return Math.round(total * 10) / 10;
}

export function tierFor(score: number): TierT {
  const tiers: [number, TierT][] = [
    [90, 'AAA'],
    [80, 'AA'],
    [70, 'A'],
    [60, 'BBB'],
    [50, 'BB'],
    [40, 'B'],
  ];
  for (const [min, tier] of tiers) if (score >= min) return tier;
  return Tier.enum.CCC;
}
