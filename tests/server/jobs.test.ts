import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../../server/db/client';
import { jobs } from '../../server/db/schema/index';
import { enqueue } from '../../server/jobs/queue';
import {
  backoffDelay,
  claimJobs,
  cleanupJobs,
  enqueueScheduled,
  JobRunner,
  runPendingJobs,
  scheduleKeys,
  type Handlers,
} from '../../server/jobs/runner';
import { freshPostgresDatabase } from '../helpers/app';

/** Two "instances": on PostgreSQL two pools on one scratch database; on PGlite one in-memory database shared. */
let a: Database;
let b: Database;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sentinel-jobs-'));
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
    a = await openDatabase({ url: scratch.url, dataDir });
    b = await openDatabase({ url: scratch.url, dataDir });
    drop = scratch.drop;
  } else {
    a = await openDatabase({ dataDir: ':memory:' });
    b = a;
  }
});
afterAll(async () => {
  await a?.close();
  if (b !== a) await b?.close();
  await drop?.();
});

const jobRow = async (db: Db, id: number) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const clear = (db: Db) => db.execute(sql`DELETE FROM jobs`);

describe('enqueue', () => {
  it('is idempotent by singleton key', async () => {
    await clear(a.db);
    const first = await enqueue(a.db, 'noop', {}, { singletonKey: 'k:1' });
    const second = await enqueue(a.db, 'noop', {}, { singletonKey: 'k:1' });
    expect(first).toBeTypeOf('number');
    expect(second).toBeNull();
  });
});

