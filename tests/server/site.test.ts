import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { desc, eq, like } from 'drizzle-orm';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrl } from '../../api/images';
import {
  announcements,
  clientErrors,
  incidentReports,
  projects,
  quoteRequests,
  rateCounters,
  userEvents,
} from '../../server/db/schema/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { createSeededApp } from '../helpers/seeded';
import { acceptsWebp, NEW_DRAWINGS_PER_MINUTE } from '../../server/site/logos';
import { searchService } from '../../server/search/index';

let t: TestApp;
beforeAll(async () => {
  t = await createSeededApp(700);
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });
const iconFile = (name: string) =>
  readFileSync(
    path.join(
      path.dirname(createRequire(import.meta.url).resolve('cryptocurrency-icons/package.json')),
      'svg',
      'color',
      name,
    ),
    'utf8',
  );

describe('POST /api/incidents', () => {
  it('stores a report and answers 201 with its id', async () => {
    const res = await post('/api/incidents', {
      projectName: 'Ethereum',
      description: 'Suspicious upgrade of the bridge proxy.',
      txHash: '0xabc',
      contactEmail: 'me@example.com',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: number }>();
    const [row] = await t.app.db.select().from(incidentReports).orderBy(desc(incidentReports.id)).limit(1);
    expect(row).toMatchObject({
      id,
      projectName: 'Ethereum',
      txHash: '0xabc',
      contactEmail: 'me@example.com',
    });
  });

  it('names every bad field', async () => {
    const res = await post('/api/incidents', { projectName: '', description: 5, contactEmail: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['contactEmail', 'description', 'projectName']);
  });
  it('limits reports per address to 10 an hour with a 429', async () => {
    const fresh = await createSeededApp(5);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/api/incidents',
        payload: { projectName: `P${i}`, description: 'Drained pool.' },
      });
      statuses.push(res.statusCode);
      if (i === 10) expect(res.json()).toMatchObject({ error: 'TooManyRequests' });
    }
    await fresh.close();
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });
});

