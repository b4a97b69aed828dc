import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { DESKTOP, newPage, PHONE, serverAndBrowser } from './harness';
import { expectNoAxeViolations, openAt } from './site-helpers';

const run = serverAndBrowser();

type Page = {
  total: number;
  items: { id: string; tokenTickers: string[]; scoreChange: { d7: number | null } }[];
};
const api = async (query: string) =>
  (await (await fetch(`${run.server.url}/api/leaderboard?pageSize=100&${query}`)).json()) as Page;
const rowIds = (board: Locator) =>
  board
    .locator('tbody tr[data-project]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-project')));

/** A new page on the home page, cookies accepted, scrolled to the leaderboard once its first rows show. */
const openBoard = async (viewport: Parameters<typeof newPage>[2]) => {
  const { context, page } = await openAt(run, '/', viewport);
  const board = page.locator('[data-scope="leaderboard"]');
  await board.scrollIntoViewIfNeeded();
  await board.locator('tbody tr[data-project]').first().waitFor();
  return { context, page, board };
};

describe('leaderboard tabs, category and keyword', () => {
  for (const viewport of [DESKTOP, PHONE])
    it(`picks a tab, a category and a keyword, keeps them in the address and exports them as CSV (${viewport.width} px)`, async () => {
      // The view to reach: KYC-verified DEX projects matching the ticker of one of them.
      const dex = await api('tab=kyc&category=DEX');
      expect(dex.total).toBeGreaterThan(0);
      const keyword = dex.items[0]!.tokenTickers[0]!.toLowerCase();
      const expected = await api(`tab=kyc&category=DEX&keyword=${encodeURIComponent(keyword)}`);

      const { context, page, board } = await openBoard(viewport);

      const tabs = board.getByRole('tablist', { name: 'Leaderboard views' });
      const category = board.getByLabel('Category');
      const keywordBox = board.getByLabel('Name or ticker');
      const focused = () => page.evaluate(() => document.activeElement?.id ?? '');
      if (viewport === DESKTOP) {
        // By keyboard alone: arrow keys move along the tabs and choose them, End reaches the last one; Tab leaves
        // the tab list for the category select, whose options are chosen by typing; Tab again reaches the keyword box.
        await tabs.getByRole('tab', { name: 'Security score' }).focus();
        await page.keyboard.press('ArrowRight');
        await tabs.getByRole('tab', { name: 'Trending', selected: true }).waitFor();
        await page.waitForURL((u) => u.searchParams.get('tab') === 'trending');
        expect(await focused()).toBe('lb-tab-trending');
        await page.keyboard.press('End');
        await tabs.getByRole('tab', { name: 'KYC verified', selected: true }).waitFor();
        expect(await focused()).toBe('lb-tab-kyc');
        await page.keyboard.press('Tab');
        expect(await focused()).toBe('lb-category');
        await page.keyboard.type('DEX');
        await page.waitForURL((u) => u.searchParams.get('category') === 'DEX');
        await page.keyboard.press('Tab');
        expect(await focused()).toBe('lb-keyword');
        await page.keyboard.type(keyword);
      } else {
        await tabs.getByRole('tab', { name: 'KYC verified' }).click();
        await tabs.getByRole('tab', { name: 'KYC verified', selected: true }).waitFor();
        await category.selectOption('DEX');
        await keywordBox.fill(keyword);
      }
      await page.waitForURL((u) => u.searchParams.get('q') === keyword);
      const url = new URL(page.url());
      expect(Object.fromEntries(url.searchParams)).toEqual({ tab: 'kyc', category: 'DEX', q: keyword });
      await board.locator('.lb-count', { hasText: `of ${expected.total} project` }).waitFor();
      await expect.poll(() => rowIds(board)).toEqual(expected.items.map((r) => r.id));
      await expectNoAxeViolations(
        page,
        `leaderboard, tab, category and keyword chosen (${viewport.width} px)`,
      );

      // A reload (or a shared link) shows the same view.
      await page.reload();
      await board.scrollIntoViewIfNeeded();
      await board.locator('.lb-count', { hasText: `of ${expected.total} project` }).waitFor();
      expect(await rowIds(board)).toEqual(expected.items.map((r) => r.id));
      expect(await tabs.getByRole('tab', { selected: true }).textContent()).toBe('KYC verified');
      expect(await category.inputValue()).toBe('DEX');
      expect(await keywordBox.inputValue()).toBe(keyword);

      // The CSV holds the same view.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        board.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      const csv = readFileSync((await download.path())!, 'utf8')
        .trimEnd()
        .split('\r\n');
      expect(csv[0]).toMatch(/^Rank,Project,/);
      expect(csv.slice(1).map((line) => line.split(',').at(-1))).toEqual(expected.items.map((r) => r.id));
      await context.close();
    });

  it('sorts by the score change over 7 days from its column header, by pointer and by keyboard, largest rise first, then the other way', async () => {
    const { context, page, board } = await openBoard(DESKTOP);
    const header = board.getByRole('button', { name: 'Score change 7d' });
    const shows = async (order: 'asc' | 'desc') => {
      await page.waitForURL(
        (u) =>
          u.searchParams.get('sort') === 'change7d' &&
          (order === 'desc' ? !u.searchParams.has('order') : u.searchParams.get('order') === 'asc'),
      );
      const expected = await api(`sort=change7d&order=${order}`);
      // The seed's history moves scores: the order is not just the rank's.
      expect(expected.items.some((r) => r.scoreChange.d7 !== null && r.scoreChange.d7 !== 0)).toBe(true);
      await expect.poll(() => rowIds(board)).toEqual(expected.items.slice(0, 25).map((r) => r.id));
      expect(
        await board.getByRole('columnheader', { name: 'Score change 7d' }).getAttribute('aria-sort'),
      ).toBe(order === 'asc' ? 'ascending' : 'descending');
    };
    await header.click();
    await shows('desc');
    // The header is a button: from the keyboard, Enter sorts the other way.
    await header.focus();
    await page.keyboard.press('Enter');
    await shows('asc');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Score change 7d');
    await context.close();
  });
});
