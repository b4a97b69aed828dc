import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import {
  getLeaderboard,
  MARKET_SNAPSHOT_DATE,
  SUB_SCORE_LABELS,
  type LeaderboardRow,
  type SubScores,
} from '../../../api/projects';
import { LEADERBOARD_CSV_MAX_ROWS } from '../../../api/leaderboard';
import {
  connectLeaderboard,
  type LeaderboardSnapshot,
} from '../../../machines/projects/leaderboard/leaderboard.connect';
import { leaderboardMachine } from '../../../machines/projects/leaderboard/leaderboard.machine';
import type {
  LeaderboardQuery,
  LeaderboardSort,
  LeaderboardView,
} from '../../../machines/projects/leaderboard/leaderboard.types';
import {
  apiQuery,
  queryFromSearch,
  searchFromQuery,
} from '../../../machines/projects/leaderboard/leaderboard.url';
import { request } from '../../lib/client';
import { Icon } from '../../components/Icon';
import { SortArrow } from '../../components/SortArrow';
import { Pager } from '../../components/Pager';
import { SelectField } from '../../components/SelectField';
import { ProjectLogo } from '../../components/ProjectLogo';
import { Skeleton, SkeletonCell } from '../../components/Skeleton';
import { AuditBadge, KycBadge, ScoreBadge, ScoreBar } from '../../components/TierBadge';
import { ChainIcon } from '../../components/ChainIcon';
import { FiltersPanel } from './FiltersPanel';
import { formatDate, formatNumber, formatUsd } from '../../../api/format';
import { ProjectActions } from '../../components/ProjectActions';
import { inspect } from '../../lib/inspect';
import { addressWatcher, showSearch } from '../listAddress';

const machine = leaderboardMachine.provide({
  actors: {
    loadPage: fromPromise(({ input }: { input: LeaderboardQuery }) =>
      getLeaderboard(request, apiQuery(input)),
    ),
    // Back and Forward between leaderboard states (only the search changes; a route change unmounts us).
    urlWatcher: addressWatcher(queryFromSearch),
  },
  actions: {
    // Each change is a history entry, so Back returns to the previous page, sort or filters.
    recordQuery: (_, { query }) => showSearch(searchFromQuery(location.search, query)),
    replaceQuery: (_, { query }) => showSearch(searchFromQuery(location.search, query), 'replace'),
  },
});

const COLUMNS = 14;

/** A score move with its sign, or a dash when no snapshot is that old. */
function Change({ value, label }: { value: number | null; label: string }) {
  if (value === null)
    return (
      <span className="muted" aria-label={`${label}: no data`}>
        —
      </span>
    );
  const cls = value > 0 ? 'delta is-up' : value < 0 ? 'delta is-down' : 'delta';
  return <span className={cls}>{value > 0 ? `+${value.toFixed(1)}` : value.toFixed(1)}</span>;
}

const usdOrDash = (v: number | null) => (v === null ? '—' : formatUsd(v));
const formatPrice = (v: number) =>
  v >= 1 ? formatUsd(v) : `$${v.toPrecision(3).replace(/0+$/, '').replace(/\.$/, '')}`;
const formatPct = (v: number) => `${v > 0 ? '+' : ''}${v.toFixed(2)}%`;

/** The tabs above the table (keys and choice in the view model). */
function Tabs({ view }: { view: LeaderboardView }) {
  return (
    <div {...view.getTabListProps()}>
      {view.tabs.map(({ tab, label }) => (
        <button key={tab} {...view.getTabProps(tab)}>
          {label}
        </button>
      ))}
    </div>
  );
}

/** A score-change column's heading: the period on screen, what it measures for screen readers too. */
const ScoreChangeLabel = ({ period }: { period: string }) => (
  <>
    <span className="visually-hidden">Score change </span>
    {period}
  </>
);

