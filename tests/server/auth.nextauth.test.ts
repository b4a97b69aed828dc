import { beforeAll, describe, expect, it } from 'vitest';
import { siteOrigin } from '../../server/accounts/origin';
import { useTestApp } from '../helpers/app';
import {
  getCsrf,
  newClientAddress,
  postSignOut,
  readSession,
  signUpAndSignIn,
  TEST_PASSWORD,
} from '../helpers/auth';

// Sign-ins hash passwords (scrypt), slow on a busy machine.

/**
 * The answers a NextAuth v4 client reads: it calls `new URL(data.url)` on every answer of a
 * form post, so each one, failures included, carries an absolute URL on this site; the error name stays ours
 * (Cognito's), in the URL's `error`. The unmodified client itself runs in Chromium in tests/e2e/nextauth.test.ts.
 */

const t = useTestApp();
let email: string;
const FORM = 'application/x-www-form-urlencoded';
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const site = () => siteOrigin(t.app);

beforeAll(async () => {
  email = (await signUpAndSignIn(t.app)).user.email;
}, 120_000);

async function credentials(fields: Record<string, string>, withToken = true) {
  const { csrf, cookie } = await getCsrf(t.app);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    headers: { 'content-type': FORM, cookie },
    remoteAddress: newClientAddress(),
    payload: form({ ...(withToken ? { csrfToken: csrf } : {}), json: 'true', ...fields }),
  });
}

const errorOf = (url: string) => new URL(url).searchParams.get('error');

describe('credentials sign-in with json=true', () => {
  it('answers an absolute callback URL on success', async () => {
    const res = await credentials({ email, password: TEST_PASSWORD, callbackUrl: '/my/watchlists' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: `${site()}/my/watchlists` });
  });

  it('answers a wrong password with 401 and an absolute URL whose error is the Cognito name', async () => {
    const res = await credentials({ email, password: 'Wrong1234!', callbackUrl: '/' });
    expect(res.statusCode).toBe(401);
    const body = res.json();
    expect(body.error).toBe('NotAuthorizedException');
    expect(new URL(body.url).origin).toBe(site());
    expect(errorOf(body.url)).toBe('NotAuthorizedException');
  });

  it('answers invalid input with 400 and a URL naming the validation error', async () => {
    const res = await credentials({ email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('ValidationError');
    expect(body.fields).toHaveProperty('email');
    expect(new URL(body.url).origin).toBe(site());
    expect(errorOf(body.url)).toBe('ValidationError');
  });

  it('answers a missing CSRF token with 403 and the sign-in URL with csrf=true, as NextAuth does', async () => {
    const res = await credentials({ email, password: TEST_PASSWORD }, false);
    expect(res.statusCode).toBe(403);
    const url = new URL(res.json().url);
    expect(url.origin).toBe(site());
    expect(url.pathname).toBe('/api/auth/signin');
    expect(url.searchParams.get('csrf')).toBe('true');
    expect(url.searchParams.get('error')).toBe('CsrfError');
  });

  it('gives a URL to a refusal that never reaches the handler: a body type the route does not take', async () => {
    const { csrf, cookie } = await getCsrf(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      headers: { 'content-type': 'text/plain', cookie, 'x-csrf-token': csrf },
      payload: 'email=a',
    });
    expect(res.statusCode).toBe(415);
    expect(errorOf(res.json().url)).toBe(res.json().error);
  });
});

describe('sign-out with json=true', () => {
  it('answers an absolute URL', async () => {
    const session = await signUpAndSignIn(t.app);
    const res = await postSignOut(t.app, session.cookie, {
      csrfToken: session.csrf,
      callbackUrl: '/company/about',
      json: 'true',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: `${site()}/company/about` });
  });
});

describe('POST /api/auth/session (useSession().update)', () => {
  const updateSession = (cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/session', headers: { cookie }, payload });

  it('answers the current session, with the NextAuth name, and ignores the client’s data', async () => {
    const session = await signUpAndSignIn(t.app);
    const res = await updateSession(session.cookie, {
      csrfToken: session.csrf,
      data: { email: 'someone-else@example.com', role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: { username: session.user.username, name: session.user.email, email: session.user.email },
      expires: expect.any(String),
    });
    const read = await readSession(t.app, session.cookie);
    expect(read.json().user.email).toBe(session.user.email);
  });

  it('refuses an update without the CSRF token', async () => {
    const session = await signUpAndSignIn(t.app);
    const res = await updateSession(session.cookie, { data: {} });
    expect(res.statusCode).toBe(403);
    expect(new URL(res.json().url).searchParams.get('csrf')).toBe('true');
  });

  it('answers {} signed out', async () => {
    const { csrf, cookie } = await getCsrf(t.app);
    const res = await updateSession(cookie, { csrfToken: csrf });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });
});
