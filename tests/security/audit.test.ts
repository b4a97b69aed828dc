import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '../../api/apiKeys';
import { apiKeys, impersonationAudit, wallets, watchlists } from '../../server/db/schema/index';
import { useTestApp } from '../helpers/app';
import {
  cookieHeader,
  getCsrf,
  mergeCookies,
  newClientAddress,
  signIn,
  signUpAndSignIn,
  TEST_PASSWORD,
  type TestSession,
} from '../helpers/auth';

/**
 * The pentest found: writes made while impersonating must not escape the audit through a percent-encoded path
 * (`/%61pi/...` is routed to `/api/...`). The audit decides on the matched route, so every such write is recorded
 * with the route it reached, whether it succeeded or was refused.
 */

const ADMIN_EMAIL = 'boss@example.com';
const WALLET = `0x${'b'.repeat(40)}`;

const t = useTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
let admin: TestSession;
let target: TestSession;
beforeAll(async () => {
  admin = await signUpAndSignIn(t.app, ADMIN_EMAIL);
  target = await signUpAndSignIn(t.app);
});

const auditRows = async () =>
  (await t.app.db.select().from(impersonationAudit).orderBy(asc(impersonationAudit.id))).map((r) => ({
    action: r.action,
    adminId: r.adminId,
    subjectId: r.subjectId,
    detail: r.detail,
  }));

/** `as` starts impersonating the target: the borrowed session's cookies and its own CSRF token. */
async function impersonateTarget(as: TestSession): Promise<{ cookie: string; csrf: string }> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/impersonation-tool/create',
    headers: { cookie: as.cookie, 'x-csrf-token': as.csrf },
    payload: { impersonatingUserId: target.user.username },
  });
  expect(started.statusCode, started.body).toBe(200);
  const cookie = mergeCookies(as.cookie, cookieHeader(started));
  // The impersonation is a new session: it gets its own CSRF token.
  const { csrf } = await getCsrf(t.app, cookie);
  return { cookie, csrf };
}

describe('the impersonation audit is decided on the matched route (finding 2)', () => {
  it('records writes through percent-encoded paths, accepted or refused, and nothing after exit', async () => {
    const { cookie, csrf } = await impersonateTarget(admin);
    const as = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST', token: string | null = csrf) =>
      t.app.inject({
        method,
        url,
        headers: { cookie, ...(token === null ? {} : { 'x-csrf-token': token }) },
        payload,
      });

    const created = await as('/%61pi/watchlist/create', { name: 'Borrowed' });
    expect(created.statusCode, created.body).toBe(200);
    const wallet = await as('/api/user/%77allets', { walletAddress: WALLET });
    expect(wallet.statusCode, wallet.body).toBe(201);
    // Refused writes are recorded too: no CSRF token, and an admin-only route the borrowed session cannot use.
    expect((await as('/%61pi/user/wallets/delete', { walletAddress: WALLET }, 'POST', null)).statusCode).toBe(
      403,
    );
    expect((await as('/%61pi/announcement', { content: 'Hi', active: true }, 'PUT')).statusCode).toBe(403);
    // Reads are not audited, whatever the path looks like.
    expect(
      (await t.app.inject({ method: 'GET', url: '/%61pi/watchlist', headers: { cookie } })).statusCode,
    ).toBe(200);

    // The writes landed on the impersonated user.
    const lists = await t.app.db.select().from(watchlists).where(eq(watchlists.userId, target.user.username));
    expect(lists.map((l) => l.name)).toEqual(['Borrowed']);
    expect(
      await t.app.db.select().from(wallets).where(eq(wallets.userId, target.user.username)),
    ).toHaveLength(1);

    const stopped = await as('/%61pi/impersonation-tool/delete', { adminId: admin.user.username });
    expect(stopped.statusCode, stopped.body).toBe(200);
    const back = mergeCookies(cookie, cookieHeader(stopped));
    const backCsrf = (await getCsrf(t.app, back)).csrf;
    const own = await t.app.inject({
      method: 'POST',
      url: '/%61pi/watchlist/create',
      headers: { cookie: back, 'x-csrf-token': backCsrf },
      payload: { name: 'Own' },
    });
    expect(own.statusCode, own.body).toBe(200);

    const who = { adminId: admin.user.username, subjectId: target.user.username };
    const write = (method: string, path: string, statusCode: number) => ({
      action: 'write',
      ...who,
      detail: { method, path, statusCode },
    });
    expect(await auditRows()).toEqual([
      { action: 'start', ...who, detail: null },
      write('POST', '/api/watchlist/create', 200),
      write('POST', '/api/user/wallets', 201),
      write('POST', '/api/user/wallets/delete', 403),
      write('PUT', '/api/announcement', 403),
      { action: 'stop', ...who, detail: null },
    ]);
  });
});

describe('what the impersonation tool refuses is audited, and nothing outlives it', () => {
  it('records a nested start (409) and a stop naming another admin (403); refuses an API key for the subject (403)', async () => {
    // A fresh sign-in: the admin's first session became the impersonation above.
    const boss = await signIn(t.app, ADMIN_EMAIL, TEST_PASSWORD, newClientAddress());
    const { cookie, csrf } = await impersonateTarget(boss);
    const as = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie, 'x-csrf-token': csrf }, payload });
    const before = (await auditRows()).length;

    const other = await signUpAndSignIn(t.app);
    const nested = await as('/api/impersonation-tool/create', { impersonatingUserId: other.user.username });
    expect(nested.statusCode).toBe(409);
    expect(nested.json()).toMatchObject({ error: 'AlreadyImpersonating' });

    const key = await as('/api/user/api-keys', { name: 'Borrowed key' });
    expect(key.statusCode).toBe(403);
    expect(key.json()).toEqual({ error: 'Forbidden', message: API_KEY_MESSAGES.impersonating });
    expect(key.body).not.toContain('sk_');
    expect(await t.app.db.select().from(apiKeys).where(eq(apiKeys.userId, target.user.username))).toEqual([]);

    const wrongStop = await as('/api/impersonation-tool/delete', { adminId: other.user.username });
    expect(wrongStop.statusCode).toBe(403);

    const stopped = await as('/api/impersonation-tool/delete', { adminId: admin.user.username });
    expect(stopped.statusCode, stopped.body).toBe(200);

    const who = { adminId: admin.user.username, subjectId: target.user.username };
    const write = (path: string, statusCode: number) => ({
      action: 'write',
      ...who,
      detail: { method: 'POST', path, statusCode },
    });
    expect((await auditRows()).slice(before)).toEqual([
      write('/api/impersonation-tool/create', 409),
      write('/api/user/api-keys', 403),
      write('/api/impersonation-tool/delete', 403),
      { action: 'stop', ...who, detail: null },
    ]);
  });
});
