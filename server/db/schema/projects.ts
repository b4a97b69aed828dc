import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { bigintNumber, createdAt, serialId, timestamptz, updatedAt } from './columns';

/** The six category sub-scores (0–100) that make the overall security score. */
export type SubScores = {
  codeSecurity: number;
  fundamentalHealth: number;
  operationalResilience: number;
  governanceStrength: number;
  marketStability: number;
  communityTrust: number;
};

/**
 * A counter per table, raised by a trigger in the same transaction as every write to the table (migrations 0011,
 * 0015, 0016, 0018): what was computed from the table can be cached until its counter moves, whoever wrote (this
 * server, another instance, `npm run import`). See server/cache/versionedCache.ts.
 */
export const tableVersions = pgTable('table_versions', {
  name: text('name').primaryKey(),
  version: bigintNumber('version').notNull().default(0),
});

/**
 * A counter per project, raised by triggers in the same transaction as every write to its row, its contracts,
 * votes, alerts, audits or incidents (migration 0020): a project's page is cached until its own counter moves, not
 * whenever any project gets a vote. No foreign key: a deleted project's counter stays, so its id never counts again
 * from 1.
 */
export const projectVersions = pgTable('project_versions', {
  projectId: text('project_id').primaryKey(),
  version: bigintNumber('version').notNull().default(0),
});

export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    tokenTickers: text('token_tickers').array().notNull(),
    chains: text('chains').array().notNull(),
    logo: text('logo').notNull(),
    description: text('description').notNull().default(''),
    website: text('website'),
    /** What the project is (DEX, Stablecoin, Layer 1, …): its peer group. */
    kind: text('kind').notNull().default(''),
    score: real('score').notNull(),
    subScores: jsonb('sub_scores').$type<SubScores>().notNull(),
    rank: integer('rank'),
    tier: text('tier').notNull(),
    auditStatus: text('audit_status').$type<'audited' | 'in_progress' | 'none'>().notNull(),
    auditDate: date('audit_date'),
    kyc: boolean('kyc').notNull().default(false),
    /** KYC details when `kyc`: the tier, when the team was verified (reviewed again 90 days later) and what was. */
    kycTier: text('kyc_tier').$type<'gold' | 'silver' | 'bronze'>(),
    kycVerifiedOn: date('kyc_verified_on'),
    kycScope: text('kyc_scope').array(),
    marketCapUsd: real('market_cap_usd'),
    priceUsd: real('price_usd'),
    priceChange24hPct: real('price_change_24h_pct'),
    /** Total value locked, where the project holds deposits (DeFi); null where it does not apply. */
    tvlUsd: real('tvl_usd'),
    /** The largest bug bounty reward offered, when the project runs a bounty programme. */
    bugBountyUsd: real('bug_bounty_usd'),
    /** Computed from the last 7 days of page views and watchlist adds (server/ratings/trending.ts). */
    trendScore: real('trend_score').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('projects_rank_idx').on(t.rank),
    index('projects_score_idx').on(t.score),
    // Peer groups of the project page: its kind and its main chain, by score.
    index('projects_kind_score_idx').on(t.kind, t.score),
    index('projects_main_chain_score_idx').on(sql`(${t.chains}[1])`, t.score),
    // The leaderboard's other sorts (GET /api/leaderboard): by name, and by audit date newest first (its first click).
    // Without them each page sorted every project: at 50,000, 35-80 ms a page against ~1 ms.
    index('projects_name_idx').on(sql`lower(${t.name})`),
    index('projects_audit_date_idx').on(t.auditDate.desc().nullsLast()),
    // Trending order: home's trending and audits-in-progress strips, and the trending job's projects still trending.
    // Without it each sorted every project: at 50,000 on PGlite, 45-85 ms of the server's thread a strip against ~1.
    index('projects_trend_idx').on(t.trendScore.desc().nullsFirst(), t.rank.asc().nullsLast()),
    // Home's audits-in-progress strip: the same order among those projects only. They rank low (from about 2,000th
    // of 50,000), so without trending activity the order above passed 2,000-4,000 others before finding ten.
    index('projects_in_progress_trend_idx')
      .on(t.trendScore.desc().nullsFirst(), t.rank.asc().nullsLast())
      .where(sql`${t.auditStatus} = 'in_progress'`),
  ],
);

