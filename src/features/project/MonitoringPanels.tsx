import { getExchangeMetrics } from '../../../api/skynet';
import { request } from '../../lib/client';
import { useResource } from '../../lib/useResource';
import { SkeletonCell } from '../../components/Skeleton';
import { formatDate, formatUsd } from '../../../api/format';

/** A horizontally scrollable table wrapper, reachable by keyboard so narrow screens can scroll it. */
export function TableScroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** Says that a panel's figures are generated, not observed. */
export function DemoNote() {
  return <span className="data-note">Demo data</span>;
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

/**
 * Exchange metrics (skynet metric-latest exchanges). Its head is written out, not TableHead: this panel loads with a
 * guest's first key press on a project page, whose budget another chunk would strain.
 */
export function ExchangePanel({ projectId }: { projectId: string }) {
  const metric = useResource(() => getExchangeMetrics(request, projectId));
  const rows = metric.data?.value ?? [];
  return (
    <section className="card panel" aria-labelledby="exchanges-title">
      <div className="panel-head">
        <h2 id="exchanges-title">Exchange metrics</h2>
        <span className="panel-notes">
          {metric.data && <span className="muted small">Updated {formatDate(metric.data.updatedAt)}</span>}
          <DemoNote />
        </span>
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
                    <SkeletonCell width={90} />
                    <SkeletonCell className="num" width={60} />
                    <SkeletonCell className="num" width={60} />
                    <SkeletonCell className="num" width={20} />
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
