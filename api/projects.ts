import type { z } from 'zod';
import type * as schemas from './projects.schemas';
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

export const LEADERBOARD_SORTS = ['rank', 'score', 'name', 'auditDate'] as const;
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
