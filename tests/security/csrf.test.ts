import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { getCsrfToken, signInWithCredentials } from '../../api/auth';
import { createRequest } from '../../api/http';
import { createWatchlist } from '../../api/watchlist';
import { clientErrors, incidentReports, wallets, watchlists } from '../../server/db/schema/index';
import { useTestApp } from '../helpers/app';
import {
  cookieHeader,
  cookieKeepingFetch,
  getCsrf,
  latestCode,
  mergeCookies,
  postSignOut,
  signUpAndSignIn,
  TEST_PASSWORD,
  type TestSession,
} from '../helpers/auth';
import { siteOrigin } from '../../server/accounts/origin';

/**
 * The pentest found: CSRF is enforced on the matched route (a percent-encoded path is the same route),
 * JSON routes take JSON only (a plain HTML form cannot post to them), and a token is valid only for the session
 * it was minted for.
 */

const FORM = 'application/x-www-form-urlencoded';
const WALLET = `0x${'a'.repeat(40)}`;

const t = useTestApp();

const cookieValue = (cookie: string, name: string) =>
  cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** Only the session cookie of `session` (what a cross-site request from the victim's browser carries). */
const sessionCookieOf = (session: TestSession) =>
  `session-token=${cookieValue(session.cookie, 'session-token')}`;

const countWatchlists = async (userId: string) =>
  (await t.app.db.select().from(watchlists).where(eq(watchlists.userId, userId))).length;
const countWallets = async (userId: string) =>
  (await t.app.db.select().from(wallets).where(eq(wallets.userId, userId))).length;

/** Who the cookie signs in as now (undefined when signed out). */
const sessionUser = async (cookie: string) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json() as {
      user?: { username: string };
    }
  ).user?.username;

const expectCsrfError = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({ error: 'CsrfError' });
};

describe('CSRF is decided on the matched route, not the URL string (finding 1)', () => {
  it('refuses percent-encoded JSON writes with a session cookie and no token, and writes nothing', async () => {
    const victim = await signUpAndSignIn(t.app);
    const writes = [
      ['/%61pi/watchlist/create', { name: 'Evil' }],
      ['/%61%70%69/watchlist/create', { name: 'Evil' }],
      ['/api/watchlist/%63reate', { name: 'Evil' }],
      ['/%61pi/user/wallets', { walletAddress: WALLET }],
      ['/api/user/%77allets', { walletAddress: WALLET }],
      ['/api/watchlist/create', { name: 'Evil' }],
    ] as const;
    for (const [url, payload] of writes) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: victim.cookie },
        payload,
      });
      expectCsrfError(res);
    }
    expect(await countWatchlists(victim.user.username)).toBe(0);
    expect(await countWallets(victim.user.username)).toBe(0);
  });

  it('refuses percent-encoded sign-in and sign-out posts without a token', async () => {
    const victim = await signUpAndSignIn(t.app);
    const attacker = await signUpAndSignIn(t.app);
    const login = new URLSearchParams({
      email: attacker.user.email,
      password: TEST_PASSWORD,
      callbackUrl: '/',
      json: 'true',
    }).toString();
    // Login CSRF: the attacker's credentials posted from the victim's browser, signed in or not.
    for (const url of ['/%61pi/auth/callback/credentials', '/api/auth/callback/%63redentials']) {
      for (const cookie of [victim.cookie, '']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': FORM, cookie },
          payload: login,
        });
        expectCsrfError(res);
        expect(cookieHeader(res)).toBe('');
      }
    }
    expect(await sessionUser(victim.cookie)).toBe(victim.user.username);

    for (const url of ['/%61pi/auth/signout', '/api/auth/%73ignout']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': FORM, cookie: victim.cookie },
        payload: 'callbackUrl=%2F&json=true',
      });
      expectCsrfError(res);
      expect(cookieHeader(res)).toBe('');
    }
    expect(await sessionUser(victim.cookie)).toBe(victim.user.username);

    // Social sign-in start is an auth form post too.
    const social = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/signin/credentials',
      headers: { 'content-type': FORM, cookie: victim.cookie },
      payload: 'callbackUrl=%2F',
    });
    expectCsrfError(social);
  });

  it('refuses form, text and multipart bodies on JSON routes with 415 before the handler', async () => {
    const victim = await signUpAndSignIn(t.app);
    const bodies = [
      [FORM, 'name=Evil'],
      ['text/plain', '{"name":"Evil"}'],
      [
        'multipart/form-data; boundary=X',
        '--X\r\nContent-Disposition: form-data; name="name"\r\n\r\nEvil\r\n--X--\r\n',
      ],
    ] as const;
    for (const url of ['/api/watchlist/create', '/%61pi/watchlist/create']) {
      for (const [type, payload] of bodies) {
        // With no token (a cross-site form) and even with the victim's valid token.
        for (const token of [{}, { 'x-csrf-token': victim.csrf }]) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': type, cookie: victim.cookie, ...token },
            payload,
          });
          expect(res.statusCode, `${url} ${type} ${res.body}`).toBe(415);
          expect(res.json()).toEqual({
            error: 'UnsupportedMediaType',
            message: `Content type ${type.split(';')[0]} is not accepted here; send application/json.`,
          });
        }
      }
    }
    expect(await countWatchlists(victim.user.username)).toBe(0);

    // Anonymous JSON routes too: a form cannot file an incident report.
    const before = (await t.app.db.select().from(incidentReports)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/incidents',
      headers: { 'content-type': FORM },
      payload: 'projectName=Evil&description=Posted+by+a+form',
    });
    expect(res.statusCode).toBe(415);
    expect((await t.app.db.select().from(incidentReports)).length).toBe(before);
  });

  it('still accepts the legitimate flows: JSON with the token, the sign-in form, sign-out with the token', async () => {
    const user = await signUpAndSignIn(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/watchlist/create',
      headers: { cookie: user.cookie, 'x-csrf-token': user.csrf },
      payload: { name: 'Mine' },
    });
    expect(created.statusCode, created.body).toBe(200);
    // The decoded path is the same route: with the token it is the same legitimate write.
    const wallet = await t.app.inject({
      method: 'POST',
      url: '/%61pi/user/wallets',
      headers: { cookie: user.cookie, 'x-csrf-token': user.csrf },
      payload: { walletAddress: WALLET },
    });
    expect(wallet.statusCode, wallet.body).toBe(201);
    expect(await countWatchlists(user.user.username)).toBe(1);
    expect(await countWallets(user.user.username)).toBe(1);

    const out = await postSignOut(t.app, user.cookie, {
      csrfToken: user.csrf,
      callbackUrl: '/',
      json: 'true',
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ url: `${siteOrigin(t.app)}/` });
  });

  it('keeps the beacon log route open to text and form bodies without a token', async () => {
    const user = await signUpAndSignIn(t.app);
    for (const [type, payload] of [
      ['text/plain;charset=UTF-8', '{"level":"warn","code":"X"}'],
      [`${FORM};charset=UTF-8`, 'level=warn&code=X&details=null'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/_log',
        headers: { 'content-type': type, cookie: user.cookie },
        payload,
      });
      expect(res.statusCode, res.body).toBe(204);
    }
  });
});

