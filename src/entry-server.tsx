import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './App';
import { appInputFrom, type PageState } from './first-load/liveApp';

export type { PageState };

/** A page whose lazy parts have not all arrived by then is not rendered on the server (the browser renders it). */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * The server's render of a page: the app's HTML as the browser's first render makes it from the
 * same page state, with every lazy part of the page resolved. Actors are created but never started here, so each
 * shows its initial snapshot (loading states where the browser will fetch) and nothing is fetched or stored.
 * Built by `vite build --ssr` into dist-ssr/ and used by server/site/render.ts; throws if any part fails to render.
 */
export async function renderPage(page: PageState): Promise<string> {
  // A part React sends after the rest (see renderOnce) is moved in place by an inline script, which the
  // Content-Security-Policy forbids. A lazy part whose code arrives during a render is sent so; it keeps its code once
  // loaded, so the page is rendered again until no part arrives late (a new server's first renders only).
  for (let attempt = 1; ; attempt++) {
    const html = await renderOnce(page);
    if (!html.includes('<script')) return html;
    if (attempt === MAX_RENDERS)
      throw new Error(`${page.path}: lazy parts still arriving after ${attempt} renders`);
  }
}

const MAX_RENDERS = 5;

async function renderOnce(page: PageState): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={page.path} ssrSearch={page.search.replace(/^\?/, '')}>
        <App input={appInputFrom(page)} served={{ project: page.project, strips: page.strips }} />
      </Router>
    </StrictMode>,
    {
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      onError: (error) => void errors.push(error),
      // React otherwise sends a large page's later Suspense parts after the rest (to paint sooner when streaming);
      // this HTML is sent whole, so every part stays in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  if (errors.length > 0) throw errors[0];
  return html;
}
