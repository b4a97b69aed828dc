import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import type { ProjectRow } from '../../../api/projects';
import { resourceMachine } from '../../../machines/resource/resource.machine';
import { ProjectLogo } from '../../components/ProjectLogo';
import { TierBadge } from '../../components/TierBadge';
import { loadProjectRows } from './actors';
import { inspect } from '../../lib/inspect';
import { useConstant } from '../../lib/useConstant';

type Props = {
  projectIds: string[];
  /** Loads rows for ids (defaults to POST /api/projects-list). */
  loadRows?: (ids: string[]) => Promise<ProjectRow[]>;
  /** Without it the table is read-only (a shared list): no Remove column. */
  onRemove?: (projectId: string) => void;
  disabled: boolean;
};

/** A list's projects: rank, logo, name, tickers, score, tier, and remove when editable. Reloads when the ids change. */
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
  const rows = useSelector(actorRef, (s) => (s.context.data as ProjectRow[] | null) ?? []);
  if (failed) {
    return (
      <div className="watchlist-empty" role="alert">
        <p>Something went wrong</p>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => actorRef.send({ type: 'RETRY' })}
        >
          Retry
        </button>
      </div>
    );
  }
  return (
    <div className="watchlist-table-wrap">
      <table className="watchlist-table table-stacked" aria-busy={loading}>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Project</th>
            <th scope="col">Tickers</th>
            <th scope="col">Score</th>
            <th scope="col">Tier</th>
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
                  <td colSpan={onRemove ? 6 : 5}>
                    <span className="skeleton" style={{ display: 'block', height: 28 }} />
                  </td>
                </tr>
              ))
            : rows.map((p) => (
                <tr key={p.id} data-part="project-row">
                  <td className="watchlist-rank" data-label="Rank">
                    {p.rank === null ? 'N/A' : `#${p.rank}`}
                  </td>
                  <td data-label="Project">
                    <Link href={`/projects/${encodeURIComponent(p.id)}`} className="watchlist-project">
                      <ProjectLogo src={p.logo} size={28} />
                      <span>{p.name}</span>
                    </Link>
                  </td>
                  <td className="watchlist-tickers" data-label="Tickers">
                    {p.tokenTickers.join(', ')}
                  </td>
                  <td className="watchlist-score" data-label="Score">
                    {p.score.toFixed(1)}
                  </td>
                  <td data-label="Tier">
                    <TierBadge tier={p.tier} />
                  </td>
                  {onRemove && (
                    <td className="watchlist-remove">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        disabled={disabled}
                        aria-label={`Remove ${p.name}`}
                        onClick={() => onRemove(p.id)}
                      >
                        Remove
                      </button>
                    </td>
                  )}
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}
