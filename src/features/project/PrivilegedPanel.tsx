import type { ReactNode } from 'react';
import type { ProjectContract } from '../../../api/projects';
import { getChains, getProjectContracts } from '../../../api/chains';
import {
  getPrivilegedAddresses,
  getPrivilegedFunctions,
  getPrivilegedTransactions,
} from '../../../api/skynet';
import { request } from '../../lib/client';
import { useResource, type Resource } from '../../lib/useResource';
import { Skeleton } from '../../components/Skeleton';
import { formatDate } from '../../../api/format';
import { Address } from '../../components/Address';
import { configuredExplorers, type ConfiguredExplorers } from '../../lib/explorer';
import { PanelError, TableScroll } from './MonitoringPanels';
import { Tabs } from '../../components/Tabs';
import { TableHead } from '../../components/TableHead';

const RISK_TONE = { low: '', medium: 'badge-warning', high: 'badge-danger' } as const;

/** Where a contract's privileged data lives, for its addresses' explorer links; `demo`: generated, so no links. */
type Where = { chain: string; chainId: number | null; demo: boolean; explorers?: ConfiguredExplorers };

/** One of a contract's privileged tables: its heading, then the table (skeleton rows while loading) or an error. */
function DetailTable({
  title,
  columns,
  resource,
  children,
}: {
  title: string;
  columns: readonly string[];
  resource: Resource<unknown>;
  /** The rows, once loaded. */
  children: ReactNode;
}) {
  return (
    <>
      <h3>{title}</h3>
      {resource.failed ? (
        <PanelError retry={resource.retry} />
      ) : (
        <TableScroll label={`${title} table`}>
          <table className="data-table table-stacked">
            <TableHead columns={columns} />
            <tbody>
              {resource.loading &&
                Array.from({ length: 3 }, (_, i) => (
                  <tr key={i} aria-hidden="true">
                    {columns.map((column, j) => (
                      <td key={column}>
                        <Skeleton width={j === 0 ? 110 : 70} />
                      </td>
                    ))}
                  </tr>
                ))}
              {children}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}

function ContractDetails({ address, where }: { address: string; where: Where }) {
  const addresses = useResource(() => getPrivilegedAddresses(request, address));
  const functions = useResource(() => getPrivilegedFunctions(request, address));
  const txs = useResource(() => getPrivilegedTransactions(request, address));
  return (
    <div className="privileged">
      <DetailTable title="Privileged addresses" columns={['Address', 'Role', 'Type']} resource={addresses}>
        {addresses.data?.map((a) => (
          <tr key={a.address + a.role}>
            <td data-label="Address">
              <Address value={a.address} {...where} />
            </td>
            <td data-label="Role">{a.role}</td>
            <td data-label="Type">{a.isContract ? 'Contract' : 'Wallet (EOA)'}</td>
          </tr>
        ))}
      </DetailTable>
      <DetailTable title="Privileged functions" columns={['Function', 'Guard', 'Risk']} resource={functions}>
        {functions.data?.map((f) => (
          <tr key={f.signature}>
            <td className="mono" data-label="Function">
              {f.signature}
            </td>
            <td className="mono" data-label="Guard">
              {f.modifier}
            </td>
            <td data-label="Risk">
              <span className={`badge ${RISK_TONE[f.risk]}`}>{f.risk}</span>
            </td>
          </tr>
        ))}
      </DetailTable>
      <DetailTable
        title="Recent privileged transactions"
        columns={['Transaction', 'Function', 'From', 'Date']}
        resource={txs}
      >
        {txs.data?.map((t) => (
          <tr key={t.hash}>
            <td data-label="Transaction">
              <Address value={t.hash} kind="tx" {...where} />
            </td>
            <td className="mono" data-label="Function">
              {t.function}
            </td>
            <td data-label="From">
              <Address value={t.from} {...where} />
            </td>
            <td data-label="Date">{formatDate(t.timestamp)}</td>
          </tr>
        ))}
        {txs.ready && txs.data?.length === 0 && (
          <tr>
            <td colSpan={4} className="muted">
              No privileged transactions recorded.
            </td>
          </tr>
        )}
      </DetailTable>
    </div>
  );
}

/**
 * Where a contract's privileged data comes from: "Demo data" for a demo contract, "On chain: CHAIN" for one the
 * indexer reads; nothing (a reserved line) until that is known.
 */
function SourceNote({ source, chain }: { source: 'chain' | 'demo' | undefined; chain: string }) {
  return (
    <p className="privileged-source muted small">
      {source === 'demo' ? (
        <span className="data-note">Demo data</span>
      ) : source === 'chain' ? (
        <span className="data-note">On chain: {chain}</span>
      ) : null}
    </p>
  );
}

/** Privileged addresses, functions and transactions per monitored contract. */
export function PrivilegedPanel({
  contracts,
  projectId,
}: {
  contracts: ProjectContract[];
  projectId?: string;
}) {
  // Each contract's data source (demo or read from the chain), from the monitoring list.
  const monitored = useResource(() =>
    projectId ? getProjectContracts(request, projectId) : Promise.resolve([]),
  );
  // A configured chain may name its own block explorer.
  const chains = useResource(() => getChains(request));
  const explorers = chains.data ? configuredExplorers(chains.data) : undefined;
  const monitoredOf = (address: string) =>
    monitored.data?.find((m) => m.address.toLowerCase() === address.toLowerCase());
  const sourceOf = (address: string) => monitoredOf(address)?.source;
  return (
    <section className="card panel" aria-labelledby="privileged-title">
      <h2 id="privileged-title">Privileged access</h2>
      <p className="muted">
        Who can change these contracts, through which functions, and what they did recently.
      </p>
      {contracts.length === 0 ? (
        <p className="muted">No monitored contracts yet.</p>
      ) : (
        <Tabs
          label="Contracts"
          items={contracts.map((c) => ({
            key: c.address,
            title: (
              <>
                {c.label} <span className="tab-sub">{c.chain}</span>
              </>
            ),
            panel: (
              <>
                <p className="contract-address">
                  <span className="muted">Contract</span>{' '}
                  <Address
                    value={c.address}
                    chain={c.chain}
                    chainId={monitoredOf(c.address)?.chainId}
                    name={c.label}
                    explorers={explorers}
                  />
                </p>
                <SourceNote source={sourceOf(c.address)} chain={c.chain} />
                <ContractDetails
                  address={c.address}
                  where={{
                    chain: c.chain,
                    chainId: monitoredOf(c.address)?.chainId ?? null,
                    // Until the source is known the figures count as generated: no link to an explorer.
                    demo: sourceOf(c.address) !== 'chain',
                    explorers,
                  }}
                />
              </>
            ),
          }))}
        />
      )}
    </section>
  );
}
