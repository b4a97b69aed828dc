import { expect } from 'vitest';
import { leaderboardMachine } from '../../machines/leaderboard/leaderboard.machine';
import { describePaths, pending } from './harness';

const page = { items: [], total: 60, page: 1, pageSize: 25 };

describePaths('leaderboard', leaderboardMachine.provide({ actors: { loadPage: pending() as never } }), {
  events: (s) => [
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
      s.context.draft.tier,
      s.context.result !== null,
      s.context.expanded.length,
    ]),
  limit: 20000,
  states: {
    'leaderboard.data.loading': (s) => expect(s.hasTag('loading')).toBe(true),
    'leaderboard.data.ready': (s) => expect(s.context.result?.total).toBe(60),
    'leaderboard.data.failed': (s) => expect(s.hasTag('error')).toBe(true),
    'leaderboard.panel.open': (s) => expect(s.hasTag('filtersOpen')).toBe(true),
    'leaderboard.panel.closed': (s) => expect(s.hasTag('filtersOpen')).toBe(false),
  },
});
