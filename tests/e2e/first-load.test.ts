import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appMark, guestPage as openGuestPage, slowApp, untilRunning } from './before-app';
import { DESKTOP, PHONE, serverAndBrowser } from './harness';
import { expectNoAxeViolations } from './site-helpers';

/*
 * What a visitor does while a page first loads is not lost (docs/architecture.md, first load). Home and a project
 * page as a guest are the server's HTML until the visitor acts (src/first-load/loader.ts); these pages are opened without the
 * harness's waitForTheApp, so the tests act before the app runs (tests/e2e/on-intent.test.ts shows the loader itself).
 */

const run = serverAndBrowser();

const guestPage = (viewport = DESKTOP) => openGuestPage(run.browser, run.server.url, viewport);
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);

describe("the '/' shortcut before and after the app runs", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`focuses home's search with the first '/' before the app runs, and what is typed next is searched (${viewport.width} px)`, async () => {
      const { context, page, problems } = await guestPage(viewport);
      await page.goto('/', { waitUntil: 'networkidle' });
      await slowApp(page);
      await page.keyboard.press('/');
      expect(await appMark(page)).toBe('waiting');
      expect(await focusedId(page)).toBe('hero-search-input');
      await page.keyboard.type('ethereum');
      await untilRunning(page);
      // The app has the box as if it had run all along: the typed keyword's matches are listed.
      await page
        .locator('#hero-search-list')
        .getByRole('option', { name: /Ethereum/ })
        .first()
        .waitFor();
      expect(await page.locator('#hero-search-input').inputValue()).toBe('ethereum');
      expect(await focusedId(page)).toBe('hero-search-input');
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("focuses the header's search with the first '/' on a project page before the app runs, which opens on Trending", async () => {
    const { context, page, problems } = await guestPage();
    await page.goto('/projects/ethereum', { waitUntil: 'networkidle' });
    await slowApp(page);
    await page.keyboard.press('/');
    expect(await appMark(page)).toBe('waiting');
    expect(await focusedId(page)).toBe('header-search-input');
    await untilRunning(page);
    await page.locator('#header-search-title', { hasText: 'Trending Search' }).waitFor();
    await page.locator('#header-search-list').getByRole('option').first().waitFor();
    await page.keyboard.type('bitcoin');
    await page
      .locator('#header-search-list')
      .getByRole('option', { name: /Bitcoin/ })
      .first()
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("focuses the header's search on a scrolled home, where the hero's box is out of sight, without scrolling back", async () => {
    const { context, page } = await guestPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.mouse.wheel(0, 1200);
    await untilRunning(page);
    await page.locator('[data-testid="header-search"][data-shown="true"]').waitFor();
    await page.waitForLoadState('networkidle');
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(600);
    await page.keyboard.press('/');
    expect(await focusedId(page)).toBe('header-search-input');
    await page.locator('#header-search-list').getByRole('option').first().waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    // Back at the top, the hero's box is in sight again and '/' goes there.
    await page.keyboard.press('Escape');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('[data-testid="header-search"][data-shown="false"]').waitFor({ state: 'attached' });
    await page.keyboard.press('/');
    expect(await focusedId(page)).toBe('hero-search-input');
    await context.close();
  });
});

/** A project no other test here opens, and its view count as the server has it now (asking counts one view). */
async function unvisitedProject(taken: Set<string>) {
  const board = (await (await fetch(`${run.server.url}/api/leaderboard?pageSize=50&page=2`)).json()) as {
    items: { id: string; name: string }[];
  };
  const project = board.items.find((item) => !taken.has(item.id))!;
  taken.add(project.id);
  return project;
}
const viewsOf = async (id: string) =>
  (
    (await (await fetch(`${run.server.url}/api/projects/page-view?projectId=${id}`)).json()) as {
      views: number;
    }
  ).views;
const taken = new Set<string>();

describe('a page is counted when it is shown', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`counts a reader who never moves the mouse, and the views item does not move the hero when it arrives (${viewport.width} px)`, async () => {
      const project = await unvisitedProject(taken);
      const before = await viewsOf(project.id);
      const { context, page, problems } = await guestPage(viewport);
      const pageViews: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/user/events') {
          const body = r.postDataJSON() as { eventName: string; properties: { path: string } };
          if (body.eventName === 'page_view') pageViews.push(body.properties.path);
        }
      });
      const counted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/projects/page-view');
      await page.goto(`/projects/${project.id}`, { waitUntil: 'networkidle' });
      await counted;
      // The reader only reads: the app has not run, yet the view is counted and the page view sent.
      expect(await appMark(page)).toBe('waiting');
      expect(await viewsOf(project.id)).toBe(before + 2);
      expect(pageViews).toEqual([`/projects/${project.id}`]);

      // What the hero looks like while the count is a placeholder, and once it shows.
      const layout = () =>
        page.evaluate(() =>
          [
            document.querySelector('.project-hero'),
            ...document.querySelectorAll('.project-meta .meta-item'),
          ].map((el) => {
            const { x, y, width, height } = el!.getBoundingClientRect();
            return { x, y, width, height };
          }),
        );
      const placeholder = await layout();
      await page.keyboard.press('Shift');
      await untilRunning(page);
      // The app shows the count the page was counted with, without counting the page again.
      await page.locator('.meta-views', { hasText: `${before + 1} views` }).waitFor();
      expect(await layout()).toEqual(placeholder);
      expect(pageViews).toEqual([`/projects/${project.id}`]);
      expect(await viewsOf(project.id)).toBe(before + 3);
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('sends home its page view when shown, once, and counts a project page the app moves to', async () => {
    const { context, page } = await guestPage();
    const pageViews: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/user/events') {
        const body = r.postDataJSON() as { eventName: string; properties: { path: string } };
        if (body.eventName === 'page_view') pageViews.push(body.properties.path);
      }
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(await appMark(page)).toBe('waiting');
    expect(pageViews).toEqual(['/']);
    await page.mouse.move(700, 300);
    await untilRunning(page);
    // The strips load as they come near the view: until React has taken them over, their links are the server's,
    // and a click there loads the project page afresh instead of the app moving to it.
    await page.locator('[data-part-on-view="strips"][data-taken-over]').waitFor();
    const link = page.locator('section[data-tour="trending"] .strip-name').first();
    const href = (await link.getAttribute('href'))!;
    const id = decodeURIComponent(href.split('/').at(-1)!);
    const before = await viewsOf(id);
    await link.click();
    await page.waitForURL(`${run.server.url}${href}`);
    await page.locator('.meta-views', { hasText: `${before + 1} view` }).waitFor();
    expect(pageViews).toEqual(['/', href]);
    await context.close();
  });
});

