import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { ScoreHistory, ScoreRange } from '../../api/ratings';
import { SUB_SCORE_LABELS } from '../../api/projects';
import { connectScoreChart } from '../../machines/projects/score-chart/scoreChart.connect';
import {
  SCORE_CHART_MESSAGES,
  scoreChartMachine,
} from '../../machines/projects/score-chart/scoreChart.machine';
import type {
  LoadHistoryInput,
  ScoreChartContext,
} from '../../machines/projects/score-chart/scoreChart.types';
import { evenSubScores } from './scores';
import { describePaths, inputOf, pending, type StepEffect } from './harness';

const LABEL = 'Audit freshness −6.2: no audit for 12 months';
const history = (range: ScoreRange): ScoreHistory => ({
  projectId: 'uni',
  range,
  points: [
    { at: '2026-09-01T00:00:00.000Z', score: 70, subScores: evenSubScores(70), tier: 'A' },
    { at: '2026-10-01T00:00:00.000Z', score: 63.8, subScores: evenSubScores(64), tier: 'BBB' },
  ],
  markers: [
    {
      at: '2026-10-01T00:00:00.000Z',
      signal: 'lastAuditDay',
      category: 'codeSecurity',
      delta: -6.2,
      label: LABEL,
    },
  ],
});
const empty = (range: ScoreRange): ScoreHistory => ({ projectId: 'uni', range, points: [], markers: [] });
const offline = new Error('offline');

const machine = scoreChartMachine.provide({ actors: { loadHistory: pending() as never } });
const INPUT = { projectId: 'uni' };

const ctx = (s: AnyMachineSnapshot) => s.context as ScoreChartContext;
const view = (s: AnyMachineSnapshot) => connectScoreChart(s as never);

const events = (s: AnyMachineSnapshot): EventObject[] => {
  const list: EventObject[] = [
    { type: 'RANGE_SET', range: '30d' } as EventObject,
    { type: 'RANGE_SET', range: '180d' } as EventObject,
    // The initial range: nothing to do.
    { type: 'RANGE_SET', range: '90d' } as EventObject,
    { type: 'SERIES_TOGGLE', series: 'overall' } as EventObject,
    { type: 'SERIES_TOGGLE', series: 'codeSecurity' } as EventObject,
    { type: 'MARKER_FOCUS', index: 0 } as EventObject,
    // No such marker.
    { type: 'MARKER_FOCUS', index: 3 } as EventObject,
    { type: 'MARKER_BLUR' },
    { type: 'RETRY' },
  ];
  if (s.hasTag('loading')) {
    const range = ctx(s).range;
    list.push(
      { type: 'xstate.done.actor.load', output: history(range) } as EventObject,
      { type: 'xstate.done.actor.load', output: empty(range) } as EventObject,
      // A late answer for another range than the one now asked for.
      { type: 'xstate.done.actor.load', output: history(range === '30d' ? '180d' : '30d') } as EventObject,
      { type: 'xstate.error.actor.load', error: offline } as EventObject,
    );
  }
  return list;
};

const serializeState = (s: AnyMachineSnapshot) => {
  const c = ctx(s);
  return JSON.stringify([
    s.value,
    c.range,
    c.series,
    c.focused,
    c.history?.range ?? null,
    c.history?.points.length ?? null,
    c.error,
  ]);
};

/** True in every state: at least one series drawn, the last one locked, the current range's button pressed. */
function common(s: AnyMachineSnapshot) {
  const v = view(s);
  expect(ctx(s).series.length).toBeGreaterThan(0);
  expect(v.series.filter((x) => x.on).map((x) => x.key)).toEqual(ctx(s).series);
  expect(v.series.filter((x) => x.locked).length).toBe(ctx(s).series.length === 1 ? 1 : 0);
  expect(v.ranges.filter((r) => r.pressed).map((r) => r.range)).toEqual([ctx(s).range]);
}

const requests = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
/** The machine's own actions (not XState's starting and stopping of requests). */
const own = (step: StepEffect) => step.actions.map((a) => a.type).filter((t) => !t.startsWith('xstate.'));
/** The legend's order: the overall score, then the six categories as the project page lists them. */
const LEGEND = ['overall', ...Object.keys(SUB_SCORE_LABELS)];