/** The project a row is about: deleting the project deletes the row. */
export const projectRef = () =>
  text('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

export type TopEntry = { name: string; count: number; address?: string };
export type ExchangeMetric = { exchange: string; volumeUsd: number; liquidityUsd: number; pairs: number };

/** Monitoring figures per project (skynet). Observed on chain in production; seeded or imported here. */
export const projectMonitoring = pgTable('project_monitoring', {
  projectId: projectRef().primaryKey(),
  topCallers: jsonb('top_callers').$type<TopEntry[]>().notNull(),
  topEvents: jsonb('top_events').$type<TopEntry[]>().notNull(),
  topFunctionCalls: jsonb('top_function_calls').$type<TopEntry[]>().notNull(),
  exchanges: jsonb('exchanges').$type<ExchangeMetric[]>().notNull(),
  updatedAt: updatedAt(),
});

export type PrivilegedAddress = { address: string; role: string; isContract: boolean };
export type PrivilegedFunction = { signature: string; modifier: string; risk: 'low' | 'medium' | 'high' };
export type PrivilegedTransaction = { hash: string; function: string; from: string; timestamp: string };

/** Monitored contracts with their privileged roles, functions and recent privileged transactions. */
export const contracts = pgTable(
  'contracts',
  {
    address: text('address').primaryKey(),
    projectId: projectRef(),
    chain: text('chain').notNull(),
    label: text('label').notNull(),
    privilegedAddresses: jsonb('privileged_addresses').$type<PrivilegedAddress[]>().notNull(),
    privilegedFunctions: jsonb('privileged_functions').$type<PrivilegedFunction[]>().notNull(),
    privilegedTransactions: jsonb('privileged_transactions').$type<PrivilegedTransaction[]>().notNull(),
    /** EIP-155 chain id when the contract is on a chain the indexer reads; null for demo rows of other chains. */
    chainId: integer('chain_id'),
    /** The ABI an admin gave (else the indexer reads one from the bytecode). */
    abi: jsonb('abi').$type<unknown[]>(),
    /** When monitoring began; null when the contract is not monitored (its figures are demo data). */
    monitoredSince: timestamptz('monitored_since'),
    deploymentBlock: bigintNumber('deployment_block'),
    /** Where the privileged figures come from: 'demo' (seed generator) or 'chain' (read by monitoring). */
    source: text('source').$type<'demo' | 'chain'>().notNull().default('demo'),
  },
  (t) => [index('contracts_project_idx').on(t.projectId)],
);

/**
 * Daily social activity, one row per project and type: `values[i]` is the count on day `startDay + i`
 * (one row per day made 13.5 M rows at 50,000 projects × 3 types × 90 days; a series per row keeps seeding fast).
 */
export const socialActivity = pgTable(
  'social_activity_series',
  {
    projectId: projectRef(),
    type: text('type').notNull(),
    startDay: date('start_day').notNull(),
    values: integer('values').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.type] })],
);

/** Security alerts (incidents) published by the platform. */
export const alerts = pgTable(
  'alerts',
  {
    id: serialId(),
    projectId: projectRef(),
    severity: text('severity').$type<'low' | 'medium' | 'high' | 'critical'>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    lossUsd: real('loss_usd'),
    occurredAt: timestamptz('occurred_at').notNull(),
  },
  (t) => [index('alerts_occurred_idx').on(t.occurredAt)],
);

/** One vote per voter per project; the voter is a user id or an anonymous visitor cookie. */
export const votes = pgTable(
  'votes',
  {
    projectId: projectRef(),
    voterKey: text('voter_key').notNull(),
    vote: boolean('vote').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.voterKey] })],
);

export const pageViews = pgTable('page_views', {
  projectId: projectRef().primaryKey(),
  views: integer('views').notNull().default(0),
});
