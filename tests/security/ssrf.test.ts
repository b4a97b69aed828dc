/**
 * Server-side request forgery through webhooks: endpoints on loopback, private, link-local and other
 * internal addresses are refused at registration and again at delivery (DNS rebinding), and the delivery connects
 * to the address it checked. No test here sends traffic anywhere but 127.0.0.1: public answers come from an
 * injected resolver and are never connected to.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { apiKeys, webhookDeliveries } from '../../server/db/schema/index';
import { rows } from '../../server/db/rows';
import {
  forbiddenRange,
  REGISTER_LIMIT,
  setWebhookResolver,
  WEBHOOK_HOST_REFUSED,
  webhookPolicy,
} from '../../server/webhooks/address';
import { runDeliveryJob } from '../../server/webhooks/deliver';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn, type Client } from '../helpers/signed-in';

let t: TestApp;
let db: Db;
let user: Client;
let list: string;
let receiver: http.Server;
let port: number;
const hits: http.IncomingHttpHeaders[] = [];
let answer: (res: http.ServerResponse) => void = (res) => res.end('ok');

const env = (vars: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
};
const register = (url: string) =>
  user.inject({
    method: 'POST',
    url: '/api/user/webhooks',
    payload: { url, events: ['score'], watchlistIds: [list] },
  });
const ping = (id: string) => user.inject({ method: 'POST', url: '/api/user/webhooks/test', payload: { id } });
const unregister = (id: string) =>
  user.inject({ method: 'POST', url: '/api/user/webhooks/delete', payload: { id } });

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    hits.push(req.headers);
    req.resume();
    answer(res);
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
  t = await createTestApp();
  db = t.database.db;
  user = await signIn(t.app);
  await db.insert(apiKeys).values({
    userId: user.username,
    name: 'ssrf',
    prefix: 'sk_ssrf',
    hash: createHash('sha256').update(user.username).digest('hex'),
    perMinute: 60,
    perDay: 1000,
  });
  const res = await user.inject({
    method: 'POST',
    url: '/api/watchlist/create',
    payload: { name: 'SSRF', projects: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
  list = rows<{ id: string }>(
    await db.execute(sql`SELECT id FROM watchlists WHERE user_id = ${user.username}`),
  )[0]!.id;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});
beforeEach(() => {
  hits.length = 0;
  answer = (res) => res.end('ok');
  // http is allowed so the address rule is what refuses; private addresses are not.
  env({ WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: undefined });
});
afterEach(() => {
  setWebhookResolver();
  env({ WEBHOOKS_ALLOW_HTTP: undefined, WEBHOOKS_ALLOW_PRIVATE: undefined });
});

describe('address ranges', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified ("this network")'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique local (private)'],
    ['fd12:3456::1', 'unique local (private)'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local'],
    ['::ffff:10.1.2.3', 'IPv4-mapped private'],
    ['64:ff9b::7f00:1', 'NAT64 loopback'],
    ['2002:c0a8:0101::1', '6to4 private'],
  ])('%s is refused (%s)', (address, why) => {
    expect(forbiddenRange(address)).toBe(why);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => expect(forbiddenRange(address)).toBeNull());

  it('production ignores both escape hatches', () => {
    const flags = { WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1' };
    expect(webhookPolicy(true, flags)).toEqual({ allowHttp: false, allowPrivate: false });
    expect(webhookPolicy(false, flags)).toEqual({ allowHttp: true, allowPrivate: true });
    expect(webhookPolicy(false, {})).toEqual({ allowHttp: false, allowPrivate: false });
  });
});

describe('registration refuses internal endpoints', () => {
  /** What a refused host answers, whatever the reason: nothing about how this server resolves names. */
  const expectRefused = (res: { statusCode: number; body: string }, ...unsaid: string[]) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = JSON.parse(res.body) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe('ValidationError');
    expect(body.fields).toEqual({ url: WEBHOOK_HOST_REFUSED });
    expect(WEBHOOK_HOST_REFUSED).toBe('This address cannot receive webhooks.');
    for (const word of ['resolve', 'loopback', 'private', 'ENOTFOUND', ...unsaid])
      expect(res.body).not.toContain(word);
  };

  it.each([
    ['http://127.0.0.1/hook', '127.0.0.1'],
    ['https://10.0.0.1/hook', '10.0.0.1'],
    ['https://[::1]/hook', '::1'],
    ['https://169.254.169.254/latest/meta-data', 'link-local'],
    ['https://[::ffff:127.0.0.1]/hook', 'IPv4-mapped'],
    ['https://0.0.0.0/hook', 'unspecified'],
    ['https://2130706433/hook', '127.0.0.1'], // decimal form, normalised by the URL parser
  ])('%s → 400 with the one refusal text', async (url, unsaid) => {
    expectRefused(await register(url), unsaid);
  });

  it('a host name resolving to loopback (localhost, and an injected answer) → 400, the address unsaid', async () => {
    expectRefused(await register(`http://localhost:${port}/hook`), '127.0.0.1', '::1');
    // Any address among the answers is enough to refuse.
    setWebhookResolver(async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '192.168.0.10', family: 4 },
    ]);
    expectRefused(await register('https://hooks.example.test/in'), '192.168.0.10');
  });

  it('the answer does not tell an internal name from one that does not resolve (no DNS oracle)', async () => {
    setWebhookResolver(async (host) => {
      if (host === 'runsc') return [{ address: '127.0.0.1', family: 4 }];
      if (host === 'db.internal') return [{ address: '10.1.2.3', family: 4 }];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    });
    const answers = await Promise.all(
      ['https://runsc/hook', 'https://db.internal/hook', 'https://nowhere.invalid/hook'].map(register),
    );
    for (const res of answers) expectRefused(res, '127.0.0.1', '10.1.2.3');
    // Status, code, message and fields: byte for byte the same answer for each.
    expect(new Set(answers.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    expect(hits).toHaveLength(0);
  });

  it('plain http is refused unless WEBHOOKS_ALLOW_HTTP=1 (never in production)', async () => {
    env({ WEBHOOKS_ALLOW_HTTP: undefined });
    setWebhookResolver(async () => [{ address: '93.184.216.34', family: 4 }]);
    const res = await register('http://hooks.example.test/in');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.url).toBe('The endpoint must use https.');
    expect((await register('ftp://hooks.example.test/in')).statusCode).toBe(400);
    expect((await register('https://user:pw@hooks.example.test/in')).json().fields.url).toMatch(
      /user name or password/,
    );
    expect(hits).toHaveLength(0);
  });
});

