import type { Db } from '../db/client';
import { mailNotification, sendDigests, type MailDeps } from '../notifications/mail';
import { notifyChange, notifyIncident } from '../notifications/create';
import { enqueueChangeNotifications, recomputeInSlices, type RecomputeReason } from '../ratings/recompute';
import { computeTrending } from '../ratings/trending';
import { runDeliveryJob } from '../webhooks/deliver';
import { cleanupJobs, type Handlers, type Job } from './runner';
import type { ChainRpc } from '../chains/rpc';
import { indexerHandlers } from '../indexer/index';
import { notifyPrivileged } from '../monitoring/notify';
import { enqueueRefresh, refreshMonitored, REFRESH_QUEUE } from '../monitoring/refresh';
import { advanceBalances } from '../monitoring/signals';
import { NOTIFY_PRIVILEGED_QUEUE, storePrivilegedEvents, type ClientOf } from '../monitoring/rules';
import type { OnStored } from '../indexer/index';

const REASONS: readonly RecomputeReason[] = ['seed', 'import', 'signals', 'schedule', 'incident'];

/** A positive whole number from a job payload, or an error naming the field (the job then fails for good). */
function idIn(job: Job, field: string): number {
  const value = Number(job.payload[field]);
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new Error(`${job.queue}: payload.${field} must be an id`);
  return value;
}

/**
 * Recomputes a slice of projects at a time (recomputeInSlices), queueing a notify-change job per change in the
 * slice's transaction: the notifications' jobs exist exactly when the snapshots do (a crash before a commit leaves
 * neither, and the retry redoes both).
 */
async function recompute(db: Db, job: Job, signal?: AbortSignal) {
  const ids = Array.isArray(job.payload.ids)
    ? job.payload.ids.filter((x): x is string => typeof x === 'string')
    : undefined;
  const reason = REASONS.find((r) => r === job.payload.reason) ?? 'schedule';
  await recomputeInSlices(db, { ids, reason, signal }, enqueueChangeNotifications);
}

export type HandlerDeps = MailDeps & {
  /** Called when a job changed what the search index shows (ranks, trending order): the index is rebuilt. */
  searchChanged: () => Promise<void>;
  /** The RPC access of each chain the indexer reads (app.chains: one per chain, shared by every job). */
  rpcs: readonly ChainRpc[];
  /**
   * How long an indexer job works before handing over. A runner waits for the whole batch it claimed (one job at a
   * time on PGlite), so a follow job holding its default 30 s would hold every job claimed with it that long.
   */
  indexerSliceMs?: number;
};

/**
 * The indexer's hook, inside each range's store transaction: privileged transactions become events with one alert
 * job each (exactly once), and the contracts they touched get their surface and signals read again.
 */
const monitorStored =
  (clientOf: ClientOf): OnStored =>
  async (tx, chainId, stored) => {
    const ids = await storePrivilegedEvents(tx, chainId, stored, { clientOf });
    if (ids.length === 0) return;
    const touched = new Set(stored.logs.map((log) => log.address.toLowerCase()));
    for (const address of touched) await enqueueRefresh(tx, chainId, address, 'event');
  };

/** Every queue this product runs, by name. */
export function jobHandlers(deps: HandlerDeps): Handlers {
  const byId = new Map(deps.rpcs.map((rpc) => [rpc.chain.id, rpc]));
  const clientOf: ClientOf = (chainId) => byId.get(chainId)?.client;
  return {
    ...indexerHandlers({
      chains: [...deps.rpcs],
      onStored: monitorStored(clientOf),
      onStart: async (tx, chainId, address) => void (await enqueueRefresh(tx, chainId, address, 'start')),
      onCaughtUp: async (db, chainId, address) => void (await advanceBalances(db, chainId, address)),
      log: deps.log,
      ...(deps.indexerSliceMs
        ? { followRunMs: deps.indexerSliceMs, backfillSliceMs: deps.indexerSliceMs }
        : {}),
    }),
    [NOTIFY_PRIVILEGED_QUEUE]: async (job, db) => void (await notifyPrivileged(db, idIn(job, 'eventId'))),
    [REFRESH_QUEUE]: async (job, db) => {
      const chainId = idIn(job, 'chainId');
      const address = String(job.payload.address ?? '');
      await refreshMonitored(db, clientOf, { chainId, address }, deps.clock.now());
      await deps.searchChanged();
    },
    recompute: async (job, db, signal) => {
      await recompute(db, job, signal);
      await deps.searchChanged();
    },
    'recompute-all': async (job, db, signal) => {
      await recompute(db, { ...job, payload: { reason: job.payload.reason ?? 'schedule' } }, signal);
      await deps.searchChanged();
    },
    'notify-change': async (job, db) => void (await notifyChange(db, idIn(job, 'snapshotId'))),
    'notify-incident': async (job, db) => void (await notifyIncident(db, idIn(job, 'alertId'))),
    'mail-notification': (job, db) => mailNotification(db, deps, idIn(job, 'notificationId')),
    'digest-daily': async (_job, db) => void (await sendDigests(db, deps, 'daily')),
    'digest-weekly': async (_job, db) => void (await sendDigests(db, deps, 'weekly')),
    // Every ten minutes, mostly without a change on a quiet site: the index is rebuilt only after one (2-3 s of
    // work at 50,000 projects, half of it on the server's thread).
    trending: async (_job, db) => {
      if ((await computeTrending(db)) > 0) await deps.searchChanged();
    },
    'cleanup-jobs': async (_job, db) => void (await cleanupJobs(db, 7)),
    'webhook-delivery': (job, db) =>
      runDeliveryJob(
        db,
        {
          authSecret: deps.config.authSecret,
          production: deps.config.production,
          now: () => deps.clock.now(),
          log: deps.log,
        },
        idIn(job, 'deliveryId'),
        job,
      ),
  };
}
