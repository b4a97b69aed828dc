import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { connectWatchlistPicker } from '../../machines/watchlist/picker/watchlistPicker.connect';
import {
  PICKER_PLACEHOLDER,
  PICKER_TITLE,
  pickerKeyword,
  TRENDING_HEADING,
  watchlistPickerMachine,
} from '../../machines/watchlist/picker/watchlistPicker.machine';
import type {
  PickerContext,
  PickerEmitted,
  PickerEvent,
} from '../../machines/watchlist/picker/watchlistPicker.types';
import { describePaths, handlerEvents, pending, type StepEffect } from './harness';

const machine = watchlistPickerMachine.provide({ actors: { searchProjects: pending() as never } });
const ctx = (s: AnyMachineSnapshot) => s.context as PickerContext;
const project = (id: string) => ({ id, rank: 1, logo: '/logos/x.svg', name: id, tokenTickers: ['X'] });

const searchInput = (s: AnyMachineSnapshot) =>
  (s.children.searchProjects as AnyActorRef | undefined)?.getSnapshot().input as
    { keyword: string } | undefined;
const RESULTS = [project('p1'), project('p2')];

/** What the view's handlers send: `sends` runs one of them. */
const { send, sends } = handlerEvents<PickerEvent>();
/** The view ProjectPickerModal renders; its inputs' and buttons' events go to `send`. */
const view = (s: AnyMachineSnapshot) =>
  connectWatchlistPicker(s as Parameters<typeof connectWatchlistPicker>[0], send);

/**
 * The open dialog as drawn in every open state: the title, the search field (its label, prompt, keyword, and
 * typing sends TYPE), the heading ('Trending Projects' below two characters), and closing sends CLOSE.
 */
function expectOpenDialog(s: AnyMachineSnapshot) {
  const v = view(s);
  const { keyword } = ctx(s);
  expect(v.open).toBe(true);
  expect(v.defaultTitle).toBe('Add Projects');
  expect(v.getSearchInputProps()).toMatchObject({
    type: 'search',
    'aria-label': 'Search Project by Name / Token',
    placeholder: 'Search Project by Name / Token',
    value: keyword,
  });
  expect(sends(() => v.getSearchInputProps().onChange({ target: { value: 'eth' } }))).toEqual([
    { type: 'TYPE', keyword: 'eth' },
  ]);
  expect(v.getHeadingProps()).toEqual({ className: 'picker-heading', id: 'picker-heading' });
  expect(v.heading).toBe(keyword.trim().length >= 2 ? 'Search Results' : 'Trending Projects');
  expect(sends(v.close)).toEqual([{ type: 'CLOSE' }]);
}

/** The results list, labelled by the heading; busy exactly while a search runs. */
function expectList(s: AnyMachineSnapshot, busy: boolean) {
  expect(view(s).getListProps()).toEqual({
    className: 'picker-rows',
    'aria-labelledby': 'picker-heading',
    'aria-busy': busy,
  });
}

/** The rows as drawn: rank, ticker, the watchlist's projects pressed and marked; a click picks the project. */
function expectRows(s: AnyMachineSnapshot) {
  const v = view(s);
  const { results, existing } = ctx(s);
  expect(v.empty).toBe(false);
  expect(v.options.map((o) => o.project)).toEqual(results);
  for (const option of v.options) {
    const added = existing.includes(option.project.id);
    expect(option).toMatchObject({ added, rankText: '#1', ticker: 'X' });
    expect(v.getOptionProps(option)).toMatchObject({
      type: 'button',
      className: added ? 'picker-row is-added' : 'picker-row',
      'aria-pressed': added,
      'data-part': 'option',
    });
    expect(v.getMarkProps(option)).toEqual({ className: 'picker-mark', 'aria-hidden': !added });
    expect(sends(v.getOptionProps(option).onClick)).toEqual([{ type: 'PICK', projectId: option.project.id }]);
  }
}

/** The picker's own actions: what it asks the app to do (XState's built-ins left out). */
const own = (step: StepEffect) => step.actions.filter((a) => !String(a.type).startsWith('xstate.'));
/** Nothing went into the list: the app was not asked to add, nothing emitted. */
const nothingAdded = (step: StepEffect) => {
  expect(own(step)).toEqual([]);
  expect(step.emitted).toEqual([]);
};
/** The app is asked to add the project (its `added` action), and the pick is emitted as `add`. */
const adds = (step: StepEffect, projectId: string) => {
  expect(own(step)).toEqual([{ type: 'added', params: { projectId } }]);
  expect(step.emitted).toEqual([{ type: 'add', projectId }]);
};

