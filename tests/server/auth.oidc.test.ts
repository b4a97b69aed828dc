import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Sign-ups and sign-ins hash passwords (scrypt), slow on a busy machine.
import { OidcClient } from '../../server/accounts/oidc';
import { createTestApp, type TestApp } from '../helpers/app';
import { cookieHeader, signUpAndSignIn } from '../helpers/auth';
import { startOidcProvider, type LocalOidcProvider } from '../helpers/oidc-provider';

/*
 * Social sign-in end to end against a real OpenID provider (oidc-provider, tests/helpers/oidc-provider.ts) on a
 * random port; its shim finishes the login/consent interaction as the account the test chose.
 */

const APP = 'http://app.test';

type Account = { sub: string; email?: string; emailVerified?: boolean };
let account: Account = { sub: 'alice-sub', email: 'alice@example.com', emailVerified: true };

let idp: LocalOidcProvider;
let issuer: string;
let CLIENT_ID: string;
let t: TestApp;
const lastAuthorize = () => idp.lastAuthorize();

beforeAll(async () => {
  idp = await startOidcProvider({
    redirectUris: [`${APP}/api/auth/callback/google`, `${APP}/api/auth/callback/facebook`],
    signIn: () => account.sub,
    claims: () => account,
  });
  issuer = idp.issuer;
  CLIENT_ID = idp.clientId;
  t = await createTestApp({
    PUBLIC_URL: APP,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_PROVIDERS: 'Google,Facebook',
  });
});

afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** Follows the provider's redirects like a browser (with its own cookie jar) until it comes back to the app. */
async function throughProvider(start: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hops = 0; hops < 15; hops++) {
    if (url.startsWith(APP)) return new URL(url);
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url} with ${res.status}: ${await res.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects');
}

