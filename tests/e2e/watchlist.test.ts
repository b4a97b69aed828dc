import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { csrfToken, signUpAndSignIn } from './accounts';
import { DESKTOP, newPage, picture, PHONE, serverAndBrowser } from './harness';
import { quietPage } from './site-helpers';

const run = serverAndBrowser();

type ApiList = { id: string; name: string; projects: string[] };

/** A signed-in page; the onboarding survey and the cookie notice are already answered. */
async function signedInPage(viewport = DESKTOP, prefix = 'watch') {
  const opened = await quietPage(run.browser, run.server.url, viewport);
  await signUpAndSignIn(opened.page, prefix);
  return opened;
}

/** A new account's /my/watchlists showing its one list, `name`, of the leaderboard's first four projects. */
async function listOfFour(viewport: typeof DESKTOP, prefix: string, name: string) {
  const { context, page } = await signedInPage(viewport, prefix);
  const board = (await (await page.request.get('/api/leaderboard?pageSize=4')).json()) as {
    items: { id: string }[];
  };
  const created = await page.request.post('/api/watchlist/create', {
    data: { name, projects: board.items.map((p) => p.id) },
    headers: { 'x-csrf-token': await csrfToken(page.request) },
  });
  expect(created.status()).toBe(200);
  await page.goto('/my/watchlists');
  const rows = page.locator('tr[data-part="project-row"]');
  await rows.nth(3).waitFor();
  return { context, page, rows, table: page.locator('table.watchlist-table') };
}

const serverLists = async (page: Page) =>
  (await (await page.request.get('/api/watchlist')).json()) as ApiList[];
const message = (page: Page) => page.locator('[data-part="message"]');
const listTitle = (page: Page) => page.locator('#watchlist-title');
const expectMessage = async (page: Page, text: string) => {
  await message(page).getByText(text, { exact: true }).waitFor();
};