for (const mode of ['single', 'multiple'] as const) {
  describePaths('watchlistPicker', machine, {
    input: { mode },
    events: (s) => [
      { type: 'OPEN', existing: ['p1'] },
      // The list's projects come with OPEN: opened again, the marks are the list's as it is now.
      { type: 'OPEN', existing: ['p1', 'p2'] },
      // Opened without the list's projects: nothing is marked.
      { type: 'OPEN' },
      { type: 'CLOSE' },
      { type: 'TYPE', keyword: ' et ' },
      { type: 'TYPE', keyword: 'e' },
      // p2 first: in multiple mode the first pick is one that gets marked.
      { type: 'PICK', projectId: 'p2' },
      { type: 'PICK', projectId: 'p1' },
      { type: 'RETRY' },
      ...(s.matches({ open: 'searching' })
        ? [
            { type: 'xstate.done.actor.searchProjects', output: RESULTS },
            // Nothing matches the keyword.
            { type: 'xstate.done.actor.searchProjects', output: [] },
            { type: 'xstate.error.actor.searchProjects', error: new Error('500') },
          ]
        : []),
    ],
    serializeState: (s) => {
      const c = ctx(s);
      return JSON.stringify({ v: s.value, k: c.keyword, e: c.existing, r: c.results?.length });
    },
    transitions: {
      // Opening shows the list already in the watchlist marked, an empty keyword, and asks for the trending list.
      'watchlistPicker.closed|OPEN': (step) => {
        const e = step.event as unknown as Extract<PickerEvent, { type: 'OPEN' }>;
        expect(step.after.hasTag('open')).toBe(true);
        expect(step.after.hasTag('loading')).toBe(true);
        expect(ctx(step.after)).toMatchObject({
          keyword: '',
          existing: e.existing ?? [],
          mode: e.mode ?? mode,
        });
        expect(searchInput(step.after)).toEqual({ keyword: '' });
        nothingAdded(step);
      },
      // Closing drops the keyword and the search in flight; nothing is added.
      'watchlistPicker.open|CLOSE': (step) => {
        expect(step.after.hasTag('open')).toBe(false);
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), keyword: '' });
        expect(step.after.children.searchProjects).toBeUndefined();
        nothingAdded(step);
      },
      // Each keyword starts a new search (the previous one is dropped); below 2 characters it asks for trending.
      'watchlistPicker.open|TYPE': (step) => {
        const keyword = step.event.keyword as string;
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), keyword });
        expect(step.after.hasTag('loading')).toBe(true);
        expect(searchInput(step.after)).toEqual({
          keyword: keyword.trim().length >= 2 ? keyword.trim() : '',
        });
        expect(step.after.children.searchProjects).not.toBe(step.before.children.searchProjects);
        nothingAdded(step);
      },
      'watchlistPicker.open.searching|xstate.done.actor.searchProjects': (step) => {
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), results: step.event.output });
        expect(step.after.hasTag('loading')).toBe(false);
        expect(step.after.hasTag('error')).toBe(false);
        expect(step.after.hasTag('open')).toBe(true);
      },
      'watchlistPicker.open.searching|xstate.error.actor.searchProjects': (step) => {
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), results: [] });
        expect(step.after.hasTag('error')).toBe(true);
        expect(step.after.hasTag('loading')).toBe(false);
        expect(step.after.hasTag('open')).toBe(true);
      },
      'watchlistPicker.open.ready|PICK': (step) => {
        const before = ctx(step.before);
        const projectId = step.event.projectId as string;
        if (before.mode === 'single' && before.existing.includes(projectId)) {
          // Single mode, already in the list: nothing happens.
          nothingAdded(step);
          expect(ctx(step.after)).toEqual(before);
          expect(step.after.value).toEqual(step.before.value);
        } else if (before.mode === 'single') {
          // Single mode: added, keyword cleared, picker closed.
          adds(step, projectId);
          expect(ctx(step.after)).toEqual({ ...before, keyword: '' });
          expect(step.after.hasTag('open')).toBe(false);
        } else {
          // Multiple mode: every pick is reported and its mark flips (in step with the watchlist's toggle).
          adds(step, projectId);
          expect(ctx(step.after)).toEqual({
            ...before,
            existing: before.existing.includes(projectId)
              ? before.existing.filter((id) => id !== projectId)
              : [...before.existing, projectId],
          });
          expect(step.after.value).toEqual(step.before.value);
        }
      },
      // Retry asks again with the same keyword.
      'watchlistPicker.open.failed|RETRY': (step) => {
        expect(ctx(step.after)).toEqual(ctx(step.before));
        expect(step.after.hasTag('loading')).toBe(true);
        expect(step.after.hasTag('error')).toBe(false);
        const keyword = ctx(step.before).keyword.trim();
        expect(searchInput(step.after)).toEqual({ keyword: keyword.length >= 2 ? keyword : '' });
      },
    },
    // A failed search after one that answered: the earlier results are not shown with the error.
    also: [
      [
        { type: 'OPEN', existing: ['p1'] },
        { type: 'xstate.done.actor.searchProjects', output: RESULTS },
        { type: 'TYPE', keyword: ' et ' },
        { type: 'xstate.error.actor.searchProjects', error: new Error('500') },
      ] as never,
    ],
    states: {
      // Closed: nothing is drawn.
      'watchlistPicker.closed': (s) => {
        expect(ctx(s).keyword).toBe('');
        expect(view(s).open).toBe(false);
      },
      // Answered: the rows, or the sentence saying nothing matches the keyword; the list is not busy.
      'watchlistPicker.open.ready': (s) => {
        const v = view(s);
        expect([RESULTS, []]).toContainEqual(ctx(s).results);
        expectOpenDialog(s);
        expect(v).toMatchObject({ loading: false, failed: false, showSkeleton: false, skeletonRows: 0 });
        expectList(s, false);
        if (ctx(s).results.length === 0) {
          expect(v.empty).toBe(true);
          expect(v.emptyText).toBe(`No projects match “${ctx(s).keyword.trim()}”.`);
          expect(v.options).toEqual([]);
        } else {
          expectRows(s);
        }
      },
      // Searching: the list is busy; five placeholder rows until a first answer, the earlier rows after one.
      'watchlistPicker.open.searching': (s) => {
        const v = view(s);
        expect(s.children.searchProjects).toBeDefined();
        expectOpenDialog(s);
        expect(v).toMatchObject({ loading: true, failed: false, empty: false });
        expectList(s, true);
        if (ctx(s).results.length === 0) {
          expect(v.showSkeleton).toBe(true);
          expect(v.skeletonRows).toBe(5);
        } else {
          expect(v.showSkeleton).toBe(false);
          expectRows(s);
        }
      },
      // Failed: 'Something went wrong' and Retry (which sends RETRY), no rows and no placeholders.
      'watchlistPicker.open.failed': (s) => {
        const v = view(s);
        expectOpenDialog(s);
        expect(v).toMatchObject({
          failed: true,
          loading: false,
          errorText: 'Something went wrong',
          showSkeleton: false,
          empty: false,
          options: [],
        });
        expect(sends(v.retry)).toEqual([{ type: 'RETRY' }]);
      },
    },
  });
}

