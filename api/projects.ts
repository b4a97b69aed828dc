import type { z } from 'zod';
import type * as schemas from './projects.schemas';
import type { Request } from './http';

/**
 * The chains a project can be on, as the chain filter lists them: today's major chains first, then the rest of the
 * spec's blockchain icon set (§3 "Blockchain icon set": Cosmos, Crypto, Ethereum, Fantom, Heco, Okex, Polygon,
 * Solana, Substrate, Terra, Cronos, Ferrum, Harmony, IoTeX, Near, Polkadot, Tron), whose names stay verbatim. A
 * chain outside the icon set shows a neutral badge with its initials (src/components/ChainIcon.tsx).
 */
export const CHAINS = [
  'Ethereum',
  'Bitcoin',
  'Solana',
  'BNB Chain',
  'Arbitrum',
  'Base',
  'Optimism',
  'Polygon',
  'Avalanche',
  'Tron',
  'XRP Ledger',
  'Cardano',
  'Dogecoin',
  'Litecoin',
  'Monero',
  'Stellar',
  'Bitcoin Cash',
  'Ethereum Classic',
  'TON',
  'Sui',
  'Aptos',
  'Hedera',
  'Internet Computer',
  'Algorand',
  'Tezos',
  'Filecoin',
  'VeChain',
  'Zcash',
  'Dash',
  'EOS',
  'Kaspa',
  'Hyperliquid',
  'Mantle',
  'Cosmos',
  'Polkadot',
  'Near',
  'Fantom',
  'Cronos',
  'Crypto',
  'Heco',
  'Okex',
  'Substrate',
  'Terra',
  'Ferrum',
  'Harmony',
  'IoTeX',
  // The embedded devnet (server/chains/devnet.ts): where the demonstration projects' contracts live.
  'Devnet',
] as const;

/**
 * What kind of chain each is: 'evm' (EIP-55 `0x` addresses, an EIP-155 chain id; server/seed/chains.ts has the ids
 * from `viem/chains`) or 'other' (its own address format; a native coin there never has an `0x` contract).
 */
export const CHAIN_KIND: Readonly<Record<Chain, 'evm' | 'other'>> = {
  Ethereum: 'evm',
  Bitcoin: 'other',
  Solana: 'other',
  'BNB Chain': 'evm',
  Arbitrum: 'evm',
  Base: 'evm',
  Optimism: 'evm',
  Polygon: 'evm',
  Avalanche: 'evm',
  Tron: 'other',
  'XRP Ledger': 'other',
  Cardano: 'other',
  Dogecoin: 'other',
  Litecoin: 'other',
  Monero: 'other',
  Stellar: 'other',
  'Bitcoin Cash': 'other',
  'Ethereum Classic': 'evm',
  TON: 'other',
  Sui: 'other',
  Aptos: 'other',
  Hedera: 'other',
  'Internet Computer': 'other',
  Algorand: 'other',
  Tezos: 'other',
  Filecoin: 'other',
  VeChain: 'other',
  Zcash: 'other',
  Dash: 'other',
  EOS: 'other',
  Kaspa: 'other',
  Hyperliquid: 'other',
  Mantle: 'evm',
  Cosmos: 'other',
  Polkadot: 'other',
  Near: 'other',
  Fantom: 'evm',
  Cronos: 'evm',
  Crypto: 'other',
  Heco: 'evm',
  Okex: 'evm',
  Substrate: 'other',
  Terra: 'other',
  Ferrum: 'other',
  Harmony: 'evm',
  IoTeX: 'evm',
  Devnet: 'evm',
};

/**
 * The day of the market snapshot the seed ships (server/seed/facts/market-snapshot.ts): the market caps of the
 * largest assets are that day's, rounded; every other market figure is demo data. Pages say "market data as of …".
 */
export const MARKET_SNAPSHOT_DATE = '2024-12-31';

export type Chain = z.infer<typeof schemas.Chain>;

/** Rating tiers, best first. Score → tier: AAA ≥ 90, AA ≥ 80, A ≥ 70, BBB ≥ 60, BB ≥ 50, B ≥ 40, else CCC. */
export const TIERS = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'CCC'] as const;
export type Tier = z.infer<typeof schemas.Tier>;

