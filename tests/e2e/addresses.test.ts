import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { csrfToken, signUpAndSignIn } from './accounts';
import { DESKTOP, PHONE, scrollThrough, serverAndBrowser } from './harness';
import { expectNoAxeViolations, horizontalOverflow, quietPage } from './site-helpers';

/**
 * Addresses a visitor can read, copy and follow: the devnet demo project's contracts (hint on hover and focus, copy
 * to the clipboard, no explorer for the devnet), an Ethereum project's contract linked to Etherscan; and the
 * watchlist table's audit, KYC and score change columns, sorted by a change.
 */
const run = serverAndBrowser({ CHAINS: '', DEVNET_PORT: '0', DEVNET_TRAFFIC: 'off' });

async function open(viewport: typeof DESKTOP) {
  const opened = await quietPage(run.browser, run.server.url, viewport);
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: run.server.url });
  return opened;
}

const apiJson = async <T>(path: string) => (await (await fetch(`${run.server.url}${path}`)).json()) as T;

/** The first address of the Contracts panel: its value, hint, copy button and live region. */
async function firstContractAddress(page: Page) {
  const panel = page.getByRole('region', { name: 'Contracts' });
  const address = panel.locator('[data-scope="address"]').first();
  await address.waitFor();
  return {
    value: address.locator('[data-part="value"]'),
    tip: address.getByRole('tooltip'),
    copy: address.locator('[data-part="copy"]'),
    status: address.locator('[data-part="status"]'),
    links: address.getByRole('link'),
  };
}

describe('addresses and the watchlist table in a real browser', () => {
  for (const [label, viewport] of [
    ['1440 px', DESKTOP],
    ['375 px', PHONE],
  ] as const) {
    it(`shows a devnet contract's full address on hover and focus, copies it, and links no explorer (${label})`, async () => {
      const [contract] = await apiJson<{ address: string; chain: string }[]>(
        '/api/projects/tidemark-usd/contracts',
      );
      expect(contract!.chain).toBe('Devnet');
      const { context, page } = await open(viewport);
      await page.goto('/projects/tidemark-usd');
      await scrollThrough(page);
      const a = await firstContractAddress(page);
      await a.value.scrollIntoViewIfNeeded();
      expect(await a.value.innerText()).toMatch(/^0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}/);
      expect(await a.value.textContent()).toContain(contract!.address);

      await a.value.hover();
      await a.tip.waitFor({ state: 'visible' });
      expect(await a.tip.textContent()).toBe(contract!.address);
      await page.mouse.move(0, 0);
      await a.tip.waitFor({ state: 'detached' });

      await a.value.focus();
      await a.tip.waitFor({ state: 'visible' });
      expect(await a.value.getAttribute('aria-describedby')).toBe(await a.tip.getAttribute('id'));
      const tipBox = (await a.tip.boundingBox())!;
      expect(tipBox.x).toBeGreaterThanOrEqual(0);
      expect(tipBox.x + tipBox.width).toBeLessThanOrEqual(viewport.width);
      // Placed beside the value (below it, or above when there is no room below), never over it.
      const valueBox = (await a.value.boundingBox())!;
      expect(tipBox.y >= valueBox.y + valueBox.height || tipBox.y + tipBox.height <= valueBox.y).toBe(true);
      await page.keyboard.press('Escape');
      await a.tip.waitFor({ state: 'detached' });

      await a.copy.click();
      await expect.poll(() => a.status.textContent()).toBe('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(contract!.address);
      // The embedded devnet has no block explorer.
      expect(await a.links.count()).toBe(0);

      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `a devnet project page at ${label}`);
      await context.close();
    });
  }

  it('links an Ethereum project’s contract to its Etherscan address page', async () => {
    const project = await apiJson<{ contracts: { address: string; chain: string; label: string }[] }>(
      '/api/projects/uniswap',
    );
    const contract = project.contracts.find((c) => c.chain === 'Ethereum')!;
    expect(contract.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const { context, page } = await open(DESKTOP);
    await page.goto('/projects/uniswap');
    await scrollThrough(page);
    const link = page.getByRole('link', {
      name: `View the address of ${contract.label} on a block explorer (opens in a new tab)`,
    });
    await link.first().waitFor();
    expect(await link.first().getAttribute('href')).toBe(`https://etherscan.io/address/${contract.address}`);
    expect(await link.first().getAttribute('target')).toBe('_blank');
    await context.close();
  });

  for (const [label, viewport] of [
    ['1440 px', DESKTOP],
    ['375 px', PHONE],
  ] as const) {
    it(`shows audit, KYC and score changes in a watchlist and sorts by the 7-day change (${label})`, async () => {
      const { context, page } = await open(viewport);
      await signUpAndSignIn(page, 'changes');
      const board = await apiJson<{ items: { id: string }[] }>('/api/leaderboard?pageSize=6');
      const ids = board.items.map((p) => p.id);
      const csrf = await csrfToken(page.request);
      const created = await page.request.post('/api/watchlist/create', {
        data: { name: 'Movers', projects: ids },
        headers: { 'x-csrf-token': csrf },
      });
      expect(created.status()).toBe(200);
      const rowsApi = (await (
        await page.request.post('/api/watchlist/projects', {
          data: { projectIds: ids },
          headers: { 'x-csrf-token': csrf },
        })
      ).json()) as { name: string; scoreChange: { d7: number | null } }[];
      // Largest 7-day rise first, projects with no score that old last, ties in list order.
      const expected = rowsApi
        .map((r, i) => ({ r, i }))
        .sort((a, b) => {
          const x = a.r.scoreChange.d7;
          const y = b.r.scoreChange.d7;
          if (x === null || y === null) return x === y ? a.i - b.i : x === null ? 1 : -1;
          return y - x || a.i - b.i;
        })
        .map(({ r }) => r.name);

      await page.goto('/my/watchlists');
      const rows = page.locator('tr[data-part="project-row"]');
      await rows.nth(ids.length - 1).waitFor();
      const first = rows.first();
      await first.locator('td[data-label="Audit"] .badge').waitFor();
      await first.locator('td[data-label="KYC"] .badge').waitFor();
      expect(await first.locator('td[data-label="7-day change"]').innerText()).toMatch(/[+−]?\d+\.\d|—/);

      const names = () => rows.locator('.watchlist-project').allInnerTexts();
      if (viewport === DESKTOP) {
        const header = page.getByRole('columnheader', { name: /7-day change/ });
        expect(await header.getAttribute('aria-sort')).toBe('none');
        await header.getByRole('button').focus();
        await page.keyboard.press('Enter');
        expect(await header.getAttribute('aria-sort')).toBe('descending');
        const table = page.locator('table.watchlist-table');
        expect(
          await table.evaluate((el) => el.scrollWidth <= (el.parentElement as HTMLElement).clientWidth + 1),
        ).toBe(true);
      } else {
        await page
          .getByRole('combobox', { name: 'Sort by' })
          .selectOption({ label: '7-day change (largest rise first)' });
      }
      await expect.poll(names).toEqual(expected);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `a watchlist at ${label}`);
      await context.close();
    });
  }
});
