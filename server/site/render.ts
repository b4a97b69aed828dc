import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import {
  ANNOUNCEMENT_ELEMENT_ID,
  RENDERED_FOR_ELEMENT_ID,
  type Announcement,
  type RenderedFor,
} from '../../api/site';
import { FLAGS_ELEMENT_ID, type InlinedFlags } from '../../api/flags';
import {
  PROJECT_ELEMENT_ID,
  STRIPS_ELEMENT_ID,
  type ServedProject,
  type ServedStrips,
} from '../../api/projects';
import { IGNORED_BANNER_KEY } from '../../machines/ui/banner/banner.machine';
import { COOKIE_CONSENT_KEY } from '../../machines/ui/cookie-consent/cookieConsent.machine';
import type { PAGE_PATHS } from '../../api/pages';
import type { PageState } from '../../src/entry-server';
import { matchedAddress } from './address';
import { writePageData } from './pageData';
import { waitsForIntent, withLoader, type Manifest } from './first-load/loader';
import { LRUCache } from 'lru-cache';
import { EncodedResponse } from '../cache/response';

export type PageKey = keyof typeof PAGE_PATHS;

/**
 * The lazy modules a rendered page shows on first paint. Their stylesheets go into the page's head, so nothing
 * restyles or moves when their code arrives. The page's own module (`preload`) is also preloaded, as taking over the
 * page needs it; parts below the fold (`onView`, src/first-load/partOnView.tsx) load only when the visitor scrolls near them.
 */
export type PageModules = { preload: string[]; onView: string[] };

/**
 * The public pages the server renders. Other pages (signed-in, sign-in, admin, the API
 * reference) are rendered in the browser.
 */
export const RENDERED_PAGES: Partial<Record<PageKey, PageModules>> = {
  home: {
    preload: [],
    onView: [
      'src/features/home/ProjectStrips.tsx',
      'src/features/home/AlertsSection.tsx',
      'src/features/home/Leaderboard.tsx',
    ],
  },
  project: { preload: ['src/features/project/ProjectPage.tsx'], onView: [] },
  product: { preload: ['src/features/marketing/ProductPage.tsx'], onView: [] },
  company: { preload: ['src/features/marketing/CompanyPage.tsx'], onView: [] },
  blog: { preload: ['src/features/blog/BlogIndexPage.tsx'], onView: [] },
  blogPost: { preload: ['src/features/blog/BlogPostPage.tsx'], onView: [] },
  methodology: { preload: ['src/features/methodology/MethodologyPage.tsx'], onView: [] },
};
/** The footer, on every page. */
export const ON_EVERY_PAGE: PageModules = { preload: [], onView: ['src/layout/Footer.tsx'] };

/** Renders of identical page states are the same HTML: most visitors share a few (guests, one announcement). */
const CACHED_RENDERS = 200;
/** Guests' whole pages cached with their compressed forms (up to 50-60 KB of HTML and a tenth of that compressed). */
const CACHED_GUEST_PAGES = 100;

type RenderPage = (page: PageState) => Promise<string>;

/** The stylesheets and module preloads of a page's lazy modules that the app's HTML does not already load. */
function headFor(manifest: Manifest, modules: PageModules, indexHtml: string): string {
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  // A page module's code and styles, with what it imports; and the styles of its own lazy parts (not of every lazy
  // chunk that a shared chunk could load: those are the whole app's).
  const walk = (key: string, preload: boolean) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || key.startsWith('node_modules/')) return;
    for (const file of chunk.css ?? []) css.add(file);
    if (preload) js.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported, preload);
  };
  for (const module of modules.preload) walk(module, true);
  for (const module of modules.onView) walk(module, false);
  for (const module of modules.preload)
    for (const part of manifest[module]?.dynamicImports ?? []) walk(part, false);
  const missing = (file: string) => !indexHtml.includes(`/${file}"`);
  return [
    ...[...css].filter(missing).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...js].filter(missing).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}

/**
 * A page's HTML (with its compressed forms, made once each), and the hashes of the `style` attribute values in it
 * (for its Content-Security-Policy).
 */
export type PageHtml = { response: EncodedResponse; styleAttributeHashes: string[] };

const HTML_TYPE = 'text/html; charset=utf-8';

export type PageRenderer = {
  /** The app's HTML for a page: rendered on the server when it is one of RENDERED_PAGES, else the empty shell. */
  html(
    request: FastifyRequest,
    page: PageKey | undefined,
    blocks: Record<string, unknown>,
  ): Promise<PageHtml>;
};

