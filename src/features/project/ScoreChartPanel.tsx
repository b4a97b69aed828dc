import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { SUB_SCORE_LABELS } from '../../../api/projects';
import { getScoreHistory, SCORE_RANGE_DAYS, type ScoreHistory } from '../../../api/ratings';
import { connectScoreChart } from '../../../machines/projects/score-chart/scoreChart.connect';
import { scoreChartMachine } from '../../../machines/projects/score-chart/scoreChart.machine';
import type { LoadHistoryInput, ScoreSeries } from '../../../machines/projects/score-chart/scoreChart.types';
import { request } from '../../lib/client';
import { formatDate } from '../../../api/format';
import { chartDomain, seriesValue, SERIES_COLORS, timeX, valueY } from './scoreChartGeometry';
import { ScoreAxis } from './ScoreAxis';
import { inspect } from '../../lib/inspect';

export const SERIES_LABELS: Record<ScoreSeries, string> = { overall: 'Overall', ...SUB_SCORE_LABELS };

const liveScoreChartMachine = scoreChartMachine.provide({
  actors: {
    loadHistory: fromPromise<ScoreHistory, LoadHistoryInput>(({ input }) =>
      getScoreHistory(request, input.projectId, input.range),
    ),
  },
});

/**
 * The project page's score chart: overall and per-category score over 30, 90 or 180 days, with
 * markers naming the signal that moved most. Renders the scoreChart machine; the plot has a fixed height.
 */
export function ScoreChartPanel({ projectId, now }: { projectId: string; now?: number }) {
  const actorRef = useActorRef(liveScoreChartMachine, {
    input: { projectId },
    inspect,
  });
  const v = useSelector(actorRef, connectScoreChart);
  const end = now ?? Date.now();
  const start = end - SCORE_RANGE_DAYS[v.shownRange] * 86_400_000;
  const shown = (['overall', ...Object.keys(SUB_SCORE_LABELS)] as ScoreSeries[]).filter(v.isShown);
  const [lo, hi] = chartDomain(v.points, shown);
  const x = (at: string) => timeX(at, start, end);
  const y = (value: number) => valueY(value, lo, hi);
  const ticks = [lo, (lo + hi) / 2, hi];
  const first = v.points[0];
  const last = v.points[v.points.length - 1];
  const summary =
    first && last
      ? `Overall score over the last ${SCORE_RANGE_DAYS[v.shownRange]} days: ${first.score.toFixed(1)} at the start, ${last.score.toFixed(1)} now, ${v.markers.length} ${v.markers.length === 1 ? 'change' : 'changes'} named`
      : 'No score history';
  const pathOf = (s: ScoreSeries) =>
    v.points.length === 0
      ? ''
      : v.points
          .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.at).toFixed(1)} ${y(seriesValue(p, s)).toFixed(2)}`)
          .join('') + `L1000 ${y(seriesValue(last!, s)).toFixed(2)}`;
  const focused = v.focusedMarker;
  const tipY = focused ? y(v.points.find((p) => p.at === focused.at)?.score ?? lo) : 0;
  return (
    <section
      className="card panel score-chart"
      aria-labelledby="score-history-title"
      data-scope="score-chart"
    >
      <div className="panel-head score-chart-head">
        <h2 id="score-history-title">Score history</h2>
        <div className="segmented" role="group" aria-label="Range">
          {v.ranges.map((r) => (
            <button
              key={r.range}
              type="button"
              className="segmented-btn"
              aria-pressed={r.pressed}
              onClick={() => actorRef.send({ type: 'RANGE_SET', range: r.range })}
            >
              {r.range}
            </button>
          ))}
        </div>
      </div>
      <ul className="score-legend" aria-label="Series">
        {v.series.map((s) => (
          <li key={s.key}>
            <button
              type="button"
              className="legend-btn"
              aria-pressed={s.on}
              aria-disabled={s.locked || undefined}
              title={s.locked ? 'At least one series stays on' : undefined}
              onClick={() => actorRef.send({ type: 'SERIES_TOGGLE', series: s.key })}
            >
              <span
                className="legend-swatch"
                style={{ background: SERIES_COLORS[s.key] }}
                aria-hidden="true"
              />
              {SERIES_LABELS[s.key]}
            </button>
          </li>
        ))}
      </ul>
      <div className="score-plot" data-part="plot" aria-busy={v.loading}>
        <div className="score-plot-area">
          {v.points.length > 0 && (
            <>
              <svg
                className="score-plot-svg"
                viewBox="0 0 1000 100"
                preserveAspectRatio="none"
                role="img"
                aria-label={summary}
                data-points={v.points.length}
              >
                {ticks.map((t) => (
                  <line key={t} x1="0" x2="1000" y1={y(t)} y2={y(t)} className="score-grid" />
                ))}
                {shown.map((s) => (
                  <path
                    key={s}
                    d={pathOf(s)}
                    fill="none"
                    stroke={SERIES_COLORS[s]}
                    strokeWidth={s === 'overall' ? 2.5 : 1.6}
                    strokeLinejoin="round"
                    vectorEffect="non-scaling-stroke"
                    data-series={s}
                  />
                ))}
              </svg>
              {ticks.map((t) => (
                <span key={t} className="score-tick" style={{ top: `${y(t)}%` }} aria-hidden="true">
                  {Math.round(t)}
                </span>
              ))}
              {(v.isShown('overall') ? v.shownMarkers : []).map(({ marker, index, score }) => (
                <button
                  key={`${marker.at}-${index}`}
                  type="button"
                  className="score-marker"
                  data-part="marker"
                  data-focused={v.focusedIndex === index || undefined}
                  style={{ left: `${x(marker.at) / 10}%`, top: `${y(score)}%` }}
                  aria-label={`${formatDate(marker.at)}: ${marker.label}`}
                  aria-describedby={v.focusedIndex === index ? 'score-marker-tip' : undefined}
                  onFocus={() => actorRef.send({ type: 'MARKER_FOCUS', index })}
                  onMouseEnter={() => actorRef.send({ type: 'MARKER_FOCUS', index })}
                  onBlur={() => actorRef.send({ type: 'MARKER_BLUR' })}
                  onMouseLeave={() => actorRef.send({ type: 'MARKER_BLUR' })}
                />
              ))}
              {focused && (
                <div
                  id="score-marker-tip"
                  role="tooltip"
                  className="score-tip"
                  data-vside={tipY > 55 ? 'above' : 'below'}
                  style={{
                    // Centred on the marker, kept inside the plot.
                    left: `clamp(0px, calc(${x(focused.at) / 10}% - 140px), calc(100% - min(280px, 100%)))`,
                    top: `${tipY}%`,
                  }}
                >
                  <strong>{formatDate(focused.at)}</strong>
                  <span>{focused.label}</span>
                </div>
              )}
            </>
          )}
          {v.empty && (
            <p className="score-plot-note">No score history yet: this project has not been computed.</p>
          )}
          {v.failed && (
            <p className="score-plot-note" role="alert">
              {v.error}{' '}
              <button type="button" className="link-button" onClick={() => actorRef.send({ type: 'RETRY' })}>
                Try again
              </button>
            </p>
          )}
          {v.loading && v.points.length === 0 && <span className="score-plot-note muted">Loading…</span>}
        </div>
        <ScoreAxis start={start} />
      </div>
      <p className="muted small score-chart-hint">
        Dots on the overall line name the signal that moved the score most; focus or hover one to read it.
      </p>
    </section>
  );
}
