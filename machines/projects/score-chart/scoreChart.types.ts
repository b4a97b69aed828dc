import type { ScoreHistory, ScoreRange } from '../../../api/ratings';
import type { Tags } from '../../core/tags';
import type { SCORE_SERIES } from './scoreChart.machine';

/** A series the chart can draw: the overall score or one of the six categories. */
export type ScoreSeries = (typeof SCORE_SERIES)[number];

export type ScoreChartInput = { projectId: string; range?: ScoreRange };
/** What the injected `loadHistory` actor is asked for. */
export type LoadHistoryInput = { projectId: string; range: ScoreRange };

export type ScoreChartContext = {
  projectId: string;
  range: ScoreRange;
  /** The last history that arrived for the current range (kept while another range loads). */
  history: ScoreHistory | null;
  /** Series drawn, in legend order; never empty. */
  series: ScoreSeries[];
  /** Index of the focused marker in `history.markers`, or null. */
  focused: number | null;
  error: string | null;
};

export type ScoreChartEvent =
  | { type: 'RANGE_SET'; range: ScoreRange }
  | { type: 'SERIES_TOGGLE'; series: ScoreSeries }
  | { type: 'MARKER_FOCUS'; index: number }
  | { type: 'MARKER_BLUR' }
  | { type: 'RETRY' };

/** `loading` a range's history loads; `ready` it has points; `empty` it has none; `error` the load failed. */
export type ScoreChartTag = Tags<'loading' | 'ready' | 'empty' | 'error'>;
