import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { nextTurn, type Db } from '../db/client';
import { rows } from '../db/rows';
import { enqueue } from './queue';

/** A claimed job, as the handler sees it. `attempts` counts this run (1 on the first). */
export type Job = {
  id: number;
  queue: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  singletonKey: string | null;
};

export type JobLog = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

/**
 * Runs one job. Throwing makes it a failed attempt (retried with backoff until max_attempts). `signal` is aborted
 * when the runner stops (the server is shutting down): a long job checks it between steps and throws, and is then
 * queued again as it was (see release), so a shutdown does not wait for it.
 */
export type JobHandler = (job: Job, db: Db, signal: AbortSignal) => Promise<void>;
export type Handlers = Record<string, JobHandler>;

export type RunOptions = {
  /** Who holds the lease (locked_by); unique per runner. */
  instance?: string;
  /** How long a claim holds a job before another runner may take it over (heartbeats extend it). */
  leaseMs?: number;
  /** Jobs claimed (and run in parallel) per round. */
  batch?: number;
  /** First retry delay; doubles per attempt, capped at maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  log?: JobLog;
  /** Checked between rounds: false stops the run (the runner is stopping). */
  keepGoing?: () => boolean;
  /** Aborted when the runner stops; handed to each handler. */
  signal?: AbortSignal;
  /** Which queues this runner claims: only these, or all but these (a lane of its own for latency-bound work). */
  queues?: QueueFilter;
};

export type QueueFilter = { only: readonly string[] } | { except: readonly string[] };

const DEFAULTS = { leaseMs: 60_000, batch: 1, backoffMs: 5_000, maxBackoffMs: 60 * 60_000 };

const silent: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

type JobRow = {
  id: string | number;
  queue: string;
  payload: Record<string, unknown> | string;
  attempts: number;
  max_attempts: number;
  singleton_key: string | null;
};

const toJob = (r: JobRow): Job => ({
  id: Number(r.id),
  queue: r.queue,
  payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
  attempts: Number(r.attempts),
  maxAttempts: Number(r.max_attempts),
  singletonKey: r.singleton_key,
});

/** Delay before the next attempt after `attempts` failed ones: backoff × 2^(attempts−1), capped. */
export const backoffDelay = (
  attempts: number,
  backoffMs = DEFAULTS.backoffMs,
  maxMs = DEFAULTS.maxBackoffMs,
) => Math.min(maxMs, backoffMs * 2 ** Math.max(0, attempts - 1));

/**
 * Claims up to `limit` runnable jobs for `instance`: queued ones that are due, and running ones whose lease ran
 * out (their runner died). One statement: `FOR UPDATE SKIP LOCKED` lets several runners claim at once without
 * waiting on each other or taking the same row. A job whose lease ran out on its last attempt is marked failed
 * instead of being claimed again.
 */
export async function claimJobs(
  db: Db,
  instance: string,
  limit: number,
  leaseMs: number,
  queues?: QueueFilter,
): Promise<Job[]> {
  const lane = !queues
    ? sql``
    : 'only' in queues
      ? sql` AND queue IN (SELECT jsonb_array_elements_text(${JSON.stringify(queues.only)}::jsonb))`
      : sql` AND queue NOT IN (SELECT jsonb_array_elements_text(${JSON.stringify(queues.except)}::jsonb))`;
  await db.execute(sql`
    UPDATE jobs SET status = 'failed', finished_at = now(), locked_until = NULL,
      last_error = coalesce(last_error || E'\n', '') || 'lease expired on the last attempt (runner stopped)'
    WHERE status = 'running' AND locked_until < now() AND attempts >= max_attempts`);
  const result = await db.execute(sql`
    UPDATE jobs SET status = 'running', attempts = attempts + 1,
      locked_until = now() + ${`${leaseMs} milliseconds`}::interval, locked_by = ${instance}
    WHERE id IN (
      SELECT id FROM jobs
      WHERE ((status = 'queued' AND run_at <= now())
         OR (status = 'running' AND locked_until < now() AND attempts < max_attempts))${lane}
      ORDER BY run_at
      FOR UPDATE SKIP LOCKED
      LIMIT ${limit})
    RETURNING id, queue, payload, attempts, max_attempts, singleton_key`);
  return rows<JobRow>(result).map(toJob);
}

/** Marks a job done, unless another runner took it over meanwhile (then that runner's outcome counts). */
async function complete(db: Db, job: Job, instance: string) {
  await db.execute(sql`
    UPDATE jobs SET status = 'done', finished_at = now(), locked_until = NULL, last_error = NULL
    WHERE id = ${job.id} AND status = 'running' AND locked_by = ${instance} AND attempts = ${job.attempts}`);
}

