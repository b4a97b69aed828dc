import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import type { LeaderboardPage } from '../../api/projects';
import { LEADERBOARD_SORTS, LEADERBOARD_TABS, leaderboardCsvUrl } from '../../api/leaderboard';
import {
  connectLeaderboard,
  type LeaderboardSnapshot,
} from '../../machines/projects/leaderboard/leaderboard.connect';
import {
  EMPTY_FILTERS,
  leaderboardMachine,
  scoreRangeImpossible,
} from '../../machines/projects/leaderboard/leaderboard.machine';
import type {
  LeaderboardContext,
  LeaderboardEvent,
  LeaderboardFilters,
  LeaderboardQuery,
  LeaderboardSort,
} from '../../machines/projects/leaderboard/leaderboard.types';
import { apiQuery } from '../../machines/projects/leaderboard/leaderboard.url';
import { describePaths, handlerEvents, pending, type StepEffect } from './harness';

type Context = LeaderboardContext;
const ctx = (s: AnyMachineSnapshot) => s.context as Context;
/** The list with `id` dropped if it holds it, else added at the end (what a toggle does). */
const toggled = (list: readonly string[], id: string) =>
  list.includes(id) ? list.filter((e) => e !== id) : [...list, id];

const page = { items: [], total: 60, page: 1, pageSize: 25 };
/** The answer to a page past the last (60 projects, 25 a page): the last page, named. */
const LAST_PAGE = { ...page, page: 3 };
/** What Back or Forward finds in the address. */
const URL_QUERY = {
  tab: 'kyc',
  category: 'DEX',
  keyword: 'uni',
  sort: 'name',
  order: 'desc',
  page: 3,
  filters: { ...EMPTY_FILTERS, tier: 'AA' },
} as const;
/** The order a column sorts in when first chosen (the spec's): rank and name from the smallest, the others highest first. */
const firstOrder = (sort: LeaderboardSort): 'asc' | 'desc' =>
  sort === 'rank' || sort === 'name' ? 'asc' : 'desc';

const machine = leaderboardMachine.provide({ actors: { loadPage: pending() as never } });

/** The page request in flight. */
const loader = (s: AnyMachineSnapshot) => s.children.loadPage as AnyActorRef | undefined;
/** The actions run for the app (XState's own starting and stopping of requests are checked on the children). */
const appActions = (step: StepEffect) => step.actions.filter((a) => !a.type.startsWith('xstate.'));
const recorded = (step: StepEffect) =>
  appActions(step)
    .filter((a) => a.type === 'recordQuery')
    .map((a) => (a.params as { query: unknown }).query);

/** A new query: recorded in the address, the older request dropped and the page loaded for it. */
const loadsNewQuery = (step: StepEffect, query: LeaderboardQuery, record = true) => {
  expect(ctx(step.after).query).toEqual(query);
  expect(recorded(step)).toEqual(record ? [query] : []);
  expect(appActions(step).map((a) => a.type)).toEqual(record ? ['recordQuery'] : []);
  expect((step.after.value as { data: string }).data).toBe('loading');
  expect(step.after.hasTag('loading')).toBe(true);
  expect(loader(step.after)).toBeDefined();
  expect(loader(step.after)).not.toBe(loader(step.before));
  expect(loader(step.before)?.getSnapshot().status ?? 'stopped').toBe('stopped');
  expect(loader(step.after)!.getSnapshot().input).toEqual(query);
  expect(step.after.children.urlWatcher).toBe(step.before.children.urlWatcher);
};
/** The filter panel is as it was. */
const panelKept = (step: StepEffect) =>
  expect((step.after.value as { panel: string }).panel).toBe((step.before.value as { panel: string }).panel);
/** The data region is as it was, and no request started or stopped. */
const dataKept = (step: StepEffect) => {
  expect((step.after.value as { data: string }).data).toBe((step.before.value as { data: string }).data);
  expect(loader(step.after)).toBe(loader(step.before));
  expect(recorded(step)).toEqual([]);
};
const panelClosed = (step: StepEffect) => {
  expect((step.after.value as { panel: string }).panel).toBe('closed');
  expect(step.after.hasTag('filtersOpen')).toBe(false);
};

