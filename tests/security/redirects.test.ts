import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealJwt } from '../../server/plugins/app/session';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  cookieHeader,
  getCsrf,
  postSignOut,
  signUpAndSignIn,
  TEST_PASSWORD,
  UNREACHABLE_OIDC_PROVIDER,
} from '../helpers/auth';
import { siteOrigin } from '../../server/accounts/origin';

/**
 * The pentest found: open redirect after sign-in and sign-out. Every callbackUrl that leads off the site ends in
 * a same-site path; the origin comes from configuration (PUBLIC_URL or HOST:PORT), never from the Host header.
 */

// Sign-ups and sign-ins hash passwords (scrypt), slow on a busy machine.

/** Targets that left the site before (the first three are the review's), and their relatives. */
const ATTACKS = [
  '/.//evil.example/phish',
  '//evil.example/phish',
  'https://other//x',
  '///evil.example/phish',
  '/\\evil.example/phish',
  '\\\\evil.example/phish',
  '/\t/evil.example/phish',
  ' //evil.example/phish',
  '/..//evil.example/phish',
  '/a/../..//evil.example/phish',
  '/%2e//evil.example/phish',
  'https://evil.example/phish',
  'https:evil.example/phish',
  'HTTPS://EVIL.EXAMPLE/phish',
  'javascript:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
];

/** Where a browser on this site goes with `location`: it must stay on the site, on a path that is one. */
function expectStaysOnSite(location: string | undefined) {
  expect(location).toBeTypeOf('string');
  const here = 'http://site.test';
  expect(new URL(location!, `${here}/current`).origin).toBe(here);
  expect(location!.startsWith('/')).toBe(true);
  expect(location!.startsWith('//')).toBe(false);
  expect(location!.startsWith('/\\')).toBe(false);
}

/** The callbackUrl carried inside a redirect to our own sign-in page. */
function callbackInside(res: LightMyRequestResponse): string {
  const location = String(res.headers.location);
  expect(location.startsWith('/api/auth/signin?')).toBe(true);
  return new URL(location, 'http://site.test').searchParams.get('callbackUrl') ?? '/';
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let t: TestApp;
let email: string;
beforeAll(async () => {
  // A configured provider (never contacted here) so the OIDC callback route is live.
  t = await createTestApp(UNREACHABLE_OIDC_PROVIDER);
  email = (await signUpAndSignIn(t.app)).user.email;
}, 120_000);
afterAll(async () => t?.close());

async function signOut(callbackUrl: string, json: boolean, host?: string) {
  const { csrf, cookie } = await getCsrf(t.app);
  return postSignOut(
    t.app,
    cookie,
    { csrfToken: csrf, callbackUrl, ...(json ? { json: 'true' } : {}) },
    host ? { host } : {},
  );
}

async function signIn(callbackUrl: string, password: string, host?: string) {
  const { csrf, cookie } = await getCsrf(t.app);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    headers: { ...FORM, cookie, ...(host ? { host } : {}) },
    payload: new URLSearchParams({ csrfToken: csrf, email, password, callbackUrl }).toString(),
  });
}

describe('sign-out', () => {
  it.each(ATTACKS)('redirects %j to a path on this site', async (target) => {
    const res = await signOut(target, false, 'other');
    expect(res.statusCode).toBe(302);
    expectStaysOnSite(res.headers.location as string);
    expect(res.headers.location).toBe('/');
  });

  it.each(ATTACKS)('answers json=true for %j with a URL on this site', async (target) => {
    const res = await signOut(target, true, 'other');
    expect(res.statusCode).toBe(200);
    // Absolute, as NextAuth v4 answers, on the configured origin whatever the Host header said.
    const url = new URL(res.json().url);
    expect(url.origin).toBe(siteOrigin(t.app));
    expectStaysOnSite(`${url.pathname}${url.search}${url.hash}`);
  });

  it('still follows a same-site path and an absolute URL on the configured origin', async () => {
    expect((await signOut('/projects/x?tab=audits#top', false)).headers.location).toBe(
      '/projects/x?tab=audits#top',
    );
    expect((await signOut(`http://127.0.0.1:3000/my/settings`, false)).headers.location).toBe('/my/settings');
  });
});

describe('credentials sign-in', () => {
  it.each(ATTACKS.slice(0, 3))(
    'redirects %j to a path on this site after a successful sign-in',
    async (target) => {
      const res = await signIn(target, TEST_PASSWORD, 'other');
      expect(res.statusCode).toBe(302);
      expect(res.cookies.map((c) => c.name)).toContain('session-token');
      expectStaysOnSite(res.headers.location as string);
      expect(res.headers.location).toBe('/');
    },
  );

  it('keeps a failed sign-in on our sign-in page with a safe callbackUrl', async () => {
    const res = await signIn('/.//evil.example/phish', 'wrong-Passw0rd', 'other');
    expect(res.statusCode).toBe(302);
    expect(callbackInside(res)).toBe('/');
  });
});