/** The whole social sign-in: start at the app, pass the provider, come back to the callback. */
async function socialSignIn(providerId: string, callbackUrl = '/my/settings') {
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/auth/signin/${providerId}?callbackUrl=${encodeURIComponent(callbackUrl)}`,
  });
  expect(start.statusCode).toBe(302);
  const back = await throughProvider(start.headers.location as string);
  const callback = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: cookieHeader(start) },
  });
  const session = await t.app.inject({
    method: 'GET',
    url: '/api/auth/session',
    headers: { cookie: cookieHeader(callback) },
  });
  return { start, back, callback, session: session.json() };
}

describe('social sign-in through OpenID Connect', () => {
  it('lists the configured providers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(Object.keys(res.json())).toEqual(['credentials', 'google', 'facebook']);
    expect(res.json().google).toEqual({
      id: 'google',
      name: 'Google',
      type: 'oauth',
      signinUrl: `${APP}/api/auth/signin/google`,
      callbackUrl: `${APP}/api/auth/callback/google`,
    });
  });

  it('redirects to the authorize URL with identity_provider, response_type=CODE, the scopes, state and PKCE', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/signin/google' });
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer}/auth`);
    expect(url.searchParams.get('identity_provider')).toBe('Google');
    expect(url.searchParams.get('response_type')).toBe('CODE');
    expect(url.searchParams.get('scope')).toBe('email openid profile aws.cognito.signin.user.admin');
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP}/api/auth/callback/google`);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(res.cookies.find((c) => c.name === 'oidc-state')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
  });

  it('signs a new user in, creating the account, and lands on the callback URL', async () => {
    account = { sub: 'alice-sub', email: 'Alice@Example.com', emailVerified: true };
    const { back, callback, session } = await socialSignIn('google');
    expect(lastAuthorize()?.get('identity_provider')).toBe('Google');
    expect(back.pathname).toBe('/api/auth/callback/google');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/my/settings');
    expect(session).toMatchObject({ user: { email: 'alice@example.com', username: expect.any(String) } });
    // The same identity signs in to the same account next time.
    const again = await socialSignIn('google', '/');
    expect(again.session.user.username).toBe(session.user.username);
  });

  it('links a verified email to the existing password account', async () => {
    const existing = await signUpAndSignIn(t.app, 'bob@example.com');
    account = { sub: 'bob-sub', email: 'bob@example.com', emailVerified: true };
    const { session } = await socialSignIn('facebook');
    expect(lastAuthorize()?.get('identity_provider')).toBe('Facebook');
    expect(session.user).toEqual({
      username: existing.user.username,
      name: 'bob@example.com',
      email: 'bob@example.com',
    });
  });

  it('does not link an unverified email to an existing account', async () => {
    await signUpAndSignIn(t.app, 'carol@example.com');
    account = { sub: 'carol-sub', email: 'carol@example.com', emailVerified: false };
    const { callback, session } = await socialSignIn('google');
    expect(callback.headers.location).toBe(
      '/api/auth/signin?error=OAuthAccountNotLinked&callbackUrl=%2Fmy%2Fsettings',
    );
    expect(session).toEqual({});
  });

  it('refuses a callback whose state does not match', async () => {
    account = { sub: 'alice-sub', email: 'alice@example.com', emailVerified: true };
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/signin/google' });
    const back = await throughProvider(start.headers.location as string);
    back.searchParams.set('state', 'forged');
    const callback = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: cookieHeader(start) },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/api/auth/signin?error=OAuthCallback&callbackUrl=%2F');
    expect(callback.cookies.map((c) => c.name)).not.toContain('session-token');
  });

  it("refuses a code issued to another sign-in, even with that sign-in's state (PKCE verifier and nonce are bound)", async () => {
    account = { sub: 'alice-sub', email: 'alice@example.com', emailVerified: true };
    const mine = await t.app.inject({ method: 'GET', url: '/api/auth/signin/google' });
    const theirs = await t.app.inject({ method: 'GET', url: '/api/auth/signin/google' });
    const back = await throughProvider(theirs.headers.location as string);
    back.searchParams.set('state', new URL(mine.headers.location as string).searchParams.get('state')!);
    const callback = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: cookieHeader(mine) },
    });
    expect(callback.headers.location).toBe('/api/auth/signin?error=OAuthCallback&callbackUrl=%2F');
    expect(callback.cookies.map((c) => c.name)).not.toContain('session-token');
  });

  it('refuses a callback naming another issuer (mix-up) and a replayed code', async () => {
    account = { sub: 'alice-sub', email: 'alice@example.com', emailVerified: true };
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/signin/google' });
    const back = await throughProvider(start.headers.location as string);
    const mixedUp = new URL(back);
    mixedUp.searchParams.set('iss', 'https://idp.evil.example');
    const refused = await t.app.inject({
      method: 'GET',
      url: `${mixedUp.pathname}${mixedUp.search}`,
      headers: { cookie: cookieHeader(start) },
    });
    expect(refused.headers.location).toBe('/api/auth/signin?error=OAuthCallback&callbackUrl=%2F');
    // The genuine answer works once; the same code again is refused by the provider.
    const genuine = `${back.pathname}${back.search}`;
    const first = await t.app.inject({
      method: 'GET',
      url: genuine,
      headers: { cookie: cookieHeader(start) },
    });
    expect(first.headers.location).toBe('/');
    expect(first.cookies.map((c) => c.name)).toContain('session-token');
    const replay = await t.app.inject({
      method: 'GET',
      url: genuine,
      headers: { cookie: cookieHeader(start) },
    });
    expect(replay.headers.location).toBe('/api/auth/signin?error=OAuthCallback&callbackUrl=%2F');
    expect(replay.cookies.map((c) => c.name)).not.toContain('session-token');
  });

  it('sends an unknown provider to the sign-in page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/signin/myspace?callbackUrl=%2Fmy%2Fsettings',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/api/auth/signin?callbackUrl=%2Fmy%2Fsettings');
  });

  it('shows the configured providers on the sign-in page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/signin' });
    expect(res.body).toContain('Sign in with Google');
    expect(res.body).toContain('href="/api/auth/signin/facebook?callbackUrl=%2F"');
  });
});

describe('the OpenID issuer must be https', () => {
  const config = (issuer: string) => ({ issuer, clientId: 'c', clientSecret: 's', providers: ['Google'] });

  it('allows http only for a loopback issuer outside production', () => {
    expect(() => new OidcClient(config('http://127.0.0.1:4000'), false)).not.toThrow();
    expect(() => new OidcClient(config('http://localhost:4000'), false)).not.toThrow();
    expect(() => new OidcClient(config('https://idp.example'), true)).not.toThrow();
    expect(() => new OidcClient(config('http://127.0.0.1:4000'), true)).toThrow(/https/);
    expect(() => new OidcClient(config('http://idp.example'), false)).toThrow(/https/);
  });
});