// React escapes these five in attribute values; the browser hashes the value as parsed.
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&lt;': '<',
  '&gt;': '>',
};
const unescapeAttribute = (value: string) =>
  value.replace(/&amp;|&quot;|&#x27;|&lt;|&gt;/g, (entity) => ENTITIES[entity] ?? entity);

/** The base64 SHA-256 of every distinct `style` attribute value in the HTML. */
export function styleAttributeHashes(html: string): string[] {
  const values = new Set([...html.matchAll(/ style="([^"]*)"/g)].map((m) => unescapeAttribute(m[1]!)));
  return [...values].map((value) => createHash('sha256').update(value).digest('base64')).sort();
}

/**
 * The server's render of the built app (`dist-ssr/entry-server.js`, beside `dist/`). Without that build (tests with
 * a hand-made dist, an old build) every page is the empty shell that the browser renders.
 */
export async function pageRenderer(distDir: string, indexHtml: string): Promise<PageRenderer> {
  const entry = path.join(path.dirname(distDir), 'dist-ssr', 'entry-server.js');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const shell = (blocks: Record<string, unknown>) => writePageData(indexHtml, blocks);
  // A guest's page is the same for every guest with the same page data and choices: it is cached whole, compressed
  // once. A session's page names its identity in its flags, so it is made per request and cannot push the guests'
  // pages out.
  const guestPages = new LRUCache<string, PageHtml>({ max: CACHED_GUEST_PAGES });
  const isGuest = (blocks: Record<string, unknown>) =>
    (blocks[FLAGS_ELEMENT_ID] as InlinedFlags | undefined)?.identity == null;
  const unrendered = (blocks: Record<string, unknown>): PageHtml => {
    const key = isGuest(blocks) ? JSON.stringify(['shell', blocks]) : undefined;
    const cached = key === undefined ? undefined : guestPages.get(key);
    if (cached) return cached;
    const result = { response: new EncodedResponse(shell(blocks), HTML_TYPE), styleAttributeHashes: [] };
    if (key !== undefined) guestPages.set(key, result);
    return result;
  };
  if (!existsSync(entry) || !existsSync(manifestFile))
    return { html: async (_r, _p, blocks) => unrendered(blocks) };

  const { renderPage } = (await import(pathToFileURL(entry).href)) as { renderPage: RenderPage };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const heads = new Map<PageKey, string>();
  const renders = new LRUCache<string, { body: string; styleAttributeHashes: string[] }>({
    max: CACHED_RENDERS,
  });

  const rendered = async (page: PageState) => {
    const key = JSON.stringify(page);
    const hit = renders.get(key);
    if (hit !== undefined) return hit;
    const body = await renderPage(page);
    const result = { body, styleAttributeHashes: styleAttributeHashes(body) };
    renders.set(key, result);
    return result;
  };

  return {
    async html(request, pageKey, blocks) {
      const modules = pageKey && RENDERED_PAGES[pageKey];
      if (!pageKey || !modules) return unrendered(blocks);
      const { path: pagePath, search } = matchedAddress(request);
      const cookies = request.cookies ?? {};
      const renderedFor: RenderedFor = {
        bannerIgnored: cookies[IGNORED_BANNER_KEY] ?? null,
        cookieAccepted: cookies[COOKIE_CONSENT_KEY] === 'true',
      };
      const announcement = blocks[ANNOUNCEMENT_ELEMENT_ID] as Announcement | null | undefined;
      const page: PageState = {
        path: pagePath,
        search,
        flags: (blocks[FLAGS_ELEMENT_ID] as InlinedFlags | undefined) ?? null,
        announcement,
        // Only whether this announcement was dismissed changes the render: any other text renders (and is cached)
        // as none, so a cookie cannot make the server render and keep one page per value.
        bannerIgnored: renderedFor.bannerIgnored === announcement?.content ? renderedFor.bannerIgnored : null,
        cookieAccepted: renderedFor.cookieAccepted,
        tourSaved: false,
        project: (blocks[PROJECT_ELEMENT_ID] as ServedProject | undefined) ?? null,
        strips: (blocks[STRIPS_ELEMENT_ID] as ServedStrips | undefined) ?? null,
      };
      // A stale banner cookie's text is written back as it came: such a page is made per request too.
      const guestKey =
        isGuest(blocks) && renderedFor.bannerIgnored === page.bannerIgnored
          ? JSON.stringify([pageKey, pagePath, search, blocks, renderedFor])
          : undefined;
      const cached = guestKey === undefined ? undefined : guestPages.get(guestKey);
      if (cached) return cached;
      try {
        const { body, styleAttributeHashes } = await rendered(page);
        if (!heads.has(pageKey))
          heads.set(
            pageKey,
            headFor(
              manifest,
              {
                preload: [...modules.preload, ...ON_EVERY_PAGE.preload],
                onView: [...modules.onView, ...ON_EVERY_PAGE.onView],
              },
              indexHtml,
            ),
          );
        const served = shell({ ...blocks, [RENDERED_FOR_ELEMENT_ID]: renderedFor })
          .replace('</head>', () => `${heads.get(pageKey)}</head>`)
          .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
        const html = waitsForIntent(pageKey, page, isGuest(blocks)) ? withLoader(served, manifest) : served;
        const result = { response: new EncodedResponse(html, HTML_TYPE), styleAttributeHashes };
        if (guestKey !== undefined) guestPages.set(guestKey, result);
        return result;
      } catch (err) {
        // The browser renders the page instead: slower to paint, never broken.
        request.log.error(
          { err, path: pagePath },
          'server render failed; the page is rendered in the browser',
        );
        return unrendered(blocks);
      }
    },
  };
}
