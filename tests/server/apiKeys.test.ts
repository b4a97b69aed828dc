import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  API_KEY_PER_DAY,
  API_KEY_PER_MINUTE,
  API_KEY_USAGE_DAYS,
  MAX_ACTIVE_API_KEYS,
  MAX_API_KEYS_PER_DAY,
  API_KEY_MESSAGES,
  type ApiKey,
  type ApiKeyList,
  type CreatedApiKey,
} from '../../api/apiKeys';
import {
  ApiKeyList as ApiKeyListSchema,
  CreatedApiKey as CreatedApiKeySchema,
} from '../../api/apiKeys.schemas';
import { apiKeys, apiKeyUsage } from '../../server/db/schema/index';
import { ANONYMOUS_POLICY, KEY_POLICIES } from '../../server/plugins/app/apiKey';
import { rateLimitOf } from '../helpers/rateLimit';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { seedIfEmpty } from '../../server/seed/index';
import { openScratchDatabase } from '../helpers/app';
import { SEED_DAY } from '../helpers/seeded';
import { anonymous, signIn, type Client } from '../helpers/signed-in';

let t: { app: FastifyInstance; close: () => Promise<void> };
let alice: Client;
let bob: Client;

/** A Partner API read route of this test's own (`partnerRead`), beside the real ones. */
const TEST_READ = '/api/test/partner-read';
/** The real thing: a Partner API read (config.partnerRead on the route). */
const LEADERBOARD = '/api/leaderboard?pageSize=5';

/** As tests/helpers/app.ts, plus TEST_READ registered before the app is ready. */
async function startApp() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sentinel-test-'));
  const { database, close: closeDatabase } = await openScratchDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_PROJECTS: '30',
  });
  const app = await buildApp({ config, database, logger: false });
  app.get(TEST_READ, { config: { partnerRead: true } }, async (request) => ({
    keyId: request.apiKey?.id ?? null,
  }));
  await app.ready();
  await seedIfEmpty(database.db, 30, { today: SEED_DAY });
  return {
    app,
    close: async () => {
      await app.close();
      await closeDatabase();
    },
  };
}

