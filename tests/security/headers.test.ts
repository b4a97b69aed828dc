import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * The pentest found: no security headers on HTML — no CSP, no frame-ancestors (the sign-in form could be
 * framed), no nosniff, no Referrer-Policy, no HSTS under an https PUBLIC_URL. Every answer now carries them, the
 * CSP allows no inline script or style, and the server-rendered pages pass it. (tests/e2e/csp.test.ts loads the
 * pages in Chromium and frames the sign-in page.)
 */

/** A built SPA as `npm run build` leaves it: index.html loading a module script and a stylesheet. */
function fakeDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sentinel-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index.js"></script>' +
      '<link rel="stylesheet" href="/assets/index.css"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'index.js'), 'console.log("app")');
  writeFileSync(path.join(dir, 'assets', 'index.css'), 'body{margin:0}');
  return dir;
}

/** The CSP header as a map of directive → sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(header, `CSP on ${res.statusCode} ${res.body.slice(0, 80)}`).toBeTypeOf('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectStrictHeaders(res: LightMyRequestResponse) {
  const policy = csp(res);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('style-src')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // Plain http (no https PUBLIC_URL): no HSTS, no upgrade of requests.
  expect(res.headers['strict-transport-security']).toBeUndefined();
  expect(policy.has('upgrade-insecure-requests')).toBe(false);
}

let t: TestApp;
let app: FastifyInstance;
let dist: string;
beforeAll(async () => {
  dist = fakeDist();
  t = await createTestApp({}, { server: { distDir: dist } });
  app = t.app;
});
afterAll(async () => {
  await t?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

const html = { accept: 'text/html' };

describe('security headers', () => {
  it.each([
    ['the home page', '/'],
    ['a SPA route', '/projects/ethereum'],
    ['the sign-in page', '/api/auth/signin'],
    ['the error page', '/api/auth/error?error=Configuration'],
    ['the /my redirect', '/my/settings'],
    ['a static asset', '/assets/index.js'],
    ['an API answer', '/api/auth/session'],
    ['a 404', '/api/no-such-thing'],
  ])('are on %s (%s)', async (_name, url) => {
    const res = await app.inject({ method: 'GET', url, headers: html });
    expect(res.statusCode).toBeLessThan(500);
    expectStrictHeaders(res);
  });

  it('serve the SPA page itself (not a fallback) with them', async () => {
    // A page of the app that exists in an empty database (a project page of a project that is not there is the
    // app's not-found page, with 404).
    const res = await app.inject({ method: 'GET', url: '/company/about', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expectStrictHeaders(res);
  });

  it('forbid framing the sign-in form: frame-ancestors none and X-Frame-Options DENY', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/signin', headers: html });
    expect(res.body).toContain('<form method="post" action="/api/auth/callback/credentials">');
    expect(csp(res).get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the server-rendered pages pass the CSP', () => {
  it.each(['/api/auth/signin?error=SessionRequired', '/api/auth/error', '/dev/outbox'])(
    '%s has no inline script or style, and its stylesheet is served',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
      const sheet = /<link rel="stylesheet" href="([^"]+)">/.exec(res.body)?.[1];
      expect(sheet).toMatch(/^\/api\/auth\/pages\.css\?v=/);
      const css = await app.inject({ method: 'GET', url: sheet! });
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(css.body).toContain('.auth main');
    },
  );
});

describe('with an https PUBLIC_URL and outside services configured', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({
      PUBLIC_URL: 'https://ratings.example.com',
      OIDC_ISSUER: 'https://login.example.net/pool-1',
      OIDC_CLIENT_ID: 'client',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_PROVIDERS: 'Google',
      VITE_IMAGE_HOST: 'https://images.example.org/',
      SENTRY_DSN: 'https://public@o1.ingest.sentry.example/42',
    });
  });
  afterAll(async () => s?.close());

  it('adds HSTS and upgrade-insecure-requests, and allows exactly the configured origins', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/auth/signin' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    const policy = csp(res);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(policy.get('form-action')).toEqual(["'self'", 'https://login.example.net']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://images.example.org']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://o1.ingest.sentry.example']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('has no HSTS under an http PUBLIC_URL', async () => {
    const plain = await createTestApp({ PUBLIC_URL: 'http://ratings.internal:8080' });
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/auth/signin' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(csp(res).has('upgrade-insecure-requests')).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
