import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importProjects } from '../../server/cli/import';
import type { Db } from '../../server/db/client';
import { jobs, projects, projectSignals, scoreSnapshots } from '../../server/db/schema/index';
import { rate } from '../../server/ratings/methodology';
import {
  applySignalChanges,
  enqueueChangeNotifications,
  ProjectNotFoundError,
  recomputeInSlices,
  recomputeProjects,
  type ScoreChange,
  UnknownSignalError,
} from '../../server/ratings/recompute';
import { rows } from '../../server/db/rows';
import type { TestApp } from '../helpers/app';
import { createSeededApp, SEED_DAY } from '../helpers/seeded';
import { signIn } from '../helpers/signed-in';

let t: TestApp;
let db: Db;
/**
 * The one project no watchlist holds: its changes queue no notify job (no one would be told). An audited one, whose
 * score moves as its audit ages (a native coin such as Dogecoin has no audit to age).
 */
const UNWATCHED = 'chainlink';
beforeAll(async () => {
  t = await createSeededApp(60);
  db = t.app.db;
  const watcher = await signIn(t.app);
  const everyOther = (await db.select({ id: projects.id }).from(projects))
    .map((p) => p.id)
    .filter((id) => id !== UNWATCHED);
  const list = await watcher.inject({
    method: 'POST',
    url: '/api/watchlist/create',
    payload: { name: 'Everything else', projects: everyOther },
  });
  expect(list.statusCode, list.body).toBe(200);
}, 120_000);
/** How many of the changes are of watched projects (a notify-change job each). */
const watched = (changes: ScoreChange[]) => changes.filter((c) => c.projectId !== UNWATCHED).length;
afterAll(async () => t.close());

const later = (days: number) => new Date(SEED_DAY.getTime() + days * 86_400_000);
const snapshotsOf = (id: string) =>
  db.select().from(scoreSnapshots).where(eq(scoreSnapshots.projectId, id)).orderBy(scoreSnapshots.id);