export const AUDIT_STATUSES = ['audited', 'in_progress', 'none'] as const;
export type AuditStatus = z.infer<typeof schemas.AuditStatus>;

/** Largest page the leaderboard serves, and the most ids one projects-list call may ask for. */
export const MAX_PAGE_SIZE = 100;
export const MAX_PROJECT_IDS = 200;
/** Search results per keyword (and length of the trending list shown under 'Trending Search'). */
export const SEARCH_LIMIT = 10;
/** Keywords shorter than this get the trending list instead of matches. */
export const SEARCH_MIN_KEYWORD = 2;
export type ProjectSummary = z.infer<typeof schemas.ProjectSummary>;
export type SubScores = z.infer<typeof schemas.SubScores>;

/** Labels for the sub-scores, in display order. */
export const SUB_SCORE_LABELS: Record<keyof SubScores, string> = {
  codeSecurity: 'Code Security',
  fundamentalHealth: 'Fundamental Health',
  operationalResilience: 'Operational Resilience',
  governanceStrength: 'Governance Strength',
  marketStability: 'Market Stability',
  communityTrust: 'Community Trust',
};
export type ProjectRow = z.infer<typeof schemas.ProjectRow>;
export type Votes = z.infer<typeof schemas.Votes>;
export type ProjectContract = z.infer<typeof schemas.ProjectContract>;
export type ProjectDetail = z.infer<typeof schemas.ProjectDetail>;
export type SearchProjectQuery = z.infer<typeof schemas.SearchProjectQuery>;
export type ProjectsListBody = z.infer<typeof schemas.ProjectsListBody>;

export type LeaderboardRow = z.infer<typeof schemas.LeaderboardRow>;
export type ScoreChange = z.infer<typeof schemas.ScoreChange>;
export type LeaderboardQueryInput = z.input<typeof schemas.LeaderboardQuery>;
export type LeaderboardQuery = z.infer<typeof schemas.LeaderboardQuery>;
export type LeaderboardPage = z.infer<typeof schemas.LeaderboardPage>;

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type Severity = z.infer<typeof schemas.Severity>;
export type Alert = z.infer<typeof schemas.Alert>;
export type AverageYesPercentage = z.infer<typeof schemas.AverageYesPercentage>;
export type PageViews = z.infer<typeof schemas.PageViews>;

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

/**
 * The id of the data block in which the server writes a project page's project (as getProject answers it), with the
 * average share of yes votes across all projects (as getAverageYesPercentage answers it) that its vote panel shows.
 */
export const PROJECT_ELEMENT_ID = 'project-data';
export type ServedProject = { id: string; project: ProjectDetail; averageYesPercentage?: number };

/** Home's three strips, as many rows as the page shows of each. */
export const HOME_STRIP_ROWS = 5;
/**
 * The id of the data block in which the server writes home's strips (as getTrending, getRecentlyAudited and
 * getAuditsInProgress answer them for HOME_STRIP_ROWS), so they are on screen before any script runs.
 */
export const STRIPS_ELEMENT_ID = 'strips-data';
export type ServedStrips = {
  trending: ProjectRow[];
  recentlyAudited: ProjectRow[];
  auditsInProgress: ProjectRow[];
};

export const getTrending = (request: Request, limit = 10) =>
  request<ProjectRow[]>('/api/trending', { query: { limit } });

export const getRecentlyAudited = (request: Request, limit = 10) =>
  request<ProjectRow[]>('/api/recently-audited', { query: { limit } });

export const getAuditsInProgress = (request: Request, limit = 10) =>
  request<ProjectRow[]>('/api/audits-in-progress', { query: { limit } });

export const getAlerts = (request: Request, limit = 10) =>
  request<Alert[]>('/api/alerts', { query: { limit } });

/** Reads the tally; with `vote`, records it, with the CSRF token, as the server takes a vote only from this site. */
export const voteProject = (request: Request, id: string, vote?: 'yes' | 'no') =>
  request<Votes>('/api/projects/vote', { query: { id, vote }, ...(vote ? { csrf: true as const } : {}) });

export const getAverageYesPercentage = (request: Request) =>
  request<AverageYesPercentage>('/api/projects/average-yes-percentage');

export const recordPageView = (request: Request, projectId: string) =>
  request<PageViews>('/api/projects/page-view', { query: { projectId } });
