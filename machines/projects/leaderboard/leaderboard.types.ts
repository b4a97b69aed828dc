import type { LeaderboardPage } from '../../../api/projects';
import type { LeaderboardSortKey, LeaderboardTab } from '../../../api/leaderboard';
import type { Tags } from '../../core/tags';
import type { connectLeaderboard } from './leaderboard.connect';

export type LeaderboardSort = LeaderboardSortKey;
export type { LeaderboardTab };
import type { SortOrder } from '../../core/sortColumn';
export type LeaderboardFilters = {
  chain: string;
  tier: string;
  audit: string;
  kyc: boolean;
  minScore: string;
  maxScore: string;
};
export type LeaderboardQuery = {
  /** The tab: a filter with its own order (api/leaderboard.ts LEADERBOARD_TABS). */
  tab: LeaderboardTab;
  /** A project kind ('' for all). */
  category: string;
  /** Name or ticker ('' for all), as applied after the box's debounce. */
  keyword: string;
  sort: LeaderboardSort;
  order: SortOrder;
  page: number;
  pageSize: number;
  filters: LeaderboardFilters;
};

/** `pageSize`: the layout's; `query`: the one the address names on arrival. */
export type LeaderboardInput = { pageSize?: number; query?: Omit<LeaderboardQuery, 'pageSize'> } | undefined;
export type LeaderboardContext = {
  query: LeaderboardQuery;
  draft: LeaderboardFilters;
  result: LeaderboardPage | null;
  /** Rows whose sub-score breakdown is shown. */
  expanded: string[];
  /** The keyword box's text (applied to the query once it settles). */
  typed: string;
  /** Projects picked for comparison, in the order picked (at most MAX_COMPARE). */
  selected: string[];
};

export type LeaderboardEvent =
  | { type: 'SORT'; sort: LeaderboardSort }
  | { type: 'PAGE'; page: number }
  | { type: 'OPEN_FILTERS' }
  | { type: 'CLOSE_FILTERS' }
  | { type: 'EDIT_FILTER'; key: keyof LeaderboardFilters; value: string | boolean }
  | { type: 'APPLY_FILTERS' }
  | { type: 'RESET_FILTERS' }
  | { type: 'RETRY' }
  | { type: 'TOGGLE_DETAILS'; id: string }
  | { type: 'SET_TAB'; tab: LeaderboardTab }
  | { type: 'SET_CATEGORY'; category: string }
  | { type: 'TYPE_KEYWORD'; keyword: string }
  /** Raised when the keyword box has been still for KEYWORD_DEBOUNCE_MS. */
  | { type: 'KEYWORD_SETTLED' }
  | { type: 'TOGGLE_COMPARE'; id: string }
  | { type: 'CLEAR_COMPARE' }
  /** The address changed under the page (Back, Forward): show the query it names. */
  | { type: 'URL_CHANGED'; query: Omit<LeaderboardQuery, 'pageSize'> };

/**
 * `loading`: a page is being fetched (the rows shown, if any, are the last answer's); `ready`: the answer is shown;
 * `error`: it failed (Retry); `filtersOpen`: the filter panel is open; `typing`: the keyword box waits for a pause.
 */
export type LeaderboardTag = Tags<'loading' | 'ready' | 'error', 'filtersOpen' | 'typing'>;

/** What Leaderboard and FiltersPanel render (leaderboard.connect). */
export type LeaderboardView = ReturnType<typeof connectLeaderboard>;