/** The view model of a snapshot, and what one call of its handlers (a click, a change) sends. */
function viewOf(s: AnyMachineSnapshot) {
  const { send, sends } = handlerEvents<LeaderboardEvent>();
  const view = connectLeaderboard(s as LeaderboardSnapshot, send);
  return { view, sends };
}
const SORTABLE = [...LEADERBOARD_SORTS];
const ROW = { id: 'eth', name: 'Ethereum' };

/**
 * What every snapshot shows through the view, read from the state and context (not from the tags the view reads):
 * the busy table, the skeleton, the count, the failure, each tab, column and filter control with its state, and the
 * event each control sends. Run in every step, besides the transitions' own checks.
 */
function expectView(s: AnyMachineSnapshot) {
  const { view: v, sends } = viewOf(s);
  const c = ctx(s);
  const { data, panel } = s.value as { data: string; panel: string };
  const loading = data === 'loading';
  const open = panel === 'open';

  expect(v.loading).toBe(loading);
  expect(v.getTableProps()).toEqual({
    className: 'lb-table',
    'aria-busy': loading,
    'aria-describedby': 'leaderboard-title',
  });
  // The last answer's rows stay, dimmed, while another page loads; placeholders only before the first.
  expect(v.getBodyProps().className).toBe(loading && c.result ? 'is-refreshing' : undefined);
  expect(v.skeletonRows).toBe(loading && !c.result ? c.query.pageSize : 0);
  expect(v.rows).toEqual(c.result?.items ?? []);
  const r = c.result;
  expect(v.countText).toBe(
    r === null
      ? ''
      : r.total === 0
        ? 'No projects match these filters'
        : `Showing ${(r.page - 1) * r.pageSize + 1}–${Math.min(r.total, r.page * r.pageSize)} of ${r.total} projects`,
  );
  expect(v.error).toBe(data === 'failed' ? 'The leaderboard could not be loaded.' : null);
  expect(v.getRetryButtonProps()).toMatchObject({ type: 'button', className: 'link-button' });
  expect(sends(() => v.getRetryButtonProps().onClick())).toEqual([{ type: 'RETRY' }]);

  // Tabs: the query's is selected and the only one in the tab order; a click or the arrow keys choose another.
  expect(v.tabs.map((t) => t.tab)).toEqual(LEADERBOARD_TABS);
  expect(v.getPanelProps()['aria-labelledby']).toBe(`lb-tab-${c.query.tab}`);
  for (const [i, tab] of LEADERBOARD_TABS.entries()) {
    const props = v.getTabProps(tab);
    const active = tab === c.query.tab;
    expect(props).toMatchObject({
      id: `lb-tab-${tab}`,
      role: 'tab',
      'aria-selected': active,
      'aria-controls': 'lb-panel',
      tabIndex: active ? 0 : -1,
      className: active ? 'lb-tab is-active' : 'lb-tab',
    });
    expect(sends(() => props.onClick())).toEqual([{ type: 'SET_TAB', tab }]);
    const focused: string[] = [];
    let prevented = 0;
    const key = (k: string) =>
      sends(() =>
        props.onKeyDown({
          key: k,
          preventDefault: () => prevented++,
          currentTarget: {
            parentElement: { querySelector: (sel: string) => ({ focus: () => focused.push(sel) }) },
          } as never,
        }),
      );
    const next = LEADERBOARD_TABS[(i + 1) % LEADERBOARD_TABS.length]!;
    expect(key('ArrowRight')).toEqual([{ type: 'SET_TAB', tab: next }]);
    expect(key('End')).toEqual([{ type: 'SET_TAB', tab: LEADERBOARD_TABS.at(-1) }]);
    expect(key('a')).toEqual([]);
    expect(focused).toEqual([`#lb-tab-${next}`, `#lb-tab-${LEADERBOARD_TABS.at(-1)}`]);
    expect(prevented).toBe(2);
  }

  // Columns: the one in force says its order (aria-sort, the arrow); every header sorts by its column.
  for (const sort of SORTABLE) {
    const active = sort === c.query.sort;
    const order = c.query.order === 'asc' ? 'ascending' : 'descending';
    expect(v.getSortHeaderProps(sort, 'col-x')).toEqual({
      scope: 'col',
      className: 'col-x',
      'aria-sort': active ? order : undefined,
    });
    expect(v.getSortButtonProps(sort).className).toBe(active ? 'sort-button is-active' : 'sort-button');
    expect(v.sortIcon(sort)).toBe(active ? (c.query.order === 'asc' ? 'arrowUp' : 'arrowDown') : null);
    expect(sends(() => v.getSortButtonProps(sort).onClick())).toEqual([{ type: 'SORT', sort }]);
  }

  // The toolbar: category, the keyword box (what was typed), the filters toggle, Clear, Export and Compare.
  expect(v.getCategoryProps().value).toBe(c.query.category);
  expect(sends(() => v.getCategoryProps().onChange('DEX'))).toEqual([
    { type: 'SET_CATEGORY', category: 'DEX' },
  ]);
  expect(v.getKeywordInputProps().value).toBe(c.typed);
  expect(sends(() => v.getKeywordInputProps().onChange({ target: { value: 'uni' } }))).toEqual([
    { type: 'TYPE_KEYWORD', keyword: 'uni' },
  ]);
  expect(v.filtersOpen).toBe(open);
  expect(v.getFiltersButtonProps()['aria-expanded']).toBe(open);
  expect(sends(() => v.getFiltersButtonProps().onClick())).toEqual([
    { type: open ? 'CLOSE_FILTERS' : 'OPEN_FILTERS' },
  ]);
  const inForce = (Object.keys(EMPTY_FILTERS) as (keyof LeaderboardFilters)[]).filter(
    (k) => c.query.filters[k] !== EMPTY_FILTERS[k],
  ).length;
  expect(v.filterCount).toBe(inForce > 0 ? inForce : null);
  expect(sends(() => v.getClearFiltersProps().onClick())).toEqual([{ type: 'RESET_FILTERS' }]);
  expect(v.getExportLinkProps().href).toBe(leaderboardCsvUrl(apiQuery(c.query)));
  expect(v.compareCount).toBe(c.selected.length);
  expect(v.compareHref).toBe(c.selected.length >= 2 ? `/compare?ids=${c.selected.join(',')}` : null);
  expect(v.getCompareButtonProps().disabled).toBe(true);

  // A row's compare box and breakdown toggle.
  for (const id of ['a', 'b', 'c', 'd', 'e', 'eth']) {
    const props = v.getCompareCheckboxProps({ id, name: `P ${id}` });
    const picked = c.selected.includes(id);
    expect(props).toMatchObject({ type: 'checkbox', checked: picked, 'aria-label': `Compare P ${id}` });
    expect(props.disabled).toBe(!picked && c.selected.length >= 4);
    expect(sends(() => props.onChange())).toEqual([{ type: 'TOGGLE_COMPARE', id }]);
  }
  const expanded = c.expanded.includes(ROW.id);
  expect(v.isExpanded(ROW.id)).toBe(expanded);
  expect(v.getDetailsButtonProps(ROW)).toMatchObject({
    'aria-expanded': expanded,
    'aria-controls': expanded ? 'details-eth' : undefined,
    'aria-label': 'Score breakdown for Ethereum',
  });
  expect(sends(() => v.getDetailsButtonProps(ROW).onClick())).toEqual([
    { type: 'TOGGLE_DETAILS', id: 'eth' },
  ]);

  // The pager: the page asked for, of the last answer's total.
  const pager = v.getPagerProps();
  expect([pager.page, pager.pages]).toEqual([
    c.query.page,
    Math.max(1, Math.ceil((c.result?.total ?? 0) / c.query.pageSize)),
  ]);
  expect(sends(() => pager.onPage(2))).toEqual([{ type: 'PAGE', page: 2 }]);

  // The filter form shows the draft; an impossible range is marked and explained.
  expect(v.filterSelects.map((k) => v.getFilterSelectProps(k).value)).toEqual([
    c.draft.chain,
    c.draft.tier,
    c.draft.audit,
  ]);
  expect(sends(() => v.getFilterSelectProps('tier').onChange('A'))).toEqual([
    { type: 'EDIT_FILTER', key: 'tier', value: 'A' },
  ]);
  const impossible =
    c.draft.minScore !== '' && c.draft.maxScore !== '' && Number(c.draft.minScore) > Number(c.draft.maxScore);
  for (const bound of ['minScore', 'maxScore'] as const) {
    const props = v.getScoreInputProps(bound);
    expect(props.value).toBe(c.draft[bound]);
    expect('aria-invalid' in props && props['aria-invalid']).toBe(impossible);
    expect(sends(() => props.onChange({ target: { value: '5' } }))).toEqual([
      { type: 'EDIT_FILTER', key: bound, value: '5' },
    ]);
  }
  expect(v.scoreHint).toBe(impossible ? 'Minimum score is above the maximum.' : '');
  expect(v.getKycCheckboxProps().checked).toBe(c.draft.kyc);
  expect(sends(() => v.getKycCheckboxProps().onChange({ target: { checked: true } }))).toEqual([
    { type: 'EDIT_FILTER', key: 'kyc', value: true },
  ]);
  let submitted = 0;
  const form = v.getFilterFormProps();
  expect(sends(() => form.onSubmit({ preventDefault: () => submitted++ }))).toEqual([
    { type: 'APPLY_FILTERS' },
  ]);
  expect(submitted).toBe(1);
  expect(sends(() => form.onKeyDown({ key: 'Escape' }))).toEqual([{ type: 'CLOSE_FILTERS' }]);
  expect(sends(() => form.onKeyDown({ key: 'Enter' }))).toEqual([]);
  expect(sends(() => v.getResetButtonProps().onClick())).toEqual([{ type: 'RESET_FILTERS' }]);
  expect(v.getApplyButtonProps().type).toBe('submit');
}
/** The view is checked in every step (the data region is always in one of these). */
const VIEW_IN_EVERY_STATE = {
  'leaderboard.data.loading': expectView,
  'leaderboard.data.ready': expectView,
  'leaderboard.data.failed': expectView,
};

