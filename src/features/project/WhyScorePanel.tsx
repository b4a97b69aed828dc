import { Link } from 'wouter';
import { getScoreBreakdown, type ScoreBreakdown } from '../../../api/ratings';
import { request } from '../../lib/client';
import { useResource } from '../../lib/useResource';
import { formatDate } from '../../../api/format';
import { PanelError } from './MonitoringPanels';

const pct = (w: number) => `${Math.round(w * 100)}%`;
const points = (v: number) => `${v.toFixed(1)} pts`;

/** "Why this score": each category's score and weight, and its signals in words with their contribution. */
export function WhyScorePanel({ projectId }: { projectId: string }) {
  const breakdown = useResource<ScoreBreakdown>(() => getScoreBreakdown(request, projectId));
  const b = breakdown.data;
  return (
    <section className="card panel why-score" aria-labelledby="why-score-title" data-scope="why-score">
      <div className="panel-head">
        <h2 id="why-score-title">Why this score</h2>
        <Link href="/resources/methodology" className="small">
          How we rate
        </Link>
      </div>
      {breakdown.failed ? (
        <PanelError retry={breakdown.retry} />
      ) : breakdown.notFound ? (
        <p className="muted">No signals have been collected for this project yet.</p>
      ) : !b ? (
        <div className="why-placeholder skeleton" aria-hidden="true" />
      ) : (
        <>
          <p className="muted small why-intro">
            {b.score.toFixed(1)} of 100 from {b.categories.reduce((n, c) => n + c.signals.length, 0)} signals
            {b.computedAt ? `, computed ${formatDate(b.computedAt)}` : ''} with methodology{' '}
            {b.methodologyVersion}. Each signal is normalised to 0–100; its points are its share of the
            overall score.
          </p>
          {b.categories.map((c) => (
            <section key={c.key} className="why-category" aria-labelledby={`why-${c.key}`}>
              <h3 id={`why-${c.key}`} className="why-category-head">
                <span>{c.label}</span>
                <span className="why-category-score">
                  {c.score.toFixed(1)} <span className="muted">· weight {pct(c.weight)}</span>
                </span>
              </h3>
              {c.cap && <p className="why-cap">{c.cap}</p>}
              <ul className="why-signals">
                {c.signals.map((s) => (
                  <li key={s.key} className="why-signal">
                    <span className="why-signal-name">
                      <span className="why-signal-label" title={s.description}>
                        {s.label}
                      </span>
                      <span className="why-signal-value">{s.display}</span>
                    </span>
                    <span
                      className="why-bar"
                      role="meter"
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={s.normalized}
                      aria-label={`${s.label}, normalised`}
                    >
                      <span style={{ width: `${s.normalized}%` }} />
                    </span>
                    <span className="why-signal-norm" aria-hidden="true">
                      {Math.round(s.normalized)}
                    </span>
                    <span className="why-signal-points">
                      {points(s.contribution)}
                      <span className="visually-hidden">
                        {' '}
                        of the overall score, weight {pct(s.weight)} of {c.label}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </section>
  );
}
