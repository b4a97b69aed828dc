import { z } from 'zod';
import type { Request } from './http';

/** The spec's blockchain set (§3 "Blockchain icon set"); a project's `chains` use these names verbatim. */
export const CHAINS = [
  'Cosmos',
  'Crypto',
  'Ethereum',
  'Fantom',
  'Heco',
  'Okex',
  'Polygon',
  'Solana',
  'Substrate',
  'Terra',
  'Cronos',
  'Ferrum',
  'Harmony',
  'IoTeX',
  'Near',
  'Polkadot',
  'Tron',
] as const;
export const Chain = z.enum(CHAINS);
export type Chain = z.infer<typeof Chain>;

/** Rating tiers, best first. Score → tier: AAA ≥ 90, AA ≥ 80, A ≥ 70, BBB ≥ 60, BB ≥ 50, B ≥ 40, else CCC. */
export const TIERS = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'CCC'] as const;
export const Tier = z.enum(TIERS);
export type Tier = z.infer<typeof Tier>;

export const AUDIT_STATUSES = ['audited', 'in_progress', 'none'] as const;
export const AuditStatus = z.enum(AUDIT_STATUSES);
export type AuditStatus = z.infer<typeof AuditStatus>;

/** Largest page the leaderboard serves, and the most ids one projects-list call may ask for. */
export const MAX_PAGE_SIZE = 100;
export const MAX_PROJECT_IDS = 200;
/** Search results per keyword (and length of the trending list shown under 'Trending Search'). */
export const SEARCH_LIMIT = 10;
/** Keywords shorter than this get the trending list instead of matches. */
export const SEARCH_MIN_KEYWORD = 2;

const score = z.number().min(0).max(100);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date YYYY-MM-DD');

/** A project as search results and pickers show it (spec §3). */
export const ProjectSummary = z.object({
  id: z.string(),
  rank: z.number().int().nullable(),
  /** A site path such as /logos/eth.svg; render it through imageUrl() from api/images.ts. */
  logo: z.string(),
  name: z.string(),
  tokenTickers: z.array(z.string()),
});
export type ProjectSummary = z.infer<typeof ProjectSummary>;

/** The six category sub-scores (0–100) that make the overall score. */
export const SubScores = z.object({
  codeSecurity: score,
  fundamentalHealth: score,
  operationalResilience: score,
  governanceStrength: score,
  marketStability: score,
  communityTrust: score,
});
export type SubScores = z.infer<typeof SubScores>;

/** Labels for the sub-scores, in display order. */
export const SUB_SCORE_LABELS: Record<keyof SubScores, string> = {
  codeSecurity: 'Code Security',
  fundamentalHealth: 'Fundamental Health',
  operationalResilience: 'Operational Resilience',
  governanceStrength: 'Governance Strength',
  marketStability: 'Market Stability',
  communityTrust: 'Community Trust',
};

/** A leaderboard / home-section row. */
export const ProjectRow = ProjectSummary.extend({
  chains: z.array(Chain),
  /** 0–100, one decimal. */
  score,
  tier: Tier,
  subScores: SubScores,
  auditStatus: AuditStatus,
  /** ISO date (YYYY-MM-DD) of the last finished audit, or null. */
  auditDate: isoDate.nullable(),
  kyc: z.boolean(),
});
export type ProjectRow = z.infer<typeof ProjectRow>;

export const Votes = z.object({
  yes: z.number().int(),
  no: z.number().int(),
  /** 0–100, one decimal; 0 when nobody voted. */
  yesPercentage: z.number(),
  /** This visitor's current vote, or null. */
  myVote: z.enum(['yes', 'no']).nullable(),
});
export type Votes = z.infer<typeof Votes>;

export const ProjectContract = z.object({ address: z.string(), chain: Chain, label: z.string() });
export type ProjectContract = z.infer<typeof ProjectContract>;

/** GET /api/projects/:id */
export const ProjectDetail = ProjectRow.extend({
  description: z.string(),
  website: z.string().nullable(),
  marketCapUsd: z.number().nullable(),
  contracts: z.array(ProjectContract),
  votes: Votes,
});
export type ProjectDetail = z.infer<typeof ProjectDetail>;

// ---- queries and bodies (the server validates with these same schemas) ----

/** GET /api/search-project?keyword= — fewer than 2 characters (after trimming) → the trending list. */
export const SearchProjectQuery = z.object({
  keyword: z.string().max(100).default(''),
});
export type SearchProjectQuery = z.infer<typeof SearchProjectQuery>;

/** POST /api/projects-list */
export const ProjectsListBody = z.object({
  projectIds: z.array(z.string().min(1).max(200)).max(MAX_PROJECT_IDS),
});
export type ProjectsListBody = z.infer<typeof ProjectsListBody>;

export const ProjectIdParams = z.object({ id: z.string().min(1).max(200) });

