import { describe, expect, it, onTestFinished } from 'vitest';

// Sign-ups and sign-ins hash passwords (scrypt), slow on a busy machine.
import { createTestApp, useTestApp } from '../helpers/app';
import {
  authedInject,
  cookieHeader,
  getCsrf,
  latestCode,
  postSignOut,
  readSession,
  signIn,
  signUpAndSignIn,
  TEST_PASSWORD,
} from '../helpers/auth';
import { siteOrigin } from '../../server/accounts/origin';

const t = useTestApp({ ADMIN_EMAILS: 'Boss@Example.com' });

let n = 0;
const freshEmail = () => `session-${Date.now()}-${n++}@example.com`;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = 'application/x-www-form-urlencoded';

async function login(
  email: string,
  password: string,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const { csrf, cookie } = await getCsrf(t.app);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    headers: { 'content-type': FORM, cookie, ...headers },
    payload: form({
      email,
      password,
      csrfToken: csrf,
      callbackUrl: '/my/watchlists',
      json: 'true',
      ...extra,
    }),
  });
}

describe('GET /api/auth/session', () => {
  it('is {} signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('is { user: { username, name, email }, expires } signed in, and {} after the session expires', async () => {
    const session = await signUpAndSignIn(t.app, freshEmail());
    const res = await readSession(t.app, session.cookie);
    const body = res.json();
    expect(body).toEqual({
      // `name` as NextAuth's session user has it; the account has no display name, so it is the email.
      user: { username: session.user.username, name: session.user.email, email: session.user.email },
      expires: expect.any(String),
    });
    const days = (Date.parse(body.expires) - t.app.clock.nowMs()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    t.app.clock.advance(31 * 86_400_000);
    const later = await readSession(t.app, session.cookie);
    expect(later.json()).toEqual({});
  });

  it('ignores a tampered session cookie', async () => {
    const session = await signUpAndSignIn(t.app, freshEmail());
    const tampered = session.cookie.replace(
      /session-token=([^;]+)/,
      (_m, v: string) => `session-token=${v.slice(0, -4)}AAAA`,
    );
    const res = await readSession(t.app, tampered);
    expect(res.json()).toEqual({});
  });

  it('gives an ADMIN_EMAILS account the admin role (case-insensitively), others the user role', async () => {
    const boss = await signUpAndSignIn(t.app, 'boss@example.com');
    const plain = await signUpAndSignIn(t.app, freshEmail());
    const roles: unknown[] = [];
    for (const s of [boss, plain]) {
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: { cookie: s.cookie },
      });
      roles.push(profile.json().role);
    }
    expect(roles).toEqual(['admin', 'user']);
  });
});