describe('other per-route rules follow the matched route too', () => {
  it('redirects signed-out visitors of /my pages reached through percent-encoded paths', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      for (const url of ['/my/settings', '/%6dy/settings', '/%6d%79', '/my/%77atchlists']) {
        const res = await t.app.inject({ method, url, headers: { accept: 'text/html' } });
        expect(res.statusCode, `${method} ${url}`).toBe(302);
        expect(res.headers.location).toMatch(/^\/api\/auth\/signin\?error=SessionRequired&callbackUrl=/);
      }
    }
  });
});

describe('CSRF tokens are bound to the session (finding 15)', () => {
  it("refuses an attacker's own cookie and token pair with the victim's session, and writes nothing", async () => {
    const victim = await signUpAndSignIn(t.app);
    const attacker = await signUpAndSignIn(t.app);
    const anonymous = await getCsrf(t.app);
    const pairs = [
      // The attacker's signed-in pair (planted as a cookie, e.g. from a sibling subdomain).
      { csrfCookie: cookieValue(attacker.cookie, 'csrf-token'), token: attacker.csrf },
      // A pair minted for no session.
      { csrfCookie: cookieValue(anonymous.cookie, 'csrf-token'), token: anonymous.csrf },
    ];
    for (const { csrfCookie, token } of pairs) {
      expect(csrfCookie).toBeTruthy();
      const cookie = `${sessionCookieOf(victim)}; csrf-token=${csrfCookie}`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/watchlist/create',
        headers: { cookie, 'x-csrf-token': token },
        payload: { name: 'Planted' },
      });
      expectCsrfError(res);
      const out = await postSignOut(t.app, cookie, { csrfToken: token, callbackUrl: '/', json: 'true' });
      expectCsrfError(out);
    }
    // The attacker's token with the victim's own csrf cookie fails too.
    const mixed = await t.app.inject({
      method: 'POST',
      url: '/api/watchlist/create',
      headers: { cookie: victim.cookie, 'x-csrf-token': attacker.csrf },
      payload: { name: 'Planted' },
    });
    expectCsrfError(mixed);
    expect(await countWatchlists(victim.user.username)).toBe(0);
    expect(await sessionUser(victim.cookie)).toBe(victim.user.username);
  });

  it('refuses the token from before sign-in and from an earlier session; /api/auth/csrf serves the current one', async () => {
    const { user } = await signUpAndSignIn(t.app);
    const signInWith = async (csrf: { csrf: string; cookie: string }) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/callback/credentials',
        headers: { 'content-type': FORM, cookie: csrf.cookie },
        payload: new URLSearchParams({
          email: user.email,
          password: TEST_PASSWORD,
          csrfToken: csrf.csrf,
          json: 'true',
        }).toString(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return mergeCookies(csrf.cookie, cookieHeader(res));
    };
    const write = (cookie: string, token: string, name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/watchlist/create',
        headers: { cookie, 'x-csrf-token': token },
        payload: { name },
      });

    // The sign-in form takes the anonymous token; after sign-in that token is refused.
    const anonymous = await getCsrf(t.app);
    const first = await signInWith(anonymous);
    expectCsrfError(await write(first, anonymous.csrf, 'Before'));

    // The browser fetches a new token for its session: stable while the session lasts, and accepted.
    const current = await getCsrf(t.app, first);
    expect(current.csrf).not.toBe(anonymous.csrf);
    expect((await getCsrf(t.app, first)).csrf).toBe(current.csrf);
    expect((await write(first, current.csrf, 'Current')).statusCode).toBe(200);

    // A second sign-in in the same browser is a new session: the first session's token no longer works there.
    const second = await signInWith(await getCsrf(t.app, first));
    expect(await sessionUser(second)).toBe(user.username);
    expectCsrfError(await write(second, current.csrf, 'Earlier'));
    const renewed = await getCsrf(t.app, second);
    expect(renewed.csrf).not.toBe(current.csrf);
    expect((await write(second, renewed.csrf, 'Renewed')).statusCode).toBe(200);
    expect(
      (await t.app.db.select().from(watchlists).where(eq(watchlists.userId, user.username))).map(
        (w) => w.name,
      ),
    ).toEqual(expect.arrayContaining(['Current', 'Renewed']));
    expect(await countWatchlists(user.username)).toBe(2);
  });

  it('the browser client signs in, is refused once with CsrfError, fetches the new token and writes', async () => {
    const { request, log } = await browserClient();
    const created = await createWatchlist(request, { name: 'From the browser' });
    expect(created.id).toEqual(expect.any(String));
    expect(log).toEqual([
      'POST /api/watchlist/create 403',
      'GET /api/auth/csrf 200',
      'POST /api/watchlist/create 200',
    ]);
  });

  it("records a signed-in browser's automatic report of a server error", async () => {
    // A proxy in front of the server answers one read with a 503; the helper reports it through the same path
    // as every other write, so the report carries the session's CSRF token and is stored.
    const { request, log } = await browserClient({ failing: '/api/leaderboard' });
    await expect(request('/api/leaderboard')).rejects.toMatchObject({ status: 503 });
    // The report is sent after the failed read has answered, as a write of its own: allow a busy machine time.
    await vi.waitFor(() => expect(log).toContain('POST /api/errors 204'), { timeout: 10_000 });
    const stored = await t.app.db.select().from(clientErrors);
    expect(stored).toContainEqual(
      expect.objectContaining({ title: 'Server error 503: GET /api/leaderboard', trace: 'maintenance' }),
    );
  });
});