describe('delivery re-checks and pins the address', () => {
  it('DNS rebinding: public at registration, loopback at delivery → refused, delivery failed, address unsaid', async () => {
    let calls = 0;
    setWebhookResolver(async () => [
      calls++ === 0 ? { address: '93.184.216.34', family: 4 } : { address: '127.0.0.1', family: 4 },
    ]);
    const created = await register(`http://rebind.example.test:${port}/hook`);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().webhook.id as string;
    const res = await ping(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().delivery).toMatchObject({
      status: 'failed',
      attempts: 1,
      responseCode: null,
      error: WEBHOOK_HOST_REFUSED,
    });
    // The same through the job runner: marked failed at once, not retried.
    const [d] = await db
      .insert(webhookDeliveries)
      .values({ webhookId: id, event: 'score', changeKey: 'test:rebind', payload: { event: 'score' } })
      .returning();
    await runDeliveryJob(db, { authSecret: t.config.authSecret, production: false }, d!.id, {
      attempts: 1,
      maxAttempts: 5,
    });
    const [after] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, d!.id));
    expect(after).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: WEBHOOK_HOST_REFUSED,
    });
    expect(hits).toHaveLength(0);
    await unregister(id);
  });

  it('connects to the checked address: DNS is asked once, a later answer is never used', async () => {
    env({ WEBHOOKS_ALLOW_PRIVATE: '1' });
    const answers = ['127.0.0.1', '10.255.255.1'];
    let calls = 0;
    setWebhookResolver(async () => [{ address: answers[Math.min(calls++, 1)]!, family: 4 }]);
    const created = await register(`http://pinned.example.test:${port}/hook`);
    expect(created.statusCode, created.body).toBe(201);
    calls = 0;
    const res = await ping(created.json().webhook.id);
    expect(res.json().delivery).toMatchObject({ status: 'delivered', responseCode: 200 });
    expect(calls).toBe(1);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.host).toBe(`pinned.example.test:${port}`);
    await unregister(created.json().webhook.id);
  });

  it('does not follow redirects (e.g. to the metadata service)', async () => {
    env({ WEBHOOKS_ALLOW_PRIVATE: '1' });
    answer = (res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
      res.end();
    };
    const created = await register(`http://127.0.0.1:${port}/redirect`);
    expect(created.statusCode, created.body).toBe(201);
    const res = await ping(created.json().webhook.id);
    expect(res.json().delivery).toMatchObject({
      status: 'failed',
      responseCode: 302,
      error: expect.stringContaining('redirects are not followed'),
    });
    expect(hits).toHaveLength(1);
    await unregister(created.json().webhook.id);
  });

  it('reads at most 1 KB of a response', async () => {
    env({ WEBHOOKS_ALLOW_PRIVATE: '1' });
    answer = (res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('x'.repeat(1024 * 1024));
    };
    const created = await register(`http://127.0.0.1:${port}/big`);
    const res = await ping(created.json().webhook.id);
    const error = res.json().delivery.error as string;
    expect(error.startsWith('HTTP 500: xxx')).toBe(true);
    expect(error.length).toBeLessThan(300);
    await unregister(created.json().webhook.id);
  });
});

// Last: it uses up this address's registrations.
describe('registration is rate-limited', () => {
  it('a script probing host names is stopped after REGISTER_LIMIT attempts', async () => {
    setWebhookResolver(async (host) => {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    });
    // Earlier tests used part of the budget: within REGISTER_LIMIT.max + 1 attempts the limit is reached.
    let refused: { statusCode: number; headers: Record<string, unknown>; body: string } | undefined;
    for (let i = 0; i <= REGISTER_LIMIT.max && !refused; i++) {
      const res = await register(`https://probe-${i}.example.test/hook`);
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode, res.body).toBe(400);
    }
    expect(refused?.statusCode).toBe(429);
    expect(refused!.headers['retry-after']).toBeDefined();
    expect(JSON.parse(refused!.body)).toMatchObject({ error: 'TooManyRequests' });
    // Still refused for a URL that would otherwise be accepted.
    setWebhookResolver(async () => [{ address: '93.184.216.34', family: 4 }]);
    expect((await register('https://hooks.example.test/in')).statusCode).toBe(429);
  });
});
