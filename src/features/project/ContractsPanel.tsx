import { useActor } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { fromPromise } from 'xstate';
import {
  addProjectContract,
  getChains,
  getProjectContracts,
  removeProjectContract,
  type MonitoredContract,
} from '../../../api/chains';
import { getProfile } from '../../../api/user';
import { connectProjectContracts } from '../../../machines/projects/contracts/projectContracts.connect';
import { projectContractsMachine } from '../../../machines/projects/contracts/projectContracts.machine';
import { useSignedIn } from '../../app/hooks';
import { Address, type CopyLogic } from '../../components/Address';
import { ConfirmButtons } from '../../components/RemoveButton';
import { Skeleton } from '../../components/Skeleton';
import { configuredExplorers, type ConfiguredExplorers } from '../../lib/explorer';
import { useResource } from '../../lib/useResource';
import { request } from '../../lib/client';
import { formatDate, formatNumber } from '../../../api/format';
import { inspect } from '../../lib/inspect';

// Only admins see the form: its code loads when one opens it.
const AddContractForm = lazy(() => import('./AddContractForm'));

/** The panel's machine with its requests; `admin` asks the profile for the role (a guest has none). */
const live = (signedIn: boolean) =>
  projectContractsMachine.provide({
    actors: {
      load: fromPromise(async ({ input }: { input: { projectId: string } }) => {
        const [contracts, admin] = await Promise.all([
          getProjectContracts(request, input.projectId),
          signedIn
            ? getProfile(request).then(
                (p) => p.role === 'admin',
                () => false,
              )
            : false,
        ]);
        return { contracts, admin };
      }),
      loadChains: fromPromise(() => getChains(request)),
      add: fromPromise(
        ({ input }: { input: { projectId: string; body: Parameters<typeof addProjectContract>[2] } }) =>
          addProjectContract(request, input.projectId, input.body),
      ),
      remove: fromPromise(({ input }: { input: { projectId: string; chainId: number; address: string } }) =>
        removeProjectContract(request, input.projectId, input.chainId, input.address),
      ),
      copy: fromPromise(({ input }: { input: { text: string } }) =>
        navigator.clipboard.writeText(input.text),
      ),
    },
  });
const GUEST = live(false);
const MEMBER = live(true);
export type ContractsLogic = typeof GUEST;

