import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { connectSearch } from '../../machines/projects/search/search.connect';
import { searchMachine } from '../../machines/projects/search/search.machine';
import type { SearchEvent } from '../../machines/projects/search/search.types';
import { describePaths, handlerEvents, pending, type StepEffect } from './harness';

const eth = { id: 'eth', rank: 1, logo: '/logos/eth.svg', name: 'Ethereum', tokenTickers: ['ETH'] };
const etc = {
  id: 'etc',
  rank: null,
  logo: '/logos/etc.svg',
  name: 'Ethereum Classic',
  tokenTickers: ['ETC'],
};
const btc = { id: 'btc', rank: 2, logo: '/logos/btc.svg', name: 'Bitcoin', tokenTickers: ['BTC'] };

const machine = searchMachine.provide({ actors: { searchProjects: pending() as never } });

/** The keyword the server gets: below the minimum length (after trimming) the trending list ('') is asked for. */
const sentKeyword = (typed: string, minLength: number) => {
  const trimmed = typed.trim();
  return trimmed.length >= minLength ? trimmed : '';
};

/** The search request in flight, if any. */
const request = (s: AnyMachineSnapshot) => s.children.searchProjects as AnyActorRef | undefined;
const requestedKeyword = (s: AnyMachineSnapshot) =>
  (request(s)?.getSnapshot() as { input?: { keyword: string } } | undefined)?.input?.keyword;

/** The base of the box's element ids, as ProjectSearch gives it. */
const ID = 'search-header';
const compareHref = (id: string) => `/compare?ids=${id}`;
/** What the view's handlers send: `sending` runs one of them. */
const { send, sends: sending } = handlerEvents<SearchEvent>();
/**
 * The view ProjectSearch renders: a box that opens pages (it can compare a result) or a form's picker (it only
 * picks). Its handlers' events go to `send`.
 */
const connected = (s: AnyMachineSnapshot, canCompare = true) =>
  connectSearch(s as Parameters<typeof connectSearch>[0], send, {
    id: ID,
    canCompare,
    compareHref,
  });
/** What the box shows: whether the dropdown is expanded, busy (skeleton rows), the error line, what was typed. */
const view = (s: AnyMachineSnapshot) => {
  const v = connected(s);
  return {
    open: v.getInputProps()['aria-expanded'],
    loading: v.getListProps()['aria-busy'],
    error: v.errorText !== null,
    keyword: v.getInputProps().value,
  };
};
/** A key pressed in the input: the events it sent and whether its default was prevented. */
const press = (s: AnyMachineSnapshot, key: string) => {
  let prevented = false;
  const events = sending(() =>
    connected(s)
      .getInputProps()
      .onKeyDown({ key, preventDefault: () => void (prevented = true) }),
  );
  return { events, prevented };
};
const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

/**
 * In every state: the label names the input, which controls the list; typing and focus reach the machine; focus
 * leaving the box closes it, moving inside it does not; the title and the list's name say whether the trending list
 * or search results are shown (the keyword is too short to search, after trimming).
 */
function expectBox(s: AnyMachineSnapshot, minLength: number) {
  const v = connected(s);
  const input = v.getInputProps();
  expect(v.getLabelProps()).toEqual({ htmlFor: `${ID}-input` });
  expect(input).toMatchObject({
    id: `${ID}-input`,
    type: 'text',
    role: 'combobox',
    autoComplete: 'off',
    spellCheck: false,
    'aria-autocomplete': 'list',
    'aria-controls': `${ID}-list`,
    value: s.context.keyword,
    'data-part': 'input',
  });
  expect(v.getListProps()).toMatchObject({ id: `${ID}-list`, role: 'listbox' });
  expect(sending(() => input.onChange({ target: { value: 'bit' } }))).toEqual([
    { type: 'TYPE', keyword: 'bit' },
  ]);
  expect(sending(() => input.onFocus())).toEqual([{ type: 'FOCUS' }]);
  expect(press(s, 'a')).toEqual({ events: [], prevented: false });
  const root = v.getRootProps();
  expect(root).toMatchObject({ 'data-scope': 'search', 'data-part': 'root' });
  const inside = {};
  const currentTarget = { contains: (node: unknown) => node === inside };
  expect(sending(() => root.onBlur({ currentTarget, relatedTarget: inside }))).toEqual([]);
  expect(sending(() => root.onBlur({ currentTarget, relatedTarget: null }))).toEqual([{ type: 'CLOSE' }]);
  const trending = (s.context.keyword as string).trim().length < minLength;
  expect(v.trending).toBe(trending);
  expect(v.title).toBe(trending ? 'Trending Search' : null);
  expect(v.getTitleProps()).toEqual({ id: `${ID}-title` });
  expect(v.getListProps()['aria-label']).toBe(trending ? 'Trending Search' : 'Search results');
}