describe("a guest's star", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`opens the login without loading the watchlist, its code loaded as the star is reached (${viewport.width} px)`, async () => {
      const project = await unvisitedProject(taken);
      const { context, page, scripts, problems, scriptsSettled } = await guestPage(viewport);
      await page.goto(`/projects/${project.id}`, { waitUntil: 'networkidle' });
      const star = page.getByRole('button', { name: 'Add to Watchlist' });
      // The pointer on its way to the star is the visitor's first sign of intent: the app runs, the star works.
      await star.hover();
      await untilRunning(page);
      await expect.poll(() => star.isEnabled()).toBe(true);
      await scriptsSettled();
      expect(scripts.filter((s) => s === '/assets/liveAuth')).toEqual([]);
      // The pointer comes back to the star: the login's code loads before the click.
      await page.mouse.move(0, 0);
      await star.hover();
      await expect.poll(() => scripts.includes('/assets/liveAuth')).toBe(true);
      await scriptsSettled();
      const before = scripts.length;
      await star.click();
      const dialog = page.locator('[role="dialog"][data-scope="auth-modal"]');
      await dialog.getByRole('heading', { name: 'Log in' }).waitFor();
      // Nothing more loaded for the click: the login's code came as the pointer reached the star.
      expect(scripts.slice(before)).toEqual([]);
      expect(scripts.filter((s) => s === '/assets/liveWatchlist')).toEqual([]);
      // The login as the spec has it: email and password, each required.
      await dialog.getByLabel('Email').focus();
      await dialog.getByLabel('Password').focus();
      await dialog.getByLabel('Email').focus();
      await dialog.getByText('Please input your email address').waitFor();
      expect(await dialog.getByRole('button', { name: 'Log in' }).isDisabled()).toBe(true);
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('opens the login by keyboard: the focus on the star loads its code, Enter loads nothing more', async () => {
    const project = await unvisitedProject(taken);
    const { context, page, scripts, scriptsSettled } = await guestPage();
    await page.goto(`/projects/${project.id}`, { waitUntil: 'networkidle' });
    await page.keyboard.press('Shift');
    await untilRunning(page);
    const star = page.getByRole('button', { name: 'Add to Watchlist' });
    await expect.poll(() => star.isEnabled()).toBe(true);
    await scriptsSettled();
    expect(scripts.filter((s) => s === '/assets/liveAuth')).toEqual([]);
    await star.focus();
    await expect.poll(() => scripts.includes('/assets/liveAuth')).toBe(true);
    await scriptsSettled();
    const before = scripts.length;
    await page.keyboard.press('Enter');
    const dialog = page.locator('[role="dialog"][data-scope="auth-modal"]');
    await dialog.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(scripts.slice(before)).toEqual([]);
    // Closed, the focus is back on the star.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await star.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});
