// First: React DOM, then a turn for the page (startApp imports it first; see reactDomClient.ts).
import { startApp } from './first-load/startApp';
import { StrictMode } from 'react';
import { App } from './App';
import { appInputFrom, browserPageState } from './first-load/liveApp';
import { mirrorRememberedChoices } from './first-load/rememberedChoices';
import { loadSentry, sentryEnabled } from './features/error/sentry';
import { nextTask } from './lib/nextTask';
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

// Hydrates the server's HTML when it shows the page as this browser will, else renders afresh (startApp.ts).
startApp(container, app, page);
mirrorRememberedChoices();

// Error reporting loads after the page is interactive, and only when a DSN is configured.
if (sentryEnabled()) {
  const start = () => void loadSentry();
  if ('requestIdleCallback' in window) window.requestIdleCallback(start);
  else setTimeout(start, 2000);
}