describe('runner', () => {
  it('runs each job exactly once across two runners working in parallel', async () => {
    await clear(a.db);
    const N = 60;
    for (let i = 0; i < N; i++) await enqueue(a.db, 'count', { i });
    const seen = new Map<number, string[]>();
    const handlers = (who: string): Handlers => ({
      count: async (job) => {
        const i = Number(job.payload.i);
        seen.set(i, [...(seen.get(i) ?? []), who]);
        await new Promise((r) => setTimeout(r, 2));
      },
    });
    const [ranA, ranB] = await Promise.all([
      runPendingJobs(a.db, handlers('a'), { instance: 'a', batch: 3 }),
      runPendingJobs(b.db, handlers('b'), { instance: 'b', batch: 3 }),
    ]);
    expect(ranA + ranB).toBe(N);
    expect(seen.size).toBe(N);
    for (const who of seen.values()) expect(who).toHaveLength(1);
    if (process.env.TEST_DATABASE_URL) {
      // Both instances took part (SKIP LOCKED let them claim side by side).
      expect(ranA).toBeGreaterThan(0);
      expect(ranB).toBeGreaterThan(0);
    }
    const statuses = await a.db.execute(sql`SELECT status, count(*)::int AS n FROM jobs GROUP BY status`);
    expect((statuses as unknown as { rows: unknown[] }).rows).toEqual([{ status: 'done', n: N }]);
  });

  it('retries a job whose runner died mid-run once its lease expires', async () => {
    await clear(a.db);
    const id = (await enqueue(a.db, 'work', { x: 1 }))!;
    // Runner "dead" claims it and never finishes.
    const [claimed] = await claimJobs(a.db, 'dead', 1, 60_000);
    expect(claimed?.id).toBe(id);
    let runs = 0;
    const handlers: Handlers = { work: async () => void runs++ };
    // While the lease holds, nobody else takes it.
    expect(await runPendingJobs(b.db, handlers, { instance: 'alive' })).toBe(0);
    // The lease runs out.
    await a.db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = ${id}`);
    expect(await runPendingJobs(b.db, handlers, { instance: 'alive' })).toBe(1);
    expect(runs).toBe(1);
    const row = await jobRow(a.db, id);
    expect(row).toMatchObject({ status: 'done', attempts: 2, lockedBy: 'alive' });
  });

  it('backs off exponentially, then marks the job failed after max attempts with the last error', async () => {
    await clear(a.db);
    const id = (await enqueue(a.db, 'flaky', {}, { maxAttempts: 3 }))!;
    let calls = 0;
    const handlers: Handlers = {
      flaky: async () => {
        calls++;
        throw new Error(`boom ${calls}`);
      },
    };
    const opts = { instance: 'r', backoffMs: 1000 };
    // The next attempt is due the backoff after the failure, which happened between `before` and `after` (bounds
    // rather than a delay read afterwards, which a slow machine would shorten).
    const runAndBound = async () => {
      const before = Date.now();
      expect(await runPendingJobs(a.db, handlers, opts)).toBe(1);
      return { before, after: Date.now() };
    };
    let ran = await runAndBound();
    let row = await jobRow(a.db, id);
    expect(row.status).toBe('queued');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('boom 1');
    expect(row.runAt.getTime()).toBeGreaterThanOrEqual(ran.before + 1000 - 5);
    expect(row.runAt.getTime()).toBeLessThanOrEqual(ran.after + 1000 + 5);
    // Not due yet: nothing runs.
    expect(await runPendingJobs(a.db, handlers, opts)).toBe(0);
    await a.db.execute(sql`UPDATE jobs SET run_at = now() WHERE id = ${id}`);
    ran = await runAndBound();
    row = await jobRow(a.db, id);
    expect(row.status).toBe('queued');
    // doubled
    expect(row.runAt.getTime()).toBeGreaterThanOrEqual(ran.before + 2000 - 5);
    expect(row.runAt.getTime()).toBeLessThanOrEqual(ran.after + 2000 + 5);
    await a.db.execute(sql`UPDATE jobs SET run_at = now() WHERE id = ${id}`);
    expect(await runPendingJobs(a.db, handlers, opts)).toBe(1);
    row = await jobRow(a.db, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.lastError).toContain('boom 3');
    expect(row.finishedAt).not.toBeNull();
    expect(await runPendingJobs(a.db, handlers, opts)).toBe(0);
    expect(calls).toBe(3);
    expect(backoffDelay(1, 1000)).toBe(1000);
    expect(backoffDelay(4, 1000)).toBe(8000);
    expect(backoffDelay(30, 1000, 60_000)).toBe(60_000);
  });

  it('fails a job whose lease expired on its last attempt instead of running it again', async () => {
    await clear(a.db);
    const id = (await enqueue(a.db, 'work', {}, { maxAttempts: 1 }))!;
    await claimJobs(a.db, 'dead', 1, 60_000);
    await a.db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = ${id}`);
    let runs = 0;
    expect(await runPendingJobs(a.db, { work: async () => void runs++ })).toBe(0);
    expect(runs).toBe(0);
    expect((await jobRow(a.db, id)).status).toBe('failed');
  });

  it('a job with no handler fails (and is retried later) rather than vanishing', async () => {
    await clear(a.db);
    const id = (await enqueue(a.db, 'nobody-handles-this', {}))!;
    await runPendingJobs(a.db, {});
    const row = await jobRow(a.db, id);
    expect(row.status).toBe('queued');
    expect(row.lastError).toContain('No handler');
  });

  it('gives the event loop a turn between jobs, so requests are answered while a queue drains', async () => {
    await clear(a.db);
    for (let i = 0; i < 5; i++) await enqueue(a.db, 'step', {});
    // Turns of the event loop, counted while the queue drains. On PGlite the database runs on this thread and
    // answers without giving the loop a turn: without one between jobs, requests wait for the whole queue.
    let turns = 0;
    let draining = true;
    const count = () => {
      turns++;
      if (draining) setImmediate(count);
    };
    setImmediate(count);
    const seen: number[] = [];
    await runPendingJobs(a.db, { step: async () => void seen.push(turns) }, { batch: 1 });
    draining = false;
    expect(seen).toHaveLength(5);
    for (let i = 1; i < seen.length; i++) expect(seen[i], `job ${i}`).toBeGreaterThan(seen[i - 1]!);
  });

  it('stop() ends a long job at its next step and queues it again as it was, its attempt given back', async () => {
    await clear(a.db);
    let steps = 0;
    const runner = new JobRunner(
      a.db,
      {
        // A job of many steps (a recompute of 50,000 projects in slices) that looks at the signal between them.
        long: async (_job, _db, signal) => {
          for (let i = 0; i < 1000; i++) {
            signal.throwIfAborted();
            steps++;
            await new Promise((r) => setTimeout(r, 10));
          }
        },
      },
      { pollMs: 10, schedule: false },
    );
    const id = (await enqueue(a.db, 'long', {}))!;
    runner.start();
    for (let i = 0; i < 200 && steps < 3; i++) await new Promise((r) => setTimeout(r, 10));
    expect(steps).toBeGreaterThanOrEqual(3);
    await runner.stop();
    expect(steps).toBeLessThan(100); // it did not run to its end
    expect(await jobRow(a.db, id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      lockedBy: null,
      lastError: null,
    });
  });

  it('the loop picks up jobs by polling, and stop() waits for the job in flight', async () => {
    await clear(a.db);
    let done = 0;
    const runner = new JobRunner(
      a.db,
      { slow: async () => void (await new Promise((r) => setTimeout(r, 50)), done++) },
      {
        pollMs: 20,
        schedule: false,
      },
    );
    runner.start();
    await enqueue(a.db, 'slow', {});
    for (let i = 0; i < 100 && done === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(1);
    await enqueue(a.db, 'slow', {});
    await new Promise((r) => setTimeout(r, 40));
    await runner.stop();
    const left = await a.db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE status = 'running'`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('schedule', () => {
  it('enqueues one job per period however many instances call it', async () => {
    await clear(a.db);
    const now = new Date('2026-03-04T10:27:00Z'); // a Wednesday
    await Promise.all([
      enqueueScheduled(a.db, now),
      enqueueScheduled(b.db, now),
      enqueueScheduled(a.db, now),
    ]);
    const keys = (await a.db.select({ k: jobs.singletonKey, q: jobs.queue }).from(jobs))
      .map((r) => r.k)
      .sort();
    expect(keys).toEqual(
      [
        'cleanup-jobs:2026-03-04',
        'digest-daily:2026-03-04',
        'digest-weekly:2026-03-02',
        'recompute-all:2026-03-04T10',
        'trending:2026-03-04T10:20',
      ].sort(),
    );
    expect(scheduleKeys(new Date('2026-03-04T11:00:00Z'))['recompute-all']).toBe(
      'recompute-all:2026-03-04T11',
    );
    expect(scheduleKeys(new Date('2026-03-08T23:59:00Z'))['digest-weekly']).toBe('digest-weekly:2026-03-02');
    expect(scheduleKeys(new Date('2026-03-09T00:00:00Z'))['digest-weekly']).toBe('digest-weekly:2026-03-09');
  });

  it('cleans up done jobs older than 7 days and keeps failed ones', async () => {
    await clear(a.db);
    await a.db.insert(jobs).values([
      { queue: 'x', payload: {}, status: 'done', finishedAt: new Date(Date.now() - 8 * 86_400_000) },
      { queue: 'x', payload: {}, status: 'done', finishedAt: new Date(Date.now() - 6 * 86_400_000) },
      { queue: 'x', payload: {}, status: 'failed', finishedAt: new Date(Date.now() - 30 * 86_400_000) },
    ]);
    expect(await cleanupJobs(a.db, 7)).toBe(1);
    expect((await a.db.select().from(jobs)).map((j) => j.status).sort()).toEqual(['done', 'failed']);
  });
});