describe('POST /api/auth/callback/credentials', () => {
  it('answers 200 { url } and sets the session cookie', async () => {
    const email = freshEmail();
    await signUpAndSignIn(t.app, email);
    const res = await login(email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: `${siteOrigin(t.app)}/my/watchlists` });
    expect(res.cookies.map((c) => c.name)).toContain('session-token');
  });

  it('answers 401 NotAuthorizedException for a wrong password or unknown email, with an error URL', async () => {
    const email = freshEmail();
    await signUpAndSignIn(t.app, email);
    for (const [e, p] of [
      [email, 'Wrong1234'],
      [freshEmail(), TEST_PASSWORD],
    ] as const) {
      const res = await login(e, p);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'NotAuthorizedException',
        message: expect.any(String),
        url: `${siteOrigin(t.app)}/api/auth/signin?error=NotAuthorizedException&callbackUrl=%2Fmy%2Fwatchlists`,
      });
      expect(res.cookies.map((c) => c.name)).not.toContain('session-token');
    }
  });

  it('answers 401 UserNotConfirmedException for a right password on an unconfirmed account', async () => {
    const email = freshEmail();
    const started = Date.now();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: TEST_PASSWORD },
    });
    t.app.clock.advance(20_000);
    const res = await login(email, TEST_PASSWORD);
    const realSeconds = Math.ceil((Date.now() - started) / 1000);
    expect(res.statusCode).toBe(401);
    // With the seconds left of the resend cooldown sign-up started: 60 less the 20 moved on, and
    // less the real seconds the two password hashes took (10 s and more on a busy CI machine, which made a fixed
    // lower bound flaky).
    expect(res.json()).toMatchObject({ error: 'UserNotConfirmedException' });
    expect(res.json().retryAfterSeconds).toBeGreaterThanOrEqual(40 - realSeconds - 1);
    expect(res.json().retryAfterSeconds).toBeLessThanOrEqual(40);
    const wrong = await login(email, 'Wrong1234');
    expect(wrong.json()).toMatchObject({ error: 'NotAuthorizedException' });
    expect(wrong.json()).not.toHaveProperty('retryAfterSeconds');
    t.app.clock.advance(60_000);
    expect((await login(email, TEST_PASSWORD)).json()).toMatchObject({ retryAfterSeconds: 0 });
  });

  it('without json, redirects to the callback URL or to the sign-in page with the error', async () => {
    const email = freshEmail();
    await signUpAndSignIn(t.app, email);
    const ok = await login(email, TEST_PASSWORD, { json: '' });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/my/watchlists');
    const bad = await login(email, 'Wrong1234', { json: '' });
    expect(bad.statusCode).toBe(302);
    expect(bad.headers.location).toBe(
      '/api/auth/signin?error=NotAuthorizedException&callbackUrl=%2Fmy%2Fwatchlists',
    );
  });

  it('never redirects to another site', async () => {
    const email = freshEmail();
    await signUpAndSignIn(t.app, email);
    for (const callbackUrl of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      'javascript:alert(1)',
    ]) {
      const res = await login(email, TEST_PASSWORD, { callbackUrl });
      expect(res.json()).toEqual({ url: `${siteOrigin(t.app)}/` });
    }
  });

  it('keeps a same-site callback URL but makes it a safe Location header', async () => {
    const email = freshEmail();
    await signUpAndSignIn(t.app, email);
    // An absolute URL counts on the configured origin (HOST:PORT here, no PUBLIC_URL), never on the Host header.
    const json = await login(email, TEST_PASSWORD, { callbackUrl: 'http://127.0.0.1:3000/my/settings?a=1' });
    expect(json.json()).toEqual({ url: `${siteOrigin(t.app)}/my/settings?a=1` });
    const res = await login(email, TEST_PASSWORD, { callbackUrl: '/my/\r\nSet-Cookie: x=1/ü/你', json: '' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/my/Set-Cookie:%20x=1/%C3%BC/%E4%BD%A0');
    expect(res.headers['set-cookie']?.toString()).not.toContain('x=1');
  });

  it('answers 400 naming the field for a missing email', async () => {
    const { csrf, cookie } = await getCsrf(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      headers: { 'content-type': FORM, cookie },
      payload: form({ password: 'x', csrfToken: csrf, json: 'true' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'ValidationError', fields: { email: expect.any(String) } });
  });

  it('locks the account after 5 failures, doubling the delay up to 15 minutes', async () => {
    const email = freshEmail();
    await signUpAndSignIn(t.app, email);
    for (let i = 0; i < 4; i++) {
      expect((await login(email, 'Wrong1234')).json().message).toBe('Incorrect username or password.');
    }
    const fifth = await login(email, 'Wrong1234');
    expect(fifth.json()).toMatchObject({ error: 'NotAuthorizedException' });
    expect(fifth.json().message).toMatch(/try again in 1 minute/);
    // Locked: even the right password is refused, with a clear message.
    const locked = await login(email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().message).toMatch(/Password attempts exceeded.*try again in 1 minute/);
    t.app.clock.advance(61_000);
    expect((await login(email, 'Wrong1234')).json().message).toMatch(/try again in 2 minutes/);
    t.app.clock.advance(121_000);
    expect((await login(email, 'Wrong1234')).json().message).toMatch(/try again in 4 minutes/);
    t.app.clock.advance(4 * 60_000 + 1000);
    expect((await login(email, 'Wrong1234')).json().message).toMatch(/try again in 8 minutes/);
    t.app.clock.advance(8 * 60_000 + 1000);
    expect((await login(email, 'Wrong1234')).json().message).toMatch(/try again in 15 minutes/);
    t.app.clock.advance(15 * 60_000 + 1000);
    expect((await login(email, 'Wrong1234')).json().message).toMatch(/try again in 15 minutes/);
    t.app.clock.advance(15 * 60_000 + 1000);
    // The right password after the delay signs in and resets the count.
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(email, 'Wrong1234')).json().message).toBe('Incorrect username or password.');
    // 16 password checks one after another (at OWASP's scrypt cost one CI run took 60 s here; the suites now hash
    // cheaper, vite.config.ts).
  }, 240_000);
});

