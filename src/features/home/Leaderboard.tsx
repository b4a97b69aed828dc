import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { fromCallback, fromPromise } from 'xstate';
import { getLeaderboard, SUB_SCORE_LABELS, type ProjectRow, type SubScores } from '../../../api/projects';
import {
  activeFilterCount,
  leaderboardMachine,
  type LeaderboardQuery,
  type LeaderboardSort,
} from '../../../machines/leaderboard/leaderboard.machine';
import { queryFromSearch, searchFromQuery } from '../../../machines/leaderboard/leaderboard.url';
import { request } from '../../lib/client';
import { Icon } from '../../components/Icon';
import { ProjectLogo } from '../../components/ProjectLogo';
import { Skeleton } from '../../components/Skeleton';
import { AuditBadge, KycBadge, ScoreBadge } from '../../components/TierBadge';
import { ChainIcon } from '../../components/ChainIcon';
import { CHAIN_ICONS, type ChainName } from '../../components/chains';
import { FiltersPanel } from './FiltersPanel';
import { formatDate } from '../../lib/format';
import { ProjectActions } from '../../components/ProjectActions';
import { inspect } from '../../lib/inspect';

const machine = leaderboardMachine.provide({
  actors: {
    loadPage: fromPromise(({ input }: { input: LeaderboardQuery }) =>
      getLeaderboard(request, {
        sort: input.sort,
        order: input.order,
        page: input.page,
        pageSize: input.pageSize,
        chain: input.filters.chain || undefined,
        tier: input.filters.tier || undefined,
        audit: input.filters.audit || undefined,
        kyc: input.filters.kyc ? 'true' : undefined,
        minScore: input.filters.minScore || undefined,
        maxScore: input.filters.maxScore || undefined,
      } as Parameters<typeof getLeaderboard>[1]),
    ),
    // Back and Forward between leaderboard states (only the search changes; a route change unmounts us).
    urlWatcher: fromCallback(({ sendBack }) => {
      const onPop = () => sendBack({ type: 'URL_CHANGED', query: queryFromSearch(location.search) });
      window.addEventListener('popstate', onPop);
      return () => window.removeEventListener('popstate', onPop);
    }),
  },
  actions: {
    // Each change is a history entry, so Back returns to the previous page, sort or filters.
    recordQuery: (_, { query }) => {
      const search = searchFromQuery(location.search, query);
      if (search !== location.search) history.pushState(history.state, '', `${location.pathname}${search}`);
    },
    replaceQuery: (_, { query }) => {
      const search = searchFromQuery(location.search, query);
      if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}`);
    },
  },
});

const COLUMNS = 8;

function SortHeader({
  label,
  sort,
  query,
  onSort,
  className,
}: {
  label: string;
  sort: LeaderboardSort;
  query: LeaderboardQuery;
  onSort: (s: LeaderboardSort) => void;
  className?: string;
}) {
  const active = query.sort === sort;
  return (
    <th scope="col" className={className} aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className={`sort-button${active ? ' is-active' : ''}`} onClick={() => onSort(sort)}>
        {label}
        <span className="sort-icon" aria-hidden="true">
          {active ? <Icon name={query.order === 'asc' ? 'arrowUp' : 'arrowDown'} size={14} /> : null}
        </span>
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
            <span className="bar" aria-hidden="true">
              <span style={{ width: `${scores[k]}%` }} />
            </span>
            <span className="subscore-value">{scores[k].toFixed(0)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Chains({ chains }: { chains: string[] }) {
  return (
    <span className="chains" aria-label={chains.join(', ')}>
      {chains.slice(0, 4).map((c) =>
        c in CHAIN_ICONS ? (
          <span key={c} title={c}>
            <ChainIcon name={c as ChainName} weight="fillWithBackground" size={20} />
          </span>
        ) : (
          <span key={c} className="badge">
            {c}
          </span>
        ),
      )}
      {chains.length > 4 && <span className="chains-more">+{chains.length - 4}</span>}
    </span>
  );
}

function Row({ p, open, onToggle }: { p: ProjectRow; open: boolean; onToggle: () => void }) {
  const href = `/projects/${encodeURIComponent(p.id)}`;
  const detailsId = `details-${p.id}`;
  return (
    <>
      <tr className={open ? 'is-open' : undefined} data-project={p.id}>
        <td className="col-rank">{p.rank === null ? 'N/A' : p.rank}</td>
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
        <td className="col-audit hide-sm">
          <AuditBadge status={p.auditStatus} />
          {p.auditDate && <span className="audit-date">{formatDate(p.auditDate)}</span>}
        </td>
        <td className="col-kyc hide-md">
          <KycBadge kyc={p.kyc} />
        </td>
        <td className="col-details">
          <button
            type="button"
            className="icon-button"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={`Score breakdown for ${p.name}`}
            onClick={onToggle}
          >
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
        <tr className="details-row" id={detailsId}>
          <td colSpan={COLUMNS}>
            <div className="details-inner">
              <SubScoreBars scores={p.subScores} />
              <div className="details-meta show-sm">
                <Chains chains={p.chains} />
                <AuditBadge status={p.auditStatus} />
                <KycBadge kyc={p.kyc} />
              </div>
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

function pageList(page: number, pages: number): (number | '…')[] {
  const out: (number | '…')[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 1) out.push(p);
    else if (out[out.length - 1] !== '…') out.push('…');
  }
  return out;
}

/** The leaderboard with sorting, pagination and advanced filtering. */
export function Leaderboard() {
  // The address names the query on arrival (a shared link, a reload, Back from a project page).
  const actorRef = useActorRef(machine, {
    input: { query: queryFromSearch(typeof location === 'undefined' ? '' : location.search) },
    inspect,
  });
  const query = useSelector(actorRef, (s) => s.context.query);
  const result = useSelector(actorRef, (s) => s.context.result);
  const loading = useSelector(actorRef, (s) => s.hasTag('loading'));
  const failed = useSelector(actorRef, (s) => s.hasTag('error'));
  const filtersOpen = useSelector(actorRef, (s) => s.hasTag('filtersOpen'));
  const draft = useSelector(actorRef, (s) => s.context.draft);
  const expanded = useSelector(actorRef, (s) => s.context.expanded);
  const pages = Math.max(1, Math.ceil((result?.total ?? 0) / query.pageSize));
  // The count describes the rows on screen (the answer's page), not the page asked for while it loads.
  const from = result && result.total > 0 ? (result.page - 1) * result.pageSize + 1 : 0;
  const to = result ? Math.min(result.total, result.page * result.pageSize) : 0;
  const sort = (s: LeaderboardSort) => actorRef.send({ type: 'SORT', sort: s });
  const activeFilters = activeFilterCount(query.filters);

  return (
    <section className="section leaderboard" aria-labelledby="leaderboard-title" data-scope="leaderboard">
      <div className="container">
        <div className="section-head">
          <div>
            <p className="eyebrow">Security leaderboard</p>
            <h2 id="leaderboard-title">Project security ratings</h2>
            <p className="muted">Every score combines code security, fundamentals, operations, governance, market and community.</p>
          </div>
        </div>
        <div className="lb-toolbar">
          <div className="lb-filter-anchor" data-tour="filters">
            <button
              type="button"
              className="btn btn-secondary"
              aria-expanded={filtersOpen}
              aria-controls="leaderboard-filters"
              onClick={() => actorRef.send({ type: filtersOpen ? 'CLOSE_FILTERS' : 'OPEN_FILTERS' })}
            >
              <Icon name="filter" size={18} />
              Filters
              {activeFilters > 0 && <span className="filter-count">{activeFilters}</span>}
            </button>
            {filtersOpen && <FiltersPanel draft={draft} send={actorRef.send} />}
          </div>
          {activeFilters > 0 && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => actorRef.send({ type: 'RESET_FILTERS' })}>
              Clear filters
            </button>
          )}
          <p className="lb-count muted" aria-live="polite">
            {result ? (result.total === 0 ? 'No projects match these filters' : `Showing ${from}–${to} of ${result.total} projects`) : ''}
          </p>
        </div>
        <div className="table-card card">
          <table className="lb-table" aria-busy={loading} aria-describedby="leaderboard-title">
            <thead>
              <tr>
                <SortHeader label="#" sort="rank" query={query} onSort={sort} className="col-rank" />
                <SortHeader label="Project" sort="name" query={query} onSort={sort} className="col-project" />
                <th scope="col" className="col-chains hide-sm">
                  Chains
                </th>
                <SortHeader label="Security score" sort="score" query={query} onSort={sort} className="col-score" />
                <SortHeader label="Audit" sort="auditDate" query={query} onSort={sort} className="col-audit hide-sm" />
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
            <tbody className={loading && result ? 'is-refreshing' : undefined}>
              {!result &&
                loading &&
                Array.from({ length: query.pageSize }, (_, i) => (
                  <tr key={i} aria-hidden="true" className="skeleton-row">
                    <td className="col-rank">
                      <Skeleton width={22} />
                    </td>
                    <td className="col-project">
                      <span className="project-cell">
                        <Skeleton width={32} height={32} round />
                        <Skeleton width={120} />
                      </span>
                    </td>
                    <td className="col-chains hide-sm">
                      <Skeleton width={60} />
                    </td>
                    <td className="col-score">
                      <Skeleton width={90} />
                    </td>
                    <td className="col-audit hide-sm">
                      <Skeleton width={70} />
                    </td>
                    <td className="col-kyc hide-md">
                      <Skeleton width={40} />
                    </td>
                    <td className="col-details" />
                    <td className="col-actions" />
                  </tr>
                ))}
              {result?.items.map((p) => (
                <Row
                  key={p.id}
                  p={p}
                  open={expanded.includes(p.id)}
                  onToggle={() => actorRef.send({ type: 'TOGGLE_DETAILS', id: p.id })}
                />
              ))}
            </tbody>
          </table>
          {failed && (
            <div className="lb-error" role="alert">
              The leaderboard could not be loaded.{' '}
              <button type="button" className="link-button" onClick={() => actorRef.send({ type: 'RETRY' })}>
                Try again
              </button>
            </div>
          )}
        </div>
        {pages > 1 && (
          <nav className="pagination" aria-label="Leaderboard pages">
            <button
              type="button"
              className="page-btn"
              disabled={query.page <= 1}
              onClick={() => actorRef.send({ type: 'PAGE', page: query.page - 1 })}
              aria-label="Previous page"
            >
              <Icon name="chevronLeft" size={18} />
            </button>
            {pageList(query.page, pages).map((p, i) =>
              p === '…' ? (
                <span key={`gap${i}`} className="page-gap" aria-hidden="true">
                  …
                </span>
              ) : (
                <button
                  key={p}
                  type="button"
                  className={`page-btn${p === query.page ? ' is-current' : ''}`}
                  aria-current={p === query.page ? 'page' : undefined}
                  aria-label={`Page ${p}`}
                  onClick={() => actorRef.send({ type: 'PAGE', page: p })}
                >
                  {p}
                </button>
              ),
            )}
            <button
              type="button"
              className="page-btn"
              disabled={query.page >= pages}
              onClick={() => actorRef.send({ type: 'PAGE', page: query.page + 1 })}
              aria-label="Next page"
            >
              <Icon name="chevronRight" size={18} />
            </button>
          </nav>
        )}
      </div>
    </section>
  );
}