/** Closed: the dropdown is collapsed and hidden, no option is active; arrow down opens it, Enter and Escape do nothing. */
function expectClosedBox(s: AnyMachineSnapshot) {
  const v = connected(s);
  expect(v.open).toBe(false);
  expect(v.getInputProps()['aria-expanded']).toBe(false);
  expect(v.getInputProps()['aria-activedescendant']).toBeUndefined();
  expect(v.getPopupProps()).toEqual({ hidden: true, 'data-part': 'popup' });
  expect(press(s, 'ArrowDown')).toEqual({ events: [{ type: 'FOCUS' }], prevented: true });
  expect(press(s, 'ArrowUp')).toEqual({ events: [{ type: 'PREV' }], prevented: true });
  expect(press(s, 'Enter')).toEqual({ events: [], prevented: false });
  expect(press(s, 'Escape')).toEqual({ events: [], prevented: false });
}

/** Open: the dropdown is expanded and shown; the arrows move the highlight, Enter chooses, Escape closes. */
function expectOpenBox(s: AnyMachineSnapshot) {
  const v = connected(s);
  expect(v.open).toBe(true);
  expect(v.getInputProps()['aria-expanded']).toBe(true);
  expect(v.getPopupProps()).toEqual({ hidden: false, 'data-part': 'popup' });
  expect(press(s, 'ArrowDown')).toEqual({ events: [{ type: 'NEXT' }], prevented: true });
  expect(press(s, 'ArrowUp')).toEqual({ events: [{ type: 'PREV' }], prevented: true });
  expect(press(s, 'Enter')).toEqual({ events: [{ type: 'CHOOSE' }], prevented: true });
  expect(press(s, 'Escape')).toEqual({ events: [{ type: 'CLOSE' }], prevented: true });
}

/** Loading: skeleton rows and a busy list, no option, no message, nothing to compare. */
function expectLoadingBox(s: AnyMachineSnapshot) {
  for (const canCompare of [true, false]) {
    const v = connected(s, canCompare);
    expect(v.loading).toBe(true);
    expect(v.getListProps()['aria-busy']).toBe(true);
    expect(v.skeletonRows).toBe(6);
    expect(v.options).toEqual([]);
    expect(v.getInputProps()['aria-activedescendant']).toBeUndefined();
    expect(v.emptyText).toBeNull();
    expect(v.errorText).toBeNull();
    expect(v.comparable).toBe(false);
    expect(v.compared).toBeUndefined();
  }
}

type Project = { id: string; rank: number | null; name: string; tokenTickers: string[] };
/**
 * The results as shown: each with its rank ('N/A' without one), name and first ticker, the highlighted one selected
 * and active; a click on a row chooses it (pressing it keeps the focus in the box). A box that opens pages offers
 * Compare on each row and the compare link for the highlighted result (a plain click compares it, a modified one is
 * left to the browser); a form's picker offers neither. No results: the 'No project matches' line.
 */
