/**
 * The watchlist table's sort: the list's own order until a column is chosen; a column header cycles its column
 * through its first direction (highest first for figures, A–Z and rank 1 first otherwise), the other direction,
 * and back to the list's order. The phone layout's "Sort by" menu picks a column and direction at once.
 */
import { assertEvent, assign, setup } from 'xstate';
import type {
  SortDirection,
  WatchlistSortContext,
  WatchlistSortEvent,
  WatchlistSortKey,
  WatchlistSortTag,
} from './watchlistSort.types';

export const WATCHLIST_SORT_KEYS = ['rank', 'name', 'score', 'audit', 'kyc', 'd1', 'd7', 'd30'] as const;

/** The direction a column sorts in first: rank and name ascending, every figure and badge best first. */
export const FIRST_DIRECTION: Readonly<Record<WatchlistSortKey, SortDirection>> = {
  rank: 'asc',
  name: 'asc',
  score: 'desc',
  audit: 'desc',
  kyc: 'desc',
  d1: 'desc',
  d7: 'desc',
  d30: 'desc',
};

const flip = (d: SortDirection): SortDirection => (d === 'asc' ? 'desc' : 'asc');

export const watchlistSortMachine = setup({
  types: {
    context: {} as WatchlistSortContext,
    events: {} as WatchlistSortEvent,
    tags: {} as WatchlistSortTag,
  },
  guards: {
    /** The header of the column already sorted in its first direction. */
    sameColumnFirstDirection: ({ context, event }) => {
      assertEvent(event, 'SORT');
      return context.key === event.key && context.direction === FIRST_DIRECTION[event.key];
    },
    /** The header of the column already sorted in its other direction. */
    sameColumn: ({ context, event }) => {
      assertEvent(event, 'SORT');
      return context.key === event.key;
    },
  },
  actions: {
    sortByColumn: assign(({ event }) => {
      assertEvent(event, 'SORT');
      return { key: event.key, direction: FIRST_DIRECTION[event.key] };
    }),
    reverse: assign({ direction: ({ context }) => flip(context.direction) }),
    sortAsAsked: assign(({ event }) => {
      assertEvent(event, 'SORT_BY');
      return { key: event.key, direction: event.direction };
    }),
    clearSort: assign({ key: null, direction: 'asc' as SortDirection }),
  },
}).createMachine({
  id: 'watchlistSort',
  context: { key: null, direction: 'asc' },
  initial: 'listOrder',
  states: {
    listOrder: {
      on: {
        SORT: { target: 'sorted', actions: 'sortByColumn' },
        SORT_BY: { target: 'sorted', actions: 'sortAsAsked' },
      },
    },
    sorted: {
      tags: ['sorted'],
      on: {
        SORT: [
          { guard: 'sameColumnFirstDirection', actions: 'reverse' },
          { guard: 'sameColumn', target: 'listOrder', actions: 'clearSort' },
          { actions: 'sortByColumn' },
        ],
        SORT_BY: { actions: 'sortAsAsked' },
        LIST_ORDER: { target: 'listOrder', actions: 'clearSort' },
      },
    },
  },
});