describe('CSRF', () => {
  it('refuses a credentials sign-in without the token, with a wrong token, or without the cookie', async () => {
    const email = freshEmail();
    await signUpAndSignIn(t.app, email);
    const { csrf, cookie } = await getCsrf(t.app);
    const other = await getCsrf(t.app);
    const attempts: { cookie: string; fields: Record<string, string> }[] = [
      { cookie, fields: { email, password: TEST_PASSWORD, json: 'true' } },
      { cookie, fields: { email, password: TEST_PASSWORD, json: 'true', csrfToken: other.csrf } },
      { cookie: '', fields: { email, password: TEST_PASSWORD, json: 'true', csrfToken: csrf } },
      {
        // Another browser's nonce in the cookie: the token was minted for a different one.
        cookie: cookie.replace(/csrf-token=[^;]*/, `csrf-token=${'A'.repeat(43)}`),
        fields: { email, password: TEST_PASSWORD, json: 'true', csrfToken: csrf },
      },
    ];
    for (const a of attempts) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/callback/credentials',
        headers: { 'content-type': FORM, ...(a.cookie ? { cookie: a.cookie } : {}) },
        payload: form(a.fields),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'CsrfError' });
    }
  });

  it('refuses a cookie-authenticated write under /api/ without the x-csrf-token header', async () => {
    const session = await signUpAndSignIn(t.app, freshEmail());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: { cookie: session.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'CsrfError' });
    const withHeader = await authedInject(t.app, session, {
      method: 'POST',
      url: '/api/user/change-password',
      payload: {},
    });
    expect(withHeader.statusCode).toBe(400);
  });

  it('keeps the same token while the cookie is valid', async () => {
    const first = await getCsrf(t.app);
    const again = await getCsrf(t.app, first.cookie);
    expect(again.csrf).toBe(first.csrf);
  });
});

describe('cookies', () => {
  it('are httpOnly and SameSite=Lax, not Secure and unprefixed over http', async () => {
    const email = freshEmail();
    await signUpAndSignIn(t.app, email);
    const res = await login(email, TEST_PASSWORD);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
    const session = res.cookies.find((c) => c.name === 'session-token');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    expect(setCookie).not.toMatch(/Secure/);
    const csrf = await t.app.inject({ method: 'GET', url: '/api/auth/csrf' });
    expect(csrf.cookies[0]).toMatchObject({ name: 'csrf-token', httpOnly: true, sameSite: 'Lax' });
  });

  it('are Secure with __Secure-/__Host- prefixes when the request is https (through a trusted proxy)', async () => {
    // X-Forwarded-Proto counts only from a proxy TRUST_PROXY names (app.inject comes from 127.0.0.1).
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    const app = proxied.app;
    onTestFinished(() => proxied.close());
    const email = freshEmail();
    await signUpAndSignIn(app, email);
    const https = { 'x-forwarded-proto': 'https' };
    const csrfRes = await app.inject({ method: 'GET', url: '/api/auth/csrf', headers: https });
    const csrfCookie = csrfRes.cookies[0]!;
    expect(csrfCookie).toMatchObject({
      name: '__Host-csrf-token',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    expect(csrfCookie.domain).toBeUndefined();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      headers: { ...https, 'content-type': FORM, cookie: cookieHeader(csrfRes) },
      payload: form({ email, password: TEST_PASSWORD, csrfToken: csrfRes.json().csrfToken, json: 'true' }),
    });
    expect(res.statusCode).toBe(200);
    const session = res.cookies.find((c) => c.name === '__Secure-session-token');
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    const cookie = `${cookieHeader(csrfRes)}; ${cookieHeader(res)}`;
    const me = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { ...https, cookie } });
    expect(me.json()).toMatchObject({ user: { email } });
  });

  it('are Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://ratings.example' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/auth/csrf' });
      expect(res.cookies[0]).toMatchObject({ name: '__Host-csrf-token', secure: true });
    } finally {
      await secure.close();
    }
  });
});

describe('sign out', () => {
  it('needs the CSRF token, clears the session cookie and answers { url }', async () => {
    const session = await signUpAndSignIn(t.app, freshEmail());
    const refused = await postSignOut(t.app, session.cookie, { json: 'true' });
    expect(refused.statusCode).toBe(403);
    const res = await postSignOut(t.app, session.cookie, {
      csrfToken: session.csrf,
      callbackUrl: '/',
      json: 'true',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: `${siteOrigin(t.app)}/` });
    const cleared = res.cookies.find((c) => c.name === 'session-token');
    expect(cleared?.value).toBe('');
  });
});

