import type { PageKey } from '../render';
import type { PageState } from '../../../src/entry-server';

/** What the server reads of the build's manifest (`dist/.vite/manifest.json`). */
export type Manifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }
>;

/**
 * Pages whose app loads on the visitor's first sign of intent when a guest sees them: the server's HTML is the whole
 * first view, and the loader (src/first-load/loader.ts; the protocol in docs/first-load.md) loads the app when the
 * visitor moves, touches, scrolls, types or focuses. Each names what its HTML needs to be that view: a project page
 * without its project (an unknown id) shows a skeleton until the browser's fetch says "not found", so the app loads
 * at once there. A session's pages load the app at once (its account menu, its watchlist stars).
 */
const ON_INTENT_PAGES: Partial<Record<PageKey, (page: PageState) => boolean>> = {
  home: () => true,
  project: (page) => page.project !== null,
};
/** The loader's source, as the build's manifest names it. */
export const LOADER_SOURCE = 'src/first-load/loader.ts';

/** Whether this page, served to a guest, waits for intent before its app loads. */
export function waitsForIntent(pageKey: PageKey, page: PageState, guest: boolean): boolean {
  return guest && (ON_INTENT_PAGES[pageKey]?.(page) ?? false);
}

/**
 * The page with the app's scripts (and their preloads) replaced by the loader, which is given them to load on intent
 * (its `data-app-entry` attribute, space-separated); what the loader imports is preloaded beside it.
 */
export function withLoader(html: string, manifest: Manifest): string {
  const loader = manifest[LOADER_SOURCE];
  if (!loader) return html; // a build from before the loader
  const entries: string[] = [];
  const withoutApp = html
    .replace(/<script type="module"[^>]* src="([^"]+)"><\/script>/g, (_, src: string) => {
      entries.push(src);
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  const preloads = (loader.imports ?? [])
    .flatMap((key) => manifest[key]?.file ?? [])
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const script = `<script type="module" crossorigin src="/${loader.file}" data-app-entry="${entries.join(' ')}"></script>`;
  return withoutApp.replace('</head>', () => `${preloads.join('')}${script}</head>`);
}
