import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, startServer, type RunningServer } from './harness';
import { acceptCookies } from './site-helpers';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Console errors and page errors that would mean React did not take the server's HTML over as it is. */
function hydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match|server rendered/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

describe('leaderboard pages past the last one', () => {
  for (const viewport of [DESKTOP, PHONE])
    it(`/?page=999 shows the last page, in the address, the server's answer and the table (${viewport.width} px)`, async () => {
      // The seeded data: 300 projects, 25 a page, so the last page is 12 (ranks 276-300).
      const api = (await (await fetch(`${server.url}/api/leaderboard?page=999`)).json()) as {
        page: number;
        total: number;
        items: { rank: number }[];
      };
      expect(api.total).toBe(300);
      expect(api.page).toBe(12);
      expect(api.items.map((item) => item.rank)).toEqual(Array.from({ length: 25 }, (_, i) => 276 + i));
      // The server's page for the address is the last page's, other parameters kept.
      const html = await fetch(`${server.url}/?page=999&tour=false`, { redirect: 'manual' });
      expect(html.status).toBe(302);
      expect(html.headers.get('location')).toBe('/?tour=false&page=12');

      const { context, page } = await newPage(browser, server.url, viewport);
      await acceptCookies(page);
      const problems = hydrationProblems(page);
      await page.goto('/?page=999');
      expect(new URL(page.url()).search).toBe('?page=12');
      const board = page.locator('[data-scope="leaderboard"]');
      await board.scrollIntoViewIfNeeded();
      await board.locator('.lb-count', { hasText: 'Showing 276–300 of 300 projects' }).waitFor();
      expect(await board.locator('tbody tr[data-project]').count()).toBe(25);
      const current = board.getByRole('navigation', { name: 'Leaderboard pages' }).locator('[aria-current="page"]');
      expect(await current.textContent()).toBe('12');
      expect(await current.isVisible()).toBe(true);

      // An address that changes under the page (Back or Forward to a page that no longer exists) lands on the last
      // page too, corrected in place.
      await page.evaluate(() => {
        history.pushState(history.state, '', '/?page=40');
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      });
      await page.waitForURL((url) => url.search === '?page=12');
      await board.locator('.lb-count', { hasText: 'Showing 276–300 of 300 projects' }).waitFor();
      expect(await current.textContent()).toBe('12');
      expect(problems).toEqual([]);
      await context.close();
    });
});

describe('vote figures', () => {
  it('after one "No" vote the average across all projects counts it, on the page and in the page served again', async () => {
    const board = (await (await fetch(`${server.url}/api/leaderboard?pageSize=6`)).json()) as {
      items: { id: string }[];
    };
    const [, other, fresh] = board.items.map((item) => item.id);
    // Another visitor's "Yes" on another project: the average is 100% until this page's "No" makes it 50%.
    // As the site's own page sends it (a vote from anywhere else is refused).
    const sameOrigin = { headers: { 'sec-fetch-site': 'same-origin' } };
    expect((await fetch(`${server.url}/api/projects/vote?id=${other}&vote=yes`, sameOrigin)).status).toBe(200);

    const { context, page } = await newPage(browser, server.url);
    await acceptCookies(page);
    const problems = hydrationProblems(page);
    await page.goto(`/projects/${fresh}`);
    const panel = page.locator('[data-scope="project-vote"]');
    await panel.locator('.vote-average', { hasText: 'Average across all projects: 100.0% yes' }).waitFor();
    await panel.getByRole('button', { name: 'No', exact: true }).click();
    await panel.getByTestId('vote-result').filter({ hasText: '0.0% yes · 1 vote' }).waitFor();
    await panel.locator('.vote-average', { hasText: 'Average across all projects: 50.0% yes' }).waitFor();

    // The same page served again (the voter's own page, before anything of the app runs): the tally with the vote,
    // and an average that counts it, never "—".
    const served = await context.newPage();
    await served.goto(`/projects/${fresh}`);
    const servedPanel = served.locator('[data-scope="project-vote"]');
    expect(await servedPanel.getByTestId('vote-result').textContent()).toBe('0.0% yes · 1 vote');
    expect(await servedPanel.locator('.vote-average').textContent()).toBe(
      'Average across all projects: 50.0% yes',
    );
    // The app takes that HTML over as it is, and keeps showing the same figures.
    const servedProblems = hydrationProblems(served);
    await served.keyboard.press('Shift');
    await served.waitForSelector('html[data-app="running"]', { state: 'attached' });
    await servedPanel.getByRole('button', { name: 'No', exact: true, pressed: true }).waitFor();
    expect(await servedPanel.locator('.vote-average').textContent()).toBe(
      'Average across all projects: 50.0% yes',
    );
    expect([...problems, ...servedProblems]).toEqual([]);
    await context.close();
  });
});
