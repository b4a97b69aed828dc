import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  connectWatchlistSort,
  sortRows,
  type SortableRow,
  type WatchlistSortSnapshot,
} from '../../machines/watchlist/sort/watchlistSort.connect';
import {
  FIRST_DIRECTION,
  WATCHLIST_SORT_KEYS,
  watchlistSortMachine,
} from '../../machines/watchlist/sort/watchlistSort.machine';
import type { WatchlistSortKey } from '../../machines/watchlist/sort/watchlistSort.types';
import { describePaths, type StepEffect } from './harness';

type Row = SortableRow & { id: string };
const row = (
  id: string,
  rank: number | null,
  score: number,
  d7: number | null,
  extra: Partial<Row> = {},
): Row => ({
  id,
  rank,
  name: id,
  score,
  auditStatus: 'audited',
  kyc: false,
  scoreChange: { d1: null, d7, d30: null },
  ...extra,
});
// In the list's own order.
const ROWS: Row[] = [
  row('Gamma', 3, 70, -1.5, { auditStatus: 'none' }),
  row('alpha', null, 90, null, { kyc: true }),
  row('Beta', 1, 80, 2.4, { auditStatus: 'in_progress', kyc: true }),
];

const view = (s: AnyMachineSnapshot) => connectWatchlistSort(s as WatchlistSortSnapshot);
/** The names in the order the table shows them. */
const shown = (s: AnyMachineSnapshot) =>
  view(s)
    .sortRows(ROWS)
    .map((r) => r.id);
/** Every header's aria-sort and arrow: only the sorted one has an order and an arrow. */
const headers = (s: AnyMachineSnapshot) =>
  Object.fromEntries(WATCHLIST_SORT_KEYS.map((k) => [k, `${view(s).ariaSort(k)} ${view(s).arrow(k)}`]));
const ARROWS = { ascending: 'arrowUp', descending: 'arrowDown' } as const;
const only = (key: WatchlistSortKey, value: 'ascending' | 'descending') =>
  Object.fromEntries(
    WATCHLIST_SORT_KEYS.map((k) => [k, k === key ? `${value} ${ARROWS[value]}` : 'none null']),
  );

/** What each column's order shows of ROWS, by direction. */
const ORDERS: Partial<Record<WatchlistSortKey, { asc: string[]; desc: string[] }>> = {
  score: { asc: ['Gamma', 'Beta', 'alpha'], desc: ['alpha', 'Beta', 'Gamma'] },
  name: { asc: ['alpha', 'Beta', 'Gamma'], desc: ['Gamma', 'Beta', 'alpha'] },
  // No 7-day change for alpha: last in both directions.
  d7: { asc: ['Gamma', 'Beta', 'alpha'], desc: ['Beta', 'Gamma', 'alpha'] },
};

function expectSortedBy(key: WatchlistSortKey, direction: 'asc' | 'desc') {
  return (step: StepEffect) => {
    expect(shown(step.after)).toEqual(ORDERS[key]![direction]);
    expect(headers(step.after)).toEqual(only(key, direction === 'asc' ? 'ascending' : 'descending'));
    expect(view(step.after).menuValue).toBe(`${key}:${direction}`);
    expect(step.sent).toEqual([]);
    expect(step.emitted).toEqual([]);
  };
}
function expectListOrder(step: StepEffect) {
  expect(shown(step.after)).toEqual(['Gamma', 'alpha', 'Beta']);
  expect(Object.values(headers(step.after))).toEqual(WATCHLIST_SORT_KEYS.map(() => 'none null'));
  expect(view(step.after).menuValue).toBe('');
  expect(step.sent).toEqual([]);
}
/** A header sorts its column in that column's first direction. */
const expectFirstDirection = (step: StepEffect) =>
  expectSortedBy(
    step.event.key as WatchlistSortKey,
    FIRST_DIRECTION[step.event.key as WatchlistSortKey],
  )(step);
/** The menu sorts as asked. */
const expectAsAsked = (step: StepEffect) =>
  expectSortedBy(step.event.key as WatchlistSortKey, step.event.direction as 'asc' | 'desc')(step);

// Two headers, the menu both ways, and back to the list's order.
const EVENTS = [
  { type: 'SORT', key: 'score' },
  { type: 'SORT', key: 'name' },
  { type: 'SORT_BY', key: 'd7', direction: 'asc' },
  { type: 'SORT_BY', key: 'd7', direction: 'desc' },
  { type: 'LIST_ORDER' },
];

describePaths('watchlistSort', watchlistSortMachine, {
  events: EVENTS,
  transitions: {
    'watchlistSort.listOrder|SORT': expectFirstDirection,
    'watchlistSort.listOrder|SORT_BY': expectAsAsked,
    // The sorted column's header again: the other direction, then the list's order.
    'watchlistSort.sorted|SORT|0': (step) => {
      const key = step.event.key as WatchlistSortKey;
      expectSortedBy(key, FIRST_DIRECTION[key] === 'asc' ? 'desc' : 'asc')(step);
    },
    'watchlistSort.sorted|SORT|1': expectListOrder,
    // Another column's header: that column, in its first direction.
    'watchlistSort.sorted|SORT|2': (step) => {
      expect(view(step.before).key).not.toBe(step.event.key);
      expectFirstDirection(step);
    },
    'watchlistSort.sorted|SORT_BY': expectAsAsked,
    'watchlistSort.sorted|LIST_ORDER': expectListOrder,
  },
  states: {
    'watchlistSort.listOrder': (s) => expect(shown(s)).toEqual(['Gamma', 'alpha', 'Beta']),
    'watchlistSort.sorted': (s) => expect(view(s).sorted).toBe(true),
  },
});

describe('sortRows', () => {
  it('orders every column, best first for figures and badges, with missing values last and ties in list order', () => {
    const ids = (key: WatchlistSortKey, dir: 'asc' | 'desc') => sortRows(ROWS, key, dir).map((r) => r.id);
    expect(ids('rank', 'asc')).toEqual(['Beta', 'Gamma', 'alpha']);
    expect(ids('rank', 'desc')).toEqual(['Gamma', 'Beta', 'alpha']);
    expect(ids('audit', 'desc')).toEqual(['alpha', 'Beta', 'Gamma']);
    // KYC: alpha and Beta tie, and keep the list's order.
    expect(ids('kyc', 'desc')).toEqual(['alpha', 'Beta', 'Gamma']);
    expect(ids('d1', 'desc')).toEqual(['Gamma', 'alpha', 'Beta']);
    expect(sortRows(ROWS, null, 'asc')).toEqual(ROWS);
  });
});
