import { describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import {
  DEFAULT_QUERY,
  EMPTY_FILTERS,
  incidentsListMachine,
} from '../../machines/incidents/list/incidentsList.machine';
import { connectIncidentsList } from '../../machines/incidents/list/incidentsList.connect';
import type {
  IncidentsListEvent,
  IncidentsPage,
  IncidentsQuery,
} from '../../machines/incidents/list/incidentsList.types';
import { queryFromSearch, searchFromQuery } from '../../machines/incidents/list/incidentsList.url';
import { describePaths, handlerEvents, pending, type StepEffect } from './harness';

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

/** The page's view model with the site's formatters stood in for, and the events its controls sent. */
const FORMAT = {
  formatDate: (d: string) => `on ${d}`,
  formatUsd: (v: number | null) => (v == null ? '—' : `$${v}`),
};
const connected = (s: AnyMachineSnapshot) => {
  /** `sends`: what clicking a control (or calling a handler) sends. */
  const { send, sends } = handlerEvents<IncidentsListEvent>();
  const v = connectIncidentsList(s as never, send, FORMAT);
  return { v, sends };
};

/**
 * What every state shows through the view model, read from the context and the state itself: the count or the
 * loading text, the failure with its retry, the rows as the table writes them, the filters' values, the sort
 * headers, the pager, and the event each control sends.
 */
function expectView(s: AnyMachineSnapshot) {
  const { v, sends } = connected(s);
  const { query, data, error } = ctx(s);
  const loading = s.matches('loading');
  const failed = s.matches('failed');
  expect(v.title).toBe('Incidents database');
  expect(v.loading).toBe(loading);
  expect(v.failed).toBe(failed);
  expect(v.error).toBe(failed ? error : null);
  expect(v.statusText).toBe(
    loading ? 'Loading incidents…' : data ? `${data.total} incident${data.total === 1 ? '' : 's'}` : '',
  );
  expect(v.getScrollProps()).toEqual({ className: 'incidents-scroll', 'aria-busy': loading });
  expect(v.rows).toEqual(
    (data?.items ?? []).map((i) => ({
      id: i.id,
      date: `on ${i.occurredOn}`,
      projectName: i.projectName,
      projectHref: i.projectId ? `/projects/${i.projectId}` : null,
      type: i.type,
      technique: i.technique,
      loss: i.lossUsd == null ? '—' : `$${i.lossUsd}`,
      chains: i.chains.join(', ') || '—',
      returned: i.returnedUsd == null ? '—' : `$${i.returnedUsd}`,
      source: { sourceUrl: i.sourceUrl, source: i.source },
    })),
  );
  expect(v.emptyText).toBe(data && data.items.length === 0 ? 'No incidents match these filters.' : null);

  // The filters show the query; each change is a FILTER of that field.
  expect(v.selects.map((f) => [f.id, f.label, f.any, f.value])).toEqual([
    ['incidents-type', 'Type', 'All types', query.type],
    ['incidents-chain', 'Chain', 'All chains', query.chain],
    ['incidents-year', 'Year', 'Any year', query.year],
  ]);
  expect(v.selects[0]!.options).toContainEqual({ value: 'exploit', label: 'Exploit' });
  expect(v.selects[1]!.options).toEqual([
    ...new Set([...(data?.chains ?? []), ...(query.chain ? [query.chain] : [])]),
  ]);
  expect(v.selects[2]!.options[0]).toBe(String(new Date().getUTCFullYear()));
  expect(sends(() => v.selects[1]!.onChange('Base'))).toEqual([{ type: 'FILTER', patch: { chain: 'Base' } }]);
  expect(v.dateFields).toEqual([
    { key: 'from', label: 'From', id: 'incidents-from' },
    { key: 'to', label: 'To', id: 'incidents-to' },
  ]);
  const from = v.getDateInputProps('from');
  expect(from).toMatchObject({ id: 'incidents-from', type: 'date', value: query.from });
  expect(sends(() => from.onChange({ target: { value: '2024-01-01' } }))).toEqual([
    { type: 'FILTER', patch: { from: '2024-01-01' } },
  ]);
  expect(v.keyword).toBe(query.keyword);
  expect(v.getKeywordInputProps()).toEqual({
    id: 'incidents-keyword',
    name: 'keyword',
    type: 'search',
    defaultValue: query.keyword,
    maxLength: 100,
    placeholder: 'Project, technique…',
  });
  // Search applies the typed keyword, trimmed, without leaving the page.
  const form = v.getFilterFormProps();
  expect(form).toMatchObject({ className: 'incidents-filters', 'aria-label': 'Filter incidents' });
  let prevented = false;
  const submitted = sends(() =>
    form.onSubmit({
      preventDefault: () => (prevented = true),
      currentTarget: {
        elements: { namedItem: (name) => (name === 'keyword' ? { value: ' bridge ' } : null) },
      },
    }),
  );
  expect(submitted).toEqual([{ type: 'FILTER', patch: { keyword: 'bridge' } }]);
  expect(prevented).toBe(true);

  // The sorted column says so (aria-sort and an arrow); a header's button sorts by its column.
  for (const sort of ['date', 'loss'] as const) {
    const active = query.sort === sort;
    expect(v.sortLabel(sort)).toBe(sort === 'date' ? 'Date' : 'Loss');
    expect(v.sortArrow(sort)).toBe(active ? (query.order === 'asc' ? 'arrowUp' : 'arrowDown') : null);
    expect(v.getSortHeaderProps(sort)).toEqual({
      scope: 'col',
      className: sort === 'loss' ? 'num' : undefined,
      'aria-sort': active ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined,
    });
    const button = v.getSortButtonProps(sort);
    expect(button).toMatchObject({ type: 'button', className: 'sort-button' });
    expect(sends(button.onClick)).toEqual([{ type: 'SORT', sort }]);
  }

  const clear = v.getClearButtonProps();
  expect(clear).toMatchObject({ type: 'button', className: 'link-button' });
  expect(sends(clear.onClick)).toEqual([{ type: 'CLEAR_FILTERS' }]);
  expect(sends(v.getRetryButtonProps().onClick)).toEqual([{ type: 'RETRY' }]);
  expect(v.feedPath).toBe('/api/incidents.atom');

  const pager = v.getPagerProps();
  expect(pager).toMatchObject({
    page: query.page,
    pages: data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1,
    label: 'Incident pages',
  });
  expect(sends(() => pager.onPage(query.page + 1))).toEqual([{ type: 'PAGE', page: query.page + 1 }]);
}

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
  // The page says it is loading, keeps the rows it had and already shows the new choices.
  const { v } = connected(step.after);
  expect(v.statusText).toBe('Loading incidents…');
  expect(v.rows.map((r) => r.id)).toEqual(view(step.before).rows ?? []);
  expect(v.selects.map((f) => f.value)).toEqual([query.type, query.chain, query.year]);
  expect(v.keyword).toBe(query.keyword);
  expect(v.getPagerProps().page).toBe(query.page);
  expect(v.getSortHeaderProps(query.sort)['aria-sort']).toBe(
    query.order === 'asc' ? 'ascending' : 'descending',
  );
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
    'incidentsList.loading': (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expectView(s);
    },
    'incidentsList.ready': (s) => {
      expect(view(s)).toEqual({ loading: false, rows: [1], error: null });
      expectView(s);
      // The loaded page: 41 incidents, 20 a page.
      expect(connected(s).v.statusText).toBe('41 incidents');
      expect(connected(s).v.getPagerProps().pages).toBe(3);
    },
    'incidentsList.failed': (s) => {
      expectView(s);
      expect(connected(s).v.error).toBe(ctx(s).error);
      expect(connected(s).v.statusText).toBe(ctx(s).data ? '41 incidents' : '');
    },
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
      const { v } = connected(step.after);
      expect([v.statusText, v.failed, v.emptyText]).toEqual(['41 incidents', false, null]);
      expect(v.rows).toEqual([
        {
          id: 1,
          date: 'on 2023-07-30',
          projectName: 'Curve',
          projectHref: '/projects/curve',
          type: 'exploit',
          technique: 'Re-entrancy',
          loss: '$70000000',
          chains: 'Ethereum',
          returned: '—',
          source: { sourceUrl: 'https://rekt.news/curve-vyper-rekt/', source: 'public' },
        },
      ]);
      expect(ctx(step.after).query).toEqual(ctx(step.before).query);
    },
    'incidentsList.loading|xstate.error.actor.loadPage': (step) => {
      const message = (step.event.error as { message?: string }).message ?? 'Something went wrong.';
      expect(view(step.after)).toEqual({ loading: false, rows: view(step.before).rows, error: message });
      expect(step.after.can({ type: 'RETRY' })).toBe(true);
      expect(loader(step.after)).toBeUndefined();
      // The failure replaces the table, with a retry.
      const { v, sends } = connected(step.after);
      expect([v.failed, v.error]).toEqual([true, message]);
      expect(sends(v.getRetryButtonProps().onClick)).toEqual([{ type: 'RETRY' }]);
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