beforeAll(async () => {
  t = await startApp();
  alice = await signIn(t.app);
  bob = await signIn(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function create(client: Client, name = 'Research desk'): Promise<CreatedApiKey> {
  const res = await client.inject({ method: 'POST', url: '/api/user/api-keys', payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return CreatedApiKeySchema.parse(res.json());
}

async function list(client: Client): Promise<ApiKey[]> {
  const res = await client.inject({ method: 'GET', url: '/api/user/api-keys' });
  expect(res.statusCode, res.body).toBe(200);
  return (ApiKeyListSchema.parse(res.json()) as ApiKeyList).keys;
}

const revoke = (client: Client, id: string) =>
  client.inject({ method: 'POST', url: '/api/user/api-keys/revoke', payload: { id } });

/** A request from outside any browser: no cookie, only the key. */
const withKey = (key: string, url = TEST_READ) => t.app.inject({ method: 'GET', url, headers: bearer(key) });

const setQuota = (id: string, quota: { perMinute?: number; perDay?: number }) =>
  t.app.db.update(apiKeys).set(quota).where(eq(apiKeys.id, id));

const usageToday = async (id: string) => {
  const rows = await t.app.db.select().from(apiKeyUsage).where(eq(apiKeyUsage.keyId, id));
  const today = t.app.clock.now().toISOString().slice(0, 10);
  return rows.find((r) => r.day === today) ?? { requests: 0, refused: 0 };
};

/** A key's quota as its RateLimit-Policy / RateLimit fields name it (the minute's, or the day's). */
const rateHeaders = (res: LightMyRequestResponse, policy: string = KEY_POLICIES.minute) => {
  const figures = rateLimitOf(res.headers, policy);
  return figures && { limit: figures.quota, remaining: figures.remaining, reset: figures.reset };
};

describe('API keys: create, list, revoke', () => {
  it('answers the key once, stores only its SHA-256 and prefix, and lists it without the key', async () => {
    const created = await create(alice, '  Research desk  ');
    expect(created.key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.key.slice(3), 'base64url')).toHaveLength(32);
    expect(created).toMatchObject({
      name: 'Research desk',
      prefix: created.key.slice(0, 10),
      lastUsedAt: null,
      revokedAt: null,
      perMinute: API_KEY_PER_MINUTE,
      perDay: API_KEY_PER_DAY,
    });
    expect(created.usage).toHaveLength(API_KEY_USAGE_DAYS);

    // The database holds the hash and the prefix, never the key.
    const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(JSON.stringify(row)).not.toContain(created.key.slice(10));

    // Listed without the key; never shown again.
    const res = await alice.inject({ method: 'GET', url: '/api/user/api-keys' });
    expect(res.body).not.toContain(created.key.slice(10));
    const keys = await list(alice);
    const listed = keys.find((k) => k.id === created.id)!;
    expect(listed).not.toHaveProperty('key');
    expect(listed).toMatchObject({ name: 'Research desk', prefix: created.prefix });
    expect(listed.usage.map((u) => u.day)).toEqual([...listed.usage.map((u) => u.day)].sort());
    expect(listed.usage.at(-1)!.day).toBe(t.app.clock.now().toISOString().slice(0, 10));
    // Bob does not see Alice's keys.
    expect((await list(bob)).map((k) => k.id)).not.toContain(created.id);

    const revoked = await revoke(alice, created.id);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<ApiKey>().revokedAt).not.toBeNull();
    // Revoking again keeps the first time.
    const again = await revoke(alice, created.id);
    expect(again.json<ApiKey>().revokedAt).toBe(revoked.json<ApiKey>().revokedAt);
    expect((await list(alice)).find((k) => k.id === created.id)!.revokedAt).not.toBeNull();
  });

  it('checks the name (1–40 characters) and the id', async () => {
    for (const name of ['', '   ', 'x'.repeat(41)]) {
      const res = await alice.inject({ method: 'POST', url: '/api/user/api-keys', payload: { name } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ValidationError', fields: { name: expect.any(String) } });
    }
    expect((await create(alice, 'x'.repeat(40))).name).toHaveLength(40);
    const bad = await revoke(alice, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
  });

  it(`allows at most ${MAX_ACTIVE_API_KEYS} active keys (409 with a clear message), revoked keys not counted`, async () => {
    const carol = await signIn(t.app);
    const made = await Promise.all(
      Array.from({ length: MAX_ACTIVE_API_KEYS + 2 }, (_, i) =>
        carol.inject({ method: 'POST', url: '/api/user/api-keys', payload: { name: `key ${i}` } }),
      ),
    );
    // Concurrent creates cannot pass the limit together.
    expect(made.filter((r) => r.statusCode === 201)).toHaveLength(MAX_ACTIVE_API_KEYS);
    const refused = made.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json()).toEqual({
      error: 'TooManyApiKeys',
      message: expect.stringMatching(/at most 10 active API keys.*Revoke one/),
    });
    const first = made.find((r) => r.statusCode === 201)!.json<CreatedApiKey>();
    expect((await revoke(carol, first.id)).statusCode).toBe(200);
    await create(carol, 'after revoking');
    expect(await list(carol)).toHaveLength(MAX_ACTIVE_API_KEYS + 1);
  });

  it(`25 create-and-revoke cycles make at most ${MAX_API_KEYS_PER_DAY} keys in 24 hours (429 with Retry-After)`, async () => {
    const dave = await signIn(t.app);
    const statuses: number[] = [];
    let refusal: LightMyRequestResponse | undefined;
    for (let i = 0; i < 25; i++) {
      const res = await dave.inject({ method: 'POST', url: '/api/user/api-keys', payload: { name: `cycle ${i}` } });
      statuses.push(res.statusCode);
      if (res.statusCode === 201) expect((await revoke(dave, res.json<CreatedApiKey>().id)).statusCode).toBe(200);
      else refusal = res;
    }
    expect(statuses).toEqual([...Array(MAX_API_KEYS_PER_DAY).fill(201), ...Array(25 - MAX_API_KEYS_PER_DAY).fill(429)]);
    expect(await list(dave)).toHaveLength(MAX_API_KEYS_PER_DAY);
    expect(refusal!.json()).toEqual({ error: 'TooManyRequests', message: API_KEY_MESSAGES.tooManyToday });
    const retryAfter = Number(refusal!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    // Once the oldest of them is 24 hours old, one more may be made (then the clock goes back for the tests below).
    const before = t.app.clock.now();
    t.app.clock.advance(retryAfter * 1000);
    await create(dave, 'a day later');
    t.app.clock.set(before);
  });

  it('needs a session, and a CSRF token on writes', async () => {
    const stranger = anonymous(t.app);
    expect((await stranger.inject({ method: 'GET', url: '/api/user/api-keys' })).statusCode).toBe(401);
    expect(
      (await stranger.inject({ method: 'POST', url: '/api/user/api-keys', payload: { name: 'x' } }))
        .statusCode,
    ).toBe(401);
    // Alice's cookie without the token: a cross-site form cannot make a key.
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/user/api-keys',
      payload: { name: 'forged' },
      cookies: Object.fromEntries(alice.cookies),
    });
    expect(noToken.statusCode).toBe(403);
  });

  it("cannot revoke another user's key: 404 as for a missing one, and the key keeps working", async () => {
    const created = await create(alice, 'not yours');
    const res = await revoke(bob, created.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NotFound' });
    expect((await revoke(bob, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.revokedAt).toBeNull();
    expect((await withKey(created.key)).statusCode).toBe(200);
  });
});

describe('Partner API reads with a key', () => {
  it('reads the leaderboard with RateLimit headers, counts the day and sets lastUsedAt once a minute', async () => {
    const created = await create(alice, 'leaderboard');
    const res = await withKey(created.key, LEADERBOARD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.length).toBeGreaterThan(0);
    expect(res.headers['ratelimit-policy']).toBe(
      `"api-key-minute";q=${API_KEY_PER_MINUTE};w=60, "api-key-day";q=${API_KEY_PER_DAY};w=86400`,
    );
    expect(res.headers.ratelimit).toMatch(
      new RegExp(`^"api-key-minute";r=${API_KEY_PER_MINUTE - 1};t=\\d+, "api-key-day";r=${API_KEY_PER_DAY - 1};t=\\d+$`),
    );
    // The 2022 draft's fields are gone.
    expect(res.headers['ratelimit-limit']).toBeUndefined();
    expect(rateHeaders(res)).toEqual({
      limit: API_KEY_PER_MINUTE,
      remaining: API_KEY_PER_MINUTE - 1,
      reset: expect.any(Number),
    });
    expect(rateHeaders(res)!.reset).toBeGreaterThan(0);
    expect(rateHeaders(res)!.reset).toBeLessThanOrEqual(60);

    const used = (await list(alice)).find((k) => k.id === created.id)!;
    expect(used.usage.at(-1)).toMatchObject({ requests: 1, refused: 0 });
    expect(used.lastUsedAt).not.toBeNull();
    // Within the minute lastUsedAt stays; after it, it moves.
    expect((await withKey(created.key, LEADERBOARD)).statusCode).toBe(200);
    expect((await list(alice)).find((k) => k.id === created.id)!.lastUsedAt).toBe(used.lastUsedAt);
    t.app.clock.advance(61_000);
    expect((await withKey(created.key, LEADERBOARD)).statusCode).toBe(200);
    const later = (await list(alice)).find((k) => k.id === created.id)!;
    expect(Date.parse(later.lastUsedAt!)).toBeGreaterThan(Date.parse(used.lastUsedAt!));
    expect(later.usage.at(-1)!.requests).toBe(3);

    // Without a key the read is counted under the address's anonymous quota, not the key's.
    const anon = await t.app.inject({ method: 'GET', url: '/api/leaderboard?limit=5' });
    expect(anon.statusCode).toBe(200);
    expect(rateLimitOf(anon.headers, KEY_POLICIES.minute)).toBeUndefined();
    expect(rateLimitOf(anon.headers, ANONYMOUS_POLICY)).toMatchObject({ quota: 1000, window: 3600 });
  });

  it('refuses an unknown, malformed or revoked key with 401 InvalidApiKey', async () => {
    const created = await create(alice, 'to revoke');
    const ok = await withKey(created.key);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ keyId: created.id });
    const unknown = `sk_${'A'.repeat(43)}`;
    for (const key of [unknown, 'sk_short', 'garbage', '']) {
      const res = await withKey(key);
      expect(res.statusCode, key).toBe(401);
      expect(res.json()).toMatchObject({ error: 'InvalidApiKey' });
    }
    expect((await revoke(alice, created.id)).statusCode).toBe(200);
    const res = await withKey(created.key);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'InvalidApiKey', message: expect.any(String) });
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('authorises no account or watchlist route: the key is no session', async () => {
    const created = await create(alice, 'writes');
    const attempts = [
      { method: 'POST', url: '/api/watchlist/create', payload: { name: 'By key', projects: [] } },
      {
        method: 'POST',
        url: '/api/user/wallets',
        payload: { walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' },
      },
      { method: 'GET', url: '/api/watchlist' },
      { method: 'GET', url: '/api/%77atchlist' },
      { method: 'GET', url: '/api/user/profile' },
      { method: 'GET', url: '/api/user/api-keys' },
      { method: 'POST', url: '/api/user/api-keys', payload: { name: 'key by key' } },
      { method: 'POST', url: '/api/user/api-keys/revoke', payload: { id: created.id } },
    ] as const;
    for (const a of attempts) {
      const res = await t.app.inject({ ...a, headers: bearer(created.key) });
      expect([401, 403], `${a.method} ${a.url}: ${res.body}`).toContain(res.statusCode);
      // Nothing was counted against the key either: these routes never look at it.
      expect(res.headers.ratelimit).toBeUndefined();
    }
    const lists = await alice.inject({ method: 'GET', url: '/api/watchlist' });
    expect(JSON.stringify(lists.json())).not.toContain('By key');
    expect((await list(alice)).find((k) => k.id === created.id)!.revokedAt).toBeNull();
    expect((await usageToday(created.id)).requests).toBe(0);
  });

  it('answers 429 RateLimitExceeded with Retry-After past the per-minute quota, and serves again next minute', async () => {
    const created = await create(alice, 'per minute');
    await setQuota(created.id, { perMinute: 3 });
    // 10 s into a minute, so the window is the same for all four requests.
    t.app.clock.set(new Date(Math.floor(Date.now() / 60_000) * 60_000 + 60_000 + 10_000));
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await withKey(created.key);
      expect(res.statusCode).toBe(200);
      expect(rateHeaders(res)!.limit).toBe(3);
      remaining.push(rateHeaders(res)!.remaining);
    }
    expect(remaining).toEqual([2, 1, 0]);
    const over = await withKey(created.key);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      error: 'RateLimitExceeded',
      message: expect.stringContaining('3 requests per minute'),
    });
    const retry = Number(over.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(rateHeaders(over)).toEqual({ limit: 3, remaining: 0, reset: retry });
    expect(await usageToday(created.id)).toMatchObject({ requests: 3, refused: 1 });

    t.app.clock.advance(retry * 1000);
    const next = await withKey(created.key);
    expect(next.statusCode).toBe(200);
    expect(rateHeaders(next)!.remaining).toBe(2);
  });

  it('answers 429 past the per-day quota until midnight UTC, and the usage shows served and refused', async () => {
    const created = await create(alice, 'per day');
    await setQuota(created.id, { perDay: 2 });
    // 23:00 UTC tomorrow (the session is still live then).
    const midnight = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 2 * 86_400_000;
    t.app.clock.set(new Date(midnight - 3_600_000));
    const [today, tomorrow] = [midnight - 86_400_000, midnight].map((ms) =>
      new Date(ms).toISOString().slice(0, 10),
    );
    const first = await withKey(created.key);
    expect(first.statusCode).toBe(200);
    // The day's window: 1 left of 2, resetting at midnight.
    expect(rateHeaders(first, KEY_POLICIES.day)).toEqual({ limit: 2, remaining: 1, reset: 3600 });
    expect((await withKey(created.key)).statusCode).toBe(200);
    const over = await withKey(created.key);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      error: 'RateLimitExceeded',
      message: expect.stringContaining('per day'),
    });
    expect(Number(over.headers['retry-after'])).toBe(3600);
    expect((await withKey(created.key)).statusCode).toBe(429);
    expect(await usageToday(created.id)).toMatchObject({ requests: 2, refused: 2 });
    const usage = (await list(alice)).find((k) => k.id === created.id)!.usage;
    expect(usage.at(-1)).toEqual({ day: today, requests: 2, refused: 2 });

    t.app.clock.advance(3600 * 1000);
    expect((await withKey(created.key)).statusCode).toBe(200);
    const nextDay = (await list(alice)).find((k) => k.id === created.id)!.usage;
    expect(nextDay.slice(-2)).toEqual([
      { day: today, requests: 2, refused: 2 },
      { day: tomorrow, requests: 1, refused: 0 },
    ]);
  });
});
