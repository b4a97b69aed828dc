import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { SEED_DAY } from '../helpers/seeded';
import { signIn } from '../helpers/signed-in';
import { seedIfEmpty } from '../../server/seed/index';
import { announcements, projects } from '../../server/db/schema/index';

/*
 * The first paint, on the server side (server/site/render.ts): how a render from dist-ssr/ becomes the page, with a
 * stand-in for the built render (the real one runs in tests/e2e/prerender.test.ts). The stand-in writes what it was
 * asked to render into its HTML, and counts its renders.
 */
const INDEX = `<!doctype html><html><head><title>Sentinel</title><link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`;
const MANIFEST = {
  'index.html': { file: 'assets/app.js', css: ['assets/index.css'], isEntry: true },
  'src/features/marketing/CompanyPage.tsx': {
    file: 'assets/CompanyPage.js',
    css: ['assets/marketing.css'],
    imports: ['_shared.js'],
  },
  '_shared.js': { file: 'assets/shared.js', dynamicImports: ['src/features/survey/SurveyDialog.tsx'] },
  'src/features/survey/SurveyDialog.tsx': {
    file: 'assets/SurveyDialog.js',
    css: ['assets/SurveyDialog.css'],
  },
  'src/layout/Footer.tsx': { file: 'assets/Footer.js' },
  'src/first-load/loader.ts': { file: 'assets/onIntent.js', isEntry: true, imports: ['_shared.js'] },
};
const RENDER = `
globalThis.renders = 0;
export async function renderPage(page) {
  globalThis.renders++;
  if (page.path === '/company/broken') throw new Error('render failed');
  return '<main style="width:10px;content:&quot;a&quot;">' + JSON.stringify(page).replace(/</g, '') + '</main>';
}`;

