import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../server/accounts/sessions';
import { sessions, watchlists } from '../../server/db/schema/index';
import { sealJwt } from '../../server/plugins/app/session';
import { useTestApp } from '../helpers/app';
import {
  latestCode,
  postSignOut,
  readSession,
  signIn,
  signUpAndSignIn,
  TEST_PASSWORD,
  type TestSession,
} from '../helpers/auth';

/**
 * Finding 5 of Sessions were never revoked (sign-out, password change and reset left old cookies
 * working) and reading a session extended it forever. Each test replays a stolen or stale cookie.
 */

// scrypt at full cost on a shared machine: sign-ups and sign-ins take a while.
vi.setConfig({ testTimeout: 120_000 });

const t = useTestApp();

const DAY = 24 * 60 * 60 * 1000;
let n = 0;
const freshEmail = () => `sessions-${Date.now()}-${n++}@example.com`;

/** One account signed in on two devices. */
const signedInTwice = async () => {
  const email = freshEmail();
  const first = await signUpAndSignIn(t.app, email);
  const second = await signIn(t.app, email, TEST_PASSWORD);
  return { email, first, second };
};

/** A write that needs a session: creating a watchlist. */
const createWatchlist = (s: TestSession, name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/watchlist/create',
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrf },
    payload: { name },
  });

const listsNamed = async (name: string) =>
  t.app.db.select().from(watchlists).where(eq(watchlists.name, name));

const sessionCookieValue = (cookie: string) => /(?:^|;\s*)session-token=([^;]+)/.exec(cookie)?.[1];

describe('sign-out', () => {
  it('revokes the session: the old cookie reads {} and cannot write', async () => {
    const s = await signUpAndSignIn(t.app, freshEmail());
    expect((await readSession(t.app, s.cookie)).json().user).toBeDefined();

    const out = await postSignOut(t.app, s.cookie, { csrfToken: s.csrf, callbackUrl: '/', json: 'true' });
    expect(out.statusCode).toBe(200);

    // The attacker kept a copy of the cookie from before the sign-out and replays it.
    const replayed = await readSession(t.app, s.cookie);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual({});
    const write = await createWatchlist(s, 'after sign-out');
    expect(write.statusCode).toBe(401);
    expect(write.json()).toMatchObject({ error: 'Unauthorized' });
    expect(await listsNamed('after sign-out')).toEqual([]);
  });
});

describe('password change', () => {
  it('signs out every other device and keeps the current session', async () => {
    const { email, first: here, second: other } = await signedInTwice();

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: { cookie: here.cookie, 'x-csrf-token': here.csrf },
      payload: { oldPassword: TEST_PASSWORD, newPassword: 'N3w-Passw0rd!' },
    });
    expect(changed.statusCode).toBe(200);

    expect((await readSession(t.app, other.cookie)).json()).toEqual({});
    const stale = await createWatchlist(other, 'other device');
    expect(stale.statusCode).toBe(401);
    expect(await listsNamed('other device')).toEqual([]);

    expect((await readSession(t.app, here.cookie)).json().user).toMatchObject({ email });
    const fresh = await createWatchlist(here, 'this device');
    expect(fresh.statusCode).toBe(200);
    expect(await listsNamed('this device')).toHaveLength(1);
  });
});

describe('password reset', () => {
  it('signs out every session of the account', async () => {
    const { email, first, second } = await signedInTwice();

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    expect(asked.statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-forgotten-password',
      payload: { email, code: await latestCode(t.app, email), newPassword: 'N3w-Passw0rd!' },
    });
    expect(reset.statusCode).toBe(200);

    for (const s of [first, second]) {
      expect((await readSession(t.app, s.cookie)).json()).toEqual({});
      expect((await createWatchlist(s, 'after reset')).statusCode).toBe(401);
    }
    expect(await listsNamed('after reset')).toEqual([]);
    // The new password signs in as usual.
    expect((await signIn(t.app, email, 'N3w-Passw0rd!')).user.email).toBe(email);
  });
});

describe('lifetime', () => {
  it('renews on read, but never past the absolute cap of 90 days from sign-in', async () => {
    expect(SESSION_IDLE_MS).toBe(30 * DAY);
    expect(SESSION_ABSOLUTE_MS).toBe(90 * DAY);
    const s = await signUpAndSignIn(t.app, freshEmail());
    const signedInAt = t.app.clock.nowMs();

    // Read the session every 29 days, as a client that keeps polling would.
    for (let day = 29; day <= 87; day += 29) {
      t.app.clock.advance(29 * DAY);
      const res = await readSession(t.app, s.cookie);
      const body = res.json() as { expires?: string };
      expect(body.expires).toBeDefined();
      // Never later than the cap, whatever the renewal would give.
      expect(Date.parse(body.expires!)).toBeLessThanOrEqual(signedInAt + 90 * DAY);
      const cookie = res.cookies.find((c) => c.name === 'session-token');
      expect(cookie?.maxAge).toBeLessThanOrEqual((signedInAt + 90 * DAY - t.app.clock.nowMs()) / 1000);
    }
    // Day 87: read 3 days ago, but the sign-in is now 90 days old.
    t.app.clock.advance(3 * DAY + 1000);
    expect((await readSession(t.app, s.cookie)).json()).toEqual({});
    expect((await createWatchlist(s, 'past the cap')).statusCode).toBe(401);
  });

  it('ends a session that was not read for 30 days', async () => {
    const s = await signUpAndSignIn(t.app, freshEmail());
    t.app.clock.advance(30 * DAY + 1000);
    expect((await readSession(t.app, s.cookie)).json()).toEqual({});
  });
});

describe('forged and unknown sessions', () => {
  it('signs out a tampered cookie', async () => {
    const s = await signUpAndSignIn(t.app, freshEmail());
    const value = sessionCookieValue(s.cookie)!;
    const flipped = `${value.slice(0, -6)}${value.slice(-6) === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'}`;
    const tampered = s.cookie.replace(value, flipped);
    expect((await readSession(t.app, tampered)).json()).toEqual({});
    expect((await createWatchlist({ ...s, cookie: tampered }, 'tampered')).statusCode).toBe(401);
  });

  it('signs out a well-sealed cookie naming an unknown or deleted session', async () => {
    const s = await signUpAndSignIn(t.app, freshEmail());
    const now = t.app.clock.now();
    // Sealed with the server's own key (as if the attacker had it), but naming no session record.
    const unknown = await sealJwt(
      t.config.authSecret,
      'session',
      { sid: randomBytes(32).toString('base64url') },
      now,
      3600,
    );
    expect((await readSession(t.app, `session-token=${unknown}`)).json()).toEqual({});

    // The same for a real session whose record is gone.
    const live = await readSession(t.app, s.cookie);
    expect(live.json().user).toBeDefined();
    await t.app.db.delete(sessions).where(eq(sessions.userId, live.json().user.username));
    expect((await readSession(t.app, s.cookie)).json()).toEqual({});
  });

  it('does not honour the claims of an old-style cookie (user and role inside the token)', async () => {
    const s = await signUpAndSignIn(t.app, freshEmail());
    const old = await sealJwt(
      t.config.authSecret,
      'session',
      { sub: s.user.username, email: s.user.email, role: 'admin' },
      t.app.clock.now(),
      3600,
    );
    expect((await readSession(t.app, `session-token=${old}`)).json()).toEqual({});
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/admin/announcement',
      headers: { cookie: `session-token=${old}` },
    });
    expect(admin.statusCode).toBe(401);
  });
});