/** The sortable columns between Chains and KYC, in order, with the widths that hide them (stacked in the details). */
const FIGURE_COLUMNS: { label: ReactNode; sort: LeaderboardSort; className: string }[] = [
  { label: 'Security score', sort: 'score', className: 'col-score' },
  { label: <ScoreChangeLabel period="24h" />, sort: 'change24h', className: 'col-change hide-sm' },
  { label: <ScoreChangeLabel period="7d" />, sort: 'change7d', className: 'col-change hide-md' },
  { label: <ScoreChangeLabel period="30d" />, sort: 'change30d', className: 'col-change hide-md' },
  { label: 'Market cap', sort: 'marketCap', className: 'col-money hide-sm' },
  { label: 'Price', sort: 'price', className: 'col-money hide-md' },
  { label: 'TVL', sort: 'tvl', className: 'col-money hide-md' },
  { label: 'Audit', sort: 'auditDate', className: 'col-audit hide-sm' },
];

function SortHeader({
  label,
  sort,
  view,
  className,
}: {
  label: ReactNode;
  sort: LeaderboardSort;
  view: LeaderboardView;
  className?: string;
}) {
  return (
    <th {...view.getSortHeaderProps(sort, className)}>
      <button {...view.getSortButtonProps(sort)}>
        {label}
        <SortArrow arrow={view.sortIcon(sort)} />
      </button>
    </th>
  );
}

