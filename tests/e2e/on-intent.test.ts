import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ServedStrips } from '../../api/projects';
import { launchBrowser, newIdlePage, startServer, type RunningServer } from './harness';

/*
 * Issue 11, item 3: home as a guest sees it is the server's HTML (hero, search box, strips with their projects), and
 * the app's code loads on the visitor's first sign of intent (src/onIntent.ts, machines/hydrate-on-intent). What the
 * visitor did before the app ran is not lost: typed text reaches the search, a click is done once the app runs.
 * These pages are opened without the harness's waitForTheApp, which gives every page a sign of intent (newIdlePage).
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A guest's page that records the scripts it downloads and what went wrong in it. */
async function guestPage() {
  const { context, page } = await newIdlePage(browser, server.url);
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
const slowApp = (page: Page) =>
  page.route('**/assets/start-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
const appMark = (page: Page) => page.evaluate(() => document.documentElement.dataset.app);
const untilRunning = (page: Page) =>
  page.waitForSelector('html[data-app="running"]', { state: 'attached', timeout: 30_000 });
const heroSearch = (page: Page) => page.getByPlaceholder('Search Project by Name / Token');

describe('home loads the app on intent', () => {
  it('sends the guest its loader in place of the app, and every other page the app itself', async () => {
    const home = await (await fetch(`${server.url}/`)).text();
    const head = home.slice(0, home.indexOf('</head>'));
    expect(head).toMatch(
      /<script type="module" crossorigin src="\/assets\/onIntent-[^"]+\.js" data-app-entry="[^"]*\/assets\/start-/,
    );
    expect(head).not.toMatch(/<script type="module"[^>]+src="\/assets\/start-/);
    expect(head).not.toMatch(/modulepreload[^>]+start-/);
    const project = await (await fetch(`${server.url}/projects/ethereum`)).text();
    expect(project).toMatch(/<script type="module" crossorigin src="\/assets\/start-/);
    expect(project).not.toContain('onIntent-');
  });

  it('shows the strips from the HTML and downloads nothing of the app until the visitor acts', async () => {
    const { context, page, scripts, problems } = await guestPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    expect(scripts.sort()).toEqual(['/assets/onIntent', '/assets/shared']);
    expect(await appMark(page)).toBe('waiting');
    // The strips' projects are on screen, as the server wrote them into the page.
    const served = JSON.parse((await page.locator('#strips-data').textContent())!) as ServedStrips;
    const trending = page.locator('section[data-tour="trending"] .strip-name');
    expect(await trending.count()).toBe(served.trending.length);
    expect(await trending.first().textContent()).toContain(served.trending[0]!.name);
    // The pointer moves: the app loads and takes the page over, with no second render.
    await page.mouse.move(700, 300);
    await untilRunning(page);
    expect(scripts).toContain('/assets/start');
    expect(await trending.count()).toBe(served.trending.length);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hands text typed before the app ran to the search, which lists matches', async () => {
    const { context, page, problems } = await guestPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    // Focus and keys are the first signs of intent: the app loads while the visitor types.
    await slowApp(page);
    await heroSearch(page).focus();
    await page.keyboard.type('ethereum');
    expect(await appMark(page)).toBe('waiting');
    await untilRunning(page);
    await page
      .getByRole('option', { name: /Ethereum/ })
      .first()
      .waitFor();
    expect(await heroSearch(page).inputValue()).toBe('ethereum');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('does a click made before the app ran once it runs: Request a Quote opens its dialog', async () => {
    const { context, page, problems } = await guestPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    await slowApp(page);
    await page.locator('header').getByRole('button', { name: 'Request a Quote' }).click();
    expect(await appMark(page)).toBe('waiting');
    const dialog = page.getByRole('dialog', { name: 'Protect Your Project Today' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Request a Quote' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('follows a link clicked before the app ran inside the app, without loading the page again', async () => {
    const { context, page } = await guestPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    const link = page.locator('section[data-tour="trending"] .strip-name').first();
    const name = (await link.textContent())!;
    const href = (await link.getAttribute('href'))!;
    const entries = await page.evaluate(() => history.length);
    await slowApp(page);
    await link.click();
    expect(await appMark(page)).toBe('waiting');
    await page.waitForURL(`${server.url}${href}`);
    await untilRunning(page);
    await page
      .getByRole('heading', { level: 1, name: new RegExp(name.replace(/[A-Z]+$/, '').trim()) })
      .waitFor();
    // One document: the app navigated, the browser did not load the project page.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    await context.close();
  });

  it('lets a held link load its page when the app cannot load', async () => {
    const { context, page } = await guestPage();
    // The app's own code fails to arrive (the loader and what it shares with the app still do).
    await page.route('**/assets/start-*.js', (route) => route.abort());
    await page.goto('/', { waitUntil: 'networkidle' });
    const link = page.locator('section[data-tour="trending"] .strip-name').first();
    const href = (await link.getAttribute('href'))!;
    await link.click();
    // The server's HTML works as a plain page: the link loads the project page from the server.
    await page.waitForURL(`${server.url}${href}`);
    expect(await page.locator('#project-data').count()).toBe(1);
    await context.close();
  });
});