/** "Dec 6, 2026, 05:00 UTC". */
function blockTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${formatDate(iso)}, ${hh}:${mm} UTC`;
}

/**
 * Where a contract's figures come from, as the lines the panel shows: "Demo data", or "On chain: CHAIN, block N,
 * TIME" with the backfill's progress while it runs and the lag behind the head when there is one.
 */
export function dataSource(c: MonitoredContract): string[] {
  if (c.source === 'demo') return ['Demo data'];
  const p = c.progress;
  if (!p || p.nextBlock <= 0) return [`On chain: ${c.chain}, waiting for the first block`];
  const time = p.lastBlockAt ? blockTime(p.lastBlockAt) : '';
  const lines = [`On chain: ${c.chain}, block ${formatNumber(p.nextBlock - 1)}${time ? `, ${time}` : ''}`];
  if (p.backfillPercent < 100) lines.push(`Backfill ${Math.floor(p.backfillPercent)}%`);
  if (p.lagBlocks > 0)
    lines.push(`${formatNumber(p.lagBlocks)} ${p.lagBlocks === 1 ? 'block' : 'blocks'} behind`);
  return lines;
}

function SkeletonRows() {
  return Array.from({ length: 2 }, (_, i) => (
    <li key={i} className="contracts-item" aria-hidden="true">
      <Skeleton width={140} height={16} />
      <Skeleton width="80%" />
      <Skeleton width="60%" />
    </li>
  ));
}

const INTRO = 'Each contract, and where its figures come from.';

/** The panel while the session (and so the role) is not known: the markup of the list loading. */
function ContractsShell() {
  return (
    <section className="card panel contracts-panel" aria-labelledby="contracts-title" aria-busy>
      <div className="panel-head">
        <h2 id="contracts-title">Contracts</h2>
      </div>
      <p className="muted small">{INTRO}</p>
      <p className="contracts-status" role="status" aria-live="polite" />
      <ul className="contracts-list" aria-label="Monitored contracts">
        <SkeletonRows />
      </ul>
    </section>
  );
}

const keyOf = (c: MonitoredContract) => `${c.chainId ?? c.chain}:${c.address}`;

/** The panel for a given machine (the page's, or a test's). */
export function ContractsView({
  projectId,
  logic,
  explorers,
  copyLogic,
}: {
  projectId: string;
  logic: ContractsLogic;
  /** The configured chains' own block explorers, by chain id. */
  explorers?: ConfiguredExplorers;
  copyLogic?: CopyLogic;
}) {
  const [snapshot, send] = useActor(logic, { input: { projectId }, inspect });
  const v = connectProjectContracts(snapshot);
  return (
    <section className="card panel contracts-panel" aria-labelledby="contracts-title" aria-busy={v.loading}>
      <div className="panel-head">
        <h2 id="contracts-title">Contracts</h2>
        {v.admin && (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => send({ type: 'OPEN_ADD' })}
            disabled={!v.canAdd}
            aria-expanded={v.formOpen}
          >
            Add contract
          </button>
        )}
      </div>
      <p className="muted small">{INTRO}</p>
      <p className="contracts-status" role="status" aria-live="polite">
        {[v.notice, v.copied].filter(Boolean).join(' ')}
      </p>
      {v.error && !v.formOpen && (
        <p className="contracts-error" role="alert">
          {v.error}
        </p>
      )}
      {v.loadFailed && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => send({ type: 'RETRY' })}>
          Try again
        </button>
      )}
      {v.formOpen && (
        <Suspense fallback={<div className="contracts-form-pending skeleton" aria-busy="true" />}>
          <AddContractForm view={v} send={send} />
        </Suspense>
      )}
      <ul className="contracts-list" aria-label="Monitored contracts">
        {v.loading && <SkeletonRows />}
        {v.contracts.map((c) => {
          const confirming = v.confirming === c;
          const removing = v.removing === c;
          return (
            <li key={keyOf(c)} className="contracts-item">
              <div className="contracts-head">
                <strong className="contracts-label">{c.label}</strong>
                <span className="muted">{c.chain}</span>
              </div>
              <div className="contracts-address">
                <Address
                  value={c.address}
                  chain={c.chain}
                  chainId={c.chainId}
                  name={c.label}
                  explorers={explorers}
                  copyLogic={copyLogic}
                />
              </div>
              <p className={`contracts-source${c.source === 'demo' ? ' is-demo' : ''}`}>
                {dataSource(c).map((line, i) => (
                  <span key={i}>{line}</span>
                ))}
              </p>
              {v.admin && (
                <div className="contracts-actions">
                  {confirming ? (
                    <>
                      <span>Stop monitoring {c.label}?</span>
                      <ConfirmButtons
                        confirmText="Remove"
                        cancelText="Keep"
                        onConfirm={() => send({ type: 'CONFIRM' })}
                        onCancel={() => send({ type: 'CANCEL' })}
                      />
                    </>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      disabled={!v.canRemove || c.chainId === null}
                      aria-busy={removing}
                      onClick={() =>
                        c.chainId !== null && send({ type: 'REMOVE', chainId: c.chainId, address: c.address })
                      }
                    >
                      {removing ? 'Removing…' : 'Remove'}
                    </button>
                  )}
                </div>
              )}
            </li>
          );
        })}
        {v.ready && v.contracts.length === 0 && <li className="muted">No contracts yet.</li>}
      </ul>
    </section>
  );
}

/** The project's contracts and their monitoring status; admins add and remove them. */
export function ContractsPanel({ projectId }: { projectId: string }) {
  const signedIn = useSignedIn();
  // A configured chain may name its own explorer; without the list the public ones by chain name still link.
  const chains = useResource(() => getChains(request));
  // Until the session is known the role is not: the panel waits rather than loading twice.
  if (signedIn === null) return <ContractsShell />;
  return (
    <ContractsView
      key={`${projectId}:${signedIn}`}
      projectId={projectId}
      logic={signedIn ? MEMBER : GUEST}
      explorers={chains.data ? configuredExplorers(chains.data) : undefined}
    />
  );
}