// The first sort the paths take is the column in force (its order flips), then another column (a score change's
// column starts with the largest rise).
for (const sorts of [
  ['rank', 'score'],
  ['score', 'rank'],
  ['rank', 'change7d'],
] as const)
  describePaths('leaderboard', machine, {
    events: (s) => [
      { type: 'URL_CHANGED', query: URL_QUERY },
      ...sorts.map((sort) => ({ type: 'SORT', sort })),
      { type: 'PAGE', page: 2 },
      { type: 'PAGE', page: 99 },
      { type: 'OPEN_FILTERS' },
      { type: 'CLOSE_FILTERS' },
      { type: 'EDIT_FILTER', key: 'tier', value: 'AAA' },
      // A minimum above the maximum: Apply then applies nothing.
      { type: 'EDIT_FILTER', key: 'minScore', value: '80' },
      { type: 'EDIT_FILTER', key: 'maxScore', value: '20' },
      { type: 'APPLY_FILTERS' },
      { type: 'RESET_FILTERS' },
      { type: 'RETRY' },
      { type: 'TOGGLE_DETAILS', id: 'eth' },
      ...(s.hasTag('loading')
        ? [
            { type: 'xstate.done.actor.loadPage', output: page },
            // The server's last page for a page past it.
            { type: 'xstate.done.actor.loadPage', output: LAST_PAGE },
            { type: 'xstate.error.actor.loadPage', error: new Error('offline') },
          ]
        : []),
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        ctx(s).query.sort,
        ctx(s).query.order,
        ctx(s).query.page,
        ctx(s).query.filters.tier,
        ctx(s).draft.tier,
        scoreRangeImpossible(ctx(s).draft),
        ctx(s).result !== null,
        ctx(s).expanded.length,
      ]),
    limit: 20000,
    states: VIEW_IN_EVERY_STATE,
    transitions: {
      // A row's sub-score breakdown opens or closes; nothing else changes.
      'leaderboard|TOGGLE_DETAILS': (step) => {
        const before = ctx(step.before);
        const id = step.event.id as string;
        const expanded = toggled(before.expanded, id);
        expect(ctx(step.after)).toEqual({ ...before, expanded });
        expect(step.after.value).toEqual(step.before.value);
        // The row's toggle says it, and controls the breakdown while it is shown.
        const button = viewOf(step.after).view.getDetailsButtonProps({ id, name: id });
        expect(button['aria-expanded']).toBe(expanded.includes(id));
        expect(button['aria-controls']).toBe(expanded.includes(id) ? `details-${id}` : undefined);
        dataKept(step);
        expect(appActions(step)).toEqual([]);
      },
      // A column header: the same column flips its order, another starts in its own order; back to page 1.
      'leaderboard.data|SORT': (step) => {
        const before = ctx(step.before);
        const sort = step.event.sort as LeaderboardSort;
        const order =
          sort === before.query.sort ? (before.query.order === 'asc' ? 'desc' : 'asc') : firstOrder(sort);
        const query = { ...before.query, sort, order, page: 1 };
        expect(ctx(step.after)).toEqual({ ...before, query });
        loadsNewQuery(step, query);
        panelKept(step);
        // The header says the new order at once (the table is busy meanwhile), the pager the first page.
        const { view } = viewOf(step.after);
        expect(view.getSortHeaderProps(sort)['aria-sort']).toBe(order === 'asc' ? 'ascending' : 'descending');
        expect(view.getTableProps()['aria-busy']).toBe(true);
        expect(view.getPagerProps().page).toBe(1);
      },
      // Another page that exists (of the last answer's total) is recorded and loaded.
      'leaderboard.data|PAGE': (step) => {
        const before = ctx(step.before);
        const target = step.event.page as number;
        const pages = Math.max(1, Math.ceil((before.result?.total ?? 0) / before.query.pageSize));
        expect(target).not.toBe(before.query.page);
        expect(target).toBeGreaterThanOrEqual(1);
        expect(target).toBeLessThanOrEqual(pages);
        const query = { ...before.query, page: target };
        expect(ctx(step.after)).toEqual({ ...before, query });
        loadsNewQuery(step, query);
      },
      // The panel's draft becomes the query's filters, from page 1; never a score range that matches nothing.
      'leaderboard.data|APPLY_FILTERS': (step) => {
        const before = ctx(step.before);
        expect(scoreRangeImpossible(before.draft)).toBe(false);
        const query = { ...before.query, filters: before.draft, page: 1 };
        expect(ctx(step.after)).toEqual({ ...before, query });
        loadsNewQuery(step, query);
      },
      // Every filter cleared, in the query and the panel, from page 1.
      'leaderboard.data|RESET_FILTERS': (step) => {
        const before = ctx(step.before);
        const query = { ...before.query, filters: EMPTY_FILTERS, page: 1 };
        expect(ctx(step.after)).toEqual({ ...before, query, draft: EMPTY_FILTERS });
        loadsNewQuery(step, query);
      },
      // Back/Forward: the address's query (with the layout's page size) and its filters in the panel; nothing is
      // recorded again, or Back would push a new entry.
      'leaderboard.data|URL_CHANGED': (step) => {
        const before = ctx(step.before);
        const fromUrl = step.event.query as typeof URL_QUERY;
        const query = { ...fromUrl, pageSize: before.query.pageSize };
        // The keyword box shows the address's keyword too.
        expect(ctx(step.after)).toEqual({ ...before, query, draft: fromUrl.filters, typed: fromUrl.keyword });
        loadsNewQuery(step, query, false);
        panelKept(step);
      },
      // Another page than asked arrives (the last, for one past it): the query moves to it and the address is
      // corrected in place, not recorded as a new entry.
      'leaderboard.data.loading|xstate.done.actor.loadPage|0': (step) => {
        const before = ctx(step.before);
        const result = step.event.output as LeaderboardPage;
        expect(result.page).not.toBe(before.query.page);
        const query = { ...before.query, page: result.page };
        expect(ctx(step.after)).toEqual({ ...before, query, result, expanded: [] });
        expect((step.after.value as { data: string }).data).toBe('ready');
        expect(step.after.hasTag('ready')).toBe(true);
        expect(loader(step.after)).toBeUndefined();
        expect(appActions(step)).toEqual([{ type: 'replaceQuery', params: { query } }]);
        panelKept(step);
        // The pager marks the page the rows are, and the count describes them.
        const { view } = viewOf(step.after);
        expect(view.getPagerProps().page).toBe(result.page);
        expect(view.countText).toBe(
          result.page === 3 ? 'Showing 51–60 of 60 projects' : 'Showing 1–25 of 60 projects',
        );
      },
      // The page asked for arrives: its rows show, every breakdown closed.
      'leaderboard.data.loading|xstate.done.actor.loadPage|1': (step) => {
        expect((step.event.output as LeaderboardPage).page).toBe(ctx(step.before).query.page);
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), result: step.event.output, expanded: [] });
        expect((step.after.value as { data: string }).data).toBe('ready');
        expect(step.after.hasTag('ready')).toBe(true);
        expect(step.after.hasTag('loading')).toBe(false);
        expect(loader(step.after)).toBeUndefined();
        expect(appActions(step)).toEqual([]);
        panelKept(step);
        const { view } = viewOf(step.after);
        const answer = step.event.output as LeaderboardPage;
        expect(view.countText).toBe(
          answer.page === 3 ? 'Showing 51–60 of 60 projects' : 'Showing 1–25 of 60 projects',
        );
        expect([view.loading, view.skeletonRows, view.error]).toEqual([false, 0, null]);
      },
      // The page failed: the error shows (with Retry); the query is kept for the retry.
      'leaderboard.data.loading|xstate.error.actor.loadPage': (step) => {
        expect(ctx(step.after)).toEqual(ctx(step.before));
        expect((step.after.value as { data: string }).data).toBe('failed');
        expect(step.after.hasTag('error')).toBe(true);
        expect(step.after.hasTag('loading')).toBe(false);
        expect(loader(step.after)).toBeUndefined();
        panelKept(step);
        // The failure shows with Try again; the table is no longer busy.
        const { view, sends } = viewOf(step.after);
        expect(view.error).toBe('The leaderboard could not be loaded.');
        expect(view.getTableProps()['aria-busy']).toBe(false);
        expect(sends(() => view.getRetryButtonProps().onClick())).toEqual([{ type: 'RETRY' }]);
      },
      // Retry loads the same query again, without a new history entry.
      'leaderboard.data.failed|RETRY': (step) => {
        expect(ctx(step.after)).toEqual(ctx(step.before));
        loadsNewQuery(step, ctx(step.before).query, false);
        panelKept(step);
      },
      // The panel opens on the filters in force (an edit closed unapplied is forgotten).
      'leaderboard.panel.closed|OPEN_FILTERS': (step) => {
        const before = ctx(step.before);
        expect(ctx(step.after)).toEqual({ ...before, draft: before.query.filters });
        expect((step.after.value as { panel: string }).panel).toBe('open');
        expect(step.after.hasTag('filtersOpen')).toBe(true);
        dataKept(step);
        // The toggle is expanded and the form shows the filters in force.
        const { view } = viewOf(step.after);
        expect(view.getFiltersButtonProps()['aria-expanded']).toBe(true);
        expect(view.getFilterSelectProps('tier').value).toBe(before.query.filters.tier);
        expect(view.getScoreInputProps('minScore').value).toBe(before.query.filters.minScore);
      },
      // An edit changes the draft only: nothing loads until Apply.
      'leaderboard.panel.open|EDIT_FILTER': (step) => {
        const before = ctx(step.before);
        const draft = { ...before.draft, [step.event.key as string]: step.event.value };
        expect(ctx(step.after)).toEqual({ ...before, draft });
        expect(step.after.value).toEqual(step.before.value);
        dataKept(step);
        // The edited control shows the new value; the filters in force (the badge) are unchanged.
        const { view } = viewOf(step.after);
        const key = step.event.key as 'tier' | 'minScore' | 'maxScore';
        const shown =
          key === 'tier' ? view.getFilterSelectProps(key).value : view.getScoreInputProps(key).value;
        expect(shown).toBe(step.event.value);
        expect(view.filterCount).toBe(viewOf(step.before).view.filterCount);
      },
      // Apply and Reset close the panel and (checked above) load the new query.
      'leaderboard.panel.open|APPLY_FILTERS': (step) => {
        panelClosed(step);
        expect(step.transitions).toContain('leaderboard.data|APPLY_FILTERS|0');
        expect(ctx(step.after).query.filters).toEqual(ctx(step.before).draft);
      },
      'leaderboard.panel.open|RESET_FILTERS': (step) => {
        panelClosed(step);
        expect(step.transitions).toContain('leaderboard.data|RESET_FILTERS|0');
        expect(ctx(step.after).query.filters).toEqual(EMPTY_FILTERS);
      },
      // Closing discards nothing yet and loads nothing.
      'leaderboard.panel.open|CLOSE_FILTERS': (step) => {
        panelClosed(step);
        expect(ctx(step.after)).toEqual(ctx(step.before));
        dataKept(step);
        expect(appActions(step)).toEqual([]);
      },
    },
  });

