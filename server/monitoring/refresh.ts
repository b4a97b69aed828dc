import { and, eq } from 'drizzle-orm';
import type { PublicClient } from 'viem';
import type { Db } from '../db/client';
import { contracts } from '../db/schema/index';
import { enqueue } from '../jobs/queue';
import { applyChainSignals } from './signals';
import { refreshSurface } from './surface';

export const REFRESH_QUEUE = 'monitoring-refresh';

/** A burst of privileged events makes one refresh per contract in this window, run at its end. */
const REFRESH_WINDOW_MS = 10_000;

/**
 * Queues a refresh of a monitored contract's privileged surface and its project's chain signals: at once when
 * monitoring starts, else at the end of the current window, one job per contract and window (its singleton key), so
 * neither a retried store, a second instance nor a burst of events queues refreshes ahead of the indexer's own jobs.
 */
export const enqueueRefresh = (
  db: Db,
  chainId: number,
  address: string,
  reason: 'start' | 'event',
  now = Date.now(),
) => {
  const window = Math.floor(now / REFRESH_WINDOW_MS);
  return enqueue(
    db,
    REFRESH_QUEUE,
    { chainId, address: address.toLowerCase() },
    {
      singletonKey: `${REFRESH_QUEUE}:${chainId}:${address.toLowerCase()}:${reason}:${window}`,
      runAt: new Date(reason === 'start' ? now : (window + 1) * REFRESH_WINDOW_MS),
    },
  );
};

/**
 * `monitoring-refresh` {chainId, address}: reads the contract's privileged addresses (classified: EOA, Safe with its
 * threshold, timelock with its delay) and functions from the chain, then feeds the project's signals computed from
 * indexed data (governance, holders, age) to the methodology: a change moves the score, its history and its alerts
 * like any other signal change.
 */
export async function refreshMonitored(
  db: Db,
  clientOf: (chainId: number) => PublicClient | undefined,
  payload: { chainId: number; address: string },
  asOf: Date,
): Promise<void> {
  const client = clientOf(payload.chainId);
  if (!client) return; // the chain is no longer configured here
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.address, payload.address.toLowerCase()), eq(contracts.chainId, payload.chainId)));
  if (!row || !row.monitoredSince) return; // removed meanwhile
  await refreshSurface(db, client, row);
  // Only the signals that moved are written; then the project is recomputed and the notifications of what changed
  // are queued, in one transaction (nothing when nothing moved: no version bump, no recompute).
  await applyChainSignals(db, row.projectId, asOf);
}
