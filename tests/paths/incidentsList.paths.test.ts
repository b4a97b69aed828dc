import { describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import {
  DEFAULT_QUERY,
  EMPTY_FILTERS,
  incidentsListMachine,
  type IncidentsPage,
  type IncidentsQuery,
} from '../../machines/incidents/list/incidentsList.machine';
import { queryFromSearch, searchFromQuery } from '../../machines/incidents/list/incidentsList.url';
import { describePaths, pending, type StepEffect } from './harness';

type Context = { query: IncidentsQuery; data: IncidentsPage | null; error: string | null };
const ctx = (s: AnyMachineSnapshot) => s.context as Context;

const machine = incidentsListMachine.provide({ actors: { loadPage: pending() as never } });

const PAGE: IncidentsPage = {
  items: [
    {
      id: 1,
      projectId: 'curve',
      projectName: 'Curve',
      occurredOn: '2023-07-30',
      type: 'exploit',
      technique: 'Re-entrancy',
      lossUsd: 70_000_000,
      returnedUsd: null,
      chains: ['Ethereum'],
      sourceUrl: 'https://rekt.news/curve-vyper-rekt/',
      source: 'public',
    },
  ],
  total: 41,
  page: 1,
  pageSize: 20,
  chains: ['Ethereum'],
};
/** What Back or Forward finds in the address. */
const URL_QUERY: IncidentsQuery = { ...DEFAULT_QUERY, type: 'phishing', sort: 'loss', order: 'asc', page: 2 };

const loader = (s: AnyMachineSnapshot) => s.children.loadPage as AnyActorRef | undefined;
const recorded = (step: StepEffect) =>
  step.actions.filter((a) => a.type === 'recordQuery').map((a) => (a.params as { query: unknown }).query);

/** What the page shows: the rows (kept while the next page loads), the busy state and the error. */
const view = (s: AnyMachineSnapshot) => ({
  loading: s.hasTag('loading'),
  rows: ctx(s).data?.items.map((i) => i.id) ?? null,
  error: s.hasTag('error') ? ctx(s).error : null,
});

/** A new query: recorded in the address (unless it came from there), the older request dropped, this one loaded. */
const loads = (step: StepEffect, query: IncidentsQuery, record = true) => {
  expect(ctx(step.after).query).toEqual(query);
  expect(recorded(step)).toEqual(record ? [query] : []);
  expect(view(step.after)).toEqual({ loading: true, rows: view(step.before).rows, error: null });
  expect(loader(step.after)).toBeDefined();
  expect(loader(step.after)).not.toBe(loader(step.before));
  expect(loader(step.before)?.getSnapshot().status ?? 'stopped').toBe('stopped');
  expect(loader(step.after)!.getSnapshot().input).toEqual(query);
  // The Back/Forward listener lives as long as the page.
  expect(step.after.children.urlWatcher).toBe(step.before.children.urlWatcher);
};

describePaths('incidentsList', machine, {
  events: (s) => [
    { type: 'FILTER', patch: { type: 'exploit' } },
    { type: 'FILTER', patch: { keyword: 'bridge', chain: 'Ethereum', year: '2022' } },
    { type: 'CLEAR_FILTERS' },
    { type: 'SORT', sort: 'date' },
    { type: 'SORT', sort: 'loss' },
    { type: 'PAGE', page: 2 },
    { type: 'PAGE', page: ctx(s).query.page },
    { type: 'RETRY' },
    { type: 'URL_CHANGED', query: URL_QUERY },
    ...(s.hasTag('loading')
      ? [
          { type: 'xstate.done.actor.loadPage', output: PAGE },
          { type: 'xstate.error.actor.loadPage', error: new Error('Failed to fetch') },
          { type: 'xstate.error.actor.loadPage', error: {} },
        ]
      : []),
  ],
  // Told apart by what changes the page's behaviour: the state, the sort and page, whether a filter is on.
  serializeState: (s) => {
    const q = ctx(s).query;
    return JSON.stringify([
      s.value,
      q.sort,
      q.order,
      q.page,
      q.type !== '',
      ctx(s).data !== null,
      ctx(s).error,
    ]);
  },
  limit: 5000,
  states: {
    'incidentsList.loading': (s) => expect(s.hasTag('loading')).toBe(true),
    'incidentsList.ready': (s) => expect(view(s)).toEqual({ loading: false, rows: [1], error: null }),
  },
  transitions: {
    // A filter: back to page 1, the rest of the query kept.
    'incidentsList|FILTER': (step) => {
      const patch = step.event.patch as Partial<IncidentsQuery>;
      loads(step, { ...ctx(step.before).query, ...patch, page: 1 });
    },
    'incidentsList|CLEAR_FILTERS': (step) =>
      loads(step, { ...ctx(step.before).query, ...EMPTY_FILTERS, page: 1 }),
    // The same column flips its order; another starts newest or largest first.
    'incidentsList|SORT': (step) => {
      const before = ctx(step.before).query;
      const sort = step.event.sort as IncidentsQuery['sort'];
      const order = before.sort === sort ? (before.order === 'desc' ? 'asc' : 'desc') : 'desc';
      loads(step, { ...before, sort, order, page: 1 });
    },
    'incidentsList|PAGE': (step) => {
      expect(step.event.page).not.toBe(ctx(step.before).query.page);
      loads(step, { ...ctx(step.before).query, page: step.event.page as number });
    },
    // Back or Forward: the address's query, loaded and not recorded again.
    'incidentsList|URL_CHANGED': (step) => loads(step, URL_QUERY, false),
    'incidentsList.loading|xstate.done.actor.loadPage': (step) => {
      expect(view(step.after)).toEqual({ loading: false, rows: [1], error: null });
      expect(loader(step.after)).toBeUndefined();
      expect(recorded(step)).toEqual([]);
      expect(ctx(step.after).query).toEqual(ctx(step.before).query);
    },
    'incidentsList.loading|xstate.error.actor.loadPage': (step) => {
      const message = (step.event.error as { message?: string }).message ?? 'Something went wrong.';
      expect(view(step.after)).toEqual({ loading: false, rows: view(step.before).rows, error: message });
      expect(step.after.can({ type: 'RETRY' })).toBe(true);
      expect(loader(step.after)).toBeUndefined();
    },
    'incidentsList.failed|RETRY': (step) => {
      expect(recorded(step)).toEqual([]);
      expect(view(step.after).loading).toBe(true);
      expect(loader(step.after)!.getSnapshot().input).toEqual(ctx(step.before).query);
      expect(ctx(step.after).query).toEqual(ctx(step.before).query);
    },
  },
});

describe('incidentsList', () => {
  it('ignores a click on the page already shown (nothing is loaded or recorded)', () => {
    const snapshot = machine.resolveState({
      value: 'ready',
      context: { query: DEFAULT_QUERY, data: PAGE, error: null },
    });
    expect(snapshot.can({ type: 'PAGE', page: 1 })).toBe(false);
    expect(snapshot.can({ type: 'PAGE', page: 2 })).toBe(true);
    expect(snapshot.can({ type: 'RETRY' })).toBe(false);
  });

  it('keeps every choice in the address, and reads it back', () => {
    const query: IncidentsQuery = {
      type: 'rug pull',
      chain: 'BNB Chain',
      year: '2022',
      from: '2022-01-01',
      to: '2022-06-30',
      keyword: 'bridge',
      sort: 'loss',
      order: 'asc',
      page: 3,
    };
    const search = searchFromQuery(query);
    expect(search).toBe(
      '?type=rug+pull&chain=BNB+Chain&year=2022&from=2022-01-01&to=2022-06-30&keyword=bridge&sort=loss&order=asc&page=3',
    );
    expect(queryFromSearch(search)).toEqual(query);
    expect(searchFromQuery(DEFAULT_QUERY)).toBe('');
    // Malformed values fall back to the defaults.
    expect(queryFromSearch('?sort=name&order=up&page=-2&year=22&from=yesterday')).toEqual(DEFAULT_QUERY);
  });
});
