import type { Browser, Page } from 'playwright-core';
import { DESKTOP, newIdlePage } from './harness';

/*
 * Helpers for tests that act on a page before the app runs (tests/e2e/on-intent.test.ts, first-load.test.ts): home
 * and a project page as a guest are the server's HTML until the visitor acts (src/first-load/loader.ts).
 */

/**
 * A guest's page, opened without the harness's waitForTheApp, that records the scripts it downloads (their names
 * without the build's hash: '/assets/start') and what went wrong in it.
 */
export async function guestPage(browser: Browser, baseURL: string, viewport = DESKTOP) {
  const { context, page } = await newIdlePage(browser, baseURL, viewport);
  const scripts: string[] = [];
  const problems: string[] = [];
  let inFlight = 0;
  let lastChange = Date.now();
  page.on('request', (r) => {
    if (r.resourceType() !== 'script') return;
    scripts.push(new URL(r.url()).pathname.replace(/-[\w-]+\.js$/, ''));
    inFlight += 1;
    lastChange = Date.now();
  });
  const done = (r: { resourceType(): string }) => {
    if (r.resourceType() !== 'script') return;
    inFlight -= 1;
    lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  /*
   * Resolves once no script is loading and none has started for half a second. Playwright's
   * waitForLoadState('networkidle') cannot serve here: once a page has been idle it resolves at once, so chunks an
   * action starts on a busy machine would be counted against the next action.
   */
  const scriptsSettled = async () => {
    const deadline = Date.now() + 30_000;
    while (inFlight > 0 || Date.now() - lastChange < 500) {
      if (Date.now() > deadline) throw new Error(`scripts still loading: ${scripts.slice(-5).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return { context, page, scripts, problems, scriptsSettled };
}

/** The app's own script arrives a second late, so what a test does first certainly happens before the app runs. */
export const slowApp = (page: Page) =>
  page.route('**/assets/start-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });

/** The page's mark: 'waiting' for intent, 'running' once the app runs. */
export const appMark = (page: Page) => page.evaluate(() => document.documentElement.dataset.app);

export const untilRunning = (page: Page) =>
  page.waitForSelector('html[data-app="running"]', { state: 'attached', timeout: 30_000 });