describe('watchlists in a real browser', () => {
  it('temp list → add from the picker → rename → duplicate refused → toggle on a project page → delete', async () => {
    const { context, page } = await signedInPage();
    await page.goto('/my/watchlists');

    // With no watchlists the temp list is shown, and it cannot be deleted.
    await listTitle(page).getByText('My Watchlist', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true);
    expect(await serverLists(page)).toEqual([]);

    // The first add from the picker turns it into a real list.
    await page.getByRole('button', { name: 'Add Projects' }).first().click();
    const picker = page.getByRole('dialog');
    await picker.getByRole('heading', { name: 'Add Projects' }).waitFor();
    await picker.getByRole('heading', { name: 'Trending Projects' }).waitFor();
    expect(await picker.getByPlaceholder('Search Project by Name / Token').isVisible()).toBe(true);
    const first = picker.locator('[data-part="option"]').first();
    const firstName = (await first.locator('.picker-name').textContent())!;
    await first.click();
    await picker.waitFor({ state: 'detached' });
    await expectMessage(page, 'The project is successfully added');
    await page.getByRole('table').getByRole('link', { name: firstName }).waitFor();
    let lists = await serverLists(page);
    expect(lists).toHaveLength(1);
    expect(lists[0]).toMatchObject({ name: 'My Watchlist' });
    expect(lists[0]!.projects).toHaveLength(1);
    const firstId = lists[0]!.projects[0]!;

    // Rename.
    await page.getByRole('button', { name: 'Rename' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('heading', { name: 'Rename Watchlist' }).waitFor();
    await form.getByLabel('Watchlist name').fill('Core Holdings');
    await form.getByLabel('Watchlist name').press('Enter');
    await listTitle(page).getByText('Core Holdings', { exact: true }).waitFor();
    await expectMessage(page, 'Successfully renamed watch list.');

    // A second list, then a duplicate name is refused and the field cleared.
    await page.getByRole('button', { name: '+ Create Watchlist' }).click();
    await form.getByRole('heading', { name: 'Create Watchlist' }).waitFor();
    await form.getByText('Watchlist name cannot exceed 20 characters.').waitFor();
    expect(await form.getByLabel('Watchlist name').getAttribute('maxlength')).toBe('20');
    await form.getByLabel('Watchlist name').fill('DeFi');
    await form.getByRole('button', { name: 'Confirm' }).click();
    await listTitle(page).getByText('DeFi', { exact: true }).waitFor();
    await expectMessage(page, 'Successfully created watchlist DeFi.');
    await page.getByRole('button', { name: '+ Create Watchlist' }).click();
    await form.getByLabel('Watchlist name').fill('Core Holdings');
    await form.getByLabel('Watchlist name').press('Enter');
    await form.getByRole('alert').getByText('The name is already used').waitFor();
    expect(await form.getByLabel('Watchlist name').inputValue()).toBe('');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    expect((await serverLists(page)).map((l) => l.name)).toEqual(['Core Holdings', 'DeFi']);

    // Toggle from a project page (the first list is selected after a fresh load).
    const trending = (await (await page.request.get('/api/search-project?keyword=')).json()) as {
      id: string;
    }[];
    const other = trending.find((p) => p.id !== firstId)!;
    await page.goto(`/projects/${other.id}`);
    const add = page.getByRole('button', { name: 'Add to Watchlist' });
    await add.waitFor();
    await page.waitForFunction(
      () => !document.querySelector('[data-part="toggle"]')?.hasAttribute('disabled'),
    );
    await add.click();
    await page.getByRole('button', { name: 'In Watchlist' }).waitFor();
    await expectMessage(page, 'The project is successfully added');
    lists = await serverLists(page);
    expect(lists.map((l) => [l.name, l.projects])).toEqual([
      ['Core Holdings', [firstId, other.id]],
      ['DeFi', []],
    ]);

    // Delete the second list: after confirmation the selection moves back to the first.
    await page.goto('/my/watchlists');
    await page.getByRole('button', { name: /^DeFi/ }).click();
    await listTitle(page).getByText('DeFi', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('heading', { name: 'Delete watchlist?' }).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectMessage(page, 'Successfully deleted watch list.');
    await listTitle(page).getByText('Core Holdings', { exact: true }).waitFor();
    expect((await serverLists(page)).map((l) => l.name)).toEqual(['Core Holdings']);
    await context.close();
  });

  it('shows a watchlist at 1440 px as a table with its column headers, nothing clipped', async () => {
    const { context, page, rows, table } = await listOfFour(DESKTOP, 'desktop-list', 'Desk list');
    expect(await table.locator('thead').isVisible()).toBe(true);
    expect(
      await table.evaluate((el) => el.scrollWidth <= (el.parentElement as HTMLElement).clientWidth + 1),
    ).toBe(true);
    const score = rows.first().locator('td[data-label="Score"]');
    expect(await score.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('none');
    expect(await score.evaluate((el) => getComputedStyle(el).display)).toBe('table-cell');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('shows a watchlist whole at 375 px, one labelled card per project', async () => {
    const { context, page, rows, table } = await listOfFour(PHONE, 'phone-list', 'Phone list');
    expect(
      await table.evaluate((el) => el.scrollWidth <= (el.parentElement as HTMLElement).clientWidth + 1),
    ).toBe(true);
    for (const cell of await rows.locator('td').all()) {
      const box = await cell.boundingBox();
      if (box) expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    const label = await rows
      .first()
      .locator('td[data-label="Score"]')
      .evaluate((el) => getComputedStyle(el, '::before').content);
    expect(label).toBe('"Score"');
    await rows
      .first()
      .getByRole('button', { name: /^Remove / })
      .waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await picture(page, 'watchlist-phone');
    await context.close();
  });

  it("asks a guest to log in from the star, without loading the watchlist's code", async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    await context.addInitScript(() => window.localStorage.setItem('cookieConsent', 'true'));
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const watchlistCode = () => scripts.filter((s) => /\/liveWatchlist-[^/]+\.js$/.test(s));
    const top = (await (await page.request.get('/api/leaderboard?pageSize=1')).json()) as {
      items: { id: string }[];
    };
    await page.goto(`/projects/${top.items[0]!.id}`);

    // The star works for a guest once the session is known, without the watchlist's code.
    const add = page.getByRole('button', { name: 'Add to Watchlist' });
    await expect.poll(() => add.isEnabled()).toBe(true);
    expect(watchlistCode()).toEqual([]);

    // The star knows the visitor is a guest: the click opens the login, and the watchlist's code stays away.
    await add.click();
    await page
      .locator('[role="dialog"][data-scope="auth-modal"]')
      .getByRole('heading', { name: 'Log in' })
      .waitFor();
    expect(watchlistCode()).toEqual([]);
    await context.close();
  });

  it('lets the user choose the list Add to Watchlist adds to on a project page', async () => {
    const { context, page } = await signedInPage();
    const csrf = await csrfToken(page.request);
    for (const name of ['First', 'Second'])
      expect(
        (
          await page.request.post('/api/watchlist/create', {
            data: { name },
            headers: { 'x-csrf-token': csrf },
          })
        ).status(),
      ).toBe(200);
    const board = (await (await page.request.get('/api/leaderboard?pageSize=1')).json()) as {
      items: { id: string }[];
    };
    const projectId = board.items[0]!.id;
    await page.goto(`/projects/${projectId}`);
    const chooser = page.getByLabel('Watchlist', { exact: true });
    await chooser.waitFor();
    expect(await chooser.locator('option').allTextContents()).toEqual(['First', 'Second']);
    await chooser.selectOption({ label: 'Second' });
    await page.getByRole('button', { name: 'Add to Watchlist' }).click();
    await page.getByRole('button', { name: 'In Watchlist' }).waitFor();
    await expect
      .poll(async () => (await serverLists(page)).map((l) => [l.name, l.projects]))
      .toEqual([
        ['First', []],
        ['Second', [projectId]],
      ]);
    expect(await chooser.locator('option').allTextContents()).toEqual(['First', 'Second ✓']);
    // Choosing the other list shows the button for that list.
    await chooser.selectOption({ label: 'First' });
    await page.getByRole('button', { name: 'Add to Watchlist' }).waitFor();
    await context.close();
  });

  it('rolls an optimistic toggle back when the server fails the update', async () => {
    const { context, page } = await signedInPage();
    const trending = (await (await page.request.get('/api/search-project?keyword=')).json()) as {
      id: string;
    }[];
    const projectId = trending[0]!.id;
    await page.goto(`/projects/${projectId}`);
    await page.waitForFunction(
      () => !document.querySelector('[data-part="toggle"]')?.hasAttribute('disabled'),
    );
    await page.getByRole('button', { name: 'Add to Watchlist' }).click();
    await expectMessage(page, 'The project is successfully added');

    // The next update fails with a 500, held until the optimistic state has been seen.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/api/watchlist/toggle', async (route) => {
      await gate;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'InternalError', message: 'Something went wrong on our side.' }),
      });
    });
    await page.getByRole('button', { name: 'In Watchlist' }).click();
    // Optimistic: shown as removed at once.
    await page.getByRole('button', { name: 'Add to Watchlist' }).waitFor();
    release();
    await expectMessage(page, 'Unable to update watchlist.');
    const restored = page.getByRole('button', { name: 'In Watchlist' });
    await restored.waitFor();
    expect(await restored.getAttribute('aria-pressed')).toBe('true');
    const lists = await serverLists(page);
    expect(lists[0]!.projects).toEqual([projectId]);
    await context.close();
  });
});
