import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  HASH_CONCURRENCY,
  HASH_PER_ADDRESS,
  HASH_QUEUE,
  hashingStats,
} from '../../server/accounts/passwords';
import { ACCOUNT_LOCKOUT_AFTER, LOCKOUT_AFTER } from '../../server/accounts/pool';
import { rateCounters } from '../../server/db/schema/index';
import { LIMITS } from '../../server/plugins/app/rateLimit';
import { useTestApp } from '../helpers/app';
import { rateLimitOf, rateLimitPolicies } from '../helpers/rateLimit';
import {
  getCsrf,
  latestCode,
  newClientAddress,
  signIn,
  signUpAndSignIn,
  TEST_PASSWORD,
} from '../helpers/auth';

/**
 * The pentest found: parallel password guessing gets at most LOCKOUT_AFTER password
 * checks, a stranger locks only their own address out of an account, every user-pool route is limited per client
 * address (429 with Retry-After), and a flood of sign-ins fills a bounded hashing queue (503) while the rest of the
 * server keeps answering.
 */

// Password hashing (scrypt) on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const t = useTestApp();

const FORM = 'application/x-www-form-urlencoded';
const LOCKED = /^Password attempts exceeded\. Too many failed sign-in attempts; try again in \d+ minutes?\.$/;

let anonymous: { csrf: string; cookie: string };
beforeAll(async () => {
  anonymous = await getCsrf(t.app);
});

/** One credentials sign-in as the login form sends it (json=true), from `remoteAddress`. */
const attempt = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    remoteAddress,
    headers: { 'content-type': FORM, cookie: anonymous.cookie },
    payload: new URLSearchParams({ email, password, csrfToken: anonymous.csrf, json: 'true' }).toString(),
  });

const message = (res: LightMyRequestResponse) => (res.json() as { message: string }).message;

const counter = async (key: string) =>
  (await t.app.db.select().from(rateCounters).where(eq(rateCounters.key, key)))[0];

