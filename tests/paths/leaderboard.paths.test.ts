import { expect } from 'vitest';
import {
  EMPTY_FILTERS,
  leaderboardMachine,
  type LeaderboardQuery,
} from '../../machines/leaderboard/leaderboard.machine';
import { describePaths, pending } from './harness';

const page = { items: [], total: 60, page: 1, pageSize: 25 };
/** What Back or Forward finds in the address. */
const URL_QUERY = {
  sort: 'name',
  order: 'desc',
  page: 3,
  filters: { ...EMPTY_FILTERS, tier: 'AA' },
} as const;
/** The last query the machine recorded in the address (the app pushes a history entry for it). */
let recorded: LeaderboardQuery | null = null;
const machine = leaderboardMachine.provide({
  actors: { loadPage: pending() as never },
  actions: {
    recordQuery: (_, params) => {
      recorded = (params as { query: LeaderboardQuery }).query;
    },
  },
});

describePaths('leaderboard', machine, {
  events: (s) => [
    { type: 'URL_CHANGED', query: URL_QUERY },
    { type: 'SORT', sort: 'score' },
    { type: 'PAGE', page: 2 },
    { type: 'PAGE', page: 99 },
    { type: 'OPEN_FILTERS' },
    { type: 'CLOSE_FILTERS' },
    { type: 'EDIT_FILTER', key: 'tier', value: 'AAA' },
    { type: 'APPLY_FILTERS' },
    { type: 'RESET_FILTERS' },
    { type: 'RETRY' },
    { type: 'TOGGLE_DETAILS', id: 'eth' },
    ...(s.hasTag('loading')
      ? [
          { type: 'xstate.done.actor.loadPage', output: page },
          { type: 'xstate.error.actor.loadPage', error: new Error('offline') },
        ]
      : []),
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.query.sort,
      s.context.query.order,
      s.context.query.page,
      s.context.query.filters.tier,
      s.context.query.filters === URL_QUERY.filters,
      s.context.draft.tier,
      s.context.result !== null,
      s.context.expanded.length,
    ]),
  limit: 20000,
  states: {
    'leaderboard.data.loading': (s) => {
      expect(s.hasTag('loading')).toBe(true);
      const { query } = s.context;
      const fromUrl = query.sort === 'name' && query.order === 'desc' && query.page === 3;
      if (fromUrl) {
        // Back/Forward: the address's query and its filters in the form; nothing recorded again.
        expect(query.filters).toEqual(URL_QUERY.filters);
        expect(s.context.draft).toEqual(URL_QUERY.filters);
      } else if (query.sort !== 'rank' || query.page !== 1 || query.filters.tier !== '') {
        // A change the user made is recorded in the address.
        expect(recorded).toEqual(query);
      }
    },
    'leaderboard.data.ready': (s) => expect(s.context.result?.total).toBe(60),
    'leaderboard.data.failed': (s) => expect(s.hasTag('error')).toBe(true),
    'leaderboard.panel.open': (s) => expect(s.hasTag('filtersOpen')).toBe(true),
    'leaderboard.panel.closed': (s) => expect(s.hasTag('filtersOpen')).toBe(false),
  },
});