describe('watchlistPicker picks', () => {
  const openReady = (mode: 'single' | 'multiple', existing = ['p1']) => {
    const added: string[] = [];
    const a = createActor(machine, { input: { mode } });
    a.on('add', (e: PickerEmitted) => added.push(e.projectId));
    a.start();
    a.send({ type: 'OPEN', existing });
    a.send({ type: 'TYPE', keyword: 'eth' });
    a.send({ type: 'xstate.done.actor.searchProjects', output: [project('p1'), project('p2')] } as never);
    return { a, added };
  };

  it('single mode: a project already in the list does nothing; another is added, the keyword cleared, closed', () => {
    const { a, added } = openReady('single');
    a.send({ type: 'PICK', projectId: 'p1' });
    expect(added).toEqual([]);
    expect(a.getSnapshot().hasTag('open')).toBe(true);
    expect(a.getSnapshot().context.keyword).toBe('eth');
    a.send({ type: 'PICK', projectId: 'p2' });
    expect(added).toEqual(['p2']);
    expect(a.getSnapshot().hasTag('open')).toBe(false);
    expect(a.getSnapshot().context.keyword).toBe('');
  });

  it('multiple mode: every pick calls add and the picker stays open', () => {
    const { a, added } = openReady('multiple');
    a.send({ type: 'PICK', projectId: 'p1' });
    // Picking a marked project unmarks it (the caller toggles it out), another is marked.
    expect(a.getSnapshot().context.existing).toEqual([]);
    a.send({ type: 'PICK', projectId: 'p2' });
    expect(a.getSnapshot().context.existing).toEqual(['p2']);
    expect(added).toEqual(['p1', 'p2']);
    expect(a.getSnapshot().hasTag('open')).toBe(true);
  });

  it('multiple mode: unpicking one of several marked projects leaves the others marked', () => {
    const { a, added } = openReady('multiple', ['p1', 'p2']);
    a.send({ type: 'PICK', projectId: 'p1' });
    expect(a.getSnapshot().context.existing).toEqual(['p2']);
    expect(added).toEqual(['p1']);
  });

  it('picks one project at a time unless asked for several, and starts with nothing found or marked', () => {
    const fresh = { mode: 'single', keyword: '', results: [], existing: [] };
    expect(createActor(machine, { input: undefined }).getSnapshot().context).toEqual(fresh);
    expect(createActor(machine, { input: {} }).getSnapshot().context).toEqual(fresh);
  });

  it("is titled, prompted and headed with the spec's texts", () => {
    expect(PICKER_TITLE).toBe('Add Projects');
    expect(PICKER_PLACEHOLDER).toBe('Search Project by Name / Token');
    expect(TRENDING_HEADING).toBe('Trending Projects');
  });

  it('sends no keyword below two characters (the trending list)', () => {
    expect(pickerKeyword(' e ')).toBe('');
    expect(pickerKeyword(' et ')).toBe('et');
  });
});
