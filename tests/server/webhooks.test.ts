import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { apiKeys, jobs, notifications, webhookDeliveries, webhooks } from '../../server/db/schema/index';
import { notifyChange } from '../../server/notifications/create';
import { applySignalChanges } from '../../server/ratings/recompute';
import { rows } from '../../server/db/rows';
import {
  DELIVERY_ATTEMPTS,
  messageId,
  RETRY_JITTER,
  retryDelay,
  runDeliveryJob,
} from '../../server/webhooks/deliver';
import { openSecret } from '../../server/webhooks/sign';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import type { TestApp } from '../helpers/app';
import { createSeededApp, SEED_DAY } from '../helpers/seeded';
import { signIn, type Client } from '../helpers/signed-in';
import {
  signedWith,
  startWebhookReceiver,
  type Received,
  type WebhookReceiver,
} from '../helpers/webhook-receiver';

let receiver: WebhookReceiver;
let received: Received[];
let endpoint: string;

let t: TestApp;
let db: Db;
let owner: Client;
let other: Client;
let ownerList: string;
let otherList: string;
let days = 120;
const later = () => new Date(SEED_DAY.getTime() + days++ * 86_400_000);
let flip = false;

async function giveKey(c: Client) {
  await db.insert(apiKeys).values({
    userId: c.username,
    name: 'test',
    prefix: 'sk_test',
    hash: createHash('sha256').update(`${c.username}-${Math.random()}`).digest('hex'),
    perMinute: 60,
    perDay: 1000,
  });
}

async function watchlist(c: Client, projects: string[]) {
  const res = await c.inject({
    method: 'POST',
    url: '/api/watchlist/create',
    payload: { name: `L${Math.random().toString(36).slice(2, 12)}`, projects },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = rows<{ id: string }>(
    await db.execute(
      sql`SELECT id FROM watchlists WHERE user_id = ${c.username} ORDER BY created_at DESC LIMIT 1`,
    ),
  );
  return row!.id;
}

const register = (c: Client, payload: Record<string, unknown>) =>
  c.inject({ method: 'POST', url: '/api/user/webhooks', payload });

/** A signal change on Ethereum large enough to notify: incidents on, then off, alternately. */
async function change() {
  flip = !flip;
  const signals = flip
    ? { incidents12m: 3, incidentLossUsd12m: 50_000_000 }
    : { incidents12m: 0, incidentLossUsd12m: 0 };
  const changes = await applySignalChanges(db, 'ethereum', signals, { asOf: later() });
  expect(changes).toHaveLength(1);
  return changes[0]!.snapshotId;
}

const deliveriesOf = (webhookId: string) =>
  db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(webhookDeliveries.id);
/** Makes waiting webhook jobs due now (time passing), then runs them. */
const retryNow = async () => {
  await db.execute(
    sql`UPDATE jobs SET run_at = now() WHERE queue = 'webhook-delivery' AND status = 'queued'`,
  );
  await t.app.jobs.drain();
};

const saved = { http: process.env.WEBHOOKS_ALLOW_HTTP, priv: process.env.WEBHOOKS_ALLOW_PRIVATE };
beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_HTTP = '1';
  process.env.WEBHOOKS_ALLOW_PRIVATE = '1';
  receiver = await startWebhookReceiver('/hooks');
  ({ received, url: endpoint } = receiver);
  t = await createSeededApp(60);
  db = t.database.db;
  owner = await signIn(t.app);
  other = await signIn(t.app);
  await giveKey(owner);
  await giveKey(other);
  ownerList = await watchlist(owner, ['ethereum']);
  otherList = await watchlist(other, ['ethereum']);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  process.env.WEBHOOKS_ALLOW_HTTP = saved.http;
  process.env.WEBHOOKS_ALLOW_PRIVATE = saved.priv;
  if (saved.http === undefined) delete process.env.WEBHOOKS_ALLOW_HTTP;
  if (saved.priv === undefined) delete process.env.WEBHOOKS_ALLOW_PRIVATE;
});
beforeEach(() => {
  received.length = 0;
  receiver.answer = () => 200;
});

