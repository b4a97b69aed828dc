import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { sql } from 'drizzle-orm';
import { signIn } from '../helpers/signed-in';
import { fleetEnvironment, scratchDatabase } from './harness';
import { tcpProxy } from './proxy';

/**
 * PostgreSQL and Redis going away and coming back under a running instance: requests that
 * need them answer 503 (never a 500), /api/ready names what is down, one log line marks the outage and one the
 * recovery, and everything works again without a restart. The outage is a cut TCP proxy in front of the real
 * servers, so nothing else on the machine notices.
 */

const environment = await fleetEnvironment();
if (environment.skip) console.log(`recovery tests skipped: ${environment.skip}`);

type Proxy = Awaited<ReturnType<typeof tcpProxy>>;

describe.skipIf(!!environment.skip)('an instance rides out a PostgreSQL and a Redis outage', () => {
  let app: FastifyInstance;
  let database: Database;
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let pgProxy: Proxy;
  let redisProxy: Proxy | undefined;
  const logged: string[] = [];

  /** A request that reads the database on every call (the development outbox). */
  const readsDatabase = () => app.inject({ method: 'GET', url: '/api/dev/outbox?to=nobody%40example.com' });
  const ready = () => app.inject({ method: 'GET', url: '/api/ready' });

  /** Waits (bounded) until /api/ready answers `status`: the monitor and the drivers reconnect on their own. */
  async function untilReady(status: number) {
    let last = await ready();
    for (let i = 0; i < 60 && last.statusCode !== status; i++) {
      await sleep(250);
      last = await ready();
    }
    return last;
  }

  beforeAll(async () => {
    scratch = await scratchDatabase(environment.postgres!, 'recovery');
    const target = new URL(scratch.url);
    pgProxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(scratch.url);
    viaProxy.host = `127.0.0.1:${pgProxy.port}`;
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sentinel-recovery-')),
      DATABASE_URL: viaProxy.toString(),
    };
    if (environment.redis) {
      const redis = new URL(environment.redis);
      redisProxy = await tcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
      env.REDIS_URL = `redis://127.0.0.1:${redisProxy.port}`;
      env.REDIS_KEY_PREFIX = `recovery-${process.pid}-${Date.now()}:`;
    }
    const config = loadConfig(env);
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    app = await buildApp({
      config,
      database,
      logger: {
        level: 'info',
        stream: { write: (line: string) => void logged.push((JSON.parse(line) as { msg: string }).msg) },
      },
    });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await pgProxy?.close();
    await redisProxy?.close();
    await scratch?.drop();
  });

  it('is ready before the outage', async () => {
    expect((await ready()).statusCode).toBe(200);
    expect((await readsDatabase()).statusCode).toBe(200);
  });

  it('answers 503 while PostgreSQL is away, logs it once, and recovers without a restart', async () => {
    await pgProxy.cut();
    const during = await readsDatabase();
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({
      error: 'ServiceUnavailable',
      message: 'The service is briefly unavailable. Please try again shortly.',
    });
    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({ error: 'NotReady', message: 'Not ready: PostgreSQL is down.' });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(logged.filter((m) => m.startsWith('PostgreSQL is unreachable'))).toHaveLength(1);

    await pgProxy.restore();
    expect((await untilReady(200)).statusCode).toBe(200);
    expect((await readsDatabase()).statusCode).toBe(200);
    expect(logged).toContain('PostgreSQL is reachable again');
  });

  it('keeps running when PostgreSQL ends the connection of a transaction under way (as a restart does)', async () => {
    // Found by bench/fleet.ts: a PostgreSQL restart during watchlist toggles ended an instance. A connection ended
    // while a transaction waits between two statements has no query to fail, so its client emits 'error'; with no
    // listener that ends the process. Here the backend is ended by pg_terminate_backend, as a restart ends it.
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      const transaction = app.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
        await sleep(300); // the server's goodbye arrives while no statement is running
        await tx.execute(sql`SELECT 1`);
      });
      await expect(transaction).rejects.toThrow();
    } finally {
      await admin.end();
    }
    // The process is alive and the instance serves database requests again.
    expect((await untilReady(200)).statusCode).toBe(200);
    const user = await signIn(app);
    const created = await user.inject({
      method: 'POST',
      url: '/api/watchlist/create',
      payload: { name: 'After' },
    });
    expect(created.statusCode).toBe(200);
  });

  it.skipIf(!environment.redis)(
    'reports Redis away in /api/ready, logs it once, and recovers without a restart',
    async () => {
      await redisProxy!.cut();
      const notReady = await untilReady(503);
      expect(notReady.json()).toMatchObject({ error: 'NotReady', message: 'Not ready: Redis is down.' });
      // The rate limits live in Redis: a limited route answers 503 rather than go unlimited.
      const limited = await app.inject({
        method: 'POST',
        url: '/api/incidents',
        payload: { projectName: 'During the outage', description: 'Redis is away.' },
      });
      expect(limited.statusCode).toBe(503);
      expect(limited.json()).toMatchObject({ error: 'ServiceUnavailable' });
      expect(logged.filter((m) => m.startsWith('Redis is unreachable'))).toHaveLength(1);

      await redisProxy!.restore();
      expect((await untilReady(200)).statusCode).toBe(200);
      expect(logged).toContain('Redis is reachable again');
      const after = await app.inject({
        method: 'POST',
        url: '/api/incidents',
        payload: { projectName: 'After the outage', description: 'Redis is back.' },
      });
      expect(after.statusCode).toBe(201);
    },
  );
});
