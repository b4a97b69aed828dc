import { getTopCallers, getTopEvents, getTopFunctionCalls, type TopEntry } from '../../../api/skynet';
import { Address } from '../../components/Address';
import { Skeleton } from '../../components/Skeleton';
import { request } from '../../lib/client';
import { formatNumber } from '../../../api/format';
import { useResource } from '../../lib/useResource';
import { DemoNote, PanelError } from './MonitoringPanels';

// A module of its own: the exchange panel (MonitoringPanels) is in a desktop's first view, and the address
// component (its machines, the explorer table) need not load with it.

function TopList({
  title,
  load,
  addresses,
}: {
  title: string;
  load: () => Promise<TopEntry[]>;
  /** Entries are accounts on this chain (demo ones get no explorer link). */
  addresses?: { chain: string; demo: boolean };
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
              {addresses && e.address ? (
                <Address value={e.address} chain={addresses.chain} demo={addresses.demo} />
              ) : (
                <span>{e.name}</span>
              )}
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

/**
 * Top callers, events and function calls (skynet, 10 each); `demo`: generated, not read from the chain; `chain`:
 * where the callers' addresses are, for their explorer links.
 */
export function TopListsPanel({
  projectId,
  demo = true,
  chain = '',
}: {
  projectId: string;
  demo?: boolean;
  chain?: string;
}) {
  return (
    <section className="card panel" aria-labelledby="activity-lists-title">
      <div className="panel-head">
        <h2 id="activity-lists-title">On-chain activity</h2>
        {demo && <DemoNote />}
      </div>
      <div className="toplists">
        <TopList
          title="Top callers"
          load={() => getTopCallers(request, projectId)}
          addresses={{ chain, demo }}
        />
        <TopList title="Top events" load={() => getTopEvents(request, projectId)} />
        <TopList title="Top function calls" load={() => getTopFunctionCalls(request, projectId)} />
      </div>
    </section>
  );
}