describe('finding 3: the lockout holds against parallel guessing', () => {
  it('24 concurrent sign-ins (23 wrong, the right one last) get at most LOCKOUT_AFTER password checks', async () => {
    const session = await signUpAndSignIn(t.app);
    const { email, username } = session.user;
    const attacker = newClientAddress();
    const before = hashingStats().runs;
    const answers = await Promise.all([
      ...Array.from({ length: 23 }, () => attempt(email, 'Wrong1234', attacker)),
      attempt(email, TEST_PASSWORD, attacker),
    ]);
    const checks = hashingStats().runs - before;

    expect(checks).toBeLessThanOrEqual(LOCKOUT_AFTER);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(24).fill(401));
    expect(answers.every((r) => r.json().error === 'NotAuthorizedException')).toBe(true);
    // Everything past the allowed checks was refused without one.
    expect(answers.filter((r) => LOCKED.test(message(r)))).toHaveLength(24 - checks);

    // The address is locked: the right password is refused, and is not even checked.
    const right = await attempt(email, TEST_PASSWORD, attacker);
    expect(right.statusCode).toBe(401);
    expect(message(right)).toMatch(LOCKED);
    expect(hashingStats().runs - before).toBe(checks);
    expect((await counter(`login:${username}:${attacker}`))?.count).toBe(LOCKOUT_AFTER);
  });

  it('counts a sequence of wrong guesses the same way: the fifth locks for a minute', async () => {
    const { user } = await signUpAndSignIn(t.app);
    const address = newClientAddress();
    for (let i = 1; i < LOCKOUT_AFTER; i++) {
      expect(message(await attempt(user.email, 'Wrong1234', address))).toBe(
        'Incorrect username or password.',
      );
    }
    expect(message(await attempt(user.email, 'Wrong1234', address))).toBe(
      'Incorrect username or password. Password attempts exceeded: try again in 1 minute.',
    );
    expect(message(await attempt(user.email, TEST_PASSWORD, address))).toMatch(LOCKED);
    t.app.clock.advance(61_000);
    expect((await attempt(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
  });

  it('treats an unknown email exactly like an account (same answers, same lock)', async () => {
    const address = newClientAddress();
    const unknown = `nobody-${Date.now()}@example.com`;
    const answers: string[] = [];
    for (let i = 0; i <= LOCKOUT_AFTER; i++)
      answers.push(message(await attempt(unknown, 'Wrong1234', address)));
    expect(answers.slice(0, LOCKOUT_AFTER - 1)).toEqual(
      Array(LOCKOUT_AFTER - 1).fill('Incorrect username or password.'),
    );
    expect(answers[LOCKOUT_AFTER - 1]).toBe(
      'Incorrect username or password. Password attempts exceeded: try again in 1 minute.',
    );
    expect(answers[LOCKOUT_AFTER]).toMatch(LOCKED);
  });
});

describe('finding 14: a stranger cannot lock a user out of every address', () => {
  it("locks the stranger's address only; the owner signs in from their own", async () => {
    const { user } = await signUpAndSignIn(t.app);
    const stranger = newClientAddress();
    const owner = newClientAddress();
    for (let i = 0; i < LOCKOUT_AFTER; i++) await attempt(user.email, 'Wrong1234', stranger);
    expect(message(await attempt(user.email, TEST_PASSWORD, stranger))).toMatch(LOCKED);

    const signedIn = await signIn(t.app, user.email, TEST_PASSWORD, owner);
    expect(signedIn.user.username).toBe(user.username);
    // The owner's sign-in does not unlock the stranger.
    expect(message(await attempt(user.email, TEST_PASSWORD, stranger))).toMatch(LOCKED);
  });

  it('has a much higher ceiling per account across all addresses; a password reset lifts it', async () => {
    const { user } = await signUpAndSignIn(t.app);
    // As if strangers from many addresses had failed ACCOUNT_LOCKOUT_AFTER − 1 times already.
    await t.app.db.insert(rateCounters).values({
      key: `login:${user.username}`,
      count: ACCOUNT_LOCKOUT_AFTER - 1,
      windowStart: t.app.clock.now(),
    });
    expect(message(await attempt(user.email, 'Wrong1234', newClientAddress()))).toBe(
      'Incorrect username or password.',
    );
    // The next failure anywhere reached the ceiling: every address is refused for 15 minutes.
    const owner = await attempt(user.email, TEST_PASSWORD, newClientAddress());
    expect(owner.statusCode).toBe(401);
    expect(message(owner)).toMatch(/try again in 15 minutes\.$/);

    // The mailed reset code proves the owner: the lock ends.
    const address = newClientAddress();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: address,
      payload: { email: user.email },
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-forgotten-password',
      remoteAddress: address,
      payload: { email: user.email, code: await latestCode(t.app, user.email), newPassword: 'Another1pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await attempt(user.email, 'Another1pass', address)).statusCode).toBe(200);
  });
});

describe('finding 9: user-pool routes are limited per client address', () => {
  // Each route is sent requests its handler refuses cheaply (no CSRF token, or an invalid body): the limit counts
  // every request from the address before any work is done.
  // [name, route, limit, the policy its RateLimit fields name]
  const routes: [string, string, number, keyof typeof LIMITS][] = [
    ['sign-in', '/api/auth/callback/credentials', LIMITS.signIn.max, 'signIn'],
    ['sign-up', '/api/auth/signup', LIMITS.signUp.max, 'signUp'],
    ['forgot password', '/api/auth/forgot-password', LIMITS.forgot.max, 'forgot'],
    ['reset password', '/api/auth/reset-forgotten-password', LIMITS.reset.max, 'reset'],
    ['verify email', '/api/auth/verify-email', LIMITS.verify.max, 'verify'],
    ['resend confirmation', '/api/auth/resend-confirmation', LIMITS.resend.max, 'resend'],
    ['change password', '/api/user/change-password', LIMITS.changePassword.max, 'changePassword'],
  ];
  it.each(routes)(
    '%s (%s): 429 with Retry-After past %i requests a minute',
    async (_name, url, max, policy) => {
      const address = newClientAddress();
      const send = (remoteAddress: string) =>
        t.app.inject({ method: 'POST', url, remoteAddress, payload: { email: 'not-an-email' } });
      for (let i = 0; i < max; i++) expect((await send(address)).statusCode).not.toBe(429);
      const over = await send(address);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({
        error: 'LimitExceededException',
        message: 'Attempt limit exceeded, please try after some time.',
      });
      const retryAfter = Number(over.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // The current IETF draft's fields, the policy named after the limit (not the 2022 RateLimit-Limit and co.).
      expect(rateLimitPolicies(over.headers)).toEqual([policy]);
      expect(rateLimitOf(over.headers, policy)).toEqual({
        quota: max,
        window: 60,
        remaining: 0,
        reset: retryAfter,
      });
      expect(over.headers['ratelimit-limit']).toBeUndefined();
      // Another address is not affected.
      expect((await send(newClientAddress())).statusCode).not.toBe(429);
      // The window passes.
      t.app.clock.advance(61_000);
      expect((await send(address)).statusCode).not.toBe(429);
    },
  );
});

describe('finding 9: a flood of sign-ins cannot starve the server', () => {
  // At OWASP's cost: the gate must still be full when the test looks (the suites hash cheaper, vite.config.ts).
  beforeAll(() => void vi.stubEnv('TEST_SCRYPT_LOG2_N', ''));
  afterAll(() => void vi.unstubAllEnvs());
  it('fills a bounded hashing queue, answers 503 with Retry-After beyond it, and /api/health answers meanwhile', async () => {
    const { user } = await signUpAndSignIn(t.app);
    const flood = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE }, (_, i) =>
      attempt(`flood-${i}-${Date.now()}@example.com`, 'Wrong1234', newClientAddress()),
    );
    await vi.waitFor(
      () => expect(hashingStats()).toMatchObject({ active: HASH_CONCURRENCY, waiting: HASH_QUEUE }),
      { timeout: 60_000, interval: 10 },
    );

    const address = newClientAddress();
    const extra = await attempt(user.email, 'Wrong1234', address);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    // Both answered while the queue still held work: nothing waited for the hashes.
    const stillQueued = hashingStats().waiting;

    expect(extra.statusCode).toBe(503);
    expect(extra.headers['retry-after']).toBe('5');
    expect(extra.json()).toMatchObject({ error: 'LimitExceededException' });
    expect(health.statusCode).toBe(200);
    expect(stillQueued).toBeGreaterThan(0);

    // The queued sign-ins all finish with an ordinary answer.
    expect((await Promise.all(flood)).map((r) => r.statusCode)).toEqual(
      Array(HASH_CONCURRENCY + HASH_QUEUE).fill(401),
    );
    expect(hashingStats()).toMatchObject({ active: 0, waiting: 0 });
    // The refused attempt was never checked, so it does not count towards the lockout of its address.
    expect((await counter(`login:${user.username}:${address}`))?.count ?? 0).toBe(0);
  });
});

describe('one address cannot take the hashing queue from everyone', () => {
  // At OWASP's cost: the gate must still be full when the test looks (the suites hash cheaper, vite.config.ts).
  beforeAll(() => void vi.stubEnv('TEST_SCRYPT_LOG2_N', ''));
  afterAll(() => void vi.unstubAllEnvs());
  it('40 parallel wrong sign-ins from one address hold at most its share; the owner signs in from another', async () => {
    const { user } = await signUpAndSignIn(t.app);
    const flooder = newClientAddress();
    const BURST = 40;
    let answered = 0;
    const burst = Array.from({ length: BURST }, (_, i) =>
      attempt(`burst-${i}-${Date.now()}@example.com`, 'Wrong1234', flooder).then((res) => {
        answered += 1;
        return res;
      }),
    );
    // Wait until every request of the burst is either answered or holds a place in the gate.
    let held = 0;
    await vi.waitFor(
      () => {
        const { active, waiting } = hashingStats();
        expect(active).toBeGreaterThan(0);
        expect(answered + active + waiting).toBe(BURST);
        held = active + waiting;
      },
      { timeout: 60_000, interval: 5 },
    );
    expect(held).toBeLessThanOrEqual(HASH_PER_ADDRESS);

    // The owner, from their own address, meanwhile: signed in, not told the server is busy.
    const owner = await attempt(user.email, TEST_PASSWORD, newClientAddress());
    expect(owner.statusCode).toBe(200);

    const answers = await Promise.all(burst);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(HASH_PER_ADDRESS);
    for (const refused of answers.filter((r) => r.statusCode === 429)) {
      expect(refused.json()).toMatchObject({
        error: 'LimitExceededException',
        message: 'Attempt limit exceeded, please try after some time.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(hashingStats()).toMatchObject({ active: 0, waiting: 0 });
  });
});

describe("strangers reaching the account's ceiling do not lock out the owner's browser", () => {
  /** A credentials sign-in carrying `cookie` too (e.g. the device cookie of an earlier sign-in). */
  const attemptWith = (email: string, password: string, remoteAddress: string, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      remoteAddress,
      headers: { 'content-type': FORM, cookie: [anonymous.cookie, cookie].filter(Boolean).join('; ') },
      payload: new URLSearchParams({ email, password, csrfToken: anonymous.csrf, json: 'true' }).toString(),
    });

  /** The device cookie a successful sign-in from `address` sets, as a Cookie header. */
  async function deviceOf(email: string, address: string) {
    const res = await attemptWith(email, TEST_PASSWORD, address, '');
    expect(res.statusCode).toBe(200);
    const set = (res.cookies as { name: string; value: string; httpOnly?: boolean; maxAge?: number }[]).find(
      (c) => c.name === 'device',
    );
    expect(set).toMatchObject({ httpOnly: true });
    expect(set!.maxAge).toBeGreaterThan(0);
    return `device=${set!.value}`;
  }

  /** Strangers fail LOCKOUT_AFTER times from each of their addresses until the account's ceiling is reached. */
  async function reachCeiling(username: string, email: string) {
    // As if ACCOUNT_LOCKOUT_AFTER / LOCKOUT_AFTER − 1 addresses had failed already; the last one fails here.
    await t.app.db.insert(rateCounters).values({
      key: `login:${username}`,
      count: ACCOUNT_LOCKOUT_AFTER - LOCKOUT_AFTER,
      windowStart: t.app.clock.now(),
    });
    const stranger = newClientAddress();
    for (let i = 0; i < LOCKOUT_AFTER; i++) {
      expect((await attempt(email, 'Wrong1234', stranger)).statusCode).toBe(401);
    }
    // The ceiling holds against everyone else: the right password from a fresh address is refused unchecked.
    const before = hashingStats().runs;
    const fresh = await attempt(email, TEST_PASSWORD, newClientAddress());
    expect(fresh.statusCode).toBe(401);
    expect(message(fresh)).toMatch(/try again in 15 minutes\.$/);
    expect(hashingStats().runs).toBe(before);
  }

  it('lets the browser that signed in before through, from its usual address and from another', async () => {
    const { user } = await signUpAndSignIn(t.app);
    const home = newClientAddress();
    const device = await deviceOf(user.email, home);
    await reachCeiling(user.username, user.email);

    const fromHome = await attemptWith(user.email, TEST_PASSWORD, home, device);
    expect(fromHome.statusCode).toBe(200);
    expect(fromHome.json()).toEqual({ url: expect.any(String) });
    expect((await attemptWith(user.email, TEST_PASSWORD, newClientAddress(), device)).statusCode).toBe(200);

    // The owner getting in does not lift the ceiling for anyone else.
    expect(message(await attempt(user.email, TEST_PASSWORD, newClientAddress()))).toMatch(LOCKED);
    // Nor does the owner's usual address without the cookie count as known.
    expect(message(await attempt(user.email, TEST_PASSWORD, home))).toMatch(LOCKED);
  });

  it("refuses another account's device cookie, a tampered one, and a known browser past its own 5 failures", async () => {
    const { user } = await signUpAndSignIn(t.app);
    const device = await deviceOf(user.email, newClientAddress());
    const stranger = await signUpAndSignIn(t.app);
    // The attacker's own browser, known to the attacker's own account.
    const strangersDevice = await deviceOf(stranger.user.email, newClientAddress());
    await reachCeiling(user.username, user.email);

    expect(
      message(await attemptWith(user.email, TEST_PASSWORD, newClientAddress(), strangersDevice)),
    ).toMatch(LOCKED);
    const tampered = device.slice(0, -4) + (device.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(message(await attemptWith(user.email, TEST_PASSWORD, newClientAddress(), tampered))).toMatch(
      LOCKED,
    );

    // Whoever holds the owner's cookie gets LOCKOUT_AFTER guesses, from however many addresses.
    for (let i = 1; i < LOCKOUT_AFTER; i++) {
      const wrong = await attemptWith(user.email, 'Wrong1234', newClientAddress(), device);
      expect(message(wrong)).toBe('Incorrect username or password.');
    }
    expect(message(await attemptWith(user.email, 'Wrong1234', newClientAddress(), device))).toBe(
      'Incorrect username or password. Password attempts exceeded: try again in 1 minute.',
    );
    const locked = await attemptWith(user.email, TEST_PASSWORD, newClientAddress(), device);
    expect(locked.statusCode).toBe(401);
    expect(message(locked)).toMatch(LOCKED);
    // Its lock ends like an address's (a minute after the fifth failure), and then the owner gets in.
    t.app.clock.advance(61_000);
    expect((await attemptWith(user.email, TEST_PASSWORD, newClientAddress(), device)).statusCode).toBe(200);
  });
});
