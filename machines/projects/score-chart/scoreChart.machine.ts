import { assertEvent, assign, setup } from 'xstate';
import type { SubScores } from '../../../api/projects';
import { SCORE_RANGES, type ScoreHistory, type ScoreRange } from '../../../api/ratings';
import type {
  LoadHistoryInput,
  ScoreChartContext,
  ScoreChartEvent,
  ScoreChartInput,
  ScoreChartTag,
} from './scoreChart.types';
import { notProvided } from '../../core/requests';

/** The chart's series: the overall score and the six categories, in legend order. */
export const SCORE_SERIES = [
  'overall',
  'codeSecurity',
  'fundamentalHealth',
  'operationalResilience',
  'governanceStrength',
  'marketStability',
  'communityTrust',
] as const satisfies readonly ('overall' | keyof SubScores)[];

export const DEFAULT_SCORE_RANGE: ScoreRange = '90d';

export const SCORE_CHART_MESSAGES = {
  failed: 'The score history could not be loaded.',
  empty: 'No score history yet: this project has not been computed.',
} as const;

/**
 * The project page's score chart: loads the score history of a project for a range (30, 90 or 180
 * days) through the injected `loadHistory` actor, and holds which series are drawn (at least one) and which
 * marker is focused. A switch of range restarts the load; an answer for another range than the current one (a
 * late 30d answer after switching to 180d) is ignored.
 */
export const scoreChartMachine = setup({
  types: {
    context: {} as ScoreChartContext,
    events: {} as ScoreChartEvent,
    input: {} as ScoreChartInput,
    tags: {} as ScoreChartTag,
  },
  actors: {
    loadHistory: notProvided<ScoreHistory, LoadHistoryInput>('loadHistory'),
  },
  guards: {
    isOtherRange: ({ context, event }) => {
      assertEvent(event, 'RANGE_SET');
      return event.range !== context.range && SCORE_RANGES.includes(event.range);
    },
    isStale: ({ context }, history: ScoreHistory) => history.range !== context.range,
    hasNoPoints: (_, history: ScoreHistory) => history.points.length === 0,
    /** The last series drawn cannot be turned off (the chart would be blank). */
    canToggleSeries: ({ context, event }) => {
      assertEvent(event, 'SERIES_TOGGLE');
      if (!SCORE_SERIES.includes(event.series)) return false;
      return !(context.series.length === 1 && context.series[0] === event.series);
    },
    isKnownMarker: ({ context, event }) => {
      assertEvent(event, 'MARKER_FOCUS');
      return (
        Number.isInteger(event.index) &&
        event.index >= 0 &&
        event.index < (context.history?.markers.length ?? 0)
      );
    },
  },
  actions: {
    setRange: assign(({ event }) => {
      assertEvent(event, 'RANGE_SET');
      return { range: event.range, focused: null };
    }),
    storeHistory: assign((_, history: ScoreHistory) => ({ history, focused: null, error: null })),
    showLoadFailed: assign({ error: SCORE_CHART_MESSAGES.failed }),
    clearError: assign({ error: null }),
    toggleSeries: assign({
      series: ({ context, event }) => {
        assertEvent(event, 'SERIES_TOGGLE');
        const on = new Set(context.series);
        if (on.has(event.series)) on.delete(event.series);
        else on.add(event.series);
        return SCORE_SERIES.filter((s) => on.has(s));
      },
    }),
    focusMarker: assign({
      focused: ({ event }) => {
        assertEvent(event, 'MARKER_FOCUS');
        return event.index;
      },
    }),
    blurMarker: assign({ focused: null }),
  },
}).createMachine({
  id: 'scoreChart',
  context: ({ input }) => ({
    projectId: input.projectId,
    range: input.range ?? DEFAULT_SCORE_RANGE,
    history: null,
    series: ['overall'],
    focused: null,
    error: null,
  }),
  initial: 'loading',
  on: {
    RANGE_SET: { guard: 'isOtherRange', target: '.loading', reenter: true, actions: 'setRange' },
    SERIES_TOGGLE: { guard: 'canToggleSeries', actions: 'toggleSeries' },
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: 'clearError',
      invoke: {
        id: 'load',
        src: 'loadHistory',
        input: ({ context }) => ({ projectId: context.projectId, range: context.range }),
        onDone: [
          { guard: { type: 'isStale', params: ({ event }) => event.output } },
          {
            guard: { type: 'hasNoPoints', params: ({ event }) => event.output },
            target: 'empty',
            actions: { type: 'storeHistory', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: { type: 'storeHistory', params: ({ event }) => event.output } },
        ],
        onError: { target: 'error', actions: 'showLoadFailed' },
      },
    },
    ready: {
      tags: ['ready'],
      on: {
        MARKER_FOCUS: { guard: 'isKnownMarker', actions: 'focusMarker' },
        MARKER_BLUR: { actions: 'blurMarker' },
      },
    },
    empty: { tags: ['empty'] },
    error: {
      tags: ['error'],
      on: { RETRY: { target: 'loading' } },
    },
  },
});