let t: TestApp;
let app: FastifyInstance;
let root: string;
const renders = () => (globalThis as unknown as { renders: number }).renders;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'sentinel-render-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), RENDER);
  t = await createTestApp({}, { server: { distDir: dist } });
  app = t.app;
});
afterAll(async () => {
  await t?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('a page rendered by the server', () => {
  it('has the render in its root, its own chunks in the head and a CSP allowing exactly its style attributes', async () => {
    const res = await get('/company/about?x=1');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/<div id="root"><main style="[^"]*">\{"path":"\/company\/about","search":"\?x=1"/);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/marketing.css">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/CompanyPage.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/shared.js">');
    // Not the styles of what a shared chunk could load, and nothing the shell already links twice.
    expect(head).not.toContain('SurveyDialog.css');
    expect(head.match(/index\.css/g)).toHaveLength(1);
    expect(head).toContain(
      '<script type="application/json" id="rendered-for">{"bannerIgnored":null,"cookieAccepted":false}',
    );

    const hash = createHash('sha256').update('width:10px;content:"a"').digest('base64');
    const policy = res.headers['content-security-policy'] as string;
    expect(policy).toContain(`style-src-attr 'unsafe-hashes' 'sha256-${hash}'`);
    expect(policy).toContain("style-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
  });

  it('renders with the visitor’s choices from their cookies and echoes them for the browser', async () => {
    const res = await get('/company/careers', 'cookieConsent=true; ignoredBannerContent=Old%20news');
    expect(res.body).toContain('"cookieAccepted":true');
    expect(res.body).toContain(
      '<script type="application/json" id="rendered-for">{"bannerIgnored":"Old news","cookieAccepted":true}',
    );
  });

  it('takes a malformed choice cookie as it comes, never failing the page', async () => {
    const res = await get('/company/careers', 'cookieConsent=%E0%A4%A; ignoredBannerContent=%ZZ</script>');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"cookieAccepted":false');
    // Echoed inside a JSON data block, with `<` escaped so the text cannot close the element.
    expect(res.body).not.toContain('</script>"');
    expect(res.body).toContain('\\u003c/script>');
  });

  it('renders a page state once, however many texts a dismissed-banner cookie carries', async () => {
    await get('/company/privacy-policy');
    const before = renders();
    for (let i = 0; i < 20; i++) {
      const res = await get('/company/privacy-policy', `ignoredBannerContent=attempt-${i}`);
      expect(res.statusCode).toBe(200);
      // Not this announcement's text: rendered (and kept) as no dismissal, echoed as it came.
      expect(res.body).toContain('"bannerIgnored":null,"cookieAccepted":false');
      expect(res.body).toContain(`{"bannerIgnored":"attempt-${i}","cookieAccepted":false}`);
    }
    expect(renders()).toBe(before);
  });

  it('is the shell, rendered in the browser, when the render fails or the page is not a public one', async () => {
    const broken = await get('/company/broken');
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('<div id="root"></div>');
    expect(broken.headers['content-security-policy']).not.toContain('style-src-attr');
    for (const url of ['/auth/login', '/nowhere']) {
      const res = await get(url);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('rendered-for');
    }
  });
});

describe("a guest's page, kept whole with its compressed forms", () => {
  const inBrowser = (url: string, encodings: string) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': encodings } });

  it('is the same page compressed as uncompressed, and varies on cookies and encodings', async () => {
    const plain = await get('/company/press');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await inBrowser('/company/press', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const again = await inBrowser('/company/press', 'gzip, deflate, br, zstd');
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const gzip = await inBrowser('/company/press', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const shell = await inBrowser('/auth/login', 'gzip, deflate, br, zstd');
    expect(shell.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(shell.rawPayload).toString()).toBe((await get('/auth/login')).body);
  });

  it('gives a guest home with the loader in place of the app, which it loads on intent; a session gets the app', async () => {
    const guest = (await get('/')).body;
    const head = guest.slice(0, guest.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/shared.js"><script type="module" crossorigin src="/assets/onIntent.js" data-app-entry="/assets/app.js"></script>',
    );
    expect(guest).not.toContain('<script type="module" src="/assets/app.js">');
    // The page itself is rendered as for anyone, with home's strips written in.
    expect(guest).toContain('<script type="application/json" id="strips-data">');
    // Other pages load the app at once.
    expect((await get('/company/press')).body).toContain(
      '<script type="module" src="/assets/app.js"></script>',
    );
    // A session's home shows its account menu and watchlist stars: the app loads at once.
    const user = await signIn(app);
    const mine = (await user.inject({ method: 'GET', url: '/' })).body;
    expect(mine).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(mine).not.toContain('onIntent');
  });

  it('shows a renamed project at once on the kept guest pages that carry it: home’s strips and its own page', async () => {
    await seedIfEmpty(t.database.db, 5, { today: SEED_DAY });
    const [top] = (await (await app.inject({ method: 'GET', url: '/api/trending?limit=1' })).json()) as {
      id: string;
      name: string;
    }[];
    const pages = ['/', `/projects/${top!.id}`];
    const kept = await Promise.all(pages.map(async (url) => (await get(url)).body));
    for (const [i, url] of pages.entries()) {
      expect(kept[i], url).toContain(`"name":"${top!.name}"`);
      expect((await get(url)).body, url).toBe(kept[i]); // the kept page, as it was
    }
    await t.database.db.update(projects).set({ name: 'Renamed Chain' }).where(eq(projects.id, top!.id));
    try {
      for (const url of pages) {
        const body = (await get(url)).body;
        expect(body, url).toContain('"name":"Renamed Chain"');
        expect(body, url).not.toContain(`"name":"${top!.name}"`);
      }
    } finally {
      await t.database.db.update(projects).set({ name: top!.name }).where(eq(projects.id, top!.id));
    }
    for (const [i, url] of pages.entries()) expect((await get(url)).body, url).toBe(kept[i]);
  });

  it('gives a guest a project page with the loader too, but the app at once for an unknown project or a session', async () => {
    await seedIfEmpty(t.database.db, 5, { today: SEED_DAY });
    const [top] = (await (await app.inject({ method: 'GET', url: '/api/trending?limit=1' })).json()) as {
      id: string;
    }[];
    const loader =
      '<script type="module" crossorigin src="/assets/onIntent.js" data-app-entry="/assets/app.js">';
    const appScript = '<script type="module" src="/assets/app.js"></script>';
    const guest = (await get(`/projects/${top!.id}`)).body;
    expect(guest).toContain(loader);
    expect(guest).not.toContain(appScript);
    // No project to show: the page is a skeleton until the browser's fetch names it not found.
    const unknown = (await get('/projects/no-such-project')).body;
    expect(unknown).toContain(appScript);
    expect(unknown).not.toContain('onIntent');
    const user = await signIn(app);
    const mine = (await user.inject({ method: 'GET', url: `/projects/${top!.id}` })).body;
    expect(mine).toContain(appScript);
    expect(mine).not.toContain('onIntent');
  });

  it("shows a new announcement at once, and never gives a signed-in visitor's page to a guest", async () => {
    const before = (await get('/company/press')).body;
    const [news] = await t.database.db
      .insert(announcements)
      .values({ content: 'Kept page news', link: '/blog', linkText: 'Read it' })
      .returning();
    try {
      const withNews = (await get('/company/press')).body;
      expect(withNews).toContain('Kept page news');
      const user = await signIn(app);
      const mine = await user.inject({ method: 'GET', url: '/company/press' });
      expect(mine.body).toContain(user.username);
      const guest = (await get('/company/press')).body;
      expect(guest).not.toContain(user.username);
      expect(guest).toBe(withNews);
      // The same for the shell of a page rendered in the browser (here the not-found page).
      const myShell = await user.inject({ method: 'GET', url: '/nowhere' });
      expect(myShell.statusCode).toBe(404);
      expect(myShell.body).toContain(user.username);
      const guestShell = await get('/nowhere');
      expect(guestShell.statusCode).toBe(404);
      expect(guestShell.body).toContain('Kept page news');
      expect(guestShell.body).not.toContain(user.username);
    } finally {
      await t.database.db.delete(announcements).where(eq(announcements.id, news!.id));
    }
    expect((await get('/company/press')).body).toBe(before);
  });
});
