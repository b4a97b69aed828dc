import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SCORE_ALERT_THRESHOLD } from '../../api/notifications';
import type { Db } from '../../server/db/client';
import { alerts, jobs, notifications, outbox, projects, scoreSnapshots } from '../../server/db/schema/index';
import { enqueue } from '../../server/jobs/queue';
import { claimJobs } from '../../server/jobs/runner';
import { notifyChange } from '../../server/notifications/create';
import { useTestApp } from '../helpers/app';
import { subScoresAt } from '../helpers/projects';
import { anonymous, signIn, type Client } from '../helpers/signed-in';

let db: Db;
let watcher: Client;
let other: Client;
let admin: Client;
const PUBLIC_URL = 'https://ratings.example.com';
const t = useTestApp({ PUBLIC_URL, ADMIN_EMAILS: 'signals-admin@example.com' });

const SUB = subScoresAt(70);
let seq = 0;
async function project(name: string): Promise<string> {
  const id = `ntest-${seq++}`;
  await db.insert(projects).values({
    id,
    name,
    tokenTickers: ['T'],
    chains: ['Ethereum'],
    logo: `/logos/${id}.svg`,
    score: 77.5,
    subScores: SUB,
    rank: seq,
    tier: 'A',
    auditStatus: 'audited',
  });
  return id;
}

let clock = Date.parse('2026-03-01T00:00:00Z');
async function snapshot(
  projectId: string,
  s: {
    score: number;
    tier: string;
    audited?: number;
    kyc?: number;
    moves?: { signal: string; from: number; to: number; delta: number }[];
  },
): Promise<number> {
  clock += 3_600_000;
  const [row] = await db
    .insert(scoreSnapshots)
    .values({
      projectId,
      computedAt: new Date(clock),
      score: s.score,
      subScores: SUB,
      tier: s.tier,
      audited: s.audited ?? 1,
      kyc: s.kyc ?? 0,
      methodologyVersion: 'test',
      moves: s.moves ?? [],
      reason: 'signals',
    })
    .returning({ id: scoreSnapshots.id });
  return row!.id;
}

