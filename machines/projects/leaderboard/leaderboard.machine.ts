import { assertEvent, assign, fromCallback, raise, setup } from 'xstate';
import { type LeaderboardPage } from '../../../api/projects';
import { LEADERBOARD_TAB_SORT } from '../../../api/leaderboard';
import type {
  LeaderboardContext,
  LeaderboardEvent,
  LeaderboardFilters,
  LeaderboardInput,
  LeaderboardQuery,
  LeaderboardSort,
  LeaderboardTag,
} from './leaderboard.types';
import type { SortOrder } from '../../core/sortColumn';
import { notProvided } from '../../core/requests';

export const EMPTY_FILTERS: LeaderboardFilters = {
  chain: '',
  tier: '',
  audit: '',
  kyc: false,
  minScore: '',
  maxScore: '',
};
export const DEFAULT_PAGE_SIZE = 25;
/** The columns whose natural reading is from the smallest (rank 1, A to Z); the others show the highest first. */
const ASCENDING_FIRST: readonly LeaderboardSort[] = ['rank', 'name'];
/** The order a column sorts in when first chosen. */
export const defaultOrder = (sort: LeaderboardSort): SortOrder =>
  ASCENDING_FIRST.includes(sort) ? 'asc' : 'desc';
/** Most projects the compare selection holds. */
export const MAX_COMPARE = 4;
/** How long the keyword box waits after the last key before it filters. */
export const KEYWORD_DEBOUNCE_MS = 300;

/** Shown while the draft's score range cannot match any project. */
export const SCORE_RANGE_HINT = 'Minimum score is above the maximum.';
/** A minimum above the maximum matches nothing: such a draft is never applied (the panel says why instead). */
export const scoreRangeImpossible = (f: LeaderboardFilters) =>
  f.minScore.trim() !== '' && f.maxScore.trim() !== '' && Number(f.minScore) > Number(f.maxScore);

export const activeFilterCount = (f: LeaderboardFilters) =>
  (Object.keys(f) as (keyof LeaderboardFilters)[]).filter((k) => f[k] !== EMPTY_FILTERS[k]).length;

/** The list with `id` dropped if it holds it, else added at the end. */
const toggled = (list: readonly string[], id: string) =>
  list.includes(id) ? list.filter((e) => e !== id) : [...list, id];

/** The query as it now stands, for the app to put in the address. */
const currentQuery = ({ context }: { context: LeaderboardContext }) => ({ query: context.query });
/**
 * A change the user makes to the query (`apply` writes it): the data region loads it afresh, which stops the
 * older request, and the app records the new query in the address.
 */
const queryChange = <Apply extends string>(apply: Apply) => ({
  target: '.loading',
  reenter: true,
  actions: [apply, { type: 'recordQuery' as const, params: currentQuery }],
});

/**
 * The home leaderboard: sorting, pagination and the advanced filter panel (chain, score range, tier, audit status,
 * KYC). Two regions: `data` loads a page for the current query (each new query re-enters `loading`, which stops
 * the older request, so a late answer never replaces a newer one) and `panel` holds the filter form, whose draft
 * is applied as a whole. The query is kept in the address (leaderboard.url.ts): every change the user makes runs
 * the provided `recordQuery` action (the app pushes a history entry), and `urlWatcher` reports Back and Forward as
 * URL_CHANGED. An answer for another page than the one asked (the last page, for one past it) moves the query to
 * it and runs the provided `replaceQuery` (the address is corrected in place). Actors: loadPage, urlWatcher.
 */
