import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../server/db/schema/index';
import { PAGE_PATHS } from '../../api/pages';
import { precompressFiles } from '../../scripts/precompress';
import { createTestApp, type TestApp } from '../helpers/app';
import { projectRow } from '../helpers/projects';
import { signIn, type Client } from '../helpers/signed-in';

/**
 * The app's page paths answer 200 with the app for any GET (a `curl` sends `Accept: *\/*`),
 * any other path gets the app (which shows its not-found page) with a 404, and API paths stay JSON.
 */
const APP_SCRIPT = '<script src="/assets/app.js"></script>';
const INDEX = `<!doctype html><html><head><title>Sentinel</title></head><body><div id="root"></div>${APP_SCRIPT}</body></html>`;

let t: TestApp;
let app: FastifyInstance;
let dist: string;
let precompressed: string[];
const CHUNK = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i};`).join('\n');
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'sentinel-dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("app")');
  // A chunk as the build leaves it: the file, and its .br and .gz written by the precompress step.
  writeFileSync(path.join(dist, 'assets', 'chunk.js'), CHUNK);
  writeFileSync(path.join(dist, 'assets', 'chunk.js.map'), CHUNK);
  precompressed = await precompressFiles(dist, ['assets/app.js', 'assets/chunk.js', 'assets/chunk.js.map']);
  t = await createTestApp({ ADMIN_EMAILS: 'admin@example.com' }, { server: { distDir: dist } });
  app = t.app;
  // The project the page paths below name (/projects/uniswap): a project page of an unknown project is a 404.
  await t.app.db.insert(projects).values(
    projectRow('uniswap', {
      name: 'Uniswap',
      tokenTickers: ['UNI'],
      logo: '/logos/uni.svg',
      score: 80,
      rank: 1,
      tier: 'A',
      auditStatus: 'audited',
    }),
  );
});
afterAll(async () => {
  await t?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

const ACCEPTS = ['*/*', 'application/json', 'text/html,application/xhtml+xml,*/*;q=0.8', undefined];
const get = (url: string, accept?: string) =>
  app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { accept } });

describe('the app’s pages', () => {
  it('answers every page path with 200 and the app, whatever the client accepts', async () => {
    const pages = Object.values(PAGE_PATHS)
      .filter((p) => !p.startsWith('/my/'))
      .map((p) => p.replace(':id', 'uniswap').replace(':slug', 'about'));
    expect(pages).toContain('/company/about');
    for (const url of [...pages, '/notifications/unsubscribe?token=x', '/%63ompany/about']) {
      for (const accept of ACCEPTS) {
        const res = await get(url, accept);
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(res.body, url).toContain(APP_SCRIPT);
      }
    }
  });

  it("sends home's address past the leaderboard's last page to the last page, other parameters kept", async () => {
    const total = (await get('/api/leaderboard?pageSize=1')).json<{ total: number }>().total;
    const last = Math.max(1, Math.ceil(total / 25));
    const lastSearch = (rest: string) => {
      const params = new URLSearchParams(rest);
      if (last > 1) params.set('page', String(last));
      const text = params.toString();
      return `/${text ? `?${text}` : ''}`;
    };
    for (const [url, location] of [
      [`/?page=${last + 1}`, lastSearch('')],
      ['/?page=100000&tour=true', lastSearch('tour=true')],
      ['/?page=999&tier=AAA&sort=name', `/?sort=name&tier=AAA`],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(location);
    }
    // A page that exists, and filters the leaderboard would refuse, are served as asked.
    for (const url of [`/?page=${last}`, '/?page=999&min=abc'])
      expect((await get(url)).statusCode, url).toBe(200);
  });

  it('redirects signed-out visitors of /my pages to sign-in, as before', async () => {
    for (const url of ['/my/settings', '/my/watchlists', '/my/portfolio', '/my/nope']) {
      const res = await get(url, '*/*');
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toMatch(/^\/api\/auth\/signin\?error=SessionRequired&/);
    }
  });
});

describe('other paths', () => {
  it('answer a GET with the app and a 404, so the app shows its not-found page', async () => {
    for (const url of ['/nope', '/company/about/extra', '/resources', '/projects', '/assets/missing.js']) {
      for (const accept of ACCEPTS) {
        const res = await get(url, accept);
        expect(res.statusCode, `${url} ${accept}`).toBe(404);
        expect(res.body, url).toContain(APP_SCRIPT);
      }
    }
  });

  it('answer the page of a project that does not exist with the app and a 404, as an unknown path', async () => {
    for (const accept of ACCEPTS) {
      const res = await get('/projects/no-such-project', accept);
      expect(res.statusCode, String(accept)).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(APP_SCRIPT);
    }
    expect((await get('/projects/uniswap', '*/*')).statusCode).toBe(200);
  });

  it('answer other methods, and API paths, with a JSON 404', async () => {
    const post = await app.inject({ method: 'POST', url: '/nope', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: 'NotFound', message: 'No route for POST /nope' });
    const api = await get('/api/nope', 'text/html');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'NotFound', message: 'No route for GET /api/nope' });
  });

  it('still serve the built files', async () => {
    const res = await get('/assets/app.js', '*/*');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app")');
  });
});

describe('precompressed assets', () => {
  const fetchChunk = (acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: '/assets/chunk.js',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('are written for compressible files of at least 1 KB, not for source maps or tiny files', () => {
    expect(precompressed).toEqual(['assets/chunk.js']);
    expect(brotliDecompressSync(readFileSync(path.join(dist, 'assets', 'chunk.js.br'))).toString()).toBe(
      CHUNK,
    );
    expect(gunzipSync(readFileSync(path.join(dist, 'assets', 'chunk.js.gz'))).toString()).toBe(CHUNK);
  });

  it('are sent as built: brotli to a browser, gzip to a client without brotli, the file to one that asks for neither', async () => {
    const br = await fetchChunk('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(readFileSync(path.join(dist, 'assets', 'chunk.js.br')))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(CHUNK);

    const gz = await fetchChunk('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);

    const plain = await fetchChunk();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
  });
});

/** One admin session for the tests that need it (an account is created once). */
let adminClient: Client | undefined;
const adminSession = async () => (adminClient ??= await signIn(app, { email: 'admin@example.com' }));

describe('the announcement written into the page (the banner is in place from the first paint)', () => {
  /** The JSON data block of the page, parsed: what the banner starts from. */
  const dataBlock = (html: string): unknown => {
    const match = /<script type="application\/json" id="announcement-data">(.*?)<\/script>/.exec(html);
    expect(match, html).not.toBeNull();
    return JSON.parse(match![1]!);
  };
  const setAnnouncement = async (payload: object) => {
    const admin = await adminSession();
    const res = await admin.inject({ method: 'PUT', url: '/api/announcement', payload });
    expect(res.statusCode).toBe(200);
  };

  it('carries the active announcement, as /api/announcement answers it, and null when none is active', async () => {
    await setAnnouncement({
      content: 'Skynet 2.0 is live',
      link: '/products/skynet',
      linkText: 'Read more',
      active: true,
    });
    for (const url of ['/', '/company/about', '/nope']) {
      const html = (await get(url, 'text/html')).body;
      expect(dataBlock(html)).toEqual({
        content: 'Skynet 2.0 is live',
        link: '/products/skynet',
        linkText: 'Read more',
      });
      expect(html).toContain(APP_SCRIPT);
    }
    expect((await get('/api/announcement')).json()).toEqual(dataBlock((await get('/')).body));
    await setAnnouncement({ content: 'Skynet 2.0 is live', active: false });
    expect(dataBlock((await get('/')).body)).toBeNull();
  });

  it('cannot be used to inject markup: an announcement that closes the element stays text', async () => {
    const content = '</script><script>alert(document.cookie)</script><!--';
    await setAnnouncement({ content, active: true });
    const html = (await get('/')).body;
    expect(html).not.toContain('<script>alert');
    // Home's data blocks (flags, announcement, strips) and the app's script.
    expect(html.match(/<\/script>/g)).toHaveLength(4);
    expect(dataBlock(html)).toMatchObject({ content });
  });

  it("arrives as written when it holds a replacement pattern ($&, $', $`): a price, a template, a regex", async () => {
    const content = "Audits from 5$& up, $' off, $` back, $$ and $1";
    await setAnnouncement({ content, link: '/products/skynet?q=$&', linkText: "$'", active: true });
    for (const url of ['/', '/company/about']) {
      const html = (await get(url, 'text/html')).body;
      expect(dataBlock(html), url).toEqual({ content, link: '/products/skynet?q=$&', linkText: "$'" });
      expect(html.match(/<\/head>/g), url).toHaveLength(1);
    }
  });
});

