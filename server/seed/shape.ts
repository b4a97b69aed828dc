import { z } from 'zod';
import { CHAINS } from '../../api/projects';
import { Chain, Severity } from '../../api/projects.schemas';
import { STORED_SIGNAL_KEYS } from '../ratings/recompute';
import { PROJECT_CATEGORIES } from '../../api/leaderboard';
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
 * Records carry signals; score, sub-scores, tier, badges and rank are always computed (server/ratings).
 * Optional sections (contracts, monitoring, socialActivity, alerts) replace what is stored only when present.
 */
const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });

export const ContractRecord = z
  .object({
    address: z.string().min(1).max(100),
    chain: Chain,
    label: z.string().min(1).max(100),
    privilegedAddresses: z.array(PrivilegedAddress).max(100).default([]),
    privilegedFunctions: z.array(PrivilegedFunction).max(200).default([]),
    privilegedTransactions: z
      .array(PrivilegedTransaction.extend({ timestamp: isoDateTime }))
      .max(1000)
      .default([]),
    /**
     * Monitor the contract on a configured chain (its EIP-155 id, server/chains/config.ts): the server reads it from
     * `fromBlock` (default: its deployment block, found on the chain) and its figures then come from the chain.
     */
    monitor: z.boolean().default(false),
    chainId: z.number().int().positive().optional(),
    abi: z.array(z.record(z.string(), z.unknown())).max(2000).optional(),
    fromBlock: z.number().int().nonnegative().optional(),
  })
  .superRefine((c, ctx) => {
    if (c.monitor && c.chainId === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['chainId'],
        message: 'A monitored contract needs the chain id it is on',
      });
    if (c.monitor && !/^0x[0-9a-fA-F]{40}$/.test(c.address))
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: 'A monitored contract needs an EVM address: 0x followed by 40 hex characters',
      });
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

/** Signal values by key (server/ratings/methodology.ts): a number, or null for "not known". */
export const SignalsRecord = z.record(z.string(), z.number().finite().nullable());

const COMPUTED = {
  subScores:
    'Scores are computed from signals and cannot be imported: send "signals" instead (see /resources/methodology)',
  auditStatus: 'The audit status is computed from signals.auditCount and signals.auditInProgress',
  auditDate: 'The audit date is computed from signals.lastAuditDay (days since 1970-01-01)',
  kyc: 'The KYC badge is computed from signals.teamKyc (1 = verified)',
  score: 'Scores are computed from signals and cannot be imported',
  tier: 'Tiers are computed from signals and cannot be imported',
} as const;

export const ProjectRecord = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'Expected a slug: lower-case letters, digits and dashes (≤ 100)'),
    name: z.string().trim().min(1).max(100),
    tokenTickers: z.array(z.string().trim().min(1).max(20)).min(1).max(10),
    chains: z.array(Chain).min(1).max(CHAINS.length),
    /** What the project is (its peer group); an existing project keeps its kind when omitted. */
    kind: z.enum(PROJECT_CATEGORIES).optional(),
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
    /**
     * Raw signal values, merged into the stored ones (a key not given keeps its stored value; null = not known).
     * Score, sub-scores, tier, audit status, audit date and KYC are computed from them.
     */
    signals: SignalsRecord.default({}),
    marketCapUsd: z.number().min(0).nullable().optional(),
    /** Market figures the leaderboard shows (null: not known; TVL only where the project holds deposits). */
    priceUsd: z.number().min(0).nullable().optional(),
    priceChange24hPct: z.number().min(-100).max(100_000).nullable().optional(),
    tvlUsd: z.number().min(0).nullable().optional(),
    /** The largest bug bounty reward offered; defaults to the bugBountyUsd signal when omitted. */
    bugBountyUsd: z.number().min(0).nullable().optional(),
    contracts: z.array(ContractRecord).max(50).optional(),
    monitoring: MonitoringRecord.optional(),
    socialActivity: z
      .array(SocialPoint)
      .max(3 * 3660)
      .optional(),
    alerts: z.array(AlertRecord).max(500).optional(),
    // Computed fields: present only so a record carrying them gets a clear error.
    subScores: z.unknown().optional(),
    auditStatus: z.unknown().optional(),
    auditDate: z.unknown().optional(),
    kyc: z.unknown().optional(),
    score: z.unknown().optional(),
    tier: z.unknown().optional(),
  })
  .superRefine((p, ctx) => {
    for (const [field, message] of Object.entries(COMPUTED)) {
      if (p[field as keyof typeof COMPUTED] !== undefined)
        ctx.addIssue({ code: 'custom', path: [field], message });
    }
    for (const key of Object.keys(p.signals)) {
      if (!STORED_SIGNAL_KEYS.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['signals', key],
          message: `Unknown signal "${key}" (known: ${[...STORED_SIGNAL_KEYS].join(', ')})`,
        });
      }
    }
  })
  .transform(
    ({ subScores: _s, auditStatus: _a, auditDate: _d, kyc: _k, score: _sc, tier: _t, ...rest }) => rest,
  );
export type ProjectRecord = z.infer<typeof ProjectRecord>;
export type ProjectRecordInput = z.input<typeof ProjectRecord>;