function expectReadyBox(s: AnyMachineSnapshot) {
  const { options, highlighted, keyword } = s.context as {
    options: Project[];
    highlighted: number;
    keyword: string;
  };
  for (const canCompare of [true, false]) {
    const v = connected(s, canCompare);
    expect(v.loading).toBe(false);
    expect(v.getListProps()['aria-busy']).toBe(false);
    expect(v.skeletonRows).toBe(0);
    expect(v.errorText).toBeNull();
    expect(v.options).toEqual(
      options.map((project, i) => ({
        project,
        rankText: project.rank === null ? 'N/A' : `#${project.rank}`,
        ticker: project.tokenTickers[0],
        highlighted: i === highlighted,
      })),
    );
    options.forEach((_, i) => {
      const props = v.getOptionProps(i);
      expect(props).toMatchObject({
        id: `${ID}-opt-${i}`,
        role: 'option',
        'aria-selected': i === highlighted,
        'data-part': 'option',
      });
      expect(sending(() => props.onClick())).toEqual([{ type: 'SELECT', index: i }]);
      let prevented = false;
      props.onMouseDown({ preventDefault: () => void (prevented = true) });
      expect(prevented).toBe(true);
      const compare = v.getOptionCompareProps(i);
      expect(compare).toMatchObject({ 'aria-hidden': true, 'data-part': 'compare' });
      let stopped = false;
      expect(sending(() => compare.onClick({ stopPropagation: () => void (stopped = true) }))).toEqual([
        { type: 'COMPARE', index: i },
      ]);
      expect(stopped).toBe(true);
    });
    expect(v.getInputProps()['aria-activedescendant']).toBe(
      options.length > 0 ? `${ID}-opt-${highlighted}` : undefined,
    );
    expect(v.emptyText).toBe(options.length === 0 ? `No project matches “${keyword.trim()}”.` : null);
    const compared = canCompare ? options[highlighted] : undefined;
    expect(v.comparable).toBe(compared !== undefined);
    expect(v.compared?.project).toBe(compared);
    expect(v.compareText).toBe(compared ? `Compare ${compared.name}` : '');
    if (compared) {
      const link = v.getCompareLinkProps();
      expect(link).toMatchObject({ href: compareHref(compared.id), 'data-part': 'compare-link' });
      let prevented = false;
      const preventDefault = () => void (prevented = true);
      for (const modifier of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'])
        expect(sending(() => link.onClick({ ...click, [modifier]: true, preventDefault }))).toEqual([]);
      expect(sending(() => link.onClick({ ...click, button: 1, preventDefault }))).toEqual([]);
      expect(prevented).toBe(false);
      expect(sending(() => link.onClick({ ...click, preventDefault }))).toEqual([
        { type: 'COMPARE', index: highlighted },
      ]);
      expect(prevented).toBe(true);
    }
  }
}

/** Failed: the failure line, no options and no 'No project matches' line. */
function expectFailedBox(s: AnyMachineSnapshot) {
  const v = connected(s);
  expect(v.error).toBe(true);
  expect(v.errorText).toBe('Search is unavailable right now. Please try again.');
  expect(v.emptyText).toBeNull();
  expect(v.options).toEqual([]);
  expect(v.getListProps()['aria-busy']).toBe(false);
  expect(v.getInputProps()['aria-activedescendant']).toBeUndefined();
  expect(v.compared).toBeUndefined();
}

/** The app's actions a step ran (an action without a name shows as one that is not the app's). */
const appActions = (step: StepEffect) => step.actions.filter((a) => !String(a.type).startsWith('xstate.'));

/** Where choosing a project takes the user (the component navigates to the page of the project it is given). */
const navigations = (step: StepEffect) =>
  step.actions
    .filter((a) => a.type === 'choose')
    .map((a) => `/projects/${(a.params as { project: { id: string } }).project.id}`);

/**
 * The app's side of a choice: the input lets go of focus, then the project is chosen; it is emitted too. The user
 * goes to the project's page and the box closes, emptied.
 */
function expectChosen(step: StepEffect, project: { id: string } | undefined) {
  expect(appActions(step)).toEqual([
    { type: 'blurInput', params: undefined },
    { type: 'choose', params: { project } },
  ]);
  expect(step.emitted).toEqual([{ type: 'chosen', project }]);
  expect(navigations(step)).toEqual([`/projects/${project!.id}`]);
  expect(view(step.after)).toMatchObject({ open: false, keyword: '' });
}

/** Nothing was chosen: none of the app's actions ran. */
const nothingChosen = (step: StepEffect) => {
  expect(step.emitted).toEqual([]);
  expect(navigations(step)).toEqual([]);
  expect(step.actions.map((a) => a.type)).not.toContain('blurInput');
  expect(step.actions.map((a) => a.type)).not.toContain('compare');
};

/** A new request was started for `keyword`, and the one before it (if any) was stopped. */
function expectNewRequest(step: StepEffect, keyword: string) {
  const previous = request(step.before);
  const current = request(step.after);
  expect(current).toBeDefined();
  expect(current).not.toBe(previous);
  expect(requestedKeyword(step.after)).toBe(keyword);
  if (previous) expect(previous.getSnapshot().status).toBe('stopped');
  expect(step.after.context.query).toBe(keyword);
  expect(view(step.after)).toMatchObject({ open: true, loading: true, error: false });
}

// Two result sets: three options (arrow keys wrap from the last to the first and back, and arrow up steps back
// one, not forward) and a single one (the highlight stays on it). The page-level boxes may use another minimum
// length than the header's 2.
// With three options, Enter and arrow down are only offered on the last option, so the paths go there with arrow
// up (wrapping from the first) and show that arrow down wraps back to the first and that Enter takes the
// highlighted option, not the first. With a single option every key is offered.
const configs = [
  { minLength: 2, results: [eth, etc, btc], onLast: true },
  { minLength: 1, results: [btc], onLast: false },
];

for (const { minLength, results, onLast } of configs) {
  const offered = (highlighted: number) => !onLast || highlighted === results.length - 1;
  describePaths('search', machine, {
    input: { minLength },
    events: (s) => [
      { type: 'FOCUS' },
      { type: 'TYPE', keyword: 'e' },
      { type: 'TYPE', keyword: 'eth' },
      // Same effective keyword as 'eth': no new request.
      { type: 'TYPE', keyword: ' eth ' },
      // Long enough only with its space: the minimum counts the trimmed keyword.
      { type: 'TYPE', keyword: ' e' },
      { type: 'PREV' },
      ...(offered(s.context.highlighted) ? [{ type: 'CHOOSE' }, { type: 'NEXT' }] : []),
      { type: 'SELECT', index: results.length - 1 },
      { type: 'SELECT', index: 7 },
      { type: 'COMPARE', index: results.length - 1 },
      { type: 'COMPARE', index: 7 },
      { type: 'CLOSE' },
      ...(s.hasTag('loading')
        ? [
            { type: 'xstate.done.actor.searchProjects', output: results },
            { type: 'xstate.done.actor.searchProjects', output: [] },
            { type: 'xstate.error.actor.searchProjects', error: new Error('offline') },
          ]
        : []),
    ],
    // The shortest paths choose from a box focused while empty; these choose after typing, so the box is emptied.
    also: [
      [
        { type: 'TYPE', keyword: 'eth' },
        { type: 'xstate.done.actor.searchProjects', output: results },
        { type: 'CHOOSE' },
      ],
      [
        { type: 'TYPE', keyword: 'eth' },
        { type: 'xstate.done.actor.searchProjects', output: results },
        { type: 'COMPARE', index: results.length - 1 },
      ],
    ],
    transitions: {
      // Focus opens the dropdown and loads for the keyword already in the box (trending when too short).
      'search.closed|FOCUS': (step) => {
        expect(request(step.before)).toBeUndefined();
        expect(step.after.context.keyword).toBe(step.before.context.keyword);
        expectNewRequest(step, sentKeyword(step.before.context.keyword, minLength));
        nothingChosen(step);
      },
      // Typing into the closed box opens it and searches for what was typed.
      'search.closed|TYPE': (step) => {
        const typed = step.event.keyword as string;
        expect(step.after.context.keyword).toBe(typed);
        expectNewRequest(step, sentKeyword(typed, minLength));
        nothingChosen(step);
      },
      // Typing while open: a new request only when the keyword sent would change (or the last one failed);
      // the box always shows what was typed.
      'search.open|TYPE': (step) => {
        const typed = step.event.keyword as string;
        const keyword = sentKeyword(typed, minLength);
        expect(step.after.context.keyword).toBe(typed);
        if (step.before.context.query !== null && keyword === step.before.context.query) {
          expect(step.after.value).toEqual(step.before.value);
          expect(request(step.after)).toBe(request(step.before));
          expect(step.after.context.query).toBe(step.before.context.query);
          expect(step.after.context.options).toBe(step.before.context.options);
          expect(step.after.context.highlighted).toBe(step.before.context.highlighted);
        } else {
          expectNewRequest(step, keyword);
        }
        nothingChosen(step);
      },
      // Escape / blur: the dropdown closes, a pending request is dropped, the typed text stays, nothing chosen.
      'search.open|CLOSE': (step) => {
        expect(view(step.after)).toMatchObject({ open: false, loading: false });
        expect(step.after.context.keyword).toBe(step.before.context.keyword);
        expect(request(step.after)).toBeUndefined();
        const previous = request(step.before);
        if (previous) expect(previous.getSnapshot().status).toBe('stopped');
        nothingChosen(step);
      },
      // The results replace the options and the highlight goes back to the first one.
      'search.open.loading|xstate.done.actor.searchProjects': (step) => {
        expect(step.after.context.options).toEqual(step.event.output);
        expect(step.after.context.highlighted).toBe(0);
        expect(step.after.context.query).toBe(step.before.context.query);
        expect(step.after.context.keyword).toBe(step.before.context.keyword);
        expect(view(step.after)).toMatchObject({ open: true, loading: false, error: false });
        expect(request(step.after)).toBeUndefined();
      },
      // A failed search shows the error line with no options, and the next keyword change retries.
      'search.open.loading|xstate.error.actor.searchProjects': (step) => {
        expect(view(step.after)).toMatchObject({ open: true, loading: false, error: true });
        expect(step.after.context.options).toEqual([]);
        expect(step.after.context.highlighted).toBe(0);
        expect(step.after.context.query).toBeNull();
        expect(step.after.context.keyword).toBe(step.before.context.keyword);
      },
      // Arrow down: the next option, from the last back to the first.
      'search.open.ready|NEXT': (step) => {
        const { options, highlighted } = step.before.context as { options: unknown[]; highlighted: number };
        expect(options.length).toBeGreaterThan(0);
        expect(step.after.context.highlighted).toBe(highlighted === options.length - 1 ? 0 : highlighted + 1);
        expect(step.after.context.options).toBe(options);
        expect(step.after.value).toEqual(step.before.value);
        nothingChosen(step);
      },
      // Arrow up: the previous option, from the first round to the last.
      'search.open.ready|PREV': (step) => {
        const { options, highlighted } = step.before.context as { options: unknown[]; highlighted: number };
        expect(options.length).toBeGreaterThan(0);
        expect(step.after.context.highlighted).toBe(highlighted === 0 ? options.length - 1 : highlighted - 1);
        expect(step.after.context.options).toBe(options);
        expect(step.after.value).toEqual(step.before.value);
        nothingChosen(step);
      },
      // Enter chooses the highlighted option: its page opens, the box closes and is emptied.
      'search.open.ready|CHOOSE': (step) => {
        const { options, highlighted } = step.before.context as {
          options: { id: string }[];
          highlighted: number;
        };
        expectChosen(step, options[highlighted]);
      },
      // A click chooses the clicked option, whichever is highlighted.
      'search.open.ready|SELECT': (step) => {
        const options = step.before.context.options as { id: string }[];
        const index = step.event.index as number;
        expect(index).toBeLessThan(options.length);
        expectChosen(step, options[index]);
      },
      // Compare on a result: the comparison opens with that project (the app is handed it), the box closes and is
      // emptied, and nothing is chosen (no project page, no 'chosen' event for a form).
      'search.open.ready|COMPARE': (step) => {
        const options = step.before.context.options as { id: string }[];
        const index = step.event.index as number;
        expect(index).toBeLessThan(options.length);
        expect(appActions(step)).toEqual([
          { type: 'blurInput', params: undefined },
          { type: 'compare', params: { project: options[index] } },
        ]);
        expect(step.emitted).toEqual([]);
        expect(navigations(step)).toEqual([]);
        expect(view(step.after)).toMatchObject({ open: false, keyword: '' });
      },
    },
    states: {
      // A closed box shows no list; it starts empty and doing nothing (the '/' shortcut is not the machine's).
      'search.closed': (s, step) => {
        if (step?.event.type === 'xstate.init') {
          expect(step.actions).toEqual([]);
          expect(s.context.keyword).toBe('');
        }
        expect(view(s)).toMatchObject({ open: false, loading: false, error: false });
        expectBox(s, minLength);
        expectClosedBox(s);
      },
      'search.open': (s) => {
        expect(view(s).open).toBe(true);
        expectBox(s, minLength);
        expectOpenBox(s);
      },
      'search.open.loading': expectLoadingBox,
      // The highlight always points at an option (or 0 when there are none).
      'search.open.ready': (s) => {
        expect(s.context.highlighted).toBeLessThan(Math.max(1, s.context.options.length));
        expectReadyBox(s);
      },
      'search.open.failed': expectFailedBox,
    },
  });
}

// What must not happen: these events take no transition, so the paths above never contain them.
describe('search: nothing to choose', () => {
  const start = (output: unknown[]) => {
    const actor = createActor(machine, { input: { minLength: 2 } });
    const chosen: unknown[] = [];
    actor.on('chosen', (e) => chosen.push(e));
    actor.start();
    actor.send({ type: 'TYPE', keyword: 'eth' });
    return {
      actor,
      chosen,
      done: () => actor.send({ type: 'xstate.done.actor.searchProjects', output } as never),
    };
  };

  it('ignores Enter, arrows and clicks while the results load', () => {
    const { actor, chosen } = start([eth]);
    const loading = request(actor.getSnapshot());
    for (const event of [
      { type: 'CHOOSE' },
      { type: 'PREV' },
      { type: 'SELECT', index: 0 },
      { type: 'COMPARE', index: 0 },
    ] as const)
      actor.send(event);
    expect(chosen).toEqual([]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(request(actor.getSnapshot())).toBe(loading);
  });

  it('ignores Enter, arrows and clicks with no results, and a click outside the options', () => {
    const { actor, chosen, done } = start([]);
    done();
    for (const event of [{ type: 'CHOOSE' }, { type: 'PREV' }, { type: 'SELECT', index: 0 }] as const)
      actor.send(event);
    expect(chosen).toEqual([]);
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context.highlighted).toBe(0);

    const withResults = start([eth, etc]);
    withResults.done();
    withResults.actor.send({ type: 'SELECT', index: 2 });
    withResults.actor.send({ type: 'SELECT', index: -1 });
    withResults.actor.send({ type: 'COMPARE', index: 2 });
    expect(withResults.chosen).toEqual([]);
    expect(withResults.actor.getSnapshot().hasTag('open')).toBe(true);
  });
});

// Step by step what the paths above do not take: a click on the first option (they click the last one), and the
// arrows over three options one at a time.
describe('search: step by step', () => {
  const start = () => {
    const compared: unknown[] = [];
    const actor = createActor(
      machine.provide({
        actions: { compare: (_, params: { project: unknown }) => void compared.push(params.project) },
      }),
      { input: { minLength: 2 } },
    );
    const chosen: unknown[] = [];
    actor.on('chosen', (e) => chosen.push(e.project));
    actor.start();
    actor.send({ type: 'TYPE', keyword: 'eth' });
    actor.send({ type: 'xstate.done.actor.searchProjects', output: [eth, etc] } as never);
    actor.send({ type: 'NEXT' });
    return { actor, chosen, compared };
  };

  it('a click on the first option chooses it, whichever is highlighted', () => {
    const { actor, chosen } = start();
    actor.send({ type: 'SELECT', index: 0 });
    expect(chosen).toEqual([eth]);
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    expect(actor.getSnapshot().context.keyword).toBe('');
  });

  it('arrow up steps back one option, from the first round to the last; arrow down steps forward', () => {
    const { actor } = start();
    const highlighted = () => actor.getSnapshot().context.highlighted;
    actor.send({ type: 'TYPE', keyword: 'bit' });
    actor.send({ type: 'xstate.done.actor.searchProjects', output: [eth, etc, btc] } as never);
    expect(highlighted()).toBe(0);
    actor.send({ type: 'PREV' });
    expect(highlighted()).toBe(2);
    actor.send({ type: 'PREV' });
    expect(highlighted()).toBe(1);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(highlighted()).toBe(0);
  });

  it('Compare on the first option compares it', () => {
    const { actor, chosen, compared } = start();
    actor.send({ type: 'COMPARE', index: 0 });
    expect(compared).toEqual([eth]);
    expect(chosen).toEqual([]);
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
  });
});
