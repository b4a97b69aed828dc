import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../server/plugins/app/rateLimit';
import { createTestApp, type TestApp, useTestApp } from '../helpers/app';

/**
 * The pentest found: X-Forwarded-For chose request.ip for anyone, so a rotating header lifted every per-address
 * limit. Forwarded headers now count only from the proxies TRUST_PROXY names (default: none).
 */

vi.setConfig({ testTimeout: 120_000 });

/** Each limited anonymous route with a body it accepts, and its per-address limit. */
const ROUTES: [string, unknown, number][] = [
  ['/api/incidents', { projectName: 'Spoofed', description: 'Drained pool.' }, LIMITS.incidents.max],
  [
    '/api/quote',
    {
      name: 'Ada',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      services: ['security-audit'],
      budget: '$50k-$100k',
      message: 'Please audit our vault.',
    },
    LIMITS.quote.max,
  ],
  ['/api/user/events', { eventName: 'click', properties: { a: 1 } }, LIMITS.events.max],
  ['/api/errors', { title: 'Oops', description: 'Broke', trace: 'at x' }, LIMITS.errors.max],
  ['/api/auth/_log', { level: 'warn', code: 'SPOOF', details: { a: 1 } }, LIMITS.log.max],
  // Without a CSRF token each sign-in is refused (403) before any work; the limit counts it first.
  ['/api/auth/callback/credentials', { email: 'a@example.com', password: 'x' }, LIMITS.signIn.max],
];

let n = 0;
/** A different documentation-range address on every call. */
const rotating = () => {
  n += 1;
  return `203.0.${(n >> 8) & 255}.${n & 255}`;
};

describe('with TRUST_PROXY unset (the default)', () => {
  const t = useTestApp();

  it.each(ROUTES)('a rotating X-Forwarded-For does not lift the limit of %s', async (url, body, max) => {
    const client = '192.0.2.10';
    const send = () =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: client,
        headers: { 'x-forwarded-for': rotating() },
        payload: body as object,
      });
    for (let i = 0; i < max; i++) {
      const res = await send();
      expect(res.statusCode, res.body).toBeLessThan(429);
    }
    const over = await send();
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
    expect(over.json()).toMatchObject({
      error: expect.stringMatching(/^(TooManyRequests|LimitExceededException)$/),
    });
  });

  it('ignores X-Forwarded-Proto: cookies are not marked https by a header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/csrf',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.cookies[0]).toMatchObject({ name: 'csrf-token' });
    expect(res.cookies[0]?.secure).toBeFalsy();
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  let t: TestApp;
  const proxy = '10.0.0.2';
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: `${proxy},127.0.0.1` });
  });
  afterAll(async () => t?.close());

  const report = (remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/incidents',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { projectName: 'Forwarded', description: 'Drained pool.' },
    });

  it('limits each forwarded client address on its own', async () => {
    const max = LIMITS.incidents.max;
    const client = '198.51.100.7';
    for (let i = 0; i < max; i++) expect((await report(proxy, client)).statusCode).toBe(201);
    expect((await report(proxy, client)).statusCode).toBe(429);
    // Another client behind the same proxy has its own limit.
    expect((await report(proxy, '198.51.100.8')).statusCode).toBe(201);
    // A spoofed hop in front of the real client does not help: the proxy appends the address it saw.
    expect((await report(proxy, `203.0.113.99, ${client}`)).statusCode).toBe(429);
  });

  it('still ignores the header from an address that is not the proxy', async () => {
    const stranger = '192.0.2.77';
    for (let i = 0; i < LIMITS.incidents.max; i++) {
      expect((await report(stranger, rotating())).statusCode).toBe(201);
    }
    expect((await report(stranger, rotating())).statusCode).toBe(429);
  });

  it('takes X-Forwarded-Proto from the proxy: cookies are Secure behind TLS', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/csrf',
      remoteAddress: proxy,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.cookies[0]).toMatchObject({ name: '__Host-csrf-token', secure: true });
  });
});