function SubScoreBars({ scores }: { scores: SubScores }) {
  return (
    <dl className="subscores">
      {(Object.keys(SUB_SCORE_LABELS) as (keyof SubScores)[]).map((k) => (
        <div key={k} className="subscore">
          <dt>{SUB_SCORE_LABELS[k]}</dt>
          <dd>
            <ScoreBar score={scores[k]} digits={0} valueClassName="subscore-value" />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Chains({ chains }: { chains: string[] }) {
  return (
    <span className="chains" aria-label={chains.join(', ')}>
      {chains.slice(0, 4).map((c) => (
        // The icon set's glyph, or a generated badge with the chain's initials (never another chain's icon).
        <span key={c} title={c}>
          <ChainIcon name={c} weight="fillWithBackground" size={20} />
        </span>
      ))}
      {chains.length > 4 && <span className="chains-more">+{chains.length - 4}</span>}
    </span>
  );
}

function Row({ p, view }: { p: LeaderboardRow; view: LeaderboardView }) {
  const demoMarket = p.marketDataAsOf === null;
  const href = `/projects/${encodeURIComponent(p.id)}`;
  const open = view.isExpanded(p.id);
  return (
    <>
      <tr className={open ? 'is-open' : undefined} data-project={p.id}>
        <td className="col-rank">
          <span className="rank-cell">
            <input {...view.getCompareCheckboxProps(p)} />
            <span>{p.rank === null ? 'N/A' : p.rank}</span>
          </span>
        </td>
        <td className="col-project">
          <span className="project-cell">
            <ProjectLogo src={p.logo} size={32} />
            <span className="project-cell-text">
              <Link href={href} className="project-link">
                {p.name}
              </Link>
              <span className="tickers">{p.tokenTickers.join(' · ')}</span>
            </span>
          </span>
        </td>
        <td className="col-chains hide-sm">
          <Chains chains={p.chains} />
        </td>
        <td className="col-score">
          <ScoreBadge score={p.score} tier={p.tier} />
        </td>
        <td className="col-change hide-sm">
          <Change value={p.scoreChange.d1} label="24 h" />
        </td>
        <td className="col-change hide-md">
          <Change value={p.scoreChange.d7} label="7 d" />
        </td>
        <td className="col-change hide-md">
          <Change value={p.scoreChange.d30} label="30 d" />
        </td>
        <td
          className="col-money hide-sm"
          title={demoMarket ? 'Demo data' : `Market data as of ${formatDate(MARKET_SNAPSHOT_DATE)}`}
        >
          {usdOrDash(p.marketCapUsd)}
        </td>
        <td className="col-money hide-md">
          {p.priceUsd === null ? '—' : formatPrice(p.priceUsd)}
          {p.priceChange24hPct !== null && (
            <span className={`price-change ${p.priceChange24hPct >= 0 ? 'is-up' : 'is-down'}`}>
              {formatPct(p.priceChange24hPct)}
            </span>
          )}
        </td>
        <td className="col-money hide-md">{usdOrDash(p.tvlUsd)}</td>
        <td className="col-audit hide-sm">
          <AuditBadge status={p.auditStatus} />
          {p.auditDate && <span className="audit-date">{formatDate(p.auditDate)}</span>}
        </td>
        <td className="col-kyc hide-md">
          <KycBadge kyc={p.kyc} />
        </td>
        <td className="col-details">
          <button {...view.getDetailsButtonProps(p)}>
            <span className={`chevron${open ? ' is-open' : ''}`}>
              <Icon name="chevronDown" size={18} />
            </span>
          </button>
        </td>
        <td className="col-actions">
          <ProjectActions project={p} placement="row" />
        </td>
      </tr>
      {open && (
        <tr className="details-row" id={view.detailsId(p.id)}>
          <td colSpan={COLUMNS}>
            <div className="details-inner">
              <SubScoreBars scores={p.subScores} />
              <div className="details-meta show-sm">
                <Chains chains={p.chains} />
                <AuditBadge status={p.auditStatus} />
                <KycBadge kyc={p.kyc} />
              </div>
              {/* The columns a narrow screen hides, stacked here. */}
              <dl className="details-figures show-md">
                <div>
                  <dt>Score 24 h / 7 d / 30 d</dt>
                  <dd>
                    <Change value={p.scoreChange.d1} label="24 h" /> /{' '}
                    <Change value={p.scoreChange.d7} label="7 d" /> /{' '}
                    <Change value={p.scoreChange.d30} label="30 d" />
                  </dd>
                </div>
                <div>
                  <dt>Market cap</dt>
                  <dd>{usdOrDash(p.marketCapUsd)}</dd>
                </div>
                <div>
                  <dt>Price (24 h)</dt>
                  <dd>
                    {p.priceUsd === null ? '—' : formatPrice(p.priceUsd)}
                    {p.priceChange24hPct !== null && ` (${formatPct(p.priceChange24hPct)})`}
                  </dd>
                </div>
                <div>
                  <dt>TVL</dt>
                  <dd>{usdOrDash(p.tvlUsd)}</dd>
                </div>
                <div>
                  <dt>Market data</dt>
                  <dd>
                    {demoMarket ? 'Demo data' : `Market data as of ${formatDate(MARKET_SNAPSHOT_DATE)}`}
                  </dd>
                </div>
              </dl>
              <Link href={href} className="btn btn-secondary btn-sm">
                View full report
                <Icon name="chevronRight" size={16} />
              </Link>
            </div>
          </td>
        </tr>
      )}
    </>
  );
}

/** The leaderboard with sorting, pagination and advanced filtering. */
export function Leaderboard() {
  // The address names the query on arrival (a shared link, a reload, Back from a project page).
  // wouter's search is the request's on the server, so the server's HTML and the browser's first render agree.
  const search = useSearch();
  const actorRef = useActorRef(machine, {
    input: { query: queryFromSearch(search) },
    inspect,
  });
  const view = connectLeaderboard(
    useSelector(actorRef, (s): LeaderboardSnapshot => s),
    actorRef.send,
  );
  const filterCount = view.filterCount;

  return (
    <section className="section leaderboard" aria-labelledby="leaderboard-title" data-scope="leaderboard">
      <div className="container">
        <div className="section-head">
          <div>
            <p className="eyebrow">Security leaderboard</p>
            <h2 id="leaderboard-title">{view.title}</h2>
            <p className="muted">
              Every score combines code security, fundamentals, operations, governance, market and community.
            </p>
          </div>
        </div>
        <Tabs view={view} />
        <div className="lb-toolbar">
          <SelectField {...view.getCategoryProps()} />
          <div className="field lb-inline-field lb-keyword">
            <label htmlFor="lb-keyword">{view.keywordLabel}</label>
            <input {...view.getKeywordInputProps()} />
          </div>
          <div className="lb-filter-anchor" data-tour="filters">
            <button {...view.getFiltersButtonProps()}>
              <Icon name="filter" size={18} />
              {view.filtersText}
              {filterCount !== null && <span className="filter-count">{filterCount}</span>}
            </button>
            {view.filtersOpen && <FiltersPanel view={view} />}
          </div>
          {filterCount !== null && <button {...view.getClearFiltersProps()}>{view.clearFiltersText}</button>}
          <a {...view.getExportLinkProps()}>{view.exportText}</a>
          {/* The count as its own text node, as the server has always rendered it (hydration compares them). */}
          {view.compareHref !== null ? (
            <Link {...view.getCompareLinkProps()} href={view.compareHref}>
              Compare ({view.compareCount})
            </Link>
          ) : (
            <button {...view.getCompareButtonProps()}>Compare ({view.compareCount})</button>
          )}
          <p className="lb-count muted" aria-live="polite">
            {view.countText}
          </p>
        </div>
        <p className="lb-note muted">
          Pick up to {view.maxCompare} projects to compare. Export CSV saves every page of this view, up to{' '}
          {formatNumber(LEADERBOARD_CSV_MAX_ROWS)} rows. Market cap and price: Market data as of{' '}
          {formatDate(MARKET_SNAPSHOT_DATE)} for the largest assets, Demo data for the others; 24 h price
          change and TVL: Demo data.
        </p>
        <div {...view.getPanelProps()}>
          <table {...view.getTableProps()}>
            <thead>
              <tr>
                <SortHeader label="#" sort="rank" view={view} className="col-rank" />
                <SortHeader label="Project" sort="name" view={view} className="col-project" />
                <th scope="col" className="col-chains hide-sm">
                  Chains
                </th>
                {FIGURE_COLUMNS.map((column) => (
                  <SortHeader key={column.sort} {...column} view={view} />
                ))}
                <th scope="col" className="col-kyc hide-md">
                  KYC
                </th>
                <th scope="col" className="col-details">
                  <span className="visually-hidden">Score breakdown</span>
                </th>
                <th scope="col" className="col-actions">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody {...view.getBodyProps()}>
              {Array.from({ length: view.skeletonRows }, (_, i) => (
                <tr key={i} aria-hidden="true" className="skeleton-row">
                  <SkeletonCell className="col-rank" width={22} />
                  <td className="col-project">
                    <span className="project-cell">
                      <Skeleton width={32} height={32} round />
                      <Skeleton width={120} />
                    </span>
                  </td>
                  <SkeletonCell className="col-chains hide-sm" width={60} />
                  <SkeletonCell className="col-score" width={90} />
                  <td className="col-change hide-sm" />
                  <td className="col-change hide-md" />
                  <td className="col-change hide-md" />
                  <td className="col-money hide-sm" />
                  <td className="col-money hide-md" />
                  <td className="col-money hide-md" />
                  <SkeletonCell className="col-audit hide-sm" width={70} />
                  <SkeletonCell className="col-kyc hide-md" width={40} />
                  <td className="col-details" />
                  <td className="col-actions" />
                </tr>
              ))}
              {view.rows.map((p) => (
                <Row key={p.id} p={p} view={view} />
              ))}
            </tbody>
          </table>
          {view.error !== null && (
            <div className="lb-error" role="alert">
              {view.error} <button {...view.getRetryButtonProps()}>{view.retryText}</button>
            </div>
          )}
        </div>
        <Pager {...view.getPagerProps()} />
      </div>
    </section>
  );
}
