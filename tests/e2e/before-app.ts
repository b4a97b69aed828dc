import type { Browser, Page } from 'playwright-core';
import { DESKTOP, newIdlePage } from './harness';

/*
 * Helpers for tests that act on a page before the app runs (tests/e2e/on-intent.test.ts, first-load.test.ts): home
 * and a project page as a guest are the server's HTML until the visitor acts (src/onIntent.ts).
 */

/**
 * A guest's page, opened without the harness's waitForTheApp, that records the scripts it downloads (their names
 * without the build's hash: '/assets/start') and what went wrong in it.
 */
export async function guestPage(browser: Browser, baseURL: string, viewport = DESKTOP) {
  const { context, page } = await newIdlePage(browser, baseURL, viewport);
  const scripts: string[] = [];
  const problems: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.replace(/-[\w-]+\.js$/, ''));
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return { context, page, scripts, problems };
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
