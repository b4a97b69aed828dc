import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ServedStrips } from '../../api/projects';
import { appMark, guestPage as openGuestPage, slowApp, untilRunning } from './before-app';
import { serverAndBrowser } from './harness';

/*
 * Home and a project page as a guest sees them are the server's HTML (home's hero, search box and
 * strips with their projects; a project's header, scores and vote), and the app's code loads on the visitor's first
 * sign of intent (src/first-load/loader.ts, machines/first-load/hydrate; docs/first-load.md). What the visitor did before the app ran is not lost:
 * typed text reaches the search, a click is done once the app runs.
 * These pages are opened without the harness's waitForTheApp, which gives every page a sign of intent (newIdlePage).
 */

const run = serverAndBrowser();

const guestPage = () => openGuestPage(run.browser, run.server.url);
/** A guest's page on home, once the network is idle. */
const guestHome = async () => {
  const opened = await guestPage();
  await opened.page.goto('/', { waitUntil: 'networkidle' });
  return opened;
};
const heroSearch = (page: Page) => page.getByPlaceholder('Search Project by Name / Token');

describe('home and a project page load the app on intent', () => {
  it('sends the guest its loader in place of the app on home and a project page, and other pages the app itself', async () => {
    const headOf = async (path: string) => {
      const html = await (await fetch(`${run.server.url}${path}`)).text();
      return html.slice(0, html.indexOf('</head>'));
    };
    for (const path of ['/', '/projects/ethereum']) {
      const head = await headOf(path);
      expect(head).toMatch(
        /<script type="module" crossorigin src="\/assets\/loader-[^"]+\.js" data-app-entry="[^"]*\/assets\/start-/,
      );
      expect(head).not.toMatch(/<script type="module"[^>]+src="\/assets\/start-/);
      expect(head).not.toMatch(/modulepreload[^>]+(start|ProjectPage)-/);
    }
    // A page whose HTML is not its whole first view: an unknown project is a skeleton until the app's fetch says so.
    for (const path of ['/products/skynet', '/projects/no-such-project']) {
      const head = await headOf(path);
      expect(head).toMatch(/<script type="module" crossorigin src="\/assets\/start-/);
      expect(head).not.toContain('loader-');
    }
  });

  it('shows the strips from the HTML and downloads nothing of the app until the visitor acts', async () => {
    const { context, page, scripts, problems } = await guestHome();
    await page.waitForTimeout(1000);
    expect(scripts.sort()).toEqual(['/assets/loader', '/assets/shared']);
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
    const { context, page, problems } = await guestHome();
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
    const { context, page, problems } = await guestHome();
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
    const { context, page } = await guestHome();
    const link = page.locator('section[data-tour="trending"] .strip-name').first();
    const name = (await link.textContent())!;
    const href = (await link.getAttribute('href'))!;
    const entries = await page.evaluate(() => history.length);
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    await slowApp(page);
    // A strip is a part of home that the app takes over after the rest (src/first-load/partOnView.tsx): the click waits for it.
    await link.click();
    expect(await appMark(page)).toBe('waiting');
    await page.waitForURL(`${run.server.url}${href}`);
    await untilRunning(page);
    await page
      .getByRole('heading', { level: 1, name: new RegExp(name.replace(/[A-Z]+$/, '').trim()) })
      .waitFor();
    // The app navigated: the browser did not load the project page.
    expect(documents).toEqual([]);
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
    await page.waitForURL(`${run.server.url}${href}`);
    expect(await page.locator('#project-data').count()).toBe(1);
    await context.close();
  });

  it('shows a project page from the HTML, and counts the view and casts a vote clicked before the app ran once it runs', async () => {
    // A project no other test here opens: none of home's strips shows it.
    const home = await (await fetch(`${run.server.url}/`)).text();
    const strips = JSON.parse(
      home.match(/<script type="application\/json" id="strips-data">(.*?)<\/script>/)![1]!,
    ) as ServedStrips;
    const onHome = new Set(Object.values(strips).flatMap((rows) => rows.map((row) => row.id)));
    const board = (await (await fetch(`${run.server.url}/api/leaderboard?pageSize=50`)).json()) as {
      items: { id: string; name: string }[];
    };
    const project = board.items.find((item) => !onHome.has(item.id))!;
    const { context, page, scripts, problems } = await guestPage();
    await page.goto(`/projects/${project.id}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    // The project's header, scores and vote are the server's HTML; nothing of the app has loaded.
    expect(scripts.sort()).toEqual(['/assets/loader', '/assets/shared']);
    expect(await appMark(page)).toBe('waiting');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(project.name);
    expect(await page.getByTestId('vote-result').textContent()).toBe('0.0% yes · 0 votes');
    await slowApp(page);
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    expect(await appMark(page)).toBe('waiting');
    // The app runs: it counts this visit and casts the vote the visitor clicked.
    await page.getByTestId('vote-result').filter({ hasText: '100.0% yes · 1 vote' }).waitFor();
    await page.locator('.meta-item', { hasText: /^1 view$/ }).waitFor();
    expect(await page.locator('.vote-yes').getAttribute('aria-pressed')).toBe('true');
    const detail = (await (await fetch(`${run.server.url}/api/projects/${project.id}`)).json()) as {
      votes: { yes: number; no: number };
    };
    expect(detail.votes).toMatchObject({ yes: 1, no: 0 });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps the skeletons of a page waiting for intent still: nothing loads, and a shimmer would repaint every frame', async () => {
    const context = await run.browser.newContext({ baseURL: run.server.url, reducedMotion: 'no-preference' });
    const page = await context.newPage();
    await page.goto('/projects/ethereum', { waitUntil: 'networkidle' });
    expect(await appMark(page)).toBe('waiting');
    const viewCount = page.locator('.project-meta .meta-item').first();
    const shimmer = () => viewCount.locator('.skeleton').evaluate((el) => getComputedStyle(el).animationName);
    expect(await shimmer()).toBe('none');
    // The visitor acts: the app runs and the count arrives in the skeleton's place.
    await page.keyboard.press('Shift');
    await untilRunning(page);
    await viewCount.filter({ hasText: /^\d[\d,]* views?$/ }).waitFor();
    await context.close();
  });
});
