import type { SnapshotFrom } from 'xstate';
import { SCORE_RANGES, type ScoreMarker, type ScorePoint, type ScoreRange } from '../../../api/ratings';
import { SCORE_SERIES, type scoreChartMachine } from './scoreChart.machine';
import type { ScoreSeries } from './scoreChart.types';

/** Most markers drawn at once (the largest moves), so a long history stays readable. */
export const MAX_MARKERS = 12;

/** What the score chart shows for a snapshot (read from tags and context, never from state names). */
export function connectScoreChart(snapshot: SnapshotFrom<typeof scoreChartMachine>) {
  const { context } = snapshot;
  // While another range loads, the last history stays drawn (dimmed), so nothing jumps.
  const history = context.history;
  const points: ScorePoint[] = history?.points ?? [];
  const markers: ScoreMarker[] = history?.markers ?? [];
  // The dots on the overall line: the largest moves (at most MAX_MARKERS), in time order, each at its point.
  const scoreAt = new Map(points.map((p) => [p.at, p.score]));
  const shownMarkers = markers
    .map((marker, index) => ({ marker, index, score: scoreAt.get(marker.at) }))
    .filter((m): m is { marker: ScoreMarker; index: number; score: number } => m.score !== undefined)
    .sort((a, b) => Math.abs(b.marker.delta) - Math.abs(a.marker.delta) || a.index - b.index)
    .slice(0, MAX_MARKERS)
    .sort((a, b) => a.index - b.index);
  return {
    loading: snapshot.hasTag('loading'),
    ready: snapshot.hasTag('ready'),
    empty: snapshot.hasTag('empty'),
    failed: snapshot.hasTag('error'),
    error: context.error,
    range: context.range,
    /** The range the drawn points belong to (differs from `range` while a new one loads). */
    shownRange: history?.range ?? context.range,
    points,
    markers,
    shownMarkers,
    focusedMarker: context.focused === null ? null : (markers[context.focused] ?? null),
    focusedIndex: context.focused,
    ranges: SCORE_RANGES.map((r: ScoreRange) => ({ range: r, pressed: r === context.range })),
    series: SCORE_SERIES.map((s: ScoreSeries) => {
      const on = context.series.includes(s);
      return { key: s, on, locked: !snapshot.can({ type: 'SERIES_TOGGLE', series: s }) };
    }),
    isShown: (s: ScoreSeries) => context.series.includes(s),
  };
}
