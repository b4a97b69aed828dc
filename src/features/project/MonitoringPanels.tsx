import {
  getExchangeMetrics,
  getTopCallers,
  getTopEvents,
  getTopFunctionCalls,
  type TopEntry,
} from '../../../api/skynet';
import { request } from '../../lib/client';
import { useResource } from '../../lib/useResource';
import { Skeleton } from '../../components/Skeleton';
import { formatDate, formatNumber, formatUsd, shortAddress } from '../../lib/format';

/** A horizontally scrollable table wrapper, reachable by keyboard so narrow screens can scroll it. */
export function TableScroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export function PanelError({ retry }: { retry: () => void }) {
  return (
    <p className="muted">
      This data could not be loaded.{' '}
      <button type="button" className="link-button" onClick={retry}>
        Try again
      </button>
    </p>
  );
}

/** Exchange metrics (skynet metric-latest exchanges). */
export function ExchangePanel({ projectId }: { projectId: string }) {
  const metric = useResource(() => getExchangeMetrics(request, projectId));
  const rows = metric.data?.value ?? [];
  return (
    <section className="card panel" aria-labelledby="exchanges-title">
      <div className="panel-head">
        <h2 id="exchanges-title">Exchange metrics</h2>
        {metric.data && <span className="muted small">Updated {formatDate(metric.data.updatedAt)}</span>}
      </div>
      {metric.failed ? (
        <PanelError retry={metric.retry} />
      ) : (
        <TableScroll label="Exchange metrics table">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Exchange</th>
                <th scope="col" className="num">
                  24h volume
                </th>
                <th scope="col" className="num">
                  Liquidity
                </th>
                <th scope="col" className="num">
                  Pairs
                </th>
              </tr>
            </thead>
            <tbody>
              {metric.loading &&
                Array.from({ length: 4 }, (_, i) => (
                  <tr key={i} aria-hidden="true">
                    <td>
                      <Skeleton width={90} />
                    </td>
                    <td className="num">
                      <Skeleton width={60} />
                    </td>
                    <td className="num">
                      <Skeleton width={60} />
                    </td>
                    <td className="num">
                      <Skeleton width={20} />
                    </td>
                  </tr>
                ))}
              {rows.map((r) => (
                <tr key={r.exchange}>
                  <td>{r.exchange}</td>
                  <td className="num">{formatUsd(r.volumeUsd)}</td>
                  <td className="num">{formatUsd(r.liquidityUsd)}</td>
                  <td className="num">{r.pairs}</td>
                </tr>
              ))}
              {metric.ready && rows.length === 0 && (
                <tr>
                  <td colSpan={4} className="muted">
                    Not listed on any tracked exchange.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

function TopList({
  title,
  load,
  showAddress,
}: {
  title: string;
  load: () => Promise<TopEntry[]>;
  showAddress?: boolean;
}) {
  const list = useResource(load);
  const max = Math.max(1, ...(list.data ?? []).map((e) => e.count));
  return (
    <div className="toplist">
      <h3>{title}</h3>
      {list.failed && <PanelError retry={list.retry} />}
      <ol>
        {list.loading &&
          Array.from({ length: 5 }, (_, i) => (
            <li key={i} aria-hidden="true">
              <Skeleton width="70%" />
            </li>
          ))}
        {list.data?.map((e) => (
          <li key={`${e.name}-${e.address ?? ''}`}>
            <div className="toplist-row">
              <span className={showAddress ? 'mono' : undefined} title={e.address ?? e.name}>
                {showAddress && e.address ? shortAddress(e.address) : e.name}
              </span>
              <span className="toplist-count">{formatNumber(e.count)}</span>
            </div>
            <span className="bar thin" aria-hidden="true">
              <span style={{ width: `${(e.count / max) * 100}%` }} />
            </span>
          </li>
        ))}
        {list.ready && list.data?.length === 0 && <li className="muted">No activity recorded.</li>}
      </ol>
    </div>
  );
}

/** Top callers, events and function calls (skynet, 10 each). */
export function TopListsPanel({ projectId }: { projectId: string }) {
  return (
    <section className="card panel" aria-labelledby="activity-lists-title">
      <h2 id="activity-lists-title">On-chain activity</h2>
      <div className="toplists">
        <TopList title="Top callers" load={() => getTopCallers(request, projectId)} showAddress />
        <TopList title="Top events" load={() => getTopEvents(request, projectId)} />
        <TopList title="Top function calls" load={() => getTopFunctionCalls(request, projectId)} />
      </div>
    </section>
  );
}