/** A failed attempt: queued again after the backoff, or failed for good after max_attempts (error kept). */
async function fail(db: Db, job: Job, instance: string, error: string, delayMs: number) {
  const guard = sql`id = ${job.id} AND status = 'running' AND locked_by = ${instance} AND attempts = ${job.attempts}`;
  if (job.attempts >= job.maxAttempts) {
    await db.execute(sql`
      UPDATE jobs SET status = 'failed', finished_at = now(), locked_until = NULL, last_error = ${error.slice(0, 4000)}
      WHERE ${guard}`);
  } else {
    await db.execute(sql`
      UPDATE jobs SET status = 'queued', run_at = now() + ${`${delayMs} milliseconds`}::interval,
        locked_until = NULL, locked_by = NULL, last_error = ${error.slice(0, 4000)}
      WHERE ${guard}`);
  }
}

/** A job its handler gave up because the runner is stopping: queued again at once, its attempt given back. */
async function release(db: Db, job: Job, instance: string) {
  await db.execute(sql`
    UPDATE jobs SET status = 'queued', attempts = attempts - 1, run_at = now(), locked_until = NULL, locked_by = NULL
    WHERE id = ${job.id} AND status = 'running' AND locked_by = ${instance} AND attempts = ${job.attempts}`);
}

/** Runs one claimed job with a heartbeat that keeps its lease while it runs. */
async function runJob(
  db: Db,
  handlers: Handlers,
  job: Job,
  instance: string,
  o: { leaseMs: number; backoffMs: number; maxBackoffMs: number; log: JobLog; signal: AbortSignal },
) {
  const handler = handlers[job.queue];
  const heartbeat = setInterval(
    () => {
      void db
        .execute(
          sql`
          UPDATE jobs SET locked_until = now() + ${`${o.leaseMs} milliseconds`}::interval
          WHERE id = ${job.id} AND status = 'running' AND locked_by = ${instance} AND attempts = ${job.attempts}`,
        )
        .catch(() => undefined);
    },
    Math.max(50, Math.floor(o.leaseMs / 3)),
  );
  heartbeat.unref();
  try {
    if (!handler) throw new Error(`No handler for queue "${job.queue}"`);
    await handler(job, db, o.signal);
    clearInterval(heartbeat);
    await complete(db, job, instance);
    return true;
  } catch (err) {
    clearInterval(heartbeat);
    if (o.signal.aborted) {
      o.log.info({ jobId: job.id, queue: job.queue }, 'job stopped by shutdown; queued again');
      await release(db, job, instance);
      return false;
    }
    const cause =
      err instanceof Error && err.cause instanceof Error ? `\nCaused by: ${err.cause.message}` : '';
    const message = (err instanceof Error ? (err.stack ?? err.message) : String(err)) + cause;
    o.log.warn({ jobId: job.id, queue: job.queue, attempt: job.attempts, err: message }, 'job failed');
    // A handler with its own schedule (webhook deliveries) says when to try again.
    const asked = (err as { retryInMs?: unknown } | null)?.retryInMs;
    const delay =
      typeof asked === 'number' && Number.isFinite(asked) && asked >= 0
        ? asked
        : backoffDelay(job.attempts, o.backoffMs, o.maxBackoffMs);
    await fail(db, job, instance, message, delay);
    return false;
  }
}

const defaultInstance = () => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Claims and runs jobs until none is runnable (also jobs queued by the jobs it ran). Returns how many ran.
 * Tests drain with it; the runner's loop calls it on every poll.
 */
