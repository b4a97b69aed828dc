/** Zod schemas of the projects contract: the server validates with these (the browser uses api/projects.ts). */
import { z } from 'zod';
import {
  CHAINS,
  TIERS,
  AUDIT_STATUSES,
  MAX_PROJECT_IDS,
  LEADERBOARD_SORTS,
  MAX_PAGE_SIZE,
  SEVERITIES,
} from './projects';

export const Chain = z.enum(CHAINS);
export const Tier = z.enum(TIERS);
export const AuditStatus = z.enum(AUDIT_STATUSES);

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

/** The six category sub-scores (0–100) that make the overall score. */
export const SubScores = z.object({
  codeSecurity: score,
  fundamentalHealth: score,
  operationalResilience: score,
  governanceStrength: score,
  marketStability: score,
  communityTrust: score,
});

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

export const Votes = z.object({
  yes: z.number().int(),
  no: z.number().int(),
  /** 0–100, one decimal; 0 when nobody voted. */
  yesPercentage: z.number(),
  /** This visitor's current vote, or null. */
  myVote: z.enum(['yes', 'no']).nullable(),
});

export const ProjectContract = z.object({ address: z.string(), chain: Chain, label: z.string() });

/** An example row of the OpenAPI document (values as the API sends them). */
const EXAMPLE_ROW = {
  id: 'ethereum',
  rank: 1,
  logo: '/logos/eth.svg',
  name: 'Ethereum',
  tokenTickers: ['ETH'],
  chains: ['Ethereum'],
  score: 91.4,
  tier: 'AAA',
  subScores: {
    codeSecurity: 94.1,
    fundamentalHealth: 92,
    operationalResilience: 90.2,
    governanceStrength: 88.5,
    marketStability: 89.7,
    communityTrust: 93.3,
  },
  auditStatus: 'audited',
  auditDate: '2025-03-14',
  kyc: true,
};

/** GET /api/projects/:id */
export const ProjectDetail = ProjectRow.extend({
  description: z.string(),
  website: z.string().nullable(),
  marketCapUsd: z.number().nullable(),
  contracts: z.array(ProjectContract),
  votes: Votes,
}).meta({
  examples: [
    {
      ...EXAMPLE_ROW,
      description: 'A decentralised platform for smart contracts.',
      website: 'https://ethereum.org',
      marketCapUsd: 420_000_000_000,
      contracts: [],
      votes: { yes: 12, no: 3, yesPercentage: 80, myVote: null },
    },
  ],
});

// ---- queries and bodies (the server validates with these same schemas) ----

/** GET /api/search-project?keyword= — fewer than 2 characters (after trimming) → the trending list. */
export const SearchProjectQuery = z.object({
  keyword: z
    .string()
    .max(100)
    .default('')
    .meta({ examples: ['eth'] }),
});

/** POST /api/projects-list */
export const ProjectsListBody = z.object({
  projectIds: z.array(z.string().min(1).max(200)).max(MAX_PROJECT_IDS),
});

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

export const LeaderboardPage = z
  .object({
    items: z.array(ProjectRow),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ examples: [{ items: [EXAMPLE_ROW], total: 1, page: 1, pageSize: 25 }] });

/** GET /api/trending, /api/recently-audited, /api/audits-in-progress, /api/alerts */
export const LimitQuery = z.object({ limit: intFromQuery(1, 50).default(10) });
export const Severity = z.enum(SEVERITIES);

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

/** GET /api/projects/vote?id&vote — records (or changes) this visitor's vote; without `vote` it only reads. */
export const VoteQuery = z.object({
  id: z.string().min(1).max(200),
  vote: z.enum(['yes', 'no']).optional(),
});
export const AverageYesPercentage = z.object({ averageYesPercentage: z.number() });

/** GET /api/projects/page-view?projectId — records one view and returns the total. */
export const PageViewQuery = z.object({ projectId: z.string().min(1).max(200) });
export const PageViews = z.object({ views: z.number().int() });