describePaths('scoreChart', machine, {
  events,
  input: INPUT,
  serializeState,
  limit: 20000,
  transitions: {
    // Another range: its history is asked for at once; the last one stays drawn meanwhile, unfocused.
    'scoreChart|RANGE_SET': (step) => {
      const before = ctx(step.before);
      const range = step.event.range as ScoreRange;
      expect(range).not.toBe(before.range);
      expect(ctx(step.after)).toEqual({ ...before, range, focused: null, error: null });
      expect(view(step.after)).toMatchObject({ loading: true, failed: false, error: null, range });
      expect(view(step.after).shownRange).toBe(before.history?.range ?? range);
      expect(
        view(step.after)
          .ranges.filter((r) => r.pressed)
          .map((r) => r.range),
      ).toEqual([range]);
      // Exactly one request, for the new range (the one in flight, if any, was replaced).
      expect(requests(step.after)).toEqual(['load']);
      expect(inputOf(step.after, 'load')).toEqual({ projectId: 'uni', range });
      if (step.before.children.load) expect(step.after.children.load).not.toBe(step.before.children.load);
    },
    // The series turns on or off; the legend order is kept; nothing else moves.
    'scoreChart|SERIES_TOGGLE': (step) => {
      const before = ctx(step.before);
      const series = step.event.series as ScoreChartContext['series'][number];
      const wasOn = before.series.includes(series);
      expect(before.series).not.toEqual([series]);
      const expected = LEGEND.filter((s) => (s === series ? !wasOn : before.series.includes(s as never)));
      expect(ctx(step.after)).toEqual({ ...before, series: expected });
      expect(view(step.after).isShown(series)).toBe(!wasOn);
      expect(step.after.value).toEqual(step.before.value);
      expect(requests(step.after)).toEqual(requests(step.before));
    },
    // A late answer for another range is dropped: still loading the current one, nothing drawn from it.
    // The current range's answer is drawn (or the empty notice when it has no points).
    'scoreChart.loading|xstate.done.actor.load': (step) => {
      const before = ctx(step.before);
      const output = step.event.output as ScoreHistory;
      if (output.range !== before.range) {
        expect(ctx(step.after)).toEqual(before);
        expect(view(step.after).loading).toBe(true);
        expect(step.after.children.load).toBe(step.before.children.load);
        return;
      }
      expect(ctx(step.after)).toEqual({ ...before, history: output, focused: null, error: null });
      expect(requests(step.after)).toEqual([]);
      const v = view(step.after);
      expect(v.loading).toBe(false);
      expect(v.shownRange).toBe(before.range);
      expect(v.points).toEqual(output.points);
      expect(v.empty).toBe(output.points.length === 0);
      expect(v.ready).toBe(output.points.length > 0);
      if (output.points.length > 0) expect(v.shownMarkers.map((m) => m.marker.label)).toEqual([LABEL]);
    },
    // The failure is said; the last history is kept.
    'scoreChart.loading|xstate.error.actor.load': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), error: SCORE_CHART_MESSAGES.failed });
      expect(view(step.after)).toMatchObject({ failed: true, loading: false, ready: false });
      expect(view(step.after).error).toBe('The score history could not be loaded.');
      expect(requests(step.after)).toEqual([]);
      expect(own(step)).toEqual([]);
    },
    'scoreChart.ready|MARKER_FOCUS': (step) => {
      const index = step.event.index as number;
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), focused: index });
      expect(view(step.after).focusedMarker).toEqual(ctx(step.before).history!.markers[index]);
      expect(view(step.after).focusedMarker?.label).toBe(LABEL);
    },
    'scoreChart.ready|MARKER_BLUR': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), focused: null });
      expect(view(step.after).focusedMarker).toBeNull();
      expect(view(step.after).ready).toBe(true);
    },
    // Retry asks again for the same range and clears the failure.
    'scoreChart.error|RETRY': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), error: null });
      expect(view(step.after)).toMatchObject({ loading: true, failed: false, error: null });
      expect(requests(step.after)).toEqual(['load']);
      expect(inputOf(step.after, 'load')).toEqual({ projectId: 'uni', range: ctx(step.before).range });
    },
  },
  states: {
    'scoreChart.loading': (s) => {
      common(s);
      // The history of the current range is what the actor was asked for.
      expect(inputOf(s, 'load')).toEqual({ projectId: 'uni', range: ctx(s).range });
      expect(view(s).loading).toBe(true);
      expect(view(s).error).toBeNull();
      expect(view(s).focusedMarker).toBeNull();
    },
    'scoreChart.ready': (s) => {
      common(s);
      const v = view(s);
      expect(s.children.load).toBeUndefined();
      // What is drawn is the current range's history, never a late answer for another one.
      expect(v.shownRange).toBe(ctx(s).range);
      expect(v.points).toHaveLength(2);
      expect(v.error).toBeNull();
      if (ctx(s).focused === null) expect(v.focusedMarker).toBeNull();
      else expect(v.focusedMarker?.label).toBe(LABEL);
    },
    'scoreChart.empty': (s) => {
      common(s);
      const v = view(s);
      expect(v.empty).toBe(true);
      expect(v.points).toEqual([]);
      expect(v.shownRange).toBe(ctx(s).range);
    },
    'scoreChart.error': (s) => {
      common(s);
      expect(view(s).failed).toBe(true);
      expect(view(s).error).toBe(SCORE_CHART_MESSAGES.failed);
      expect(s.children.load).toBeUndefined();
    },
  },
});

