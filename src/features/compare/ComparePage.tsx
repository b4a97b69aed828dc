import { lazy, Suspense, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import {
  COMPARE_HISTORY_DAYS,
  COMPARE_MAX,
  compareHref,
  getComparison,
  type CompareProject,
  type Comparison,
} from '../../../api/compare';
import { getProjectsList, SUB_SCORE_LABELS, type ProjectRow, type SubScores } from '../../../api/projects';
import { connectCompare } from '../../../machines/projects/compare/compare.connect';
import { compareMachine, comparePicker } from '../../../machines/projects/compare/compare.machine';
import { idsFromSearch } from '../../../machines/projects/compare/compare.url';
import { Icon } from '../../components/Icon';
import { livePickerMachine } from '../../components/livePicker';
import { ProjectLogo } from '../../components/ProjectLogo';
import { RetryButton } from '../../components/RetryButton';
import type { PickerActorRef } from '../../components/ProjectPickerModal';
import { TierBadge } from '../../components/TierBadge';
import { watchAddress } from '../../lib/address';
import { request } from '../../lib/client';
import { inspect } from '../../lib/inspect';
import { useTitle } from '../../lib/title';
import { PAGE_PATHS } from '../../../api/pages';
import { chartDomain, SERIES_COLORS, timeX, valueY } from '../project/scoreChartGeometry';
import { ScoreAxis } from '../project/ScoreAxis';
import './compare.css';

// The picker's dialog code loads when a reader first adds a project, not with the page.
const ProjectPickerModal = lazy(() =>
  import('../../components/ProjectPickerModal').then((m) => ({ default: m.ProjectPickerModal })),
);

const liveCompareMachine = compareMachine.provide({
  actors: {
    load: fromPromise<Comparison, { ids: string[] }>(({ input }) => getComparison(request, input.ids)),
    loadRows: fromPromise<ProjectRow[], { ids: string[] }>(({ input }) =>
      input.ids.length === 0 ? Promise.resolve([]) : getProjectsList(request, input.ids),
    ),
    copy: fromPromise<void, { path: string }>(({ input }) =>
      navigator.clipboard.writeText(`${location.origin}${input.path}`),
    ),
    // Back and Forward (and links to another list) while the page is open; leaving the page unmounts it.
    urlWatcher: fromCallback(({ sendBack }) =>
      watchAddress(() => {
        if (location.pathname === PAGE_PATHS.compare)
          sendBack({ type: 'URL_CHANGED', ids: idsFromSearch(location.search) });
      }),
    ),
    picker: comparePicker(livePickerMachine),
  },
  actions: {
    // Each change of the list is a history entry, so the address is always shareable and Back undoes it.
    recordIds: (_, { ids }: { ids: string[] }) => {
      const href = compareHref(ids);
      if (href !== `${location.pathname}${location.search}`) history.pushState(history.state, '', href);
    },
  },
});

type CompareRef = ActorRefFrom<typeof compareMachine>;

/** Line colours (each 4.5:1 on white) and dash patterns: a series is told by its pattern and number too. */
const LINE_COLORS = [
  SERIES_COLORS.overall,
  SERIES_COLORS.codeSecurity,
  SERIES_COLORS.fundamentalHealth,
  SERIES_COLORS.governanceStrength,
];
const LINE_DASHES = ['', '9 5', '2 4', '12 4 2 4'];

function Swatch({ index }: { index: number }) {
  return (
    <svg className="compare-swatch" width="34" height="12" viewBox="0 0 34 12" aria-hidden="true">
      <line
        x1="1"
        x2="33"
        y1="6"
        y2="6"
        stroke={LINE_COLORS[index]}
        strokeWidth="3"
        strokeDasharray={LINE_DASHES[index] || undefined}
      />
    </svg>
  );
}

function ScoresTable({ projects }: { projects: CompareProject[] }) {
  const categories = Object.keys(SUB_SCORE_LABELS) as (keyof SubScores)[];
  const best = (values: number[]) => Math.max(...values);
  const scoreCells = (values: number[]) =>
    values.map((v, i) => (
      <td
        key={projects[i]!.id}
        data-label={projects[i]!.name}
        className={v === best(values) ? 'is-best' : undefined}
      >
        {v.toFixed(1)}
        {v === best(values) && <span className="visually-hidden"> (highest)</span>}
      </td>
    ));
  return (
    <SideBySideTable
      id="compare-scores-title"
      caption="Scores side by side"
      className="compare-table"
      columns={[
        'Score',
        ...projects.map((p, i) => (
          <span className="compare-col-head">
            <span className="compare-num" aria-hidden="true">
              {i + 1}
            </span>
            <Link href={`/projects/${encodeURIComponent(p.id)}`}>{p.name}</Link>
          </span>
        )),
      ]}
    >
      <tr className="compare-overall">
        <th scope="row">Overall score</th>
        {scoreCells(projects.map((p) => p.score))}
      </tr>
      <tr>
        <th scope="row">Tier</th>
        {projects.map((p) => (
          <td key={p.id}>
            <TierBadge tier={p.tier} />
          </td>
        ))}
      </tr>
      {categories.map((k) => (
        <tr key={k}>
          <th scope="row">{SUB_SCORE_LABELS[k]}</th>
          {scoreCells(projects.map((p) => p.subScores[k]))}
        </tr>
      ))}
    </SideBySideTable>
  );
}

function SignalsTable({ comparison }: { comparison: Comparison }) {
  const { projects, signals } = comparison;
  if (signals.length === 0)
    return <p className="muted">These projects do not differ on any signal we have for them.</p>;
  return (
    <SideBySideTable
      id="compare-signals-caption"
      caption="Signals side by side"
      className="compare-table compare-signals"
      columns={['Signal', ...projects.map((p) => p.name)]}
    >
      {signals.map((s) => (
        <tr key={s.key}>
          <th scope="row">
            {s.label}
            <span className="compare-signal-category">{s.categoryLabel}</span>
          </th>
          {projects.map((p) => {
            const v = s.values.find((x) => x.projectId === p.id);
            return (
              <td key={p.id}>
                {v ? (
                  <>
                    {v.display}
                    <span className="compare-normalised">{Math.round(v.normalized)} / 100</span>
                  </>
                ) : (
                  <span className="muted">No data</span>
                )}
              </td>
            );
          })}
        </tr>
      ))}
    </SideBySideTable>
  );
}

/** A table of the compared projects side by side, a column each, in a scrolling region named by its caption. */
function SideBySideTable({
  id,
  caption,
  className,
  columns,
  children,
}: {
  id: string;
  caption: string;
  className: string;
  /** The first column's heading, then each project's. */
  columns: [string, ...ReactNode[]];
  children: ReactNode;
}) {
  return (
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table className={className}>
        <caption id={id} className="visually-hidden">
          {caption}
        </caption>
        {/* Not TableHead: on this page it would be a chunk of its own, a request more for one row. */}
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th scope="col" key={i}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The overall score of each project over the last 90 days, overlaid; each line numbered, dashed and named. */
function HistoryChart({ projects }: { projects: CompareProject[] }) {
  const end = Date.now();
  const start = end - COMPARE_HISTORY_DAYS * 86_400_000;
  const [lo, hi] = chartDomain(
    projects.flatMap((p) => p.history),
    ['overall'],
  );
  const x = (at: string) => timeX(at, start, end);
  const y = (v: number) => valueY(v, lo, hi);
  const ticks = [lo, (lo + hi) / 2, hi];
  const pathOf = (p: CompareProject) =>
    p.history.length === 0
      ? ''
      : p.history
          .map((h, i) => `${i === 0 ? 'M' : 'L'}${x(h.at).toFixed(1)} ${y(h.score).toFixed(2)}`)
          .join('') + `L1000 ${y(p.history[p.history.length - 1]!.score).toFixed(2)}`;
  const summary = projects
    .map((p) => {
      const first = p.history[0];
      const last = p.history[p.history.length - 1];
      return first && last
        ? `${p.name}: ${first.score.toFixed(1)} at the start, ${last.score.toFixed(1)} now`
        : `${p.name}: no score history`;
    })
    .join('; ');
  return (
    <>
      <ul className="compare-legend" aria-label="Lines">
        {projects.map((p, i) => (
          <li key={p.id}>
            <span className="compare-num" aria-hidden="true">
              {i + 1}
            </span>
            <Swatch index={i} />
            {p.name}
          </li>
        ))}
      </ul>
      <div className="score-plot" data-part="compare-plot">
        <div className="score-plot-area">
          <svg
            className="score-plot-svg"
            viewBox="0 0 1000 100"
            preserveAspectRatio="none"
            role="img"
            aria-label={`Overall score over the last ${COMPARE_HISTORY_DAYS} days. ${summary}`}
          >
            {ticks.map((t) => (
              <line key={t} x1="0" x2="1000" y1={y(t)} y2={y(t)} className="score-grid" />
            ))}
            {projects.map((p, i) => (
              <path
                key={p.id}
                d={pathOf(p)}
                fill="none"
                stroke={LINE_COLORS[i]}
                strokeWidth={2.5}
                strokeDasharray={LINE_DASHES[i] || undefined}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
                data-series={p.id}
              />
            ))}
          </svg>
          {ticks.map((t) => (
            <span key={t} className="score-tick" style={{ top: `${y(t)}%` }} aria-hidden="true">
              {Math.round(t)}
            </span>
          ))}
          {/* Each line's number at its end, beside the legend's: the lines are told apart without colour. */}
          {projects.map((p, i) => {
            const last = p.history[p.history.length - 1];
            return last ? (
              <span
                key={p.id}
                className="compare-num compare-end"
                style={{ top: `${y(last.score)}%`, borderColor: LINE_COLORS[i] }}
                aria-hidden="true"
              >
                {i + 1}
              </span>
            ) : null;
          })}
        </div>
        <ScoreAxis start={start} />
      </div>
    </>
  );
}

function Chips({ actorRef }: { actorRef: CompareRef }) {
  const v = useSelector(actorRef, connectCompare);
  return (
    <div className="compare-toolbar">
      <ul className="compare-chips" aria-label="Projects compared">
        {v.chips.map((c) => (
          <li key={c.id} className="compare-chip">
            {c.logo && <ProjectLogo src={c.logo} size={24} />}
            <span>{c.name}</span>
            <button
              type="button"
              className="compare-chip-remove"
              aria-label={`Remove ${c.name}`}
              onClick={() => actorRef.send({ type: 'REMOVE', projectId: c.id })}
            >
              <Icon name="close" size={16} />
            </button>
          </li>
        ))}
      </ul>
      <div className="compare-actions">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={!v.canAdd}
          onClick={() => actorRef.send({ type: 'OPEN_PICKER' })}
        >
          Add project
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => actorRef.send({ type: 'COPY_LINK' })}
        >
          Copy link
        </button>
        <span role="status" className="muted small">
          {v.copied ?? (v.canAdd ? '' : `Up to ${COMPARE_MAX} projects`)}
        </span>
      </div>
    </div>
  );
}

/** /compare?ids=a,b,c — 2 to 4 projects side by side. Renders the compare machine's snapshot. */
export default function ComparePage() {
  useTitle('Compare projects');
  const actorRef = useActorRef(liveCompareMachine, {
    input: { ids: idsFromSearch(typeof location === 'undefined' ? '' : location.search) },
    inspect,
  });
  const v = useSelector(actorRef, connectCompare);
  const picker = useSelector(actorRef, (s) => s.children.picker) as PickerActorRef | undefined;
  const c = v.comparison;
  return (
    <main id="main" className="container compare-page">
      <h1>Compare projects</h1>
      <p className="lead muted">
        Up to {COMPARE_MAX} rated projects side by side: scores, tiers, the signals that set them apart and
        their score histories.
      </p>
      <Chips actorRef={actorRef} />
      {v.message && (
        <div
          className={`card compare-message${v.problem ? ' is-problem' : ''}`}
          role={v.problem ? 'alert' : 'status'}
        >
          <p>{v.message}</p>
          {v.prompt && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => actorRef.send({ type: 'OPEN_PICKER' })}
            >
              Add a project to compare
            </button>
          )}
        </div>
      )}
      {v.failed && (
        <div className="card compare-message is-problem" role="alert">
          <p>{v.error}</p>
          <RetryButton
            onRetry={() => actorRef.send({ type: 'RETRY' })}
            className="btn btn-secondary"
            label="Try again"
          />
        </div>
      )}
      {v.loading && !c && (
        <p className="muted" aria-busy="true">
          Loading the comparison…
        </p>
      )}
      {c && (
        <div className="compare-body" aria-busy={v.loading}>
          <section className="card panel" aria-labelledby="compare-overview-title">
            <h2 id="compare-overview-title">Scores</h2>
            <ScoresTable projects={c.projects} />
          </section>
          <section className="card panel" aria-labelledby="compare-history-title">
            <h2 id="compare-history-title">Score history</h2>
            <HistoryChart projects={c.projects} />
          </section>
          <section className="card panel" aria-labelledby="compare-signals-title">
            <h2 id="compare-signals-title">Where they differ most</h2>
            <p className="muted small">
              The signals of the methodology (version {c.methodologyVersion}) on which these projects are
              furthest apart, each normalised to 0–100.{' '}
              <Link href={PAGE_PATHS.methodology}>How scores are computed</Link>
            </p>
            <SignalsTable comparison={c} />
          </section>
        </div>
      )}
      {picker && (
        <Suspense fallback={null}>
          <ProjectPickerModal actorRef={picker} title="Add a project to compare" />
        </Suspense>
      )}
    </main>
  );
}