/** A whole number written in decimal digits in a query string (no hex, exponents or signs), within [min, max]. */
export const intFromQuery = (min: number, max: number) =>
  z.union([
    z.number().int().min(min).max(max),
    z
      .string()
      .regex(/^\d{1,15}$/, 'Expected a whole number')
      .transform(Number)
      .pipe(z.number().int().min(min).max(max)),
  ]);
const optionalText = z
  .string()
  .max(100)
  .optional()
  .transform((v) => (v === '' ? undefined : v));
const boolFromQuery = z
  .enum(['true', 'false', ''])
  .optional()
  .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined));
const optionalScore = z
  .union([
    z.literal(''),
    z
      .string()
      .regex(/^\d{1,3}(\.\d{1,4})?$/, 'Expected a number from 0 to 100')
      .transform(Number)
      .pipe(z.number().min(0).max(100)),
  ])
  .optional()
  .transform((v) => (v === '' ? undefined : v));

export const LEADERBOARD_SORTS = ['rank', 'score', 'name', 'auditDate'] as const;

/** GET /api/leaderboard — every field optional; ranks ascending, page 1 of 25 by default. */
export const LeaderboardQuery = z.object({
  sort: z.enum(LEADERBOARD_SORTS).default('rank'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: intFromQuery(1, 100_000).default(1),
  pageSize: intFromQuery(1, MAX_PAGE_SIZE).default(25),
  chain: z
    .union([z.literal(''), Chain])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  tier: z
    .union([z.literal(''), Tier])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  audit: z
    .union([z.literal(''), AuditStatus])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  kyc: boolFromQuery,
  minScore: optionalScore,
  maxScore: optionalScore,
  keyword: optionalText,
});
export type LeaderboardQueryInput = z.input<typeof LeaderboardQuery>;
export type LeaderboardQuery = z.infer<typeof LeaderboardQuery>;

export const LeaderboardPage = z.object({
  items: z.array(ProjectRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type LeaderboardPage = z.infer<typeof LeaderboardPage>;

/** GET /api/trending, /api/recently-audited, /api/audits-in-progress, /api/alerts */
export const LimitQuery = z.object({ limit: intFromQuery(1, 50).default(10) });

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const Severity = z.enum(SEVERITIES);
export type Severity = z.infer<typeof Severity>;

/** A security alert (incident) shown under 'Stay informed on safety'. */
export const Alert = z.object({
  id: z.number().int(),
  projectId: z.string(),
  projectName: z.string(),
  projectLogo: z.string(),
  severity: Severity,
  title: z.string(),
  description: z.string(),
  lossUsd: z.number().nullable(),
  /** ISO timestamp. */
  occurredAt: z.string(),
});
export type Alert = z.infer<typeof Alert>;

/** GET /api/projects/vote?id&vote — records (or changes) this visitor's vote; without `vote` it only reads. */
export const VoteQuery = z.object({
  id: z.string().min(1).max(200),
  vote: z.enum(['yes', 'no']).optional(),
});
export const AverageYesPercentage = z.object({ averageYesPercentage: z.number() });
export type AverageYesPercentage = z.infer<typeof AverageYesPercentage>;

/** GET /api/projects/page-view?projectId — records one view and returns the total. */
export const PageViewQuery = z.object({ projectId: z.string().min(1).max(200) });
export const PageViews = z.object({ views: z.number().int() });
export type PageViews = z.infer<typeof PageViews>;

// ---- typed fetch functions ----

export const searchProjects = (request: Request, keyword: string) =>
  request<ProjectSummary[]>('/api/search-project', { query: { keyword } });

export const getProjectsList = (request: Request, projectIds: string[]) =>
  request<ProjectRow[]>('/api/projects-list', { method: 'POST', body: { projectIds } });

export const getLeaderboard = (request: Request, query: LeaderboardQueryInput = {}) =>
  request<LeaderboardPage>('/api/leaderboard', {
    query: query as Record<string, string | number | boolean | undefined>,
  });

export const getProject = (request: Request, id: string) =>
  request<ProjectDetail>(`/api/projects/${encodeURIComponent(id)}`);

export const getTrending = (request: Request, limit = 10) =>
  request<ProjectRow[]>('/api/trending', { query: { limit } });

export const getRecentlyAudited = (request: Request, limit = 10) =>
  request<ProjectRow[]>('/api/recently-audited', { query: { limit } });

export const getAuditsInProgress = (request: Request, limit = 10) =>
  request<ProjectRow[]>('/api/audits-in-progress', { query: { limit } });

export const getAlerts = (request: Request, limit = 10) =>
  request<Alert[]>('/api/alerts', { query: { limit } });

export const voteProject = (request: Request, id: string, vote?: 'yes' | 'no') =>
  request<Votes>('/api/projects/vote', { query: { id, vote } });

export const getAverageYesPercentage = (request: Request) =>
  request<AverageYesPercentage>('/api/projects/average-yes-percentage');

export const recordPageView = (request: Request, projectId: string) =>
  request<PageViews>('/api/projects/page-view', { query: { projectId } });
