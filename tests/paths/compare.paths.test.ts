import { describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import type { Comparison } from '../../api/compare';
import type { ProjectRow } from '../../api/projects';
import {
  BADGE_EMBED_MESSAGES as B,
  badgeEmbedMachine,
  embedCodes,
  type BadgeEmbedContext,
} from '../../machines/projects/compare/badgeEmbed.machine';
import { connectCompare } from '../../machines/projects/compare/compare.connect';
import {
  COMPARE_MESSAGES as M,
  compareMachine,
  comparePicker,
} from '../../machines/projects/compare/compare.machine';
import type { CompareContext, CompareSnapshot } from '../../machines/projects/compare/compare.types';
import { idsFromSearch } from '../../machines/projects/compare/compare.url';
import { watchlistPickerMachine } from '../../machines/watchlist/picker/watchlistPicker.machine';
import { evenSubScores } from './scores';
import { describePaths, inputOf, pending, pendingActors, type StepEffect } from './harness';

const machine = compareMachine.provide({
  actors: {
    ...pendingActors('load', 'loadRows', 'copy'),
    picker: comparePicker(watchlistPickerMachine.provide({ actors: { searchProjects: pending() } })) as never,
  },
});

const rowOf = (id: string): ProjectRow => ({
  id,
  rank: 1,
  logo: `/logos/${id}.svg`,
  name: `Project ${id.toUpperCase()}`,
  tokenTickers: [id.toUpperCase()],
  chains: ['Ethereum'],
  score: 70,
  tier: 'A',
  subScores: evenSubScores(70),
  auditStatus: 'audited',
  auditDate: '2026-01-01',
  kyc: true,
});
const comparisonOf = (ids: string[]): Comparison => ({
  methodologyVersion: '2026.11',
  projects: ids.map((id) => ({
    ...rowOf(id),
    history: [{ at: '2026-12-01T00:00:00.000Z', score: 70, subScores: evenSubScores(70), tier: 'A' }],
  })),
  signals: [],
});

const FIVE = ['a', 'b', 'c', 'd', 'e'];
const httpError = (status: number, message: string) => ({
  status,
  message: `HTTP ${status}`,
  body: JSON.stringify({ error: status === 404 ? 'NotFound' : 'ValidationError', message }),
});
const UNKNOWN = httpError(404, 'No project with id "zz".');
const MALFORMED = httpError(400, 'ids: Expected project ids separated by commas');
const SERVER = { status: 500, message: 'HTTP 500', body: '' };
const OFFLINE = new TypeError('Failed to fetch');

const ctx = (s: AnyMachineSnapshot) => s.context as CompareContext;
const view = (s: AnyMachineSnapshot) => connectCompare(s as CompareSnapshot);
/** The invoked request of a state (its child other than the picker, the address watcher and a copy). */
const request = (s: AnyMachineSnapshot) =>
  Object.keys(s.children).find((k) => !['picker', 'urlWatcher', 'copy'].includes(k));

const LOAD = 'xstate.done.actor.0.compare.loading';
const LOAD_ERROR = 'xstate.error.actor.0.compare.loading';
const ROWS = 'xstate.done.actor.0.compare.tooFew';
const ROWS_ERROR = 'xstate.error.actor.0.compare.tooFew';

function events(s: AnyMachineSnapshot) {
  const { ids } = ctx(s);
  const list: Record<string, unknown>[] = [];
  if (s.matches('loading'))
    list.push(
      { type: LOAD, output: comparisonOf(ids) },
      { type: LOAD_ERROR, error: UNKNOWN },
      { type: LOAD_ERROR, error: MALFORMED },
      { type: LOAD_ERROR, error: SERVER },
      { type: LOAD_ERROR, error: OFFLINE },
    );
  if (s.matches('tooFew'))
    list.push({ type: ROWS, output: ids.map(rowOf) }, { type: ROWS_ERROR, error: OFFLINE });
  const next = ['a', 'b', 'c', 'd'].find((id) => !ids.includes(id));
  if (next) list.push({ type: 'ADD', projectId: next });
  // Already chosen: nothing happens.
  list.push({ type: 'ADD', projectId: 'a' });
  if (ids.length > 0) list.push({ type: 'REMOVE', projectId: ids[ids.length - 1]! });
  list.push(
    { type: 'REMOVE', projectId: 'not-chosen' },
    { type: 'URL_CHANGED', ids: FIVE },
    { type: 'URL_CHANGED', ids: [] },
    // The address of our own history entry: nothing to do.
    { type: 'URL_CHANGED', ids: [...ids] },
    { type: 'OPEN_PICKER' },
    { type: 'COPY_LINK' },
    { type: 'xstate.done.actor.copy' },
    { type: 'xstate.error.actor.copy', error: new Error('denied') },
    { type: 'RETRY' },
  );
  return list as never;
}

/** Only these parts of the context changed; the page stayed where it was. */
const onlyContext = (step: StepEffect, changes: Partial<CompareContext>) => {
  expect(ctx(step.after)).toEqual({ ...ctx(step.before), ...changes });
  expect(step.after.value).toEqual(step.before.value);
};
const recorded = (step: StepEffect) =>
  step.actions.filter((a) => a.type === 'recordIds').map((a) => a.params);

describePaths('compare', machine, {
  input: { ids: ['a'] },
  events,
  serializeState: (s) => {
    const c = ctx(s);
    return JSON.stringify([
      s.value,
      c.ids,
      c.comparison !== null,
      c.rows.length,
      c.problem,
      c.error,
      c.copied,
    ]);
  },
  states: {
    'compare.tooFew': (s) => {
      const v = view(s);
      expect(v).toMatchObject({ prompt: true, problem: false, comparison: null, canAdd: true });
      expect(v.message).toBe(ctx(s).ids.length === 0 ? M.none : M.one);
    },
    'compare.tooMany': (s) => {
      const v = view(s);
      expect(v).toMatchObject({ prompt: false, problem: true, canAdd: false, comparison: null });
      expect(v.message).toBe(M.tooMany(ctx(s).ids.length));
    },
    'compare.ready': (s) => {
      const v = view(s);
      expect(v.comparison?.projects.map((p) => p.id)).toEqual(ctx(s).ids);
      expect(v).toMatchObject({ prompt: false, problem: false, loading: false, message: null });
      expect(v.chips.map((c) => c.name)).toEqual(ctx(s).ids.map((id) => `Project ${id.toUpperCase()}`));
    },
    'compare.loading': (s) => {
      expect(view(s).loading).toBe(true);
      expect(inputOf(s, request(s)!)).toEqual({ ids: ctx(s).ids });
    },
  },
  transitions: {
    'compare.checking|always|0': (step) => {
      expect(step.after.value).toBe('tooFew');
      expect(ctx(step.after).ids.length).toBeLessThan(2);
      // The chips' names load for the ids there are.
      expect(inputOf(step.after, request(step.after)!)).toEqual({ ids: ctx(step.after).ids });
    },
    'compare.checking|always|1': (step) => {
      expect(step.after.value).toBe('tooMany');
      expect(request(step.after)).toBeUndefined();
    },
    'compare.checking|always|2': (step) => {
      expect(step.after.value).toBe('loading');
    },
    'compare|ADD|0': (step) => {
      assertType(step.event, 'ADD');
      const before = ctx(step.before).ids;
      const ids = [...before, step.event.projectId as string];
      expect(ctx(step.after).ids).toEqual(ids);
      expect(recorded(step)).toEqual([{ ids }]);
      expect(view(step.after).href).toBe(`/compare?ids=${ids.join(',')}`);
    },
    'compare|REMOVE|0': (step) => {
      const ids = ctx(step.before).ids.filter((id) => id !== step.event.projectId);
      expect(ctx(step.after).ids).toEqual(ids);
      expect(recorded(step)).toEqual([{ ids }]);
      expect(view(step.after).chips.map((c) => c.id)).toEqual(ids);
    },
    'compare|URL_CHANGED|0': (step) => {
      expect(ctx(step.after).ids).toEqual(step.event.ids);
      expect(ctx(step.before).ids).not.toEqual(step.event.ids);
      // Back and Forward moved the address already: no new history entry.
      expect(recorded(step)).toEqual([]);
    },
    'compare|OPEN_PICKER|0': (step) => {
      expect(step.sent).toContainEqual({
        to: 'picker',
        event: { type: 'OPEN', existing: ctx(step.before).ids },
      });
      expect(step.after.value).toEqual(step.before.value);
    },
    'compare|COPY_LINK|0': (step) => {
      expect(inputOf(step.after, 'copy')).toEqual({ path: view(step.before).href });
      expect(ctx(step.after).copied).toBeNull();
    },
    'compare|xstate.done.actor.copy|0': (step) => onlyContext(step, { copied: M.copied }),
    'compare|xstate.error.actor.copy|0': (step) => onlyContext(step, { copied: M.copyFailed }),
    'compare.tooFew|xstate.done.actor.0.compare.tooFew|0': (step) => {
      onlyContext(step, { rows: step.event.output as ProjectRow[] });
      expect(view(step.after).chips.map((c) => c.name)).toEqual(
        ctx(step.after).ids.map((id) => `Project ${id.toUpperCase()}`),
      );
    },
    'compare.tooFew|xstate.error.actor.0.compare.tooFew|0': (step) => {
      onlyContext(step, {});
      // The chips name the ids themselves.
      expect(view(step.after).chips.map((c) => c.name)).toEqual(ctx(step.after).ids);
    },
    'compare.loading|xstate.done.actor.0.compare.loading|0': (step) => {
      expect(step.after.value).toBe('ready');
      expect(ctx(step.after).comparison).toEqual(step.event.output);
    },
    'compare.loading|xstate.error.actor.0.compare.loading|0': (step) => {
      expect(step.after.value).toBe('unknown');
      const v = view(step.after);
      expect(v.problem).toBe(true);
      expect(v.message).toBe(`No project with id "zz". ${M.unknown}`);
    },
    'compare.loading|xstate.error.actor.0.compare.loading|1': (step) => {
      expect(step.after.value).toBe('invalid');
      expect(view(step.after).message).toBe(`${M.invalid} (ids: Expected project ids separated by commas)`);
    },
    'compare.loading|xstate.error.actor.0.compare.loading|2': (step) => {
      expect(step.after.value).toBe('failed');
      const v = view(step.after);
      expect(v.failed).toBe(true);
      expect(v.error).toBe(step.event.error === OFFLINE ? M.network : M.failed);
    },
    'compare.failed|RETRY|0': (step) => {
      expect(step.after.value).toBe('loading');
      expect(ctx(step.after).error).toBeNull();
      expect(inputOf(step.after, request(step.after)!)).toEqual({ ids: ctx(step.after).ids });
    },
  },
});

function assertType(event: { type: string }, type: string) {
  expect(event.type).toBe(type);
}

describe('compare addresses', () => {
  it('reads ids from the address: trimmed, each once, empty entries dropped', () => {
    expect(idsFromSearch('?ids=a,%20b,,a,c')).toEqual(['a', 'b', 'c']);
    expect(idsFromSearch('')).toEqual([]);
    expect(idsFromSearch('?ids=')).toEqual([]);
  });
});

// ---- the project page's "Embed badge" control ----

const CODES = embedCodes('https://ratings.example', '/projects/x', '/badge/x.svg', 'X [beta] & "Co"');
const badge = badgeEmbedMachine.provide({ actors: { copy: pending() as never } });
const bctx = (s: AnyMachineSnapshot) => s.context as BadgeEmbedContext;
const COPY_DONE = 'xstate.done.actor.0.badgeEmbed.open.copying';
const COPY_ERROR = 'xstate.error.actor.0.badgeEmbed.open.copying';

describePaths('badgeEmbed', badge, {
  input: { codes: CODES },
  events: (s) =>
    (s.hasTag('copying')
      ? [{ type: COPY_DONE }, { type: COPY_ERROR, error: new Error('denied') }, { type: 'TOGGLE' }]
      : [
          { type: 'TOGGLE' },
          { type: 'COPY', format: 'html' },
          { type: 'COPY', format: 'markdown' },
        ]) as never,
  states: {
    'badgeEmbed.closed': (s) => {
      expect(s.hasTag('open')).toBe(false);
      expect(bctx(s).copied).toBeNull();
    },
    'badgeEmbed.open': (s) => expect(s.hasTag('open')).toBe(true),
  },
  transitions: {
    'badgeEmbed.closed|TOGGLE|0': (step) => {
      expect(step.after.hasTag('open')).toBe(true);
      expect(bctx(step.after)).toEqual(bctx(step.before));
    },
    'badgeEmbed.open|TOGGLE|0': (step) => {
      expect(step.after.value).toBe('closed');
      expect(bctx(step.after)).toMatchObject({ format: null, copied: null });
      // A copy on its way is dropped with the panel.
      expect(Object.keys(step.after.children)).toEqual([]);
    },
    'badgeEmbed.open.idle|COPY|0': (step) => {
      const format = step.event.format as 'html' | 'markdown';
      expect(step.after.hasTag('copying')).toBe(true);
      const [child] = Object.values(step.after.children) as AnyActorRef[];
      expect(child!.getSnapshot().input).toEqual({ text: CODES[format] });
      expect(bctx(step.after)).toMatchObject({ format, copied: null });
    },
    [`badgeEmbed.open.copying|${COPY_DONE}|0`]: (step) => {
      expect(step.after.value).toEqual({ open: 'idle' });
      expect(bctx(step.after).copied).toBe(B.copied[bctx(step.before).format!]);
    },
    [`badgeEmbed.open.copying|${COPY_ERROR}|0`]: (step) => {
      expect(step.after.value).toEqual({ open: 'idle' });
      expect(bctx(step.after).copied).toBe(B.copyFailed);
    },
  },
});

describe('badge embed codes', () => {
  it('link the badge to the project page, with the name escaped for HTML and Markdown', () => {
    expect(CODES.html).toBe(
      '<a href="https://ratings.example/projects/x"><img src="https://ratings.example/badge/x.svg" ' +
        'alt="X [beta] &amp; &quot;Co&quot; security score on Sentinel Ratings"></a>',
    );
    expect(CODES.markdown).toBe(
      '[![X \\[beta\\] & "Co" security score on Sentinel Ratings](https://ratings.example/badge/x.svg)](https://ratings.example/projects/x)',
    );
  });
});