describe('the flags written into the page (the SDK can load after the first paint)', () => {
  const flagsBlock = (html: string) => {
    const match = /<script type="application\/json" id="flags-data">(.*?)<\/script>/.exec(html);
    expect(match, html).not.toBeNull();
    return JSON.parse(match![1]!) as {
      identity: { targetingKey: string; email: string } | null;
      values: object;
    };
  };
  /** What OFREP answers the same caller, as a key → value map. */
  const ofrepValues = async (client?: Client) => {
    const res = await (client ?? { inject: app.inject.bind(app) }).inject({
      method: 'POST',
      url: '/ofrep/v1/evaluate/flags',
      payload: { context: {} },
    });
    expect(res.statusCode).toBe(200);
    const { flags } = res.json<{ flags: { key: string; value?: unknown }[] }>();
    return Object.fromEntries(flags.filter((f) => f.value !== undefined).map((f) => [f.key, f.value]));
  };

  it("are OFREP's answer for the page's session: anonymous, then an admin's", async () => {
    const anonymous = await get('/');
    expect(anonymous.headers['cache-control']).toBe('private, no-cache');
    const guest = flagsBlock(anonymous.body);
    expect(guest.identity).toBeNull();
    expect(guest.values).toEqual(await ofrepValues());

    const admin = await adminSession();
    const page = await admin.inject({ method: 'GET', url: '/company/about' });
    const signedIn = flagsBlock(page.body);
    expect(signedIn.identity).toEqual({ email: 'admin@example.com', targetingKey: admin.username });
    expect(signedIn.values).toEqual(await ofrepValues(admin));
    // The flag file turns the impersonation tool on for admins only: the two pages differ where OFREP does.
    expect(signedIn.values).toMatchObject({ impersonationTool: true });
    expect(guest.values).toMatchObject({ impersonationTool: false });
  });
});