/** The tab's own order (the spec's table of tabs, written out). */
const TAB_ORDER = {
  score: ['rank', 'asc'],
  trending: ['trend', 'desc'],
  recentlyAudited: ['auditDate', 'desc'],
  stablecoins: ['rank', 'asc'],
  bugBounty: ['bugBounty', 'desc'],
  kyc: ['rank', 'asc'],
} as const;
const SETTLED = 'xstate.after.KEYWORD_DEBOUNCE.leaderboard.keyword.debouncing';
const keywordState = (s: AnyMachineSnapshot) => (s.value as { keyword: string }).keyword;

// Each key shows in the box and restarts the wait; nothing loads yet.
const typedStep = (step: StepEffect) => {
  const before = ctx(step.before);
  expect(ctx(step.after)).toEqual({ ...before, typed: step.event.keyword });
  expect(viewOf(step.after).view.getKeywordInputProps().value).toBe(step.event.keyword);
  expect(keywordState(step.after)).toBe('debouncing');
  expect(step.after.hasTag('typing')).toBe(true);
  dataKept(step);
  expect(appActions(step)).toEqual([]);
};

// Tabs, category, the keyword box (debounced) and the compare selection.
describePaths('leaderboard', machine, {
  events: (s) => [
    { type: 'SET_TAB', tab: 'trending' },
    { type: 'SET_TAB', tab: 'score' },
    { type: 'SET_CATEGORY', category: 'DEX' },
    { type: 'SET_CATEGORY', category: '' },
    { type: 'TYPE_KEYWORD', keyword: ' eth ' },
    { type: 'TYPE_KEYWORD', keyword: '' },
    ...(keywordState(s) === 'debouncing' ? [{ type: SETTLED }] : []),
    ...['a', 'b', 'c', 'd', 'e'].map((id) => ({ type: 'TOGGLE_COMPARE', id })),
    { type: 'CLEAR_COMPARE' },
    ...(s.hasTag('loading') ? [{ type: 'xstate.done.actor.loadPage', output: page }] : []),
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      ctx(s).query.tab,
      ctx(s).query.category,
      ctx(s).query.keyword,
      ctx(s).typed,
      ctx(s).selected.length,
      ctx(s).result !== null,
    ]),
  limit: 20000,
  states: { 'leaderboard.data.loading': expectView, 'leaderboard.data.ready': expectView },
  transitions: {
    // A tab is a filter with its own order, from page 1, recorded in the address.
    'leaderboard.data|SET_TAB': (step) => {
      const before = ctx(step.before);
      const tab = step.event.tab as keyof typeof TAB_ORDER;
      expect(tab).not.toBe(before.query.tab);
      const [sort, order] = TAB_ORDER[tab];
      const query = { ...before.query, tab, sort, order, page: 1 };
      expect(ctx(step.after)).toEqual({ ...before, query });
      loadsNewQuery(step, query);
      panelKept(step);
      // The chosen tab is selected and labels the table; its column shows its order.
      const { view } = viewOf(step.after);
      expect(view.getTabProps(tab)['aria-selected']).toBe(true);
      expect(view.getTabProps(before.query.tab)['aria-selected']).toBe(false);
      expect(view.getPanelProps()['aria-labelledby']).toBe(`lb-tab-${tab}`);
      expect(view.sortIcon(sort)).toBe(order === 'asc' ? 'arrowUp' : 'arrowDown');
    },
    // Another category filters at once, from page 1.
    'leaderboard.data|SET_CATEGORY': (step) => {
      const before = ctx(step.before);
      expect(step.event.category).not.toBe(before.query.category);
      const query = { ...before.query, category: step.event.category as string, page: 1 };
      expect(ctx(step.after)).toEqual({ ...before, query });
      loadsNewQuery(step, query);
    },
    'leaderboard.keyword.idle|TYPE_KEYWORD': typedStep,
    'leaderboard.keyword.debouncing|TYPE_KEYWORD': typedStep,
    // The box has been still: the wait ends, and the keyword is applied when it differs (below).
    [`leaderboard.keyword.debouncing|${SETTLED}`]: (step) => {
      expect(keywordState(step.after)).toBe('idle');
      expect(step.after.hasTag('typing')).toBe(false);
      const before = ctx(step.before);
      if (before.typed.trim() === before.query.keyword) {
        expect(ctx(step.after)).toEqual(before);
        dataKept(step);
      } else expect(step.transitions).toContain('leaderboard.data|KEYWORD_SETTLED|0');
    },
    // The settled keyword (trimmed) filters from page 1 and is recorded in the address.
    'leaderboard.data|KEYWORD_SETTLED': (step) => {
      const before = ctx(step.before);
      const query = { ...before.query, keyword: before.typed.trim(), page: 1 };
      expect(query.keyword).not.toBe(before.query.keyword);
      expect(ctx(step.after)).toEqual({ ...before, query });
      loadsNewQuery(step, query);
    },
    // A row's checkbox: dropped if picked, else added while fewer than four are.
    'leaderboard|TOGGLE_COMPARE': (step) => {
      const before = ctx(step.before);
      const id = step.event.id as string;
      const selected = toggled(before.selected, id);
      expect(selected.length).toBeLessThanOrEqual(4);
      expect(ctx(step.after)).toEqual({ ...before, selected });
      // The box shows it; Compare opens once two are picked.
      const { view } = viewOf(step.after);
      expect(view.getCompareCheckboxProps({ id, name: id }).checked).toBe(selected.includes(id));
      expect(view.compareCount).toBe(selected.length);
      expect(view.compareHref === null).toBe(selected.length < 2);
      dataKept(step);
      expect(appActions(step)).toEqual([]);
    },
    'leaderboard|CLEAR_COMPARE': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), selected: [] });
      expect([viewOf(step.after).view.compareCount, viewOf(step.after).view.compareHref]).toEqual([0, null]);
      dataKept(step);
      expect(appActions(step)).toEqual([]);
    },
  },
});

