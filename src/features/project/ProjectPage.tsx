import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { partOnView } from '../../first-load/partOnView';
import {
  getProject,
  MARKET_SNAPSHOT_DATE,
  recordPageView,
  SUB_SCORE_LABELS,
  type ProjectDetail,
  type SubScores,
} from '../../../api/projects';
import { request } from '../../lib/client';
import { useResource } from '../../lib/useResource';
import { takeShownProjectViews } from '../../first-load/pageView';
import { useServedProject, useServedVoteAverage } from '../../first-load/servedPage';
import { markTakenOver } from '../../first-load/takenOver';
import { useTitle } from '../../lib/title';
import { Icon } from '../../components/Icon';
import { ProjectLogo } from '../../components/ProjectLogo';
import { BrandGradient } from '../../components/Logo';
import { Skeleton } from '../../components/Skeleton';
import { AuditBadge, KycBadge, ScoreBar, TierBadge } from '../../components/TierBadge';
import { ChainTag } from '../../components/ChainIcon';
import { formatDate, formatNumber, formatUsd } from '../../../api/format';
import { ProjectActions } from '../../components/ProjectActions';
import { VotePanel } from './VotePanel';
import { LazyAuditKycPanels } from './auditKyc.lazy';
import { EmbedBadge } from './EmbedBadge';
import { LazyIncidentHistoryPanel } from './incidentHistory.lazy';
import './project.css';

// Below the fold, most of the page's code: each panel loads when the visitor scrolls near it, with a busy card in its
// place meanwhile.
const PANEL_PENDING = <div className="card panel" aria-busy="true" />;
const ScoreChartPanel = partOnView(
  'score-chart',
  () => import('./ScoreChartPanel').then((m) => ({ default: m.ScoreChartPanel })),
  <div className="card panel score-chart-pending" aria-busy="true" />,
);
const WhyScorePanel = partOnView(
  'why-score',
  () => import('./WhyScorePanel').then((m) => ({ default: m.WhyScorePanel })),
  PANEL_PENDING,
);
const PeersPanel = partOnView(
  'peers',
  () => import('./PeersPanel').then((m) => ({ default: m.PeersPanel })),
  PANEL_PENDING,
);
const ExchangePanel = partOnView(
  'exchanges',
  () => import('./MonitoringPanels').then((m) => ({ default: m.ExchangePanel })),
  PANEL_PENDING,
);
const TopListsPanel = partOnView(
  'top-lists',
  () => import('./TopListsPanel').then((m) => ({ default: m.TopListsPanel })),
  PANEL_PENDING,
);
const ContractsPanel = partOnView(
  'contracts',
  () => import('./ContractsPanel').then((m) => ({ default: m.ContractsPanel })),
  <div className="card panel contracts-panel" aria-busy="true" />,
);
const PrivilegedPanel = partOnView(
  'privileged',
  () => import('./PrivilegedPanel').then((m) => ({ default: m.PrivilegedPanel })),
  PANEL_PENDING,
);
const ActivityPanel = partOnView(
  'activity',
  () => import('./ActivityPanel').then((m) => ({ default: m.ActivityPanel })),
  PANEL_PENDING,
);
// An unknown project is rare: its not-found page loads when needed.
const NotFound = lazy(() => import('../../pages/NotFoundPage').then((m) => ({ default: m.NotFound })));

function ScoreDial({ score }: { score: number }) {
  const r = 42;
  const c = 2 * Math.PI * r;
  return (
    <svg width="108" height="108" viewBox="0 0 108 108" aria-hidden="true" className="score-dial">
      <circle cx="54" cy="54" r={r} fill="none" stroke="rgb(255 255 255 / 12%)" strokeWidth="10" />
      <circle
        cx="54"
        cy="54"
        r={r}
        fill="none"
        stroke="url(#dial-g)"
        strokeWidth="10"
        strokeLinecap="round"
        strokeDasharray={`${(score / 100) * c} ${c}`}
        transform="rotate(-90 54 54)"
      />
      <defs>
        <BrandGradient id="dial-g" />
      </defs>
    </svg>
  );
}

function PageViews({ id }: { id: string }) {
  // The view of the page the browser loaded may have been counted before the app ran (src/first-load/pageView.ts).
  const views = useResource(() => takeShownProjectViews(id) ?? recordPageView(request, id));
  return (
    <span className="meta-item meta-views">
      <Icon name="eye" size={16} />
      {views.data ? (
        `${formatNumber(views.data.views)} ${views.data.views === 1 ? 'view' : 'views'}`
      ) : (
        <Skeleton width={60} />
      )}
    </span>
  );
}

