import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { UNREACHABLE_OIDC_PROVIDER } from '../helpers/auth';

/**
 * The pentest found: `GET /api/auth/signin?error=__proto__` and `/api/auth/error?error=constructor` answered
 * 500 — the pages looked the value up in a plain object. Every name Object.prototype has must find nothing.
 */

const PROTOTYPE_NAMES = [...Object.getOwnPropertyNames(Object.prototype), 'prototype', 'default'];

let t: TestApp;
beforeAll(async () => {
  // A configured provider (never contacted here) so the provider routes are live.
  t = await createTestApp(UNREACHABLE_OIDC_PROVIDER);
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('prototype names as the error of the auth pages', () => {
  it('covers every Object.prototype name', () => {
    expect(PROTOTYPE_NAMES).toEqual(
      expect.arrayContaining(['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']),
    );
  });

  it.each(PROTOTYPE_NAMES)('GET /api/auth/signin?error=%s shows the default message', async (name) => {
    const res = await get(`/api/auth/signin?error=${encodeURIComponent(name)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('>Unable to sign in.</p>');
  });

  it.each(PROTOTYPE_NAMES)('GET /api/auth/error?error=%s shows the default error', async (name) => {
    const res = await get(`/api/auth/error?error=${encodeURIComponent(name)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Error</h1>');
    expect(res.body).toContain('>Something went wrong while signing in.</p>');
  });

  it('still shows the known messages', async () => {
    expect((await get('/api/auth/signin?error=SessionRequired')).body).toContain(
      'Please sign in to access this page.',
    );
    expect((await get('/api/auth/error?error=AccessDenied')).body).toContain('<h1>Access denied</h1>');
  });
});

describe('prototype names elsewhere in the auth service and the flags', () => {
  it.each(PROTOTYPE_NAMES)('%s as a callbackUrl, a provider or a flag key is never a 5xx', async (name) => {
    const n = encodeURIComponent(name);
    const answers = await Promise.all([
      get(`/api/auth/signin?callbackUrl=${n}&error=${n}`),
      get(`/api/auth/signin/${n}?callbackUrl=${n}`),
      get(`/api/auth/callback/${n}?error=${n}&state=${n}&code=${n}`),
      t.app.inject({ method: 'POST', url: `/ofrep/v1/evaluate/flags/${n}`, payload: {} }),
    ]);
    for (const res of answers) expect(res.statusCode, `${res.statusCode} ${res.body}`).toBeLessThan(500);
    const [, provider, callback, flag] = answers;
    expect(provider!.headers.location).toMatch(/^\/api\/auth\/signin\?/);
    expect(callback!.headers.location).toMatch(/^\/api\/auth\/signin/);
    expect(flag!.statusCode).toBe(404);
    expect(flag!.json()).toMatchObject({ errorCode: 'FLAG_NOT_FOUND' });
  });
});
