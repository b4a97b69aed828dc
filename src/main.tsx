// First: React DOM, then a turn for the page (see reactDomClient.ts).
import { createRoot, hydrateRoot } from './first-load/reactDomClient';
import { startTransition, StrictMode } from 'react';
import { RENDERED_FOR_ELEMENT_ID, type RenderedFor } from '../api/site';
import { App } from './App';
import { appInputFrom, browserPageState } from './first-load/liveApp';
import { renderedAsShown } from './first-load/renderedAsShown';
import { mirrorRememberedChoices } from './first-load/rememberedChoices';
import { loadSentry, sentryEnabled } from './features/error/sentry';
import { nextTask } from './lib/nextTask';
import { pageData } from './first-load/pageData';
import { listenForSlash } from './first-load/slashShortcut';
import './styles.css';

// Before the first render, which may take a while on a busy machine: a '/' pressed meanwhile focuses the search.
listenForSlash();

// The app's modules (its machines among them) have run; the page gets another turn before the first render starts.
await nextTask();

const container = document.getElementById('root')!;
const page = browserPageState();
const app = (
  <StrictMode>
    <App input={appInputFrom(page)} served={{ project: page.project, strips: page.strips }} />
  </StrictMode>
);

// The server rendered the page (src/entry-server.tsx) from what it knew of this visitor. When the browser knows the
// same, React takes over that HTML; otherwise (a choice kept only in storage, a tour under way) it renders afresh.
// Either way as a transition: React then works in slices of a few milliseconds and the page answers input meanwhile
// (one long render would block the main thread for hundreds of milliseconds on a slow phone).
const renderedFor = pageData<RenderedFor>(RENDERED_FOR_ELEMENT_ID);
startTransition(() => {
  if (renderedFor && container.firstElementChild && renderedAsShown(renderedFor, page)) {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.warn('The server-rendered page was rendered again:', error),
    });
  } else {
    createRoot(container).render(app);
  }
});
mirrorRememberedChoices();

// Error reporting loads after the page is interactive, and only when a DSN is configured.
if (sentryEnabled()) {
  const start = () => void loadSentry();
  if ('requestIdleCallback' in window) window.requestIdleCallback(start);
  else setTimeout(start, 2000);
}