function Breakdown({ scores }: { scores: SubScores }) {
  return (
    <section className="card panel" aria-labelledby="breakdown-title">
      <h2 id="breakdown-title">Score breakdown</h2>
      <ul className="breakdown">
        {(Object.keys(SUB_SCORE_LABELS) as (keyof SubScores)[]).map((k) => (
          <li key={k}>
            <span className="breakdown-label">{SUB_SCORE_LABELS[k]}</span>
            <ScoreBar score={scores[k]} digits={1} valueClassName="breakdown-value" />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProjectHeader({ p }: { p: ProjectDetail }) {
  return (
    <section className="project-hero on-dark" aria-labelledby="project-title">
      <div className="container project-hero-inner">
        <div className="project-id">
          <ProjectLogo src={p.logo} size={64} className="project-hero-logo" />
          <div>
            <div className="project-title-row">
              <h1 id="project-title">{p.name}</h1>
              <span className="rank-pill">{p.rank === null ? 'Rank N/A' : `Rank #${p.rank}`}</span>
            </div>
            <p className="project-tickers">{p.tokenTickers.join(' · ')}</p>
            <div className="project-badges">
              <AuditBadge status={p.auditStatus} applicable={p.auditsApplicable} />
              <KycBadge kyc={p.kyc} />
              {p.chains.map((c) => (
                <span key={c} className="badge chain-badge">
                  <ChainTag chain={c} />
                </span>
              ))}
            </div>
            <div className="project-meta">
              <PageViews id={p.id} />
              {p.marketCapUsd !== null && (
                <span className="meta-item">Market cap {formatUsd(p.marketCapUsd)}</span>
              )}
              {p.marketCapUsd !== null && (
                <span className="meta-item small">
                  {/* null: this project's market figures are generated; absent: the server does not say. */}
                  {p.marketDataAsOf === null
                    ? 'Demo data'
                    : `Market data as of ${formatDate(p.marketDataAsOf ?? MARKET_SNAPSHOT_DATE)}`}
                </span>
              )}
              {p.auditDate && <span className="meta-item">Audited {formatDate(p.auditDate)}</span>}
              {p.website && (
                <a className="meta-item" href={p.website} target="_blank" rel="noopener noreferrer">
                  <Icon name="globe" size={16} />
                  Website
                </a>
              )}
            </div>
          </div>
        </div>
        <div className="project-score">
          <div className="dial-wrap">
            <ScoreDial score={p.score} />
            <div className="dial-text">
              <strong>{p.score.toFixed(1)}</strong>
              <span>of 100</span>
            </div>
          </div>
          <div>
            <p className="score-label">Security score</p>
            <TierBadge tier={p.tier} />
            <div className="project-actions">
              <ProjectActions project={p} placement="header" />
              {/* Opens the compare page with this project, which prompts to add others. */}{' '}
              <Link className="btn btn-secondary btn-sm" href={`/compare?ids=${encodeURIComponent(p.id)}`}>
                Compare
              </Link>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

function ProjectSkeleton() {
  return (
    <main id="main" aria-busy="true">
      <section className="project-hero on-dark">
        <div className="container project-hero-inner">
          <div className="project-id">
            <Skeleton width={64} height={64} round />
            <div>
              <Skeleton width={220} height={34} />
              <p>
                <Skeleton width={120} />
              </p>
            </div>
          </div>
        </div>
      </section>
      <div className="container project-body">
        <div className="card panel" style={{ height: 320 }} />
      </div>
    </main>
  );
}

/** Project page /projects/{id}: header, score breakdown, monitoring data, privileged access, social activity, vote. */
export default function ProjectPage({ id }: { id: string }) {
  // A project page the server sent comes with its project: no fetch, and its HTML already shows it.
  const project = useResource(() => getProject(request, id), useServedProject(id));
  const servedAverage = useServedVoteAverage(id);
  useTitle(project.data?.name ?? (project.notFound ? 'Project not found' : 'Project'));
  if (project.notFound)
    return (
      <Suspense fallback={<main id="main" className="route-loading" aria-busy="true" />}>
        <NotFound title="Project not found" text="We don’t rate a project with this id (yet)." />
      </Suspense>
    );
  if (project.failed)
    return (
      <main id="main" className="page-narrow">
        <h1>Something went wrong</h1>
        <p className="lead">The project could not be loaded.</p>
        <button type="button" className="btn btn-primary" onClick={project.retry}>
          Try again
        </button>
      </main>
    );
  const p = project.data;
  if (!p) return <ProjectSkeleton />;
  return (
    <main id="main" className="project-page" ref={markTakenOver}>
      <ProjectHeader p={p} />
      <div className="container project-body">
        <div className="project-grid">
          {/* Two columns of about equal height on a desktop: the score's story and its audits on the left; the
              community, the market, the activity, the incidents, the peers and the contracts on the right (with the vote alone there, the right
              column stood empty for thousands of pixels). A phone shows the left column, then the right. */}
          <div className="project-main">
            <Breakdown scores={p.subScores} />
            <ScoreChartPanel projectId={p.id} />
            <WhyScorePanel projectId={p.id} />
            <PrivilegedPanel contracts={p.contracts} projectId={p.id} />
            <LazyAuditKycPanels project={p} />
          </div>
          <div className="project-side">
            <VotePanel projectId={p.id} votes={p.votes} name={p.name} average={servedAverage} />
            {p.description && (
              <section className="card panel" aria-labelledby="about-title">
                <h2 id="about-title">About {p.name}</h2>
                <p className="about-text">{p.description}</p>
              </section>
            )}
            <ExchangePanel projectId={p.id} />
            <TopListsPanel
              projectId={p.id}
              demo={p.demo?.monitoring !== false}
              chain={p.contracts[0]?.chain ?? p.chains[0]}
            />
            <ActivityPanel projectId={p.id} demo={p.demo?.social !== false} />
            <LazyIncidentHistoryPanel projectId={p.id} />
            {/* Last: its rows load when it comes into view; in a desktop's first view they cost a guest's first
                key press 1.1 KB more. */}
            <PeersPanel projectId={p.id} name={p.name} />
            <EmbedBadge projectId={p.id} name={p.name} />
            {/* Last: far below a desktop's first view, its code (the contracts machine) is not part of a guest's first
                key press. On the left it made a token with many contracts 2,000 px taller there than here. */}
            <ContractsPanel projectId={p.id} />
          </div>
        </div>
      </div>
    </main>
  );
}