describe('score chart rules', () => {
  const loaded = () => {
    const actor = createActor(machine, { input: INPUT }).start();
    actor.send({ type: 'xstate.done.actor.load', output: history('90d') } as never);
    return actor;
  };
  const v = (a: ReturnType<typeof loaded>) => connectScoreChart(a.getSnapshot());

  it('ignores a late 30d answer after switching to 180d, and shows the 180d one', () => {
    const a = loaded();
    a.send({ type: 'RANGE_SET', range: '30d' });
    a.send({ type: 'RANGE_SET', range: '180d' });
    a.send({ type: 'xstate.done.actor.load', output: history('30d') } as never);
    expect(v(a).loading).toBe(true);
    expect(v(a).shownRange).toBe('90d');
    a.send({ type: 'xstate.done.actor.load', output: history('180d') } as never);
    expect(v(a).ready).toBe(true);
    expect(v(a).shownRange).toBe('180d');
  });

  it('toggles series in legend order and keeps the last one on', () => {
    const a = loaded();
    a.send({ type: 'SERIES_TOGGLE', series: 'communityTrust' });
    a.send({ type: 'SERIES_TOGGLE', series: 'codeSecurity' });
    expect(a.getSnapshot().context.series).toEqual(['overall', 'codeSecurity', 'communityTrust']);
    a.send({ type: 'SERIES_TOGGLE', series: 'overall' });
    a.send({ type: 'SERIES_TOGGLE', series: 'codeSecurity' });
    a.send({ type: 'SERIES_TOGGLE', series: 'communityTrust' });
    expect(a.getSnapshot().context.series).toEqual(['communityTrust']);
    expect(v(a).series.find((x) => x.key === 'communityTrust')).toEqual({
      key: 'communityTrust',
      on: true,
      locked: true,
    });
  });

  it('asks the real actor for each range, once per switch, and retries after a failure', async () => {
    const sent: LoadHistoryInput[] = [];
    let fail = true;
    const actor = createActor(
      scoreChartMachine.provide({
        actors: {
          loadHistory: fromPromise<ScoreHistory, LoadHistoryInput>(async ({ input }) => {
            sent.push(input);
            if (fail) throw offline;
            return history(input.range);
          }),
        },
      }),
      { input: { projectId: 'uni', range: '30d' } },
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(connectScoreChart(actor.getSnapshot()).error).toBe(SCORE_CHART_MESSAGES.failed);
    fail = false;
    actor.send({ type: 'RETRY' });
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'RANGE_SET', range: '180d' });
    actor.send({ type: 'RANGE_SET', range: '180d' });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent.map((x) => x.range)).toEqual(['30d', '30d', '180d']);
    expect(connectScoreChart(actor.getSnapshot()).shownRange).toBe('180d');
    actor.stop();
  });
});
