import { Redis } from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../e2e/harness';
import { Client } from '../helpers/httpClient';
import { fleetEnvironment, fleetSettings, scratchDatabase, startFleet } from './harness';

/**
 * Two real instances (`server/main.ts` processes, as `npm start` runs them) on two ports, started at
 * the same moment on one fresh PostgreSQL database and one Redis key space. Everything a visitor does on one must
 * hold on the other. Skipped, with the reason printed, only when no PostgreSQL answers.
 */

const environment = await fleetEnvironment();
if (environment.skip) console.log(`fleet tests skipped: ${environment.skip}`);
if (environment.note) console.log(`fleet tests: ${environment.note}`);

const SEED = 60;
const PASSWORD = 'Fleet-Passw0rd!';

describe.skipIf(!!environment.skip)('two instances on one PostgreSQL and Redis', () => {
  let a: RunningServer;
  let b: RunningServer;
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let projectIds: string[];
  let settings: Record<string, string>;

  beforeAll(async () => {
    database = await scratchDatabase(environment.postgres!);
    // Both start at once on the empty database: migrate + seed must run once, under the advisory lock.
    settings = fleetSettings(environment, database.url);
    const fleet = await startFleet(2, settings, {
      SEED_PROJECTS: String(SEED),
    });
    [a, b] = [fleet[0]!, fleet[1]!];
    const page = await new Client().ok<{ items: { id: string }[] }>(
      a.url,
      'GET',
      '/api/leaderboard?sort=name&pageSize=20',
    );
    projectIds = page.items.map((p) => p.id);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((s) => s.stop()));
    await database?.drop();
  });

  it('migrated and seeded the database once, and /api/ready is 200 on both', async () => {
    const seeded = [a, b].filter((s) => /Seeded \d+ projects/.test(s.output()));
    expect(seeded).toHaveLength(1);
    for (const s of [a, b]) {
      const board = await new Client().ok<{ total: number }>(s.url, 'GET', '/api/leaderboard?pageSize=1');
      expect(board.total).toBe(SEED);
      const ready = await new Client().send<{ status: string; checks: Record<string, string> }>(
        s.url,
        'GET',
        '/api/ready',
      );
      expect(ready.status, JSON.stringify(ready.data)).toBe(200);
      expect(ready.data).toEqual({
        status: 'ready',
        checks: {
          database: 'up',
          migrations: 'done',
          ...(environment.redis ? { redis: 'up' } : {}),
          instance: 'serving',
        },
      });
    }
  });

  it('a session made on one instance works on the other, for reads and writes', async () => {
    const client = new Client();
    const email = `fleet-session-${Date.now()}@example.com`;
    await client.signUp(a.url, email, PASSWORD);
    const session = await client.ok<{ user?: { email: string } }>(b.url, 'GET', '/api/auth/session');
    expect(session.user?.email).toBe(email);
    const created = await client.ok<{ id: string }>(b.url, 'POST', '/api/watchlist/create', {
      json: { name: 'Made on B', projects: [projectIds[0]] },
    });
    const lists = await client.ok<{ id: string; projects: string[] }[]>(a.url, 'GET', '/api/watchlist');
    expect(lists.find((l) => l.id === created.id)?.projects).toEqual([projectIds[0]]);
  });

  it('signing out on one instance revokes the session on both', async () => {
    const client = new Client();
    await client.signUp(a.url, `fleet-signout-${Date.now()}@example.com`, PASSWORD);
    // The same cookies, kept by someone who does not sign out (another tab, a copied cookie).
    const kept = client.clone();
    expect((await kept.send(b.url, 'GET', '/api/watchlist')).status).toBe(200);

    await client.ok(a.url, 'POST', '/api/auth/signout', {
      form: { csrfToken: client.csrf!, callbackUrl: '/', json: 'true' },
    });
    for (const s of [a, b]) {
      const session = await kept.send<{ user?: unknown }>(s.url, 'GET', '/api/auth/session');
      expect(session.data?.user, `session on ${s.url}`).toBeUndefined();
      const write = await kept.send(s.url, 'POST', '/api/watchlist/create', { json: { name: 'After' } });
      expect([401, 403], `write on ${s.url}`).toContain(write.status);
    }
  });

  it('a rate limit is shared: incident reports from one address are counted across both', async () => {
    // The limit is 10 an hour per address. Alternating instances, 7 + 7 reports: each instance alone would
    // accept all of its 7, the fleet accepts 10 in all.
    const client = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await client.send(i % 2 === 0 ? a.url : b.url, 'POST', '/api/incidents', {
        json: { projectName: `Fleet ${i}`, description: 'Counted across the fleet.' },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);

    // The counters are in Redis when the fleet has one (else in the shared database), never in process memory.
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from rate_counters where key like 'limit:%incidents%'",
    );
    await db.end();
    if (environment.redis) {
      const redis = new Redis(environment.redis);
      const keys = await redis.keys(`${settings.REDIS_KEY_PREFIX}limit:*incidents*`);
      redis.disconnect();
      expect(keys).toHaveLength(1);
      expect(rows[0]!.n).toBe(0);
    } else {
      expect(rows[0]!.n).toBe(1);
    }
  });

  it('a picture uploaded on one instance is served by the other', async () => {
    const client = new Client();
    await client.signUp(a.url, `fleet-picture-${Date.now()}@example.com`, PASSWORD);
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 30, b: 90 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const profile = await client.ok<{ username: string; profileImageUrl: string }>(
      a.url,
      'POST',
      '/api/user/profile/upload',
      { multipart: form },
    );
    expect(profile.profileImageUrl).toMatch(/^\/api\/user\/profile\/image\//);
    const fromA = await new Client().send(a.url, 'GET', profile.profileImageUrl);
    const fromB = await new Client().send(b.url, 'GET', profile.profileImageUrl);
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe(fromA.headers.get('content-type'));
    expect(fromB.body.equals(fromA.body)).toBe(true);
    const { data } = await sharp(fromB.body).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([200, 30, 90]);
  });

  it('concurrent watchlist toggles split across both instances equal the serial model', async () => {
    const client = new Client();
    await client.signUp(a.url, `fleet-toggles-${Date.now()}@example.com`, PASSWORD);
    const initial = [projectIds[0]!, projectIds[1]!];
    const { id } = await client.ok<{ id: string }>(a.url, 'POST', '/api/watchlist/create', {
      json: { name: 'Concurrent', projects: initial },
    });
    const picks = Array.from({ length: 40 }, (_, i) => projectIds[(i * 7) % 9]!);
    const answers = await Promise.all(
      picks.map((projectId, i) =>
        client.send<{ projects: string[]; version: number; added: boolean }>(
          i % 2 === 0 ? a.url : b.url,
          'POST',
          '/api/watchlist/toggle',
          { json: { id, projectId } },
        ),
      ),
    );
    const acks = answers.map((res, i) => {
      expect(res.status, JSON.stringify(res.data)).toBe(200);
      return { projectId: picks[i]!, ...res.data };
    });
    // Every acknowledgement has its own version (no write lost or applied twice) …
    acks.sort((x, y) => x.version - y.version);
    const first = acks[0]!.version;
    expect(acks.map((x) => x.version)).toEqual(acks.map((_, i) => first + i));
    // … and replaying the toggles one by one in that order gives every answer and the final state.
    let state = [...initial];
    for (const ack of acks) {
      const had = state.includes(ack.projectId);
      state = had ? state.filter((p) => p !== ack.projectId) : [...state, ack.projectId];
      expect(ack.added).toBe(!had);
      expect(ack.projects).toEqual(state);
    }
    for (const s of [a, b]) {
      const lists = await client.ok<{ id: string; projects: string[]; version: number }[]>(
        s.url,
        'GET',
        '/api/watchlist',
      );
      const list = lists.find((l) => l.id === id)!;
      expect(list.projects).toEqual(state);
      expect(list.version).toBe(acks.at(-1)!.version);
    }
  }, 60_000);
});
