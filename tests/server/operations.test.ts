import { describe, expect, it } from 'vitest';
import { isUnavailableError } from '../../server/plugins/app/errors';
import { useTestApp } from '../helpers/app';

/** A port on loopback where nothing listens: connecting is refused at once. */
const DEAD = '127.0.0.1:1';

// PostgreSQL and Redis going away and coming back (through a cut proxy): tests/fleet/recovery.test.ts.

describe('liveness and readiness', () => {
  const t = useTestApp();

  it('/api/health answers 200 without touching anything else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.driver });
  });

  it('/api/ready is 200 when the database answers and is migrated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'up', migrations: 'done', instance: 'serving' },
    });
  });

  it('/api/ready is 503 while the instance drains, and other requests are still served', async () => {
    t.app.lifecycle.startDrain();
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      error: 'NotReady',
      message: 'Not ready: the instance is shutting down.',
      checks: { database: 'up', migrations: 'done', instance: 'draining' },
    });
    const other = await t.app.inject({ method: 'GET', url: '/api/leaderboard?pageSize=1' });
    expect(other.statusCode).toBe(200);
    // … on a connection that then closes, so keep-alive clients move to another instance.
    expect(other.headers.connection).toBe('close');
  });
});

describe('Redis configured but unreachable', () => {
  const t = useTestApp({ REDIS_URL: `redis://${DEAD}` });

  it('starts anyway, stays live, and /api/ready names Redis as down', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'NotReady',
      message: 'Not ready: Redis is down.',
      checks: { database: 'up', migrations: 'done', redis: 'down', instance: 'serving' },
    });
  });
});

describe('isUnavailableError', () => {
  it('recognises driver errors wrapped by Drizzle, and nothing else', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isUnavailableError(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
    expect(isUnavailableError(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnavailableError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isUnavailableError(new Error('boom'))).toBe(false);
  });
});
