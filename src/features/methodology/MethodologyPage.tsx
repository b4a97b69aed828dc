import { getMethodology, type Methodology } from '../../../api/ratings';
import { request } from '../../lib/client';
import { useResource } from '../../lib/useResource';
import { useTitle } from '../../lib/title';
import { TierBadge } from '../../components/TierBadge';
import { RetryButton } from '../../components/RetryButton';
import { TableHead } from '../../components/TableHead';
import '../../components/marketing.css';

const pct = (w: number) => `${Math.round(w * 100)}%`;

function Body({ m }: { m: Methodology }) {
  const signalCount = m.categories.reduce((n, c) => n + c.signals.length, 0);
  return (
    <div className="container methodology-body">
      <p className="lead">
        Every score is computed from {signalCount} named signals in {m.categories.length} categories. Each
        signal is normalised to 0–100; a category’s score is the weighted mean of its signals, and the overall
        score the weighted mean of the categories. This page is generated from the code that computes the
        scores (methodology version <strong>{m.version}</strong>).
      </p>
      <section aria-labelledby="m-categories" className="methodology-section">
        <h2 id="m-categories">Categories</h2>
        <div className="table-scroll">
          <table className="data-table methodology-table">
            <TableHead columns={['Category', { label: 'Weight', className: 'num' }, 'What it measures']} />
            <tbody>
              {m.categories.map((c) => (
                <tr key={c.key}>
                  <th scope="row">
                    <a href={`#m-${c.key}`}>{c.label}</a>
                  </th>
                  <td className="num">{pct(c.weight)}</td>
                  <td>{c.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {m.categories.map((c) => (
        <section key={c.key} aria-labelledby={`m-${c.key}`} className="methodology-section">
          <h2 id={`m-${c.key}`}>
            {c.label} <span className="muted methodology-weight">{pct(c.weight)} of the score</span>
          </h2>
          <p>{c.description}</p>
          <div className="table-scroll">
            <table className="data-table methodology-table table-stacked">
              <TableHead
                columns={[
                  'Signal',
                  'Description',
                  { label: 'Weight', className: 'num' },
                  'Normalisation to 0–100',
                ]}
              />
              <tbody>
                {c.signals.map((s) => (
                  <tr key={s.key} data-signal={s.key}>
                    <th scope="row" data-label="Signal">
                      {s.label}
                    </th>
                    <td data-label="Description">{s.description}</td>
                    <td className="num" data-label="Weight">
                      {pct(s.weight)}
                    </td>
                    <td data-label="Normalisation">{s.normalisation}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      <section aria-labelledby="m-tiers" className="methodology-section">
        <h2 id="m-tiers">Tiers</h2>
        <ul className="methodology-tiers">
          {m.tiers.map((t) => (
            <li key={t.tier}>
              <TierBadge tier={t.tier} />{' '}
              <span>{t.min > 0 ? `${t.min} or more` : 'below every threshold above'}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="m-rules" className="methodology-section">
        <h2 id="m-rules">Rules</h2>
        <p>
          Code that no completed audit has reviewed cannot score more than{' '}
          <strong>{m.unauditedCodeSecurityMax}</strong> in Code Security, however good its other signals are.
          A signal we do not know counts at a published default, never at its best. Scores are recomputed when
          a signal changes and on a daily schedule (time alone moves audit freshness); every change is kept in
          the project’s score history with the signals that moved it.
        </p>
      </section>
    </div>
  );
}

/** /resources/methodology: the published rating methodology, from GET /api/methodology. */
export default function MethodologyPage() {
  useTitle('Rating methodology');
  const m = useResource<Methodology>(() => getMethodology(request));
  return (
    <main id="main" className="methodology">
      <section className="mk-hero on-dark">
        <div className="container">
          <p className="hero-eyebrow">Resources</p>
          <h1>Rating methodology</h1>
          <p className="mk-lead">
            What we measure, how much each signal weighs, and how a score becomes a tier.
          </p>
        </div>
      </section>
      {m.failed ? (
        <div className="container methodology-body">
          <p>
            The methodology could not be loaded.{' '}
            <RetryButton onRetry={m.retry} className="link-button" label="Try again" />
          </p>
        </div>
      ) : m.data ? (
        <Body m={m.data} />
      ) : (
        <div className="container methodology-body" aria-busy="true">
          <div className="methodology-placeholder skeleton" aria-hidden="true" />
        </div>
      )}
    </main>
  );
}
