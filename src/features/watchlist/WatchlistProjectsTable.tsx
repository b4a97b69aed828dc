import { useActor, useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import type { ProjectRow } from '../../../api/projects';
import type { WatchlistScoreChange } from '../../../api/watchlist';
import { resourceMachine } from '../../../machines/core/resource/resource.machine';
import { connectWatchlistSort } from '../../../machines/watchlist/sort/watchlistSort.connect';
import { watchlistSortMachine } from '../../../machines/watchlist/sort/watchlistSort.machine';
import type { SortDirection, WatchlistSortKey } from '../../../machines/watchlist/sort/watchlistSort.types';
import { SortArrow } from '../../components/SortArrow';
import { ProjectLogo } from '../../components/ProjectLogo';
import { AuditBadge, KycBadge, TierBadge } from '../../components/TierBadge';
import { loadProjectRows } from './actors';
import { inspect } from '../../lib/inspect';
import { useConstant } from '../../lib/useConstant';
import { RetryButton } from '../../components/RetryButton';
import { RemoveButton } from '../../components/RemoveButton';

/** A row of the table: a project's row with its score changes (absent where the loader has none). */
export type WatchlistTableRow = ProjectRow & { scoreChange?: WatchlistScoreChange };

type Props = {
  projectIds: string[];
  /** Loads rows for ids (defaults to POST /api/watchlist/projects). */
  loadRows?: (ids: string[]) => Promise<WatchlistTableRow[]>;
  /** Without it the table is read-only (a shared list): no Remove column. */
  onRemove?: (projectId: string) => void;
  disabled: boolean;
};

type ChangeKey = 'd1' | 'd7' | 'd30';
const CHANGES: { key: ChangeKey; label: string; long: string }[] = [
  { key: 'd1', label: '24h', long: '24-hour change' },
  { key: 'd7', label: '7d', long: '7-day change' },
  { key: 'd30', label: '30d', long: '30-day change' },
];

/** The phone layout's "Sort by" menu (the header row is for screen readers there). */
const MENU: { value: string; label: string }[] = [
  { value: '', label: 'List order' },
  { value: 'rank:asc', label: 'Rank' },
  { value: 'name:asc', label: 'Name (A–Z)' },
  { value: 'score:desc', label: 'Score (highest first)' },
  { value: 'score:asc', label: 'Score (lowest first)' },
  { value: 'audit:desc', label: 'Audit (audited first)' },
  { value: 'kyc:desc', label: 'KYC (verified first)' },
  ...CHANGES.flatMap(({ key, long }) => [
    { value: `${key}:desc`, label: `${long} (largest rise first)` },
    { value: `${key}:asc`, label: `${long} (largest fall first)` },
  ]),
];

/** A score change as shown: "+1.2", "−3.4" (a true minus sign), "0.0", or a dash with words for no data. */
function Change({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) {
    return (
      <span className="watchlist-change is-none">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">No score that old</span>
      </span>
    );
  }
  const tone = value > 0 ? ' is-up' : value < 0 ? ' is-down' : '';
  const text = value > 0 ? `+${value.toFixed(1)}` : value < 0 ? `−${Math.abs(value).toFixed(1)}` : '0.0';
  return <span className={`watchlist-change${tone}`}>{text}</span>;
}

/**
 * A list's projects: rank, logo, name and tickers, score, tier, audit, KYC, score changes over 24 h / 7 d / 30 d,
 * and remove when editable; sortable by column. Reloads when the ids change.
 */
export function WatchlistProjectsTable(props: Props) {
  return <RowsLoader key={props.projectIds.join(',')} {...props} />;
}

function RowsLoader({ projectIds, onRemove, disabled, loadRows = loadProjectRows }: Props) {
  // The ids are read once: the table remounts (its key) when they change.
  const logic = useConstant(() =>
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(() => loadRows(projectIds)) } }),
  );
  const actorRef = useActorRef(logic, { inspect, input: {} });
  const loading = useSelector(actorRef, (s) => s.hasTag('loading'));
  const failed = useSelector(actorRef, (s) => s.hasTag('error'));
  const rows = useSelector(actorRef, (s) => (s.context.data as WatchlistTableRow[] | null) ?? []);
  const [sortSnapshot, sendSort] = useActor(watchlistSortMachine, { inspect });
  const sort = connectWatchlistSort(sortSnapshot);
  const columns = onRemove ? 10 : 9;
  if (failed) {
    return (
      <div className="watchlist-empty" role="alert">
        <p>Something went wrong</p>
        <RetryButton onRetry={() => actorRef.send({ type: 'RETRY' })} />
      </div>
    );
  }
  const header = (key: WatchlistSortKey, label: string, className?: string, title?: string) => {
    const state = sort.ariaSort(key);
    return (
      <th key={key} scope="col" className={className} aria-sort={state}>
        <button
          type="button"
          className={`watchlist-sort${state === 'none' ? '' : ' is-active'}`}
          onClick={() => sendSort({ type: 'SORT', key })}
        >
          {title ? (
            <>
              <span aria-hidden="true">{label}</span>
              <span className="visually-hidden">{title}</span>
            </>
          ) : (
            label
          )}
          <SortArrow arrow={sort.arrow(key)} />
        </button>
      </th>
    );
  };
  return (
    <div className="watchlist-table-wrap">
      <label className="watchlist-sort-menu">
        <span>Sort by</span>
        <select
          value={sort.menuValue}
          onChange={(e) => {
            const [key, direction] = e.currentTarget.value.split(':') as [WatchlistSortKey, SortDirection];
            sendSort(e.currentTarget.value ? { type: 'SORT_BY', key, direction } : { type: 'LIST_ORDER' });
          }}
        >
          {MENU.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <table className="watchlist-table table-stacked" aria-busy={loading}>
        <thead>
          <tr>
            {header('rank', 'Rank')}
            {header('name', 'Project')}
            {header('score', 'Score')}
            <th scope="col">Tier</th>
            {header('audit', 'Audit')}
            {header('kyc', 'KYC')}
            {CHANGES.map((c) => header(c.key, c.label, 'watchlist-num', c.long))}
            {onRemove && (
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {loading
            ? projectIds.slice(0, 8).map((id) => (
                <tr key={id}>
                  <td colSpan={columns}>
                    <span className="skeleton" style={{ display: 'block', height: 28 }} />
                  </td>
                </tr>
              ))
            : sort.sortRows(rows.map(withChange)).map((p) => (
                <tr key={p.id} data-part="project-row">
                  <td className="watchlist-rank" data-label="Rank">
                    {p.rank === null ? 'N/A' : `#${p.rank}`}
                  </td>
                  <td data-label="Project">
                    <div>
                      <Link href={`/projects/${encodeURIComponent(p.id)}`} className="watchlist-project">
                        <ProjectLogo src={p.logo} size={28} />
                        <span>{p.name}</span>
                      </Link>
                      {/* Under the name, as on the leaderboard: the score changes need the row's width. */}
                      <span className="watchlist-tickers">{p.tokenTickers.join(', ')}</span>
                    </div>
                  </td>
                  <td className="watchlist-score" data-label="Score">
                    {p.score.toFixed(1)}
                  </td>
                  <td data-label="Tier">
                    <TierBadge tier={p.tier} />
                  </td>
                  <td data-label="Audit">
                    <AuditBadge status={p.auditStatus} />
                  </td>
                  <td data-label="KYC">
                    <KycBadge kyc={p.kyc} />
                  </td>
                  {CHANGES.map((c) => (
                    <td key={c.key} className="watchlist-num" data-label={c.long}>
                      <Change value={p.scoreChange[c.key]} />
                    </td>
                  ))}
                  {onRemove && (
                    <td className="watchlist-remove">
                      <RemoveButton what={p.name} disabled={disabled} onRemove={() => onRemove(p.id)} />
                    </td>
                  )}
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}

const NO_CHANGE: WatchlistScoreChange = { d1: null, d7: null, d30: null };
const withChange = (row: WatchlistTableRow) => ({ ...row, scoreChange: row.scoreChange ?? NO_CHANGE });
