import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/harness';
import { fleetEnvironment, fleetSettings, scratchDatabase } from './harness';
import { HASH_PER_ADDRESS } from '../../server/accounts/passwords';

/**
 * Graceful drain: SIGTERM stops the listener, lets the requests in flight finish and
 * answer, then the process exits 0. Checked on a real instance, from the outside.
 */

const environment = await fleetEnvironment();
if (environment.skip) console.log(`drain tests skipped: ${environment.skip}`);

type LogLine = { msg?: string; reqId?: string; req?: { url?: string } };

describe.skipIf(!!environment.skip)('SIGTERM drains an instance', () => {
  let server: RunningServer;
  let database: Awaited<ReturnType<typeof scratchDatabase>>;

  beforeAll(async () => {
    database = await scratchDatabase(environment.postgres!, 'drain');
    server = await startServer({
      ...fleetSettings(environment, database.url),
      SEED_PROJECTS: '20',
      // Full-cost hashing (the suites' cheap test cost unset): at the test cost every sign-up finished before the
      // signal came, and there was nothing in flight to drain.
      TEST_SCRYPT_LOG2_N: '',
    });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const lines = () =>
    server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);

  it('finishes the requests in flight, answers them, then exits 0 and takes no new connection', async () => {
    // Sign-ups each hash a password (bounded concurrency), so a handful queue up and are still running when the
    // signal comes: as many as one address may hold in the hashing queue (one more would be refused with 429).
    const emails = Array.from({ length: HASH_PER_ADDRESS }, (_, i) => `drain-${i}-${Date.now()}@example.com`);
    const answers = emails.map((email) =>
      fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Drain-Passw0rd!' }),
      }),
    );
    const received = () =>
      lines().filter((l) => l.msg === 'incoming request' && l.req?.url === '/api/auth/signup');
    for (let i = 0; i < 200 && received().length < emails.length; i++) await sleep(25);
    expect(received()).toHaveLength(emails.length);

    const exited = once(server.process, 'exit');
    server.process.kill('SIGTERM');
    const statuses = await Promise.all(answers.map(async (a) => (await a).status));
    expect(statuses).toEqual(emails.map(() => 200));
    const [code] = await exited;
    expect(code, server.output().slice(-2000)).toBe(0);

    // Some sign-up was still running when the drain began, and was answered before the exit.
    const log = lines();
    const drainAt = log.findIndex((l) => l.msg?.startsWith('SIGTERM received: draining'));
    const signupIds = new Set(received().map((l) => l.reqId));
    const completedAfter = log
      .slice(drainAt + 1)
      .filter((l) => l.msg === 'request completed' && signupIds.has(l.reqId));
    expect(drainAt).toBeGreaterThan(-1);
    expect(completedAfter.length).toBeGreaterThan(0);
    // Every sign-up was answered before the drain ended.
    const drainedAt = log.findIndex((l) => l.msg === 'Drained; exiting');
    const lastCompleted = log.findLastIndex((l) => l.msg === 'request completed' && signupIds.has(l.reqId));
    expect(drainedAt).toBeGreaterThan(lastCompleted);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