describe('pages and redirects', () => {
  it('redirects /my/* without a session to the sign-in page with SessionRequired and the callback URL', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/my/watchlists?tab=2',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      '/api/auth/signin?error=SessionRequired&callbackUrl=%2Fmy%2Fwatchlists%3Ftab%3D2',
    );
    const session = await signUpAndSignIn(t.app, freshEmail());
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/my/watchlists',
      headers: { cookie: session.cookie, accept: 'text/html' },
    });
    expect(signedIn.statusCode).not.toBe(302);
  });

  it('renders the sign-in page with the error message, the callback URL and a CSRF token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/signin?error=SessionRequired&callbackUrl=%2Fmy%2Fsettings',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Please sign in to access this page.');
    expect(res.body).toContain('action="/api/auth/callback/credentials"');
    expect(res.body).toContain('name="callbackUrl" value="/my/settings"');
    const token = /name="csrfToken" value="([^"]+)"/.exec(res.body)?.[1];
    expect(token).toBeTruthy();
    // The page's form works as a browser would post it.
    const email = freshEmail();
    await signUpAndSignIn(t.app, email);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      headers: { 'content-type': FORM, cookie: cookieHeader(res) },
      payload: form({ csrfToken: token!, callbackUrl: '/my/settings', email, password: TEST_PASSWORD }),
    });
    expect(post.statusCode).toBe(302);
    expect(post.headers.location).toBe('/my/settings');
  });

  it('escapes what it echoes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/signin?error=%3Cscript%3E' });
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('Unable to sign in.');
  });

  it('renders the error page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/error?error=Configuration' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('There is a problem with the server configuration.');
  });

  it('lists only credentials without OIDC configuration; social sign-in then goes to the sign-in page', async () => {
    const providers = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(Object.keys(providers.json())).toEqual(['credentials']);
    expect(providers.json().credentials).toMatchObject({ id: 'credentials', type: 'credentials' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/signin/google?callbackUrl=/my/settings',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/api/auth/signin?callbackUrl=%2Fmy%2Fsettings');
    const page = await t.app.inject({ method: 'GET', url: res.headers.location! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="callbackUrl" value="/my/settings"');
  });

  it('answers a JSON 404 for an unknown auth route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NotFound' });
  });
});

describe('POST /api/auth/_log', () => {
  it('accepts a beacon (form or JSON) without CSRF, refuses bad input, and is rate limited', async () => {
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/api/auth/_log',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: form({ level: 'error', code: 'CALLBACK_CREDENTIALS_JWT_ERROR', details: '{"a":1}' }),
    });
    expect(beacon.statusCode).toBe(204);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/_log',
      payload: { level: 'loud', code: 'X' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { level: expect.any(String) } });
    let last = 0;
    for (let i = 0; i < 40; i++) {
      last = (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/_log',
          payload: { level: 'warn', code: 'NO_SECRET' },
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('development outbox', () => {
  it('lists mail newest first as JSON and as a page', async () => {
    const email = freshEmail();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: TEST_PASSWORD },
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
    const mails = res.json();
    expect(mails.map((m: { subject: string }) => m.subject)).toEqual([
      'Your password reset code',
      'Your verification code',
    ]);
    expect(mails[0]).toEqual({
      to: email,
      subject: 'Your password reset code',
      text: expect.any(String),
      code: await latestCode(t.app, email),
      sentAt: expect.any(String),
    });
    const page = await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(email)}` });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(mails[0].code);
  });

  it('does not exist when SMTP_URL is set', async () => {
    const smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      expect((await smtp.app.inject({ method: 'GET', url: '/api/dev/outbox?to=a@b.c' })).statusCode).toBe(
        404,
      );
      expect((await smtp.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});

// signIn is used by other suites; keep one direct use here so a broken helper fails close to its source.
describe('test helper', () => {
  it('signIn returns the same user as signUpAndSignIn', async () => {
    const email = freshEmail();
    const first = await signUpAndSignIn(t.app, email);
    const again = await signIn(t.app, email, TEST_PASSWORD);
    expect(again.user).toEqual(first.user);
  });
});
