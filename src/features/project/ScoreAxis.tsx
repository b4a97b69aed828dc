import { formatDate } from '../../../api/format';

/** The time axis under a score chart: the first day it shows, and today (the chart's own text says the range). */
export function ScoreAxis({ start }: { start: number }) {
  return (
    <div className="score-axis" aria-hidden="true">
      <span>{formatDate(new Date(start).toISOString())}</span>
      <span>Today</span>
    </div>
  );
}
