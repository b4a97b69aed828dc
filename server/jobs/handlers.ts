import type { Db } from '../db/client';
import { mailNotification, sendDigests, type MailDeps } from '../notifications/mail';
import { notifyChange, notifyIncident } from '../notifications/create';
import { enqueueChangeNotifications, recomputeInSlices, type RecomputeReason } from '../ratings/recompute';
import { computeTrending } from '../ratings/trending';
import { runDeliveryJob } from '../webhooks/deliver';
import { cleanupJobs, type Handlers, type Job } from './runner';

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
};

/** Every queue this product runs, by name. */
export function jobHandlers(deps: HandlerDeps): Handlers {
  return {
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