describe('the sign-in page and the provider start', () => {
  it.each(ATTACKS)('puts a safe callbackUrl into the form and links for %j', async (target) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/signin?callbackUrl=${encodeURIComponent(target)}`,
      headers: { host: 'other' },
    });
    expect(res.statusCode).toBe(200);
    const hidden = /name="callbackUrl" value="([^"]*)"/.exec(res.body)?.[1];
    expect(hidden).toBe('/');
    expect(res.body).toContain('href="/api/auth/signin/google?callbackUrl=%2F"');
  });

  it.each(ATTACKS)(
    'sends GET /api/auth/signin/credentials?callbackUrl=%j back with a safe path',
    async (target) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/auth/signin/credentials?callbackUrl=${encodeURIComponent(target)}`,
        headers: { host: 'other' },
      });
      expect(res.statusCode).toBe(302);
      expect(callbackInside(res)).toBe('/');
    },
  );
});

describe('the OIDC callback', () => {
  it.each(ATTACKS)('re-checks the saved callbackUrl %j before redirecting', async (target) => {
    // Even a state cookie sealed with the server's own key (which an attacker does not have) cannot send the
    // browser off the site: the saved target goes through the same check on the way out.
    const sealed = await sealJwt(
      t.config.authSecret,
      'oidc',
      { state: 's', verifier: 'v', nonce: 'n', provider: 'google', callbackUrl: target },
      t.app.clock.now(),
      600,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/callback/google?error=access_denied&state=s',
      headers: { cookie: `oidc-state=${sealed}`, host: 'other' },
    });
    expect(res.statusCode).toBe(302);
    expect(callbackInside(res)).toBe('/');
  });
});

describe('the /my pages while signed out', () => {
  it.each([
    '/my//evil.example/phish',
    '/%6dy/..%2f..%2f%2fevil.example',
    '/my/x/..%2f..%2f..%2f%2fevil.example',
  ])('redirects %s to sign-in with a callbackUrl that is a path on this site', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', host: 'other' } });
    expect(res.statusCode).toBe(302);
    const back = callbackInside(res);
    expectStaysOnSite(back);
    // And the sign-in page it leads to keeps it that way.
    const page = await t.app.inject({
      method: 'GET',
      url: String(res.headers.location),
      headers: { cookie: cookieHeader(res) },
    });
    const hidden = /name="callbackUrl" value="([^"]*)"/.exec(page.body)?.[1];
    expectStaysOnSite(hidden?.replaceAll('&amp;', '&'));
  });
});

describe('a /my page asked for with an absolute request line', () => {
  /** A raw HTTP/1.1 request over a socket: light-my-request cannot send the absolute form (`GET http://…`). */
  async function rawGet(target: string): Promise<string> {
    const port = (t.app.server.address() as AddressInfo).port;
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(
          `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\nConnection: close\r\n\r\n`,
        ),
      );
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  it('comes back to the page it reached, never to the host named in the request line', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Node keeps the whole `http://evil.example/my/settings?tab=2` as request.url; the router still matches /my/*.
    const answer = await rawGet('http://evil.example/my/settings?tab=2&x=%2F%2Fevil.example');
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 302 Found');
    const location = /^location: (.*)$/im.exec(answer)?.[1]?.trim();
    const back = new URL(location!, 'http://site.test').searchParams.get('callbackUrl');
    expect(back).toBe('/my/settings?tab=2&x=%2F%2Fevil.example');
    expectStaysOnSite(back!);
    expect(location).not.toContain('evil.example/my');
  });
});

describe('with PUBLIC_URL', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ PUBLIC_URL: 'https://ratings.example.com' });
  });
  afterAll(async () => p?.close());

  it('follows absolute URLs on PUBLIC_URL only, whatever the Host header says', async () => {
    const out = async (callbackUrl: string, host: string) => {
      const { csrf, cookie } = await getCsrf(p.app);
      const res = await postSignOut(
        p.app,
        cookie,
        { csrfToken: csrf, callbackUrl },
        { host, 'x-forwarded-host': host },
      );
      return res.headers.location;
    };
    expect(await out('https://ratings.example.com/projects/x', 'ratings.example.com')).toBe('/projects/x');
    expect(await out('https://evil.example/x', 'evil.example')).toBe('/');
    expect(await out('https://ratings.example.com//evil.example/x', 'ratings.example.com')).toBe('/');
    expect(await out('http://ratings.example.com/projects/x', 'ratings.example.com')).toBe('/');
  });
});
