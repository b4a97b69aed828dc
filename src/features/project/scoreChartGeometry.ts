import type { ScorePoint } from '../../../api/ratings';
import type { ScoreSeries } from '../../../machines/projects/score-chart/scoreChart.types';

/** Line colours of the score chart's series (each at least 4.5:1 on white). */
export const SERIES_COLORS: Record<ScoreSeries, string> = {
  overall: '#1d4ed8',
  codeSecurity: '#b91c1c',
  fundamentalHealth: '#047857',
  operationalResilience: '#a14d06',
  governanceStrength: '#7c3aed',
  marketStability: '#0e7490',
  communityTrust: '#be185d',
};

export const seriesValue = (p: ScorePoint, s: ScoreSeries) => (s === 'overall' ? p.score : p.subScores[s]);

/** The value axis: the shown series' range, padded and widened to at least 10 points, in steps of 5, in 0–100. */
export function chartDomain(points: ScorePoint[], series: ScoreSeries[]): [number, number] {
  const values = points.flatMap((p) => series.map((s) => seriesValue(p, s)));
  if (values.length === 0) return [0, 100];
  let lo = Math.floor((Math.min(...values) - 2) / 5) * 5;
  let hi = Math.ceil((Math.max(...values) + 2) / 5) * 5;
  if (hi - lo < 10) {
    const mid = (hi + lo) / 2;
    lo = Math.floor((mid - 5) / 5) * 5;
    hi = lo + 10;
  }
  return [Math.max(0, lo), Math.min(100, hi)];
}

/** x in 0–1000 (the plot's viewBox) for a time in [start, end]; a point before the range sits at its start. */
export const timeX = (at: string, start: number, end: number) =>
  Math.max(0, Math.min(1000, ((Date.parse(at) - start) / Math.max(1, end - start)) * 1000));

/** y in 0–100 (the plot's viewBox, top down) for a value in [lo, hi]. */
export const valueY = (v: number, lo: number, hi: number) => 100 - ((v - lo) / Math.max(1, hi - lo)) * 100;