export async function runPendingJobs(db: Db, handlers: Handlers, options: RunOptions = {}): Promise<number> {
  const instance = options.instance ?? defaultInstance();
  const o = {
    leaseMs: options.leaseMs ?? DEFAULTS.leaseMs,
    batch: options.batch ?? DEFAULTS.batch,
    backoffMs: options.backoffMs ?? DEFAULTS.backoffMs,
    maxBackoffMs: options.maxBackoffMs ?? DEFAULTS.maxBackoffMs,
    log: options.log ?? silent,
    signal: options.signal ?? new AbortController().signal,
  };
  let ran = 0;
  for (;;) {
    if (options.keepGoing && !options.keepGoing()) return ran;
    const claimed = await claimJobs(db, instance, o.batch, o.leaseMs, options.queues);
    if (claimed.length === 0) return ran;
    await Promise.all(claimed.map((job) => runJob(db, handlers, job, instance, o)));
    ran += claimed.length;
    // A recompute queues thousands of notification jobs: without a turn between them, on PGlite they held every
    // request for half a minute (npm run bench:ratings).
    await nextTurn();
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const utcDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** The singleton keys of the scheduled jobs for the period `now` is in (UTC). */
export function scheduleKeys(now: Date) {
  const hour = `${utcDay(now)}T${pad(now.getUTCHours())}`;
  const tenMinutes = `${hour}:${pad(Math.floor(now.getUTCMinutes() / 10) * 10)}`;
  // The week is named by its Monday (ISO weeks start on Monday).
  const monday = new Date(now.getTime() - ((now.getUTCDay() + 6) % 7) * 86_400_000);
  return {
    'recompute-all': `recompute-all:${hour}`,
    trending: `trending:${tenMinutes}`,
    'digest-daily': `digest-daily:${utcDay(now)}`,
    'digest-weekly': `digest-weekly:${utcDay(monday)}`,
    'cleanup-jobs': `cleanup-jobs:${utcDay(now)}`,
  } as const;
}

/**
 * Enqueues this period's scheduled jobs. Every instance calls it on its timer; the singleton keys make sure one
 * job exists per period however many instances do.
 */
export async function enqueueScheduled(db: Db, now: Date): Promise<void> {
  const keys = scheduleKeys(now);
  for (const [queue, key] of Object.entries(keys)) {
    const payload = queue === 'recompute-all' ? { reason: 'schedule' } : {};
    await enqueue(db, queue, payload, { singletonKey: key });
  }
}

/** Deletes finished (done) jobs older than `days`; failed ones stay for inspection. */
export async function cleanupJobs(db: Db, days = 7): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM jobs WHERE status = 'done' AND finished_at < now() - ${`${days} days`}::interval RETURNING id`);
  return rows(result).length;
}

export type RunnerOptions = RunOptions & {
  /** Poll interval of the loop (ms). */
  pollMs?: number;
  /** How often the schedule is checked (ms); the schedule also runs once at start. */
  scheduleMs?: number;
  /** Enqueue the scheduled jobs (recompute-all, trending, digests, cleanup). */
  schedule?: boolean;
  now?: () => Date;
};

/**
 * One runner per instance: polls the jobs table every `pollMs` and runs what it claims. Several instances on one
 * PostgreSQL each run a job once (SKIP LOCKED claims, leases). `drain()` runs everything runnable now (tests).
 */
export class JobRunner {
  readonly instance: string;
  private readonly options: RunnerOptions;
  private pollTimer: NodeJS.Timeout | undefined;
  private scheduleTimer: NodeJS.Timeout | undefined;
  private current: Promise<unknown> = Promise.resolve();
  private stopped = true;
  /** Aborted by stop(): the jobs in flight stop at their next step. */
  private stopping = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly handlers: Handlers,
    options: RunnerOptions = {},
  ) {
    this.instance = options.instance ?? defaultInstance();
    this.options = options;
  }

  private get log(): JobLog {
    return this.options.log ?? silent;
  }

  /** Runs every runnable job now (serialised with the loop), until none is left. */
  drain(): Promise<number> {
    return this.run({});
  }

  private run(extra: Pick<RunOptions, 'keepGoing'>): Promise<number> {
    const go = () =>
      runPendingJobs(this.db, this.handlers, {
        ...this.options,
        ...extra,
        instance: this.instance,
        signal: this.stopping.signal,
      });
    const next = this.current.then(go, go);
    this.current = next.catch(() => undefined);
    return next;
  }

  /** Enqueues this period's scheduled jobs. */
  schedule(): Promise<void> {
    return enqueueScheduled(this.db, (this.options.now ?? (() => new Date()))());
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.stopping.signal.aborted) this.stopping = new AbortController();
    const pollMs = this.options.pollMs ?? 500;
    const tick = () => {
      if (this.stopped) return;
      this.run({ keepGoing: () => !this.stopped })
        .catch((err: unknown) => this.log.error({ err }, 'job poll failed'))
        .finally(() => {
          if (!this.stopped) this.pollTimer = setTimeout(tick, pollMs);
        });
    };
    if (this.options.schedule !== false) {
      const scheduleTick = () =>
        void this.schedule().catch((err: unknown) => this.log.error({ err }, 'job schedule failed'));
      scheduleTick();
      this.scheduleTimer = setInterval(scheduleTick, this.options.scheduleMs ?? 60_000);
      this.scheduleTimer.unref();
    }
    this.pollTimer = setTimeout(tick, 0);
  }

  /**
   * Stops polling, tells the jobs in flight to stop at their next step (a recompute between two slices: queued
   * again, the slices done stay done) and waits for them (their leases would otherwise have to expire).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort(new Error('the job runner is stopping'));
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.scheduleTimer) clearInterval(this.scheduleTimer);
    this.pollTimer = this.scheduleTimer = undefined;
    await this.current.catch(() => undefined);
  }
}