/**
 * The browser's request helper (api/http.ts) with the csrf fetcher of src/lib/client.ts, against a real listener,
 * signed in as a fresh user; `log` lists every request after sign-in. `failing` is a path a proxy answers with 503.
 */
async function browserClient({ failing }: { failing?: string } = {}) {
  const email = `client-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: TEST_PASSWORD },
  });
  const verificationCode = await latestCode(t.app, email);
  await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email, verificationCode } });

  const address = t.app.server.listening ? t.app.server.address() : undefined;
  const base =
    address && typeof address === 'object'
      ? `http://127.0.0.1:${address.port}`
      : await t.app.listen({ host: '127.0.0.1', port: 0 });
  const keepingCookies = cookieKeepingFetch();
  const log: string[] = [];
  const browserFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), base);
    if (url.pathname === failing) {
      log.push(`${init?.method ?? 'GET'} ${url.pathname} 503`);
      return new Response('maintenance', { status: 503, headers: { 'content-type': 'text/plain' } });
    }
    const res = await keepingCookies(input, init);
    log.push(`${init?.method ?? 'GET'} ${url.pathname} ${res.status}`);
    return res;
  };
  let csrf: Promise<string | undefined> | undefined;
  const request = createRequest({
    baseURL: base,
    fetch: browserFetch,
    csrfToken: (fresh) => {
      if (fresh || !csrf) {
        csrf = browserFetch(`${base}/api/auth/csrf`, { headers: { accept: 'application/json' } })
          .then((r) => r.json() as Promise<{ csrfToken?: string }>)
          .then((b) => b.csrfToken);
      }
      return csrf;
    },
  });
  const csrfToken = await getCsrfToken(request);
  await signInWithCredentials(request, { email, password: TEST_PASSWORD, csrfToken });
  log.length = 0;
  return { request, log };
}