describe('registration', () => {
  it('needs an active API key: 403 with a clear message', async () => {
    const keyless = await signIn(t.app);
    const list = await watchlist(keyless, ['ethereum']);
    const res = await register(keyless, { url: endpoint, events: ['score'], watchlistIds: [list] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'Forbidden', message: expect.stringMatching(/API key/) });
    const list2 = await keyless.inject({ method: 'GET', url: '/api/user/webhooks' });
    expect(list2.json()).toMatchObject({ items: [], hasApiKey: false, limit: 5 });
  });

  it('refuses another user’s watchlist with a 400 naming watchlistIds', async () => {
    const res = await register(owner, { url: endpoint, events: ['score'], watchlistIds: [otherList] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('watchlistIds');
    const bad = await register(owner, { url: endpoint, events: ['nope'], watchlistIds: [ownerList] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('events.0');
  });

  it('needs sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/webhooks' });
    expect(res.statusCode).toBe(401);
  });
});

describe('deliveries', () => {
  let hookId: string;
  let secret: string;

  it('creates with the secret shown once (stored encrypted), listed without it', async () => {
    const res = await register(owner, {
      url: endpoint,
      events: ['score', 'tier', 'badge', 'incident'],
      watchlistIds: [ownerList],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    secret = body.secret;
    hookId = body.webhook.id;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(body.webhook).toMatchObject({
      url: endpoint,
      active: true,
      deliveries: [],
      watchlists: [{ id: ownerList }],
    });
    const [row] = await db.select().from(webhooks).where(eq(webhooks.id, hookId));
    expect(row!.secret).not.toContain(secret.slice(6));
    expect(openSecret(t.config.authSecret, row!.secret)).toBe(secret);
    const list = await owner.inject({ method: 'GET', url: '/api/user/webhooks' });
    expect(list.body).not.toContain(secret.slice(6));
    expect(list.json()).toMatchObject({
      hasApiKey: true,
      items: [{ id: hookId, events: ['score', 'tier', 'badge', 'incident'] }],
    });
  });

  it('a signal change on a watched project: exactly one signed delivery per event, not again on a retried notify job', async () => {
    const snapshotId = await change();
    await t.app.jobs.drain();
    const notes = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.username), eq(notifications.projectId, 'ethereum')));
    // The watcher gets one notification for the recompute, whatever it changed; webhooks one event per kind.
    const mine = notes.filter(
      (n) => n.changeKey === `snapshot:${snapshotId}` || n.changeKey.startsWith(`snapshot:${snapshotId}:`),
    );
    expect(mine).toHaveLength(1);
    const events = received.map((r) => JSON.parse(r.body).event as string);
    expect(events.length).toBeGreaterThan(0);
    expect(new Set(events).size).toBe(events.length);
    expect(mine[0]!.kind).toBe(['score', 'tier', 'badge'].find((k) => events.includes(k)));
    expect(mine[0]!.changeKey).toBe(
      events.length === 1 ? `snapshot:${snapshotId}:${events[0]}` : `snapshot:${snapshotId}`,
    );
    for (const r of received) {
      expect(r.headers['content-type']).toBe('application/json');
      const id = String(r.headers['webhook-id']);
      expect(signedWith(secret, r)).toBe(true);
      expect(signedWith(secret, r, r.body.replace('ethereum', 'bitcoin'))).toBe(false);
      const payload = JSON.parse(r.body);
      expect(payload).toMatchObject({
        id,
        project: { id: 'ethereum', name: 'Ethereum' },
        createdAt: expect.any(String),
      });
      expect(Object.keys(payload)).toEqual(['id', 'event', 'createdAt', 'project', 'change']);
      if (payload.event === 'score')
        expect(payload.change).toMatchObject({
          before: expect.any(Number),
          after: expect.any(Number),
          moves: expect.any(Array),
        });
      if (payload.event === 'tier')
        expect(payload.change).toMatchObject({ before: expect.any(String), after: expect.any(String) });
    }
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(received.length);
    const log = await deliveriesOf(hookId);
    expect(log.every((d) => d.status === 'delivered' && d.responseCode === 200 && d.attempts === 1)).toBe(
      true,
    );
    // The other user's webhook-less watchlist got nothing; the notify job run again adds nothing.
    const n = received.length;
    await notifyChange(db, snapshotId);
    await t.app.jobs.drain();
    expect(received).toHaveLength(n);
    expect(await deliveriesOf(hookId)).toHaveLength(log.length);
  });

  it('a 500 is retried with backoff, each attempt logged with its code; the retry does not duplicate', async () => {
    let calls = 0;
    receiver.answer = () => (++calls === 1 ? 500 : 200);
    const before = (await deliveriesOf(hookId)).length;
    await change();
    // Only the score event of this change, so one delivery to follow.
    await db.execute(sql`UPDATE jobs SET run_at = now() + interval '1 hour'
      WHERE queue = 'webhook-delivery' AND status = 'queued' AND id <> (SELECT min(id) FROM jobs WHERE queue = 'webhook-delivery' AND status = 'queued')`);
    await t.app.jobs.drain();
    const log = (await deliveriesOf(hookId)).slice(before);
    // The receiver refused its first call; which delivery made it depends on the order the runner took them in.
    const first = log.find((d) => d.responseCode === 500)!;
    expect(first).toMatchObject({
      status: 'pending',
      responseCode: 500,
      attempts: 1,
      error: expect.stringContaining('HTTP 500'),
    });
    const [job] = rows<{ status: string; wait: number; last_error: string }>(
      await db.execute(sql`SELECT status, extract(epoch FROM run_at - now())::float AS wait, last_error FROM jobs
        WHERE singleton_key = ${`webhook-delivery:${first.id}`}`),
    );
    expect(job!.status).toBe('queued');
    // The second attempt waits 5 s of the schedule, give or take the jitter (and the time the test took since).
    expect(Number(job!.wait)).toBeGreaterThan(5 * (1 - RETRY_JITTER) - 2);
    expect(Number(job!.wait)).toBeLessThanOrEqual(5 * (1 + RETRY_JITTER));
    expect(job!.last_error).toContain('HTTP 500');
    await retryNow();
    const [after] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, first.id));
    expect(after).toMatchObject({ status: 'delivered', responseCode: 200, attempts: 2, error: null });
    const msgId = messageId(t.config.authSecret, first.id);
    const sameId = received.filter((r) => r.headers['webhook-id'] === msgId);
    expect(sameId).toHaveLength(2); // the same message id on the retry, so receivers can deduplicate
    // A delivered one is not sent again, even if its job ran once more.
    await runDeliveryJob(db, { authSecret: t.config.authSecret, production: false }, first.id, {
      attempts: 3,
      maxAttempts: DELIVERY_ATTEMPTS,
    });
    await retryNow();
    expect(received.filter((r) => r.headers['webhook-id'] === msgId)).toHaveLength(2);
  });

  it('fails for good after the last attempt', async () => {
    receiver.answer = () => 503;
    const before = (await deliveriesOf(hookId)).map((d) => d.id);
    await change();
    for (let i = 0; i < DELIVERY_ATTEMPTS + 1; i++) await retryNow();
    const log = (await deliveriesOf(hookId)).filter((d) => !before.includes(d.id));
    expect(log.length).toBeGreaterThan(0);
    expect(DELIVERY_ATTEMPTS).toBe(8);
    for (const d of log) expect(d).toMatchObject({ status: 'failed', attempts: 8, responseCode: 503 });
    const failed = await db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `webhook-delivery:${log[0]!.id}`));
    expect(failed[0]!.status).toBe('failed');
  });

  it('sends a signed ping on test, logged first in the list', async () => {
    const res = await owner.inject({
      method: 'POST',
      url: '/api/user/webhooks/test',
      payload: { id: hookId },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().delivery).toMatchObject({
      event: 'ping',
      status: 'delivered',
      responseCode: 200,
      attempts: 1,
    });
    expect(received).toHaveLength(1);
    const r = received[0]!;
    expect(JSON.parse(r.body)).toMatchObject({ event: 'ping', webhook: { id: hookId } });
    expect(signedWith(secret, r)).toBe(true);
    const list = await owner.inject({ method: 'GET', url: '/api/user/webhooks' });
    expect(list.json().items[0].deliveries[0]).toMatchObject({
      event: 'ping',
      status: 'delivered',
      responseCode: 200,
    });
    // Another user cannot test or delete it.
    expect(
      (await other.inject({ method: 'POST', url: '/api/user/webhooks/test', payload: { id: hookId } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await other.inject({ method: 'POST', url: '/api/user/webhooks/delete', payload: { id: hookId } }))
        .statusCode,
    ).toBe(404);
  });

  it('the standardwebhooks library verifies what we send (headers, secret, signature)', async () => {
    const res = await owner.inject({
      method: 'POST',
      url: '/api/user/webhooks/test',
      payload: { id: hookId },
    });
    expect(res.json().delivery.status).toBe('delivered');
    const r = received.at(-1)!;
    const headers = {
      'webhook-id': String(r.headers['webhook-id']),
      'webhook-timestamp': String(r.headers['webhook-timestamp']),
      'webhook-signature': String(r.headers['webhook-signature']),
    };
    expect(new StandardWebhook(secret).verify(r.body, headers)).toMatchObject({ event: 'ping' });
    // A changed body, or another secret, is refused by the library.
    expect(() => new StandardWebhook(secret).verify(r.body.replace('ping', 'pong'), headers)).toThrow();
    const otherSecret = `whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`;
    expect(() => new StandardWebhook(otherSecret).verify(r.body, headers)).toThrow();
  });

  it('message ids do not count deliveries: the same on a retry, unrelated from one delivery to the next', async () => {
    const before = (await deliveriesOf(hookId)).length;
    for (let i = 0; i < 3; i++)
      expect(
        (await owner.inject({ method: 'POST', url: '/api/user/webhooks/test', payload: { id: hookId } }))
          .statusCode,
      ).toBe(200);
    const log = (await deliveriesOf(hookId)).slice(before);
    const ids = received.slice(-3).map((r) => String(r.headers['webhook-id']));
    expect(ids).toEqual(log.map((d) => messageId(t.config.authSecret, d.id)));
    for (const [i, id] of ids.entries()) {
      expect(id).toMatch(/^msg_[A-Za-z0-9_-]{27}$/);
      // Not the delivery's number in any plain form (a counter would tell a receiver how many deliveries exist).
      expect(id.slice(4)).not.toMatch(/^0*\d+$/);
      expect(id).not.toMatch(new RegExp(`(^msg_|[^0-9])0*${log[i]!.id}$`));
      expect(JSON.parse(received.at(i - 3)!.body).id).toBe(id);
    }
    expect(new Set(ids).size).toBe(3);
    // Unrelated from one delivery to the next: consecutive ids share no leading run, as counters' encodings would.
    expect(new Set(ids.map((id) => id.slice(0, 10))).size).toBe(3);
  });

  it('retries on the Standard Webhooks schedule with jitter: 8 attempts over about a day', () => {
    const at = (random: number) => Array.from({ length: 7 }, (_, i) => retryDelay(i + 1, () => random));
    const s = 1000;
    const m = 60 * s;
    const h = 60 * m;
    expect(at(0.5)).toEqual([5 * s, 5 * m, 30 * m, 2 * h, 5 * h, 10 * h, 10 * h]);
    // Jitter: up to 20 % either way.
    expect(at(0)).toEqual([4 * s, 4 * m, 24 * m, 1.6 * h, 4 * h, 8 * h, 8 * h]);
    expect(at(1)).toEqual([6 * s, 6 * m, 36 * m, 2.4 * h, 6 * h, 12 * h, 12 * h]);
    expect(new Set(Array.from({ length: 20 }, () => retryDelay(1))).size).toBeGreaterThan(1);
  });

  it('a 410 answer disables the endpoint: no retry, no more deliveries, shown as inactive', async () => {
    receiver.answer = () => 410;
    const res = await owner.inject({
      method: 'POST',
      url: '/api/user/webhooks/test',
      payload: { id: hookId },
    });
    expect(res.json().delivery).toMatchObject({
      status: 'failed',
      responseCode: 410,
      error: expect.stringContaining('disabled'),
    });
    const list = await owner.inject({ method: 'GET', url: '/api/user/webhooks' });
    expect(list.json().items.find((w: { id: string }) => w.id === hookId)).toMatchObject({ active: false });
    // The next change queues nothing for it.
    receiver.answer = () => 200;
    const before = (await deliveriesOf(hookId)).length;
    received.length = 0;
    await change();
    await t.app.jobs.drain();
    expect(await deliveriesOf(hookId)).toHaveLength(before);
    expect(received).toHaveLength(0);
  });

  it('a failed delivery is replayed by its owner (same message id, webhook enabled again); nobody else can', async () => {
    // The 410 of the test before left a failed delivery and a disabled webhook.
    const failed = (await deliveriesOf(hookId)).filter((d) => d.status === 'failed').at(-1)!;
    expect(failed).toBeDefined();
    const replay = (c: Client, id: number, headers?: Record<string, string>) =>
      c.inject({ method: 'POST', url: '/api/user/webhooks/replay', payload: { id }, headers });
    // Another user: not found. Signed out: 401. Without the CSRF token: 403.
    expect((await replay(other, failed.id)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/webhooks/replay', payload: { id: failed.id } }))
        .statusCode,
    ).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/user/webhooks/replay',
      payload: { id: failed.id },
      cookies: Object.fromEntries(owner.cookies),
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await replay(owner, 0)).json()).toMatchObject({
      error: 'ValidationError',
      fields: { id: expect.any(String) },
    });

    received.length = 0;
    const res = await replay(owner, failed.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().delivery).toMatchObject({ id: failed.id, status: 'pending' });
    // Pressed twice: the second finds it pending.
    const again = await replay(owner, failed.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'DeliveryNotFailed',
      message: 'Only a failed delivery can be replayed.',
    });
    await t.app.jobs.drain();
    const [after] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, failed.id));
    expect(after).toMatchObject({ status: 'delivered', responseCode: 200, attempts: failed.attempts + 1 });
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['webhook-id']).toBe(messageId(t.config.authSecret, failed.id));
    const list = await owner.inject({ method: 'GET', url: '/api/user/webhooks' });
    expect(list.json().items.find((w: { id: string }) => w.id === hookId)).toMatchObject({ active: true });
    // A delivered one cannot be replayed.
    expect((await replay(owner, failed.id)).statusCode).toBe(409);
  });

  it('allows five webhooks, and deleting one stops its deliveries', async () => {
    for (
      let i = (await db.select().from(webhooks).where(eq(webhooks.userId, owner.username))).length;
      i < 5;
      i++
    ) {
      expect(
        (await register(owner, { url: `${endpoint}/${i}`, events: ['incident'], watchlistIds: [ownerList] }))
          .statusCode,
      ).toBe(201);
    }
    const sixth = await register(owner, { url: endpoint, events: ['score'], watchlistIds: [ownerList] });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toMatch(/at most 5/);
    const del = await owner.inject({
      method: 'POST',
      url: '/api/user/webhooks/delete',
      payload: { id: hookId },
    });
    expect(del.statusCode).toBe(200);
    expect(await deliveriesOf(hookId)).toHaveLength(0);
    await change();
    await t.app.jobs.drain();
    expect(received).toHaveLength(0); // the others only want incidents
  });
});
