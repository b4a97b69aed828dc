import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../api/apiKeys';
import { ANONYMOUS_POLICY, KEY_POLICIES } from '../../server/plugins/app/apiKey';
import type { TestApp } from '../helpers/app';
import { rateLimitOf } from '../helpers/rateLimit';
import { createSeededApp } from '../helpers/seeded';
import { signIn } from '../helpers/signed-in';

/** A small anonymous quota, so the test reaches it in a few requests (the default is 1,000 an hour). */
const QUOTA = 3;
const SCRAPER = '198.51.100.7';
const BROWSER = '203.0.113.9';

let t: TestApp;
let key: CreatedApiKey;

beforeAll(async () => {
  t = await createSeededApp(20, { PARTNER_ANONYMOUS_PER_HOUR: String(QUOTA) });
  const owner = await signIn(t.app);
  const created = await owner.inject({ method: 'POST', url: '/api/user/api-keys', payload: { name: 'Desk' } });
  expect(created.statusCode, created.body).toBe(201);
  key = created.json() as CreatedApiKey;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const read = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers });

describe('Partner API reads without a key', () => {
  it('are held to a per-address quota, so dropping the key is no way around a key’s quota', async () => {
    // The scraper drops the key and reads the Partner endpoints from one address.
    const urls = ['/api/leaderboard?pageSize=5', '/api/search-project?keyword=et', '/api/leaderboard?page=2'];
    for (const [i, url] of urls.entries()) {
      const res = await read(url, SCRAPER);
      expect(res.statusCode, res.body).toBe(200);
      expect(rateLimitOf(res.headers, ANONYMOUS_POLICY)).toMatchObject({
        quota: QUOTA,
        window: 3600,
        remaining: QUOTA - i - 1,
      });
    }
    const refused = await read('/api/search-project?keyword=bit', SCRAPER);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'RateLimitExceeded' });
    expect((refused.json() as { message: string }).message).toContain('use an API key');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(rateLimitOf(refused.headers, ANONYMOUS_POLICY)).toMatchObject({ quota: QUOTA, remaining: 0 });
  });

  it('leave other addresses and keyed reads alone', async () => {
    const browser = await read('/api/leaderboard?pageSize=5', BROWSER);
    expect(browser.statusCode).toBe(200);
    // The same address with a key reads under the key's quota, not the anonymous one.
    const keyed = await read('/api/leaderboard?pageSize=5', SCRAPER, { authorization: `Bearer ${key.key}` });
    expect(keyed.statusCode, keyed.body).toBe(200);
    expect(rateLimitOf(keyed.headers, KEY_POLICIES.minute)).toBeDefined();
    expect(rateLimitOf(keyed.headers, ANONYMOUS_POLICY)).toBeUndefined();
  });

  it('do not limit the site’s other reads', async () => {
    const page = await read('/api/projects/average-yes-percentage', SCRAPER);
    expect(page.statusCode).toBe(200);
  });
});