describe('POST /api/quote', () => {
  const quote = {
    name: 'Ada',
    email: 'ada@example.com',
    company: 'Analytical Engines',
    services: ['security-audit', 'pentest'],
    budget: '$50k-$100k',
    message: 'Please audit our vault.',
  };
  it('stores a quote request', async () => {
    const res = await post('/api/quote', quote);
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(quoteRequests).orderBy(desc(quoteRequests.id)).limit(1);
    expect(row).toMatchObject({ ...quote, id: res.json().id });
  });
  it('rejects an unknown service and a bad email', async () => {
    const res = await post('/api/quote', { ...quote, services: ['magic'], email: 'x' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['email', 'services.0']);
  });
});

describe('GET /api/announcement', () => {
  it('returns the active announcement, then null when none is active', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/announcement' });
    expect(res.json()).toEqual({
      content: expect.any(String),
      link: '/products/skynet',
      linkText: 'Learn more',
    });
    await t.app.db.update(announcements).set({ active: false });
    const none = await t.app.inject({ method: 'GET', url: '/api/announcement' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
  });
});

describe('POST /api/user/events and /api/errors', () => {
  it('records an analytics event with default properties', async () => {
    const res = await post('/api/user/events', { eventName: 'page_view' });
    expect(res.statusCode).toBe(204);
    const [row] = await t.app.db.select().from(userEvents).orderBy(desc(userEvents.id)).limit(1);
    expect(row).toMatchObject({ eventName: 'page_view', properties: {}, userId: null });
  });
  it('records a client error report', async () => {
    const res = await post('/api/errors', { title: 'Boom', description: 'It broke', trace: 'at x' });
    expect(res.statusCode).toBe(204);
    const [row] = await t.app.db.select().from(clientErrors).orderBy(desc(clientErrors.id)).limit(1);
    expect(row).toMatchObject({ title: 'Boom', description: 'It broke', trace: 'at x' });
  });
  it('rejects a report without a title and an event without a name', async () => {
    expect((await post('/api/errors', { description: '', trace: '' })).json().fields).toHaveProperty('title');
    expect((await post('/api/user/events', { properties: {} })).json().fields).toHaveProperty('eventName');
  });
});

describe('logos', () => {
  const projectWithGeneratedLogo = async () => {
    const [project] = await t.app.db
      .select()
      .from(projects)
      .where(like(projects.logo, '/logos/gen/%'))
      .limit(1);
    return project;
  };
  it('serves the real icon of a known token, directly and through /img', async () => {
    const direct = await t.app.inject({ method: 'GET', url: '/logos/eth.svg' });
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['content-type']).toBe('image/svg+xml');
    expect(direct.body).toBe(iconFile('eth.svg'));
    const resized = await t.app.inject({
      method: 'GET',
      url: imageUrl('/logos/eth.svg', { width: 56, quality: 80 }, ''),
    });
    expect(resized.statusCode).toBe(200);
    expect(resized.body).toBe(direct.body);
  });

  it('generates a logo with the initials of a project without an icon', async () => {
    const generated = await projectWithGeneratedLogo();
    expect(generated).toBeDefined();
    const res = await t.app.inject({ method: 'GET', url: `/img${generated!.logo}?auto=format&fit=max&w=28` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<svg');
    const words = generated!.name.split(' ');
    const initials = words.length > 1 ? words[0]![0]! + words[1]![0]! : words[0]!.slice(0, 2);
    expect(res.body).toContain(`>${initials.toUpperCase()}</text>`);
  });

  // What Chromium sends for an <img>.
  const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
  const logo = (url: string, accept?: string) =>
    t.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
  /** A browser's request for the ETH logo at `quality` from an address, `width` wide (a new width is a new drawing). */
  const ethLogoFor = (app: TestApp, quality: number) => (remoteAddress: string, width: number) =>
    app.app.inject({
      method: 'GET',
      url: `/img/logos/eth.svg?auto=format&w=${width}&q=${quality}`,
      headers: { accept: BROWSER_ACCEPT },
      remoteAddress,
    });
  /** The drawn image's size and the colour (RGBA) of one of its pixels. */
  const pixels = async (webp: Buffer, x: number, y: number) => {
    const { data, info } = await sharp(webp).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * 4;
    return { width: info.width, height: info.height, rgba: [...data.subarray(at, at + 4)] };
  };

  it('draws a logo as WebP, w pixels wide, for a browser that takes WebP (auto=format)', async () => {
    const res = await logo(imageUrl('/logos/eth.svg', { width: 56 }, ''), BROWSER_ACCEPT);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers.vary).toContain('Accept');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    // Ethereum's icon: a blue disc (#627EEA) with a white diamond; transparent outside the disc.
    const left = await pixels(res.rawPayload, 4, 28);
    expect({ width: left.width, height: left.height }).toEqual({ width: 56, height: 56 });
    const [r, g, b, a] = left.rgba;
    expect(Math.abs(r! - 0x62) + Math.abs(g! - 0x7e) + Math.abs(b! - 0xea)).toBeLessThan(30);
    expect(a).toBe(255);
    expect((await pixels(res.rawPayload, 0, 0)).rgba[3]).toBe(0);

    // Wider than any page shows: drawn at most 512 wide. Without `w`: the SVG's own width (32).
    const wide = await logo('/img/logos/eth.svg?auto=format&w=4096', BROWSER_ACCEPT);
    expect((await sharp(wide.rawPayload).metadata()).width).toBe(512);
    const own = await logo('/img/logos/eth.svg?auto=format', BROWSER_ACCEPT);
    expect((await sharp(own.rawPayload).metadata()).width).toBe(32);
  });

  it('answers the SVG to a client that does not take WebP, or without auto=format', async () => {
    const svg = iconFile('eth.svg');
    for (const accept of [undefined, '*/*', 'image/webp;q=0, image/svg+xml']) {
      const res = await logo('/img/logos/eth.svg?auto=format&fit=max&w=56', accept);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers.vary).toContain('Accept');
      expect(res.body).toBe(svg);
    }
    const plain = await logo('/img/logos/eth.svg?w=56', BROWSER_ACCEPT);
    expect(plain.headers['content-type']).toBe('image/svg+xml');
    expect(plain.body).toBe(svg);
    expect(acceptsWebp('IMAGE/WEBP; q=0.5')).toBe(true);
    expect(acceptsWebp('image/*')).toBe(false);
  });

  it('draws a generated logo again once its project is renamed', async () => {
    const generated = await projectWithGeneratedLogo();
    const url = imageUrl(generated!.logo, { width: 56 }, '');
    const before = await logo(url, BROWSER_ACCEPT);
    expect(before.headers['content-type']).toBe('image/webp');
    expect((await logo(url, BROWSER_ACCEPT)).rawPayload.equals(before.rawPayload)).toBe(true);
    try {
      await t.app.db.update(projects).set({ name: 'Zz Qq' }).where(eq(projects.id, generated!.id));
      await searchService(t.app.database).refresh(); // the logo reads the name from the search index
      const after = await logo(url, BROWSER_ACCEPT);
      expect(after.statusCode).toBe(200);
      expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
    } finally {
      await t.app.db.update(projects).set({ name: generated!.name }).where(eq(projects.id, generated!.id));
      await searchService(t.app.database).refresh();
    }
  });

  it('draws at most NEW_DRAWINGS_PER_MINUTE new logos per address a minute, then answers the SVG', async () => {
    // An attack: one address asks for every width of a logo, each a new drawing (quality 31 is asked nowhere else).
    const from = ethLogoFor(t, 31);
    for (let width = 1; width <= NEW_DRAWINGS_PER_MINUTE; width++) {
      const res = await from('198.51.100.20', width);
      expect(res.headers['content-type'], `width ${width}`).toBe('image/webp');
    }
    const over = await from('198.51.100.20', NEW_DRAWINGS_PER_MINUTE + 1);
    expect(over.statusCode).toBe(200);
    expect(over.headers['content-type']).toBe('image/svg+xml');
    expect(over.headers['cache-control']).toBe('no-store');
    expect(over.body).toBe(iconFile('eth.svg'));
    // A drawing already kept costs nothing and still comes drawn; another address still gets new drawings.
    const kept = await from('198.51.100.20', 56);
    expect(kept.headers['content-type']).toBe('image/webp');
    expect((await sharp(kept.rawPayload).metadata()).width).toBe(56);
    const other = await from('198.51.100.21', NEW_DRAWINGS_PER_MINUTE + 1);
    expect(other.headers['content-type']).toBe('image/webp');
    expect((await sharp(other.rawPayload).metadata()).width).toBe(NEW_DRAWINGS_PER_MINUTE + 1);
  }, 120_000);

  it('counts the drawings where the limits count (Redis when REDIS_URL is set), shared by every instance', async () => {
    const prefix = `site-test-${randomUUID()}:`;
    const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
    const redis = new Redis(redisUrl, { keyPrefix: prefix, lazyConnect: true });
    await redis.connect();
    const withRedis = await createTestApp({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix });
    try {
      const from = ethLogoFor(withRedis, 32);
      /** The address's counter in Redis (named by @fastify/rate-limit) and its value. */
      const counter = async (address: string) => {
        const [found] = await redis.keys(`${prefix}*draw-logo:${address}`);
        const key = found?.slice(prefix.length);
        return { key, value: key ? await redis.get(key) : null };
      };
      const drawn = await from('198.51.100.30', 40);
      expect(drawn.headers['content-type']).toBe('image/webp');
      expect((await counter('198.51.100.30')).value).toBe('1');
      const inDatabase = await withRedis.app.db
        .select()
        .from(rateCounters)
        .where(like(rateCounters.key, '%draw-logo%'));
      expect(inDatabase).toEqual([]);
      // Other instances on the same Redis have drawn the rest of this address's allowance for the minute.
      expect((await from('198.51.100.31', 39)).headers['content-type']).toBe('image/webp');
      const { key } = await counter('198.51.100.31');
      await redis.set(key!, String(NEW_DRAWINGS_PER_MINUTE), 'PX', 60_000);
      const over = await from('198.51.100.31', 41);
      expect(over.headers['content-type']).toBe('image/svg+xml');
      expect(over.headers['cache-control']).toBe('no-store');
    } finally {
      await withRedis.close();
      for (const key of await redis.keys(`${prefix}*`)) await redis.del(key.slice(prefix.length));
      redis.disconnect();
    }
  });

  it('answers the SVG, not an error, while the counters cannot be reached', async () => {
    const deadRedis = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await deadRedis.app.inject({
        method: 'GET',
        url: '/img/logos/eth.svg?auto=format&w=42',
        headers: { accept: BROWSER_ACCEPT },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toBe(iconFile('eth.svg'));
    } finally {
      await deadRedis.close();
    }
  });

  it('answers an unknown logo with a JSON 404 and a bad width with a 400', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/img/logos/not-a-token.svg?w=28' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'NotFound' });
    expect((await t.app.inject({ method: 'GET', url: '/logos/../package.json' })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/img/logos/eth.svg?w=wide' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('w');
  });

  it('builds imgix-style URLs', () => {
    expect(imageUrl('/logos/eth.svg', { width: 28 }, '')).toBe('/img/logos/eth.svg?auto=format&fit=max&w=28');
    expect(imageUrl('/logos/eth.svg', { width: 56, quality: 75 }, 'https://cdn.example.com/')).toBe(
      'https://cdn.example.com/img/logos/eth.svg?auto=format&fit=max&w=56&q=75',
    );
  });
});