describe('recomputeProjects', () => {
  it('on the seed day changes nothing: the seed already stored today', async () => {
    expect(await recomputeProjects(db, { reason: 'schedule', asOf: SEED_DAY })).toEqual([]);
  });

  it('months later stores a snapshot for each project whose rating moved, naming audit freshness', async () => {
    const before = new Map((await db.select().from(projects)).map((p) => [p.id, p]));
    const asOf = later(120);
    const changes = await recomputeProjects(db, { reason: 'schedule', asOf });
    expect(changes.length).toBeGreaterThan(0);
    const stored = await db.select().from(projects);
    const signals = new Map((await db.select().from(projectSignals)).map((s) => [s.projectId, s]));
    for (const p of stored) {
      const r = rate(signals.get(p.id)!.values, asOf);
      expect([p.id, p.score, p.subScores, p.tier]).toEqual([p.id, r.score, r.subScores, r.tier]);
    }
    const audited = changes.find((c) => c.moves.some((m) => m.signal === 'lastAuditDay'))!;
    expect(audited.before).toEqual({
      score: before.get(audited.projectId)!.score,
      tier: before.get(audited.projectId)!.tier,
      audited: true,
      kyc: before.get(audited.projectId)!.kyc,
    });
    expect(audited.after.score).toBeLessThan(audited.before!.score);
    const snaps = await snapshotsOf(audited.projectId);
    const last = snaps[snaps.length - 1]!;
    expect(last).toMatchObject({ id: audited.snapshotId, reason: 'schedule', score: audited.after.score });
    expect(last.computedAt.toISOString()).toBe(asOf.toISOString());
    // Ranks follow the new scores.
    const ranked = await db.select().from(projects).orderBy(projects.rank);
    for (let i = 1; i < ranked.length; i++)
      expect(ranked[i]!.score).toBeLessThanOrEqual(ranked[i - 1]!.score);
    // Again on the same day: nothing moved.
    expect(await recomputeProjects(db, { reason: 'schedule', asOf })).toEqual([]);
  });

  it('works inside a caller transaction (rolled back with it)', async () => {
    const [p] = await db.select().from(projects).limit(1);
    const count = (await snapshotsOf(p!.id)).length;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE project_signals SET "values" = "values" || '{"incidents12m": 3}' WHERE project_id = ${p!.id}`,
        );
        const changes = await recomputeProjects(tx as unknown as Db, {
          ids: [p!.id],
          reason: 'incident',
          asOf: later(120),
        });
        expect(changes).toHaveLength(1);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await snapshotsOf(p!.id)).toHaveLength(count);
  });
});

describe('applySignalChanges', () => {
  it('merges the signals, recomputes, stores the moved signal first and queues one notify job', async () => {
    const [p] = await db.select().from(projects).where(eq(projects.id, 'ethereum'));
    const [sig] = await db.select().from(projectSignals).where(eq(projectSignals.projectId, 'ethereum'));
    const changes = await applySignalChanges(
      db,
      'ethereum',
      { incidents12m: 2, incidentLossUsd12m: 5_000_000 },
      { asOf: later(120) },
    );
    expect(changes).toHaveLength(1);
    const c = changes[0]!;
    expect(c.projectName).toBe('Ethereum');
    expect(c.moves[0]!.signal).toBe('incidents12m');
    expect(c.moves[0]!.delta).toBeLessThan(0);
    expect(c.after.score).toBeLessThan(p!.score);
    const [after] = await db.select().from(projectSignals).where(eq(projectSignals.projectId, 'ethereum'));
    expect(after!.version).toBe(sig!.version + 1);
    expect(after!.values.incidents12m).toBe(2);
    expect(after!.values.holderCount).toBe(sig!.values.holderCount);
    const queued = await db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `notify-change:${c.snapshotId}`));
    expect(queued).toMatchObject([{ queue: 'notify-change', payload: { snapshotId: c.snapshotId } }]);
    // The same values again: no change, no job.
    expect(await applySignalChanges(db, 'ethereum', { incidents12m: 2 }, { asOf: later(120) })).toEqual([]);
  });

  it('queues no notify job for a change of a project no watchlist holds', async () => {
    const changes = await applySignalChanges(db, UNWATCHED, { incidents12m: 3 }, { asOf: later(120) });
    expect(changes).toHaveLength(1);
    expect(await snapshotsOf(UNWATCHED)).toContainEqual(
      expect.objectContaining({ id: changes[0]!.snapshotId }),
    );
    const queued = await db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `notify-change:${changes[0]!.snapshotId}`));
    expect(queued).toEqual([]);
  });

  it('rejects unknown signals and projects, writing nothing', async () => {
    await expect(applySignalChanges(db, 'ethereum', { tvl: 1 })).rejects.toBeInstanceOf(UnknownSignalError);
    await expect(applySignalChanges(db, 'no-such-project', { auditCount: 1 })).rejects.toBeInstanceOf(
      ProjectNotFoundError,
    );
  });
});

describe('import of a signal change', () => {
  it('creates a snapshot with the moved signal first and the notify jobs, once', async () => {
    const [btc] = await db.select().from(projects).where(eq(projects.id, 'bitcoin'));
    const record = {
      id: 'bitcoin',
      name: 'Bitcoin',
      tokenTickers: ['BTC'],
      chains: ['Bitcoin'],
      signals: { multisigThreshold: 1 },
      alerts: [
        {
          severity: 'critical',
          title: 'Bitcoin: bridge key compromise',
          description: 'd',
          lossUsd: 1000,
          occurredAt: '2026-11-19T10:00:00Z',
        },
      ],
    };
    const first = await importProjects(db, [record], { asOf: SEED_DAY });
    expect(first.errors).toEqual([]);
    expect(first.changes).toHaveLength(1);
    const change = first.changes[0]!;
    expect(change.moves[0]).toMatchObject({ signal: 'multisigThreshold', to: 10 });
    expect(change.after.score).toBeLessThan(btc!.score);
    const snaps = await snapshotsOf('bitcoin');
    expect(snaps[snaps.length - 1]).toMatchObject({ id: change.snapshotId, reason: 'import' });
    expect(first.newAlertIds).toHaveLength(1);
    const countJobs = async () =>
      rows<{ queue: string; key: string }>(
        await db.execute(sql`SELECT queue, singleton_key AS key FROM jobs WHERE singleton_key IN
          (${`notify-change:${change.snapshotId}`}, ${`notify-incident:${first.newAlertIds[0]}`}) ORDER BY queue`),
      );
    expect(await countJobs()).toEqual([
      { queue: 'notify-change', key: `notify-change:${change.snapshotId}` },
      { queue: 'notify-incident', key: `notify-incident:${first.newAlertIds[0]}` },
    ]);
    const totalBefore = await db.select({ n: sql<number>`count(*)::int` }).from(jobs);
    const again = await importProjects(db, [record], { asOf: SEED_DAY });
    expect(again).toMatchObject({ imported: 1, changes: [], newAlertIds: [] });
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(jobs)).toEqual(totalBefore);
  });
});

// Last: it moves the ratings far ahead of the days the tests above use.
describe('recomputeInSlices (the recompute jobs)', () => {
  const notifyJobs = async () =>
    rows<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE queue = 'notify-change'`),
    )[0]!.n;
  const ranksFollowScores = async () => {
    const ranked = await db.select().from(projects).orderBy(projects.rank);
    for (let i = 1; i < ranked.length; i++)
      expect(ranked[i]!.score).toBeLessThanOrEqual(ranked[i - 1]!.score);
  };

  it('hands each slice its changes in its own transaction, gives the event loop a turn between slices, then ranks', async () => {
    const asOf = later(240);
    const notifiedBefore = await notifyJobs();
    const order: string[] = [];
    const slices: ScoreChange[][] = [];
    // A request arriving while the job runs: on PGlite the database runs on this thread, so it is answered only if
    // the recompute lets the event loop turn before it is done.
    setImmediate(() => order.push('turn'));
    const changed = await recomputeInSlices(
      db,
      { reason: 'schedule', asOf },
      async (tx, changes) => {
        order.push('slice');
        slices.push(changes);
        await enqueueChangeNotifications(tx, changes);
      },
      25,
    );
    expect(slices).toHaveLength(3); // 60 projects, 25 a slice
    expect(order.indexOf('turn')).toBeGreaterThan(-1);
    expect(order.indexOf('turn')).toBeLessThan(order.lastIndexOf('slice'));
    expect(changed).toBeGreaterThan(0);
    expect(slices.flat()).toHaveLength(changed);
    expect(new Set(slices.flat().map((c) => c.projectId)).size).toBe(changed);
    expect(slices.flat().some((c) => c.projectId === UNWATCHED)).toBe(true);
    expect(await notifyJobs()).toBe(notifiedBefore + watched(slices.flat()));
    // What one recompute would write: every project rated as of the day, ranks by score.
    const signals = new Map((await db.select().from(projectSignals)).map((s) => [s.projectId, s]));
    for (const p of await db.select().from(projects))
      expect([p.id, p.score, p.tier]).toEqual([
        p.id,
        rate(signals.get(p.id)!.values, asOf).score,
        rate(signals.get(p.id)!.values, asOf).tier,
      ]);
    await ranksFollowScores();
    expect(await recomputeProjects(db, { reason: 'schedule', asOf })).toEqual([]);
  });

  it('after a failing slice keeps the slices done; the retry does the rest once, and ranks', async () => {
    const asOf = later(400);
    const notifiedBefore = await notifyJobs();
    let calls = 0;
    const firstSlice: ScoreChange[] = [];
    await expect(
      recomputeInSlices(
        db,
        { reason: 'schedule', asOf },
        async (tx, changes) => {
          if (++calls === 2) throw new Error('slice failed');
          firstSlice.push(...changes);
          await enqueueChangeNotifications(tx, changes);
        },
        25,
      ),
    ).rejects.toThrow('slice failed');
    expect(firstSlice.length).toBeGreaterThan(0);
    expect(await notifyJobs()).toBe(notifiedBefore + watched(firstSlice));
    for (const c of firstSlice) expect((await snapshotsOf(c.projectId)).at(-1)!.id).toBe(c.snapshotId);

    // Aborted (the server shutting down) after the next slice: the same, it stops between slices.
    const stopping = new AbortController();
    let sliced = 0;
    await expect(
      recomputeInSlices(
        db,
        { reason: 'schedule', asOf, signal: stopping.signal },
        async (tx, changes) => {
          sliced++;
          stopping.abort(new Error('stopping'));
          firstSlice.push(...changes);
          await enqueueChangeNotifications(tx, changes);
        },
        25,
      ),
    ).rejects.toThrow('stopping');
    expect(sliced).toBe(1);

    const retried: ScoreChange[] = [];
    await recomputeInSlices(db, { reason: 'schedule', asOf }, async (tx, changes) => {
      retried.push(...changes);
      await enqueueChangeNotifications(tx, changes);
    });
    // Nothing of the first slice again: its projects were stored as of this day.
    const done = new Set(firstSlice.map((c) => c.projectId));
    expect(retried.filter((c) => done.has(c.projectId))).toEqual([]);
    expect(await notifyJobs()).toBe(notifiedBefore + watched(firstSlice) + watched(retried));
    await ranksFollowScores();
    expect(await recomputeProjects(db, { reason: 'schedule', asOf })).toEqual([]);
  });

  it('writes only the signals rows whose values moved; the others are computed as of the run', async () => {
    // A row's xmin is the transaction that wrote its current version.
    const versions = async () =>
      new Map(
        rows<{ project_id: string; xmin: string }>(
          await db.execute(sql`SELECT project_id, xmin::text AS xmin FROM project_signals`),
        ).map((r) => [r.project_id, r.xmin]),
      );
    const before = await versions();
    const asOf = later(430);
    const changed: ScoreChange[] = [];
    await recomputeInSlices(
      db,
      { reason: 'schedule', asOf },
      async (_tx, changes) => void changed.push(...changes),
      25,
    );
    const after = await versions();
    const rewritten = [...after.keys()].filter((id) => before.get(id) !== after.get(id));
    expect(rewritten.sort()).toEqual(changed.map((c) => c.projectId).sort());
    const stayed = [...after.keys()].find((id) => !rewritten.includes(id));
    expect(stayed).toBeDefined();
    // The breakdown of a project whose row stayed: computed as of the run, with the score the run gave it.
    const res = await t.app.inject({ method: 'GET', url: `/api/projects/${stayed}/score-breakdown` });
    expect(res.statusCode).toBe(200);
    const [project] = await db.select().from(projects).where(eq(projects.id, stayed!));
    expect(res.json()).toMatchObject({ computedAt: asOf.toISOString(), score: project!.score });
  });
});