describe('the compare selection', () => {
  it('holds at most four projects: a fifth is refused until one is dropped', () => {
    const actor = createActor(machine, { input: undefined }).start();
    for (const id of ['a', 'b', 'c', 'd', 'e']) actor.send({ type: 'TOGGLE_COMPARE', id });
    expect(ctx(actor.getSnapshot()).selected).toEqual(['a', 'b', 'c', 'd']);
    // The other rows' boxes are off while four are picked; the picked ones can still be unticked.
    expectView(actor.getSnapshot());
    const { view } = viewOf(actor.getSnapshot());
    expect(view.getCompareCheckboxProps({ id: 'e', name: 'E' }).disabled).toBe(true);
    expect(view.getCompareCheckboxProps({ id: 'b', name: 'B' }).disabled).toBe(false);
    expect(view.compareHref).toBe('/compare?ids=a,b,c,d');
    actor.send({ type: 'TOGGLE_COMPARE', id: 'b' });
    actor.send({ type: 'TOGGLE_COMPARE', id: 'e' });
    expect(ctx(actor.getSnapshot()).selected).toEqual(['a', 'c', 'd', 'e']);
    actor.stop();
  });
});

describe('an impossible score range', () => {
  it('is not applied: the panel stays open on the draft, the query and its request are kept', () => {
    const actor = createActor(machine, { input: undefined }).start();
    actor.send({ type: 'xstate.done.actor.loadPage', output: page } as never);
    actor.send({ type: 'OPEN_FILTERS' });
    actor.send({ type: 'EDIT_FILTER', key: 'minScore', value: '90' });
    actor.send({ type: 'EDIT_FILTER', key: 'maxScore', value: '10' });
    const before = actor.getSnapshot();
    actor.send({ type: 'APPLY_FILTERS' });
    const after = actor.getSnapshot();
    expect(after.value).toEqual({ data: 'ready', keyword: 'idle', panel: 'open' });
    expect(ctx(after).query).toEqual(ctx(before).query);
    expect(ctx(after).draft).toMatchObject({ minScore: '90', maxScore: '10' });
    // Equal bounds are a possible range and apply.
    actor.send({ type: 'EDIT_FILTER', key: 'maxScore', value: '90' });
    actor.send({ type: 'APPLY_FILTERS' });
    expect(actor.getSnapshot().value).toEqual({ data: 'loading', keyword: 'idle', panel: 'closed' });
    expect(ctx(actor.getSnapshot()).query.filters).toMatchObject({ minScore: '90', maxScore: '90' });
    actor.stop();
  });
});
