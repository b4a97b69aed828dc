import type { LeaderboardQueryInput } from './projects';

/*
 * The leaderboard's vocabulary: its sorts, tabs and categories, shared by home's leaderboard machine, the server and
 * the schemas. Apart from api/projects.ts, which every page loads, so that only home's leaderboard code carries it.
 */

export const LEADERBOARD_SORTS = [
  'rank',
  'score',
  'name',
  'auditDate',
  'trend',
  'marketCap',
  'price',
  'priceChange24h',
  'tvl',
  'bugBounty',
  // The score's move over 24 h, 7 d and 30 d (from its history).
  'change24h',
  'change7d',
  'change30d',
] as const;
export type LeaderboardSortKey = (typeof LEADERBOARD_SORTS)[number];
/** The leaderboard's tabs: each a filter (and its own default order) the server applies. */
export const LEADERBOARD_TABS = [
  'score',
  'trending',
  'recentlyAudited',
  'stablecoins',
  'bugBounty',
  'kyc',
] as const;
export type LeaderboardTab = (typeof LEADERBOARD_TABS)[number];
export const LEADERBOARD_TAB_LABELS: Record<LeaderboardTab, string> = {
  score: 'Security score',
  trending: 'Trending',
  recentlyAudited: 'Recently audited',
  stablecoins: 'Stablecoins',
  bugBounty: 'Bug bounty',
  kyc: 'KYC verified',
};
/** The order a tab shows when no column is chosen. */
export const LEADERBOARD_TAB_SORT: Record<
  LeaderboardTab,
  { sort: LeaderboardSortKey; order: 'asc' | 'desc' }
> = {
  score: { sort: 'rank', order: 'asc' },
  trending: { sort: 'trend', order: 'desc' },
  recentlyAudited: { sort: 'auditDate', order: 'desc' },
  stablecoins: { sort: 'rank', order: 'asc' },
  bugBounty: { sort: 'bugBounty', order: 'desc' },
  kyc: { sort: 'rank', order: 'asc' },
};
/** The leaderboard's categories: every project's kind, as the seed and `npm run import` give it. */
export const PROJECT_CATEGORIES = [
  'Layer 1',
  'Layer 2',
  'DEX',
  'Lending',
  'Stablecoin',
  'Liquid staking',
  'Yield',
  'Bridge',
  'Oracle',
  'Derivatives',
  'Exchange token',
  'Payments',
  'Gaming',
  'NFT',
  'Infrastructure',
  'Privacy',
  'Meme',
  'Storage',
  'Governance',
  'Data availability',
] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];
/** Most rows one CSV export of the leaderboard holds (every page of the view, up to this). */
export const LEADERBOARD_CSV_MAX_ROWS = 5000;

/** The address of the CSV export of a leaderboard view (the same query; every page, up to LEADERBOARD_CSV_MAX_ROWS). */
export const leaderboardCsvUrl = (query: LeaderboardQueryInput = {}) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === '' || k === 'page' || k === 'pageSize') continue;
    params.set(k, String(v));
  }
  const text = params.toString();
  return `/api/leaderboard.csv${text ? `?${text}` : ''}`;
};