export const leaderboardMachine = setup({
  types: {
    input: {} as LeaderboardInput,
    context: {} as LeaderboardContext,
    events: {} as LeaderboardEvent,
    tags: {} as LeaderboardTag,
  },
  delays: { KEYWORD_DEBOUNCE: KEYWORD_DEBOUNCE_MS },
  actors: {
    loadPage: notProvided<LeaderboardPage, LeaderboardQuery>('loadPage'),
    urlWatcher: fromCallback(() => () => undefined),
  },
  guards: {
    isOtherTab: ({ context, event }) => {
      assertEvent(event, 'SET_TAB');
      return event.tab !== context.query.tab;
    },
    isOtherCategory: ({ context, event }) => {
      assertEvent(event, 'SET_CATEGORY');
      return event.category !== context.query.category;
    },
    typedKeywordChanged: ({ context }) => context.typed.trim() !== context.query.keyword,
    /** A picked project can always be dropped; another is added only below the maximum. */
    canToggleCompare: ({ context, event }) => {
      assertEvent(event, 'TOGGLE_COMPARE');
      return context.selected.includes(event.id) || context.selected.length < MAX_COMPARE;
    },
    scoreRangePossible: ({ context }) => !scoreRangeImpossible(context.draft),
    isOtherPage: ({ context, event }) => {
      assertEvent(event, 'PAGE');
      const pages = Math.max(1, Math.ceil((context.result?.total ?? 0) / context.query.pageSize));
      return event.page !== context.query.page && event.page >= 1 && event.page <= pages;
    },
    /** The answer is another page than the one asked for: the server gave the last page for one past it. */
    answerMovedPage: (_, params: { result: LeaderboardPage; query: LeaderboardQuery }) =>
      params.result.page !== params.query.page,
  },
  actions: {
    applySort: assign({
      query: ({ context, event }) => {
        assertEvent(event, 'SORT');
        const same = context.query.sort === event.sort;
        const order: SortOrder = same
          ? context.query.order === 'asc'
            ? 'desc'
            : 'asc'
          : defaultOrder(event.sort);
        return { ...context.query, sort: event.sort, order, page: 1 };
      },
    }),
    applyTab: assign({
      query: ({ context, event }) => {
        assertEvent(event, 'SET_TAB');
        // A tab brings its own order (Trending by trend, …); the columns can change it afterwards.
        const { sort, order } = LEADERBOARD_TAB_SORT[event.tab];
        return { ...context.query, tab: event.tab, sort, order, page: 1 };
      },
    }),
    applyCategory: assign({
      query: ({ context, event }) => {
        assertEvent(event, 'SET_CATEGORY');
        return { ...context.query, category: event.category, page: 1 };
      },
    }),
    storeTyped: assign({
      typed: ({ event }) => {
        assertEvent(event, 'TYPE_KEYWORD');
        return event.keyword.slice(0, 100);
      },
    }),
    settleKeyword: raise({ type: 'KEYWORD_SETTLED' }),
    applyKeyword: assign({
      query: ({ context }) => ({ ...context.query, keyword: context.typed.trim(), page: 1 }),
    }),
    toggleCompare: assign({
      selected: ({ context, event }) => {
        assertEvent(event, 'TOGGLE_COMPARE');
        return toggled(context.selected, event.id);
      },
    }),
    clearCompare: assign({ selected: [] }),
    applyPage: assign({
      query: ({ context, event }) => {
        assertEvent(event, 'PAGE');
        return { ...context.query, page: event.page };
      },
    }),
    editDraft: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'EDIT_FILTER');
        return { ...context.draft, [event.key]: event.value };
      },
    }),
    applyDraft: assign({
      query: ({ context }) => ({ ...context.query, filters: { ...context.draft }, page: 1 }),
    }),
    resetFilters: assign({
      draft: () => ({ ...EMPTY_FILTERS }),
      query: ({ context }) => ({ ...context.query, filters: { ...EMPTY_FILTERS }, page: 1 }),
    }),
    toggleDetails: assign({
      expanded: ({ context, event }) => {
        assertEvent(event, 'TOGGLE_DETAILS');
        return toggled(context.expanded, event.id);
      },
    }),
    storeResult: assign({ result: (_, params: { result: LeaderboardPage }) => params.result }),
    /** The query names the page the answer is, so the pagination marks it and the address can say it. */
    adoptAnswerPage: assign({
      query: ({ context }, params: { result: LeaderboardPage }) => ({
        ...context.query,
        page: params.result.page,
      }),
    }),
    collapseAll: assign({ expanded: [] }),
    restoreDraft: assign({ draft: ({ context }) => ({ ...context.query.filters }) }),
    applyUrlQuery: assign(({ context, event }) => {
      assertEvent(event, 'URL_CHANGED');
      return {
        query: { ...event.query, pageSize: context.query.pageSize },
        draft: { ...event.query.filters },
        typed: event.query.keyword,
      };
    }),
    /** Provided by the app: records the new query in the address (a history entry, so Back returns to it). */
    recordQuery: (_, _params: { query: LeaderboardQuery }) => undefined,
    /**
     * Provided by the app: puts the query in the address in place of the one there (no history entry: the page
     * asked for did not exist, so Back should not return to it).
     */
    replaceQuery: (_, _params: { query: LeaderboardQuery }) => undefined,
  },
}).createMachine({
  id: 'leaderboard',
  context: ({ input }) => ({
    query: {
      tab: input?.query?.tab ?? 'score',
      category: input?.query?.category ?? '',
      keyword: input?.query?.keyword ?? '',
      sort: input?.query?.sort ?? 'rank',
      order: input?.query?.order ?? 'asc',
      page: input?.query?.page ?? 1,
      pageSize: input?.pageSize ?? DEFAULT_PAGE_SIZE,
      filters: { ...(input?.query?.filters ?? EMPTY_FILTERS) },
    },
    draft: { ...(input?.query?.filters ?? EMPTY_FILTERS) },
    result: null,
    expanded: [],
    typed: input?.query?.keyword ?? '',
    selected: [],
  }),
  type: 'parallel',
  invoke: { id: 'urlWatcher', src: 'urlWatcher' },
  on: {
    TOGGLE_DETAILS: { actions: 'toggleDetails' },
    TOGGLE_COMPARE: { guard: 'canToggleCompare', actions: 'toggleCompare' },
    CLEAR_COMPARE: { actions: 'clearCompare' },
  },
  states: {
    data: {
      initial: 'loading',
      on: {
        SORT: queryChange('applySort'),
        PAGE: { guard: 'isOtherPage', ...queryChange('applyPage') },
        APPLY_FILTERS: { guard: 'scoreRangePossible', ...queryChange('applyDraft') },
        RESET_FILTERS: queryChange('resetFilters'),
        URL_CHANGED: { target: '.loading', reenter: true, actions: 'applyUrlQuery' },
        SET_TAB: { guard: 'isOtherTab', ...queryChange('applyTab') },
        SET_CATEGORY: { guard: 'isOtherCategory', ...queryChange('applyCategory') },
        KEYWORD_SETTLED: { guard: 'typedKeywordChanged', ...queryChange('applyKeyword') },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => context.query,
            onDone: [
              {
                guard: {
                  type: 'answerMovedPage',
                  params: ({ context, event }) => ({ result: event.output, query: context.query }),
                },
                target: 'ready',
                actions: [
                  { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
                  { type: 'adoptAnswerPage', params: ({ event }) => ({ result: event.output }) },
                  'collapseAll',
                  { type: 'replaceQuery', params: currentQuery },
                ],
              },
              {
                target: 'ready',
                actions: [
                  { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
                  'collapseAll',
                ],
              },
            ],
            onError: { target: 'failed' },
          },
        },
        ready: { tags: ['ready'] },
        failed: { tags: ['error'], on: { RETRY: { target: 'loading' } } },
      },
    },
    // The keyword box: each key restarts the wait; once still, the typed keyword is applied (data: KEYWORD_SETTLED).
    keyword: {
      initial: 'idle',
      // Declared on each child, not on the region: a re-entering transition of the region itself would re-enter
      // the whole parallel machine (and restart the page request).
      states: {
        idle: { on: { TYPE_KEYWORD: { target: 'debouncing', actions: 'storeTyped' } } },
        debouncing: {
          tags: ['typing'],
          on: { TYPE_KEYWORD: { target: 'debouncing', reenter: true, actions: 'storeTyped' } },
          after: { KEYWORD_DEBOUNCE: { target: 'idle', actions: 'settleKeyword' } },
        },
      },
    },
    panel: {
      initial: 'closed',
      states: {
        closed: { on: { OPEN_FILTERS: { target: 'open', actions: 'restoreDraft' } } },
        open: {
          tags: ['filtersOpen'],
          on: {
            EDIT_FILTER: { actions: 'editDraft' },
            APPLY_FILTERS: { guard: 'scoreRangePossible', target: 'closed' },
            RESET_FILTERS: { target: 'closed' },
            CLOSE_FILTERS: { target: 'closed' },
          },
        },
      },
    },
  },
});
