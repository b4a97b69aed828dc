import { type LeaderboardQueryInput } from '../../../api/projects';
import {
  LEADERBOARD_SORTS,
  LEADERBOARD_TAB_SORT,
  LEADERBOARD_TABS,
  PROJECT_CATEGORIES,
} from '../../../api/leaderboard';
import { defaultOrder, EMPTY_FILTERS } from './leaderboard.machine';
import type { SortOrder } from '../../core/sortColumn';
import type { LeaderboardFilters, LeaderboardQuery, LeaderboardSort } from './leaderboard.types';

/** The part of the leaderboard query kept in the address bar (the page size is the layout's, not the user's). */
export type UrlQuery = Omit<LeaderboardQuery, 'pageSize'>;

const SORTS: readonly LeaderboardSort[] = LEADERBOARD_SORTS;
const ORDERS: readonly SortOrder[] = ['asc', 'desc'];
/** Query parameter of each filter. */
const FILTER_PARAMS = {
  chain: 'chain',
  tier: 'tier',
  audit: 'audit',
  kyc: 'kyc',
  minScore: 'min',
  maxScore: 'max',
} as const satisfies Record<keyof LeaderboardFilters, string>;
/** Query parameters of the tab, the category and the keyword box. */
const TAB_PARAM = 'tab';
const CATEGORY_PARAM = 'category';
const KEYWORD_PARAM = 'q';
const OWN_PARAMS = [
  TAB_PARAM,
  CATEGORY_PARAM,
  KEYWORD_PARAM,
  'sort',
  'order',
  'page',
  ...Object.values(FILTER_PARAMS),
];

const pick = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  allowed.find((a) => a === value) ?? fallback;

/** The leaderboard query an address asks for; anything missing or unknown is the default. */
export function queryFromSearch(search: string): UrlQuery {
  const params = new URLSearchParams(search);
  const tab = pick(LEADERBOARD_TABS, params.get(TAB_PARAM), 'score');
  // Without a column the tab's own order applies (Trending by trend, …).
  const sort = pick(SORTS, params.get('sort'), LEADERBOARD_TAB_SORT[tab].sort);
  const order = pick(ORDERS, params.get('order'), defaultOrder(sort));
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const text = (key: string) => (params.get(key) ?? '').slice(0, 100);
  return {
    tab,
    category: pick(['', ...PROJECT_CATEGORIES], params.get(CATEGORY_PARAM), ''),
    keyword: (params.get(KEYWORD_PARAM) ?? '').trim().slice(0, 100),
    sort,
    order,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    filters: {
      chain: text(FILTER_PARAMS.chain),
      tier: text(FILTER_PARAMS.tier),
      audit: text(FILTER_PARAMS.audit),
      kyc: params.get(FILTER_PARAMS.kyc) === 'true',
      minScore: text(FILTER_PARAMS.minScore),
      maxScore: text(FILTER_PARAMS.maxScore),
    },
  };
}

/**
 * The address search for `query`, keeping every other parameter of `current` (e.g. `tour=true`); defaults are
 * left out, so the plain home page stays `/`.
 */
export function searchFromQuery(current: string, query: UrlQuery): string {
  const params = new URLSearchParams(current);
  for (const key of OWN_PARAMS) params.delete(key);
  if (query.tab !== 'score') params.set(TAB_PARAM, query.tab);
  if (query.category) params.set(CATEGORY_PARAM, query.category);
  if (query.keyword) params.set(KEYWORD_PARAM, query.keyword);
  if (query.sort !== LEADERBOARD_TAB_SORT[query.tab].sort) params.set('sort', query.sort);
  if (query.order !== defaultOrder(query.sort)) params.set('order', query.order);
  if (query.page !== 1) params.set('page', String(query.page));
  for (const key of Object.keys(FILTER_PARAMS) as (keyof LeaderboardFilters)[]) {
    const value = query.filters[key];
    if (value !== EMPTY_FILTERS[key]) params.set(FILTER_PARAMS[key], String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The API query of a leaderboard query (GET /api/leaderboard; the CSV export takes the same). */
export function apiQuery(query: UrlQuery & { pageSize?: number }): LeaderboardQueryInput {
  const { filters } = query;
  return {
    tab: query.tab === 'score' ? undefined : query.tab,
    category: (query.category || undefined) as LeaderboardQueryInput['category'],
    keyword: query.keyword || undefined,
    sort: query.sort,
    order: query.order,
    page: query.page,
    pageSize: query.pageSize,
    chain: (filters.chain || undefined) as LeaderboardQueryInput['chain'],
    tier: (filters.tier || undefined) as LeaderboardQueryInput['tier'],
    audit: (filters.audit || undefined) as LeaderboardQueryInput['audit'],
    kyc: filters.kyc ? 'true' : undefined,
    minScore: filters.minScore || undefined,
    maxScore: filters.maxScore || undefined,
  };
}