async function watch(c: Client, projectIds: string[], name = `L${seq++}`) {
  const res = await c.inject({
    method: 'POST',
    url: '/api/watchlist/create',
    payload: { name, projects: projectIds },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function setMode(c: Client, settings: Record<string, unknown>) {
  const res = await c.inject({ method: 'POST', url: '/api/sso-settings/update', payload: { settings } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { settings: Record<string, unknown> };
}

const notesOf = (userId: string, projectId?: string) =>
  db
    .select()
    .from(notifications)
    .where(
      projectId
        ? and(eq(notifications.userId, userId), eq(notifications.projectId, projectId))
        : eq(notifications.userId, userId),
    );
const mailsTo = (email: string) => db.select().from(outbox).where(eq(outbox.to, email));
const drain = () => t.app.jobs.drain();

beforeAll(async () => {
  db = t.database.db;
  watcher = await signIn(t.app);
  other = await signIn(t.app);
  admin = await signIn(t.app, { email: 'signals-admin@example.com' });
});

describe('settings: alertMail', () => {
  it('reads instant for users who never chose, and keeps a chosen mode across partial updates', async () => {
    const c = await signIn(t.app);
    const read = await c.inject({ method: 'POST', url: '/api/sso-settings', payload: {} });
    expect(read.json().settings).toMatchObject({ alertMail: 'instant', watchlistUpdates: true });
    expect((await setMode(c, { alertMail: 'weekly' })).settings.alertMail).toBe('weekly');
    expect((await setMode(c, { newsletter: false })).settings).toMatchObject({
      alertMail: 'weekly',
      newsletter: false,
    });
    const bad = await c.inject({
      method: 'POST',
      url: '/api/sso-settings/update',
      payload: { settings: { alertMail: 'hourly' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty(['settings.alertMail']);
  });
});

describe('notify-change', () => {
  it('gives a watcher one notification listing every change of a recompute, a non-watcher none, and mails it once', async () => {
    const p = await project('Uniswap');
    await watch(watcher, [p]);
    await watch(watcher, [p]); // in two lists: still one notification per change
    await snapshot(p, { score: 77.5, tier: 'AA', audited: 1, kyc: 0 });
    const snap = await snapshot(p, {
      score: 71.3,
      tier: 'A',
      audited: 0,
      kyc: 1,
      moves: [
        { signal: 'openFindings', from: 80, to: 70, delta: -1.1 },
        { signal: 'lastAuditDay', from: 90, to: 30, delta: -6.2 },
      ],
    });
    await enqueue(db, 'notify-change', { snapshotId: snap }, { singletonKey: `notify-change:${snap}` });
    await drain();
    const mine = await notesOf(watcher.username, p);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'score',
      changeKey: `snapshot:${snap}`,
      title:
        'Uniswap: score fell by 6.2 to 71.3; moved from AA to A; lost its audit badge and gained its KYC badge',
    });
    expect(mine[0]!.body).toMatch(/^Moved most: Audit freshness −6\.2: /);
    expect(mine[0]!.body).toContain('Its score is now 71.3 (was 77.5).');
    expect(mine[0]!.body).toContain('No current security audit is on record.');
    expect(await notesOf(other.username, p)).toHaveLength(0);
    // Instant mode: one mail per notification, marked sent, with the links built from PUBLIC_URL.
    expect(mine.every((n) => n.mailStatus === 'pending' || n.mailStatus === 'sent')).toBe(true);
    const after = await notesOf(watcher.username, p);
    expect(after.every((n) => n.mailStatus === 'sent' && n.mailedAt)).toBe(true);
    const mails = (await mailsTo(watcher.email)).filter((m) => m.subject.startsWith('Uniswap'));
    expect(mails.map((m) => m.subject).sort()).toEqual(mine.map((n) => n.title).sort());
    for (const m of mails) {
      expect(m.text).toContain(`${PUBLIC_URL}/notifications/unsubscribe?id=`);
      expect(m.text).toContain(`${PUBLIC_URL}/my/notifications`);
      expect(m.text).toContain(`${PUBLIC_URL}/projects/${p}`);
      expect(m.html).toContain(`${PUBLIC_URL}/notifications/unsubscribe?id=`);
    }
    // Running the same change again (a retry, a second instance) adds nothing and mails nothing.
    await notifyChange(db, snap);
    await enqueue(db, 'notify-change', { snapshotId: snap });
    await drain();
    expect(await notesOf(watcher.username, p)).toHaveLength(1);
    expect((await mailsTo(watcher.email)).filter((m) => m.subject.startsWith('Uniswap'))).toHaveLength(1);
  });

  it('does not notify a score move under the threshold, nor a project’s first snapshot', async () => {
    const p = await project('Small Mover');
    await watch(watcher, [p]);
    const first = await snapshot(p, { score: 60, tier: 'BBB' });
    await notifyChange(db, first);
    const small = await snapshot(p, { score: 60 + SCORE_ALERT_THRESHOLD - 0.1, tier: 'BBB' });
    await notifyChange(db, small);
    expect(await notesOf(watcher.username, p)).toHaveLength(0);
    const big = await snapshot(p, { score: 62 + SCORE_ALERT_THRESHOLD, tier: 'BBB' });
    await notifyChange(db, big);
    const notes = await notesOf(watcher.username, p);
    // Compared with the previous snapshot (61.9), not the first one.
    expect(notes.map((n) => n.title)).toEqual([
      `Small Mover's score rose by 2.1 to ${(62 + SCORE_ALERT_THRESHOLD).toFixed(1)}`,
    ]);
    await drain();
  });

  it('a job whose runner died mid-run is retried and notifies once', async () => {
    const p = await project('Crashy');
    const c = await signIn(t.app);
    await watch(c, [p]);
    await snapshot(p, { score: 80, tier: 'AA' });
    const snap = await snapshot(p, { score: 70, tier: 'A' });
    const id = (await enqueue(
      db,
      'notify-change',
      { snapshotId: snap },
      { singletonKey: `notify-change:${snap}` },
    ))!;
    // A runner claims the job, does its work (commits the notifications) and dies before marking it done.
    const [claimed] = await claimJobs(db, 'dying-instance', 10, 60_000);
    expect(claimed?.id).toBe(id);
    await notifyChange(db, snap);
    expect((await db.select().from(jobs).where(eq(jobs.id, id)))[0]!.status).toBe('running');
    await drain(); // lease still held: not retried yet (the mail jobs it queued run)
    expect((await db.select().from(jobs).where(eq(jobs.id, id)))[0]!.status).toBe('running');
    await db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = ${id}`);
    await drain();
    const job = (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect((await notesOf(c.username, p)).map((n) => n.title)).toEqual([
      'Crashy: score fell by 10.0 to 70.0; moved from AA to A',
    ]);
    expect(await mailsTo(c.email)).toHaveLength(1);
  });
});

describe('alert mail modes', () => {
  it('daily: nothing at once, one digest listing them on the digest job; off: no mail; updates off: skipped', async () => {
    const p = await project('Digestible');
    const daily = await signIn(t.app);
    const off = await signIn(t.app);
    const noUpdates = await signIn(t.app);
    await setMode(daily, { alertMail: 'daily' });
    await setMode(off, { alertMail: 'off' });
    await setMode(noUpdates, { watchlistUpdates: false });
    for (const c of [daily, off, noUpdates]) await watch(c, [p]);
    await snapshot(p, { score: 80, tier: 'AA' });
    const snap = await snapshot(p, { score: 75, tier: 'A' });
    await enqueue(db, 'notify-change', { snapshotId: snap });
    await drain();
    expect(await mailsTo(daily.email)).toHaveLength(0);
    expect((await notesOf(daily.username, p)).map((n) => n.mailStatus)).toEqual(['pending']);
    expect((await notesOf(off.username, p)).map((n) => n.mailStatus)).toEqual(['skipped']);
    expect((await notesOf(noUpdates.username, p)).map((n) => n.mailStatus)).toEqual(['skipped']);
    // The weekly digest is not theirs.
    await enqueue(db, 'digest-weekly', {});
    await drain();
    expect(await mailsTo(daily.email)).toHaveLength(0);
    await enqueue(db, 'digest-daily', {});
    await drain();
    const [digest, ...more] = await mailsTo(daily.email);
    expect(more).toHaveLength(0);
    expect(digest!.subject).toBe('Your daily watchlist digest: 1 update');
    expect(digest!.text).toContain('Digestible: score fell by 5.0 to 75.0; moved from AA to A');
    expect(digest!.text).toContain(`${PUBLIC_URL}/notifications/unsubscribe?id=`);
    expect(digest!.text).toContain(`${PUBLIC_URL}/my/notifications`);
    expect((await notesOf(daily.username, p)).every((n) => n.mailStatus === 'sent')).toBe(true);
    expect(await mailsTo(off.email)).toHaveLength(0);
    expect(await mailsTo(noUpdates.email)).toHaveLength(0);
    // A second digest run mails nothing more.
    await enqueue(db, 'digest-daily', {});
    await drain();
    expect(await mailsTo(daily.email)).toHaveLength(1);
  });

  it('rows left pending by a switch from daily to instant go out with the next daily digest', async () => {
    const p = await project('Switcher');
    const c = await signIn(t.app);
    await setMode(c, { alertMail: 'daily' });
    await watch(c, [p]);
    await snapshot(p, { score: 80, tier: 'AA' });
    const snap = await snapshot(p, { score: 75, tier: 'A' });
    await enqueue(db, 'notify-change', { snapshotId: snap });
    await drain();
    await setMode(c, { alertMail: 'instant' });
    // Within the hour the rows are left to their own jobs; a row older than that is the digest's.
    await enqueue(db, 'digest-daily', {}, { singletonKey: 'switch-1' });
    await drain();
    expect(await mailsTo(c.email)).toHaveLength(0);
    await db.execute(
      sql`UPDATE notifications SET created_at = now() - interval '2 hours' WHERE project_id = ${p}`,
    );
    await enqueue(db, 'digest-daily', {}, { singletonKey: 'switch-2' });
    await drain();
    const [digest, ...more] = await mailsTo(c.email);
    expect(more).toHaveLength(0);
    expect(digest!.subject).toBe('Your daily watchlist digest: 1 update');
    expect((await notesOf(c.username, p)).every((n) => n.mailStatus === 'sent')).toBe(true);
  });

  it('incidents: watchers get kind incident once; mailed per securityAlerts', async () => {
    const p = await project('Hacked Finance');
    const alertsOff = await signIn(t.app);
    const c = await signIn(t.app);
    await setMode(alertsOff, { securityAlerts: false });
    await watch(c, [p]);
    await watch(alertsOff, [p]);
    const [alert] = await db
      .insert(alerts)
      .values({
        projectId: p,
        severity: 'high',
        title: 'Bridge exploit',
        description: 'Funds drained.',
        lossUsd: 12_500_000,
        occurredAt: new Date(),
      })
      .returning();
    await enqueue(
      db,
      'notify-incident',
      { alertId: alert!.id },
      { singletonKey: `notify-incident:${alert!.id}` },
    );
    await enqueue(db, 'notify-incident', { alertId: alert!.id }); // a duplicate job: still one notification
    await drain();
    const [n, ...rest] = await notesOf(c.username, p);
    expect(rest).toHaveLength(0);
    expect(n).toMatchObject({ kind: 'incident', changeKey: `alert:${alert!.id}`, mailStatus: 'sent' });
    expect(n!.title).toBe('Security incident at Hacked Finance: Bridge exploit');
    expect(n!.body).toContain('$12.5M');
    expect(await mailsTo(c.email)).toHaveLength(1);
    expect((await notesOf(alertsOff.username, p)).map((x) => x.mailStatus)).toEqual(['skipped']);
    expect(await mailsTo(alertsOff.email)).toHaveLength(0);
  });
});

describe('routes', () => {
  let reader: Client;
  let p: string;
  beforeAll(async () => {
    reader = await signIn(t.app);
    await setMode(reader, { alertMail: 'off' });
    p = await project('Paged');
    await watch(reader, [p]);
    await snapshot(p, { score: 50, tier: 'BB' });
    // 25 score changes → 25 notifications (plus tier changes every other one).
    for (let i = 0; i < 25; i++) {
      const snap = await snapshot(p, { score: i % 2 === 0 ? 45 : 50, tier: 'BB' });
      await notifyChange(db, snap);
    }
  });

  it('answers 401 signed out', async () => {
    const anon = anonymous(t.app);
    expect((await anon.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await anon.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(
      401,
    );
    expect(
      (await anon.inject({ method: 'POST', url: '/api/notifications/read', payload: { all: true } }))
        .statusCode,
    ).toBe(401);
  });

  it('lists 20 per page newest first with project name and logo, then the rest', async () => {
    const res = await reader.inject({ method: 'GET', url: '/api/notifications' });
    expect(res.statusCode).toBe(200);
    const page1 = res.json() as {
      items: { id: number; projectName: string; projectLogo: string; read: boolean; kind: string }[];
      unread: number;
      nextBefore: number | null;
    };
    expect(page1.items).toHaveLength(20);
    expect(page1.unread).toBe(25);
    expect(page1.items[0]).toMatchObject({
      projectName: 'Paged',
      projectLogo: `/logos/${p}.svg`,
      read: false,
      kind: 'score',
    });
    const ids = page1.items.map((i) => i.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    expect(page1.nextBefore).toBe(ids.at(-1));
    const page2 = (
      await reader.inject({ method: 'GET', url: `/api/notifications?before=${page1.nextBefore}` })
    ).json() as typeof page1;
    expect(page2.items).toHaveLength(5);
    expect(page2.nextBefore).toBeNull();
    expect(Math.max(...page2.items.map((i) => i.id))).toBeLessThan(page1.nextBefore!);
  });

  it('rejects a bad query or body naming the field', async () => {
    const bad = await reader.inject({ method: 'GET', url: '/api/notifications?before=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('before');
    const empty = await reader.inject({ method: 'POST', url: '/api/notifications/read', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('ids');
  });

  it('marks the caller’s own ids read and never touches another user’s', async () => {
    const victim = await signIn(t.app);
    await watch(victim, [p]);
    const snapA = await snapshot(p, { score: 40, tier: 'B' });
    await notifyChange(db, snapA);
    const victims = await notesOf(victim.username, p);
    expect(victims.length).toBeGreaterThan(0);
    const list = (await reader.inject({ method: 'GET', url: '/api/notifications' })).json() as {
      items: { id: number }[];
      unread: number;
    };
    const mine = list.items.slice(0, 2).map((i) => i.id);
    const res = await reader.inject({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { ids: [...mine, ...victims.map((v) => v.id)] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().unread).toBe(list.unread - 2);
    const untouched = await db
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.id,
          victims.map((v) => v.id),
        ),
      );
    expect(untouched.every((n) => n.readAt === null)).toBe(true);
    expect((await victim.inject({ method: 'GET', url: '/api/notifications/unread-count' })).json()).toEqual({
      unread: victims.length,
    });
    // all: true reads every one of the caller's, and still not the victim's.
    const all = await reader.inject({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { all: true },
    });
    expect(all.json()).toEqual({ unread: 0 });
    expect((await reader.inject({ method: 'GET', url: '/api/notifications/unread-count' })).json()).toEqual({
      unread: 0,
    });
    expect((await victim.inject({ method: 'GET', url: '/api/notifications/unread-count' })).json()).toEqual({
      unread: victims.length,
    });
  });

  it('requires the CSRF token to mark read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { all: true },
      cookies: Object.fromEntries(reader.cookies),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/admin/projects/:id/signals', () => {
  const postSignals = (client: Client, id: string, signals: Record<string, unknown>) =>
    client.inject({ method: 'POST', url: `/api/admin/projects/${id}/signals`, payload: { signals } });

  it('is for admins only, with CSRF', async () => {
    const p = await project('Guarded');
    const asUser = await postSignals(watcher, p, { incidents12m: 1 });
    expect(asUser.statusCode).toBe(403);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/admin/projects/${p}/signals`,
      payload: { signals: { incidents12m: 1 } },
      cookies: Object.fromEntries(admin.cookies),
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await postSignals(anonymous(t.app), p, {})).statusCode).toBe(401);
  });

  it('validates keys (400 naming signals.<key>) and the project (404)', async () => {
    const p = await project('Validated');
    const bad = await postSignals(admin, p, { nope: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty(['signals.nope']);
    const notNumber = await postSignals(admin, p, { incidents12m: 'x' });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().fields).toHaveProperty(['signals.incidents12m']);
    const missing = await postSignals(admin, 'no-such-project', { incidents12m: 1 });
    expect(missing.statusCode).toBe(404);
  });

  it('recomputes, answers the changes, and the runner notifies the watchers once per recompute', async () => {
    const p = await project('Signalled');
    const w = await signIn(t.app);
    await watch(w, [p]);
    const post = (signals: Record<string, number | null>) => postSignals(admin, p, signals);
    const good = await post({
      incidents12m: 0,
      incidentLossUsd12m: 0,
      auditCount: 3,
      openFindings: 0,
      teamKyc: 1,
    });
    expect(good.statusCode, good.body).toBe(200);
    await drain();
    const bad = await post({
      incidents12m: 6,
      incidentLossUsd12m: 400_000_000,
      openFindings: 40,
      teamKyc: 0,
    });
    expect(bad.statusCode, bad.body).toBe(200);
    const { changes } = bad.json() as {
      changes: {
        snapshotId: number;
        before: { score: number; tier: string; kyc: boolean; audited: boolean };
        after: { score: number; tier: string; kyc: boolean; audited: boolean };
      }[];
    };
    expect(changes).toHaveLength(1);
    const [c] = changes;
    expect(
      await db
        .select()
        .from(jobs)
        .where(eq(jobs.singletonKey, `notify-change:${c!.snapshotId}`)),
    ).toHaveLength(1);
    await drain();
    const expected = [
      ...(Math.abs(c!.after.score - c!.before.score) >= SCORE_ALERT_THRESHOLD ? ['score'] : []),
      ...(c!.after.tier !== c!.before.tier ? ['tier'] : []),
      ...(c!.after.kyc !== c!.before.kyc || c!.after.audited !== c!.before.audited ? ['badge'] : []),
    ].sort();
    expect(expected.length).toBeGreaterThan(0);
    // One signal change: one notification and one mail, whatever it moved.
    const notes = await notesOf(w.username, p);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.kind).toBe(['score', 'tier', 'badge'].find((k) => expected.includes(k)));
    expect(notes[0]!.changeKey).toBe(
      expected.length === 1 ? `snapshot:${c!.snapshotId}:${expected[0]}` : `snapshot:${c!.snapshotId}`,
    );
    expect(await mailsTo(w.email)).toHaveLength(1);
    const count = (await w.inject({ method: 'GET', url: '/api/notifications/unread-count' })).json();
    expect(count).toEqual({ unread: 1 });
  });

  it('the recompute job recomputes and queues notify-change in the same transaction', async () => {
    const p = await project('Scheduled');
    const w = await signIn(t.app);
    await watch(w, [p]);
    const set = (values: Record<string, number>) =>
      db.execute(sql`
        INSERT INTO project_signals (project_id, values) VALUES (${p}, ${JSON.stringify(values)}::jsonb)
        ON CONFLICT (project_id) DO UPDATE SET values = excluded.values`);
    await set({ incidents12m: 0, incidentLossUsd12m: 0, auditCount: 3, openFindings: 0, teamKyc: 1 });
    await enqueue(db, 'recompute', { ids: [p], reason: 'signals' });
    await t.app.jobs.drain();
    expect(await notesOf(w.username, p)).toHaveLength(0); // the first computation has nothing to compare with
    await set({
      incidents12m: 6,
      incidentLossUsd12m: 400_000_000,
      auditCount: 3,
      openFindings: 40,
      teamKyc: 0,
    });
    await enqueue(db, 'recompute', { ids: [p], reason: 'signals' });
    await t.app.jobs.drain();
    const [snap] = await db
      .select({ id: scoreSnapshots.id })
      .from(scoreSnapshots)
      .where(eq(scoreSnapshots.projectId, p))
      .orderBy(sql`${scoreSnapshots.id} DESC`)
      .limit(1);
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `notify-change:${snap!.id}`));
    expect(job?.status).toBe('done');
    const notes = await notesOf(w.username, p);
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((n) => n.changeKey.startsWith(`snapshot:${snap!.id}`))).toBe(true);
  });
});
