import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, serverAndBrowser, waitForTheApp } from './harness';
import { acceptCookies, watchConsole } from './site-helpers';

/*
 * A leaderboard address opened as a link (a shared view, a reload): the server renders the board for that address and
 * the browser's first render of it must be the same page, or React drops the server's HTML and reports a hydration
 * mismatch (error #418). The board's query comes from the address on both sides (the request's search on the server,
 * location.search in the browser), so every address below must hydrate in place and then show the API's rows.
 */

const run = serverAndBrowser();

type Answer = { total: number; page: number; items: { id: string }[] };

/**
 * Each address with the API query of the view it names (the keyword box is `q` in the address; a column's first order
 * is its own, descending for the score changes), and the page it shows: one past the end shows the last (the test
 * seed's 300 projects make 12 pages of 25).
 */
const ADDRESSES = [
  { address: '/?sort=name&page=2', api: 'sort=name&order=asc&page=2', page: 2 },
  { address: '/?sort=score&order=asc&page=80', api: 'sort=score&order=asc&page=80', page: 12 },
  { address: '/?tab=trending', api: 'tab=trending', page: 1 },
  { address: '/?tab=recentlyAudited&page=2', api: 'tab=recentlyAudited&page=2', page: 2 },
  { address: '/?category=DEX', api: 'category=DEX', page: 1 },
  { address: '/?q=eth', api: 'keyword=eth', page: 1 },
  { address: '/?sort=change7d', api: 'sort=change7d&order=desc', page: 1 },
  { address: '/?sort=change30d&order=asc&page=3', api: 'sort=change30d&order=asc&page=3', page: 3 },
  { address: '/?tier=AA&kyc=true', api: 'tier=AA&kyc=true', page: 1 },
  { address: '/?page=999', api: 'page=999', page: 12 },
];

/** Each width with a browser far from the server's clock (UTC) and language: dates and figures must not differ. */
const BROWSERS = [
  { viewport: DESKTOP, timezoneId: 'Pacific/Kiritimati', locale: 'en-GB' },
  { viewport: PHONE, timezoneId: 'America/Los_Angeles', locale: 'de-DE' },
];

describe('leaderboard addresses', () => {
  for (const { viewport, timezoneId, locale } of BROWSERS)
    it(`open without a hydration mismatch and show the API's rows for the address (${viewport.width} px, ${timezoneId})`, async () => {
      const context = await run.browser.newContext({
        baseURL: run.server.url,
        viewport,
        reducedMotion: 'reduce',
        timezoneId,
        locale,
      });
      const page = await context.newPage();
      waitForTheApp(page);
      await acceptCookies(page);
      const messages = watchConsole(page);
      for (const { address, api, page: shownPage } of ADDRESSES) {
        await page.goto(address);
        // The server's table, marked before the board's code runs: hydration keeps it, a mismatch replaces it.
        await page.locator('[data-scope="leaderboard"] table').evaluate((table) => {
          (table as unknown as { served: boolean }).served = true;
        });
        const board = page.locator('[data-scope="leaderboard"]');
        await board.scrollIntoViewIfNeeded();
        await board.locator('tbody tr[data-project]').first().waitFor();
        const response = await fetch(`${run.server.url}/api/leaderboard?pageSize=25&${api}`);
        expect(response.status, address).toBe(200);
        const answer = (await response.json()) as Answer;
        expect(answer.page, address).toBe(shownPage);
        // A page past the end is replaced in the address by the last one (the server redirects).
        expect(Number(new URL(page.url()).searchParams.get('page') ?? 1), address).toBe(shownPage);
        expect(answer.items.length, address).toBeGreaterThan(0);
        await expect
          .poll(
            () =>
              board
                .locator('tbody tr[data-project]')
                .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-project'))),
            { message: `${address}: rows` },
          )
          .toEqual(answer.items.map((r) => r.id));
        await board.locator('.lb-count', { hasText: `of ${answer.total} projects` }).waitFor();
        expect(
          await board
            .locator('table')
            .evaluate((table) => (table as unknown as { served?: boolean }).served === true),
          `${address}: the server's table was replaced`,
        ).toBe(true);
        expect(
          messages.filter((m) => /hydrat|#418|did not match|rendered again/i.test(m)),
          address,
        ).toEqual([]);
      }
      expect(messages).toEqual([]);
      await context.close();
    });
});
