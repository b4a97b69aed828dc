import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { csrfToken, signUpAndSignIn } from './accounts';
import { DESKTOP, serverAndBrowser } from './harness';
import { leaderboardTop, quietPage } from './site-helpers';

/*
 * What a new user ran into in Chromium around watchlists and the leaderboard: importing a CSV as Excel writes it in
 * much of Europe, choosing which list the leaderboard's star adds to, an impossible score filter, error banners
 * that named internal fields, and notifications of one score change.
 */

const run = serverAndBrowser();
type Row = { id: string; name: string; tokenTickers: string[] };
let top: Row[];

beforeAll(async () => {
  top = await leaderboardTop<Row>(run.server.url, 3);
});

const quietContext = () => quietPage(run.browser, run.server.url, DESKTOP);

/** Creates a list through the API as the signed-in page's user. */
async function createList(page: Page, name: string, projects: string[]) {
  const res = await page.request.post('/api/watchlist/create', {
    data: { name, projects },
    headers: { 'x-csrf-token': await csrfToken(page.request) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

const listsOf = async (page: Page) =>
  (await (await page.request.get('/api/watchlist')).json()) as { name: string; projects: string[] }[];

describe('watchlist import', () => {
  it('imports a semicolon CSV with a multi-line cell, and previews a project the list holds as already in it', async () => {
    const { context, page } = await quietContext();
    await signUpAndSignIn(page, 'import-semicolon');
    await createList(page, 'Euro', [top[0]!.id]);
    await page.goto('/my/watchlists');
    await page.locator('#watchlist-title').getByText('Euro', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Import into “Euro”' }).waitFor();
    const csv = [
      'Name;Note',
      `${top[0]!.name};first`,
      `${top[1]!.name};"two`,
      'lines"',
      `${top[2]!.name};last`,
    ].join('\r\n');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'euro.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const rows = dialog.locator('[data-part="import-row"]');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    await rows.nth(0).getByText(`${top[0]!.name} is already in Euro.`).waitFor();
    await rows.nth(1).getByText('Will be added').waitFor();
    await rows.nth(2).getByText('Will be added').waitFor();

    await dialog.getByRole('button', { name: 'Import 2 projects' }).click();
    await dialog.getByText('Added 2 projects to Euro.').waitFor();
    expect((await listsOf(page))[0]!.projects).toEqual([top[0]!.id, top[1]!.id, top[2]!.id]);
    await context.close();
  });
});

describe('error banners', () => {
  it('show the problem in words, never the API’s field key', async () => {
    const { context, page } = await quietContext();
    await signUpAndSignIn(page, 'banner-words');
    const headers = { 'x-csrf-token': await csrfToken(page.request) };
    await page.request.post('/api/user/survey/upload', {
      data: { survey: { userType: 'Institutional Partner', projects: [] } },
      headers,
    });
    const key = await page.request.post('/api/user/api-keys', { data: { name: 'Desk' }, headers });
    expect(key.status(), await key.text()).toBe(201);
    await createList(page, 'Desk list', []);

    await page.goto('/my/settings');
    const section = page.locator('[data-part="settings-webhooks"]');
    const form = section.getByRole('form', { name: 'Add a webhook' });
    await form.getByLabel('Endpoint URL').fill('https://no-such-host.invalid/hook');
    await form.getByLabel('Desk list', { exact: true }).check();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const banner = section.locator('[data-part="message"]');
    await banner.waitFor();
    // The banner's text (beside its dismiss button).
    expect((await banner.locator('span').first().textContent())?.trim()).toBe(
      'This address cannot receive webhooks.',
    );
    await context.close();
  });
});

describe('leaderboard score filter', () => {
  it('says so when the minimum is above the maximum, and does not apply that range', async () => {
    const { context, page } = await quietContext();
    await page.goto('/');
    await page.locator('.lb-table tbody tr[data-project]').first().waitFor();
    const rowsBefore = await page.locator('.lb-table tbody tr[data-project]').count();
    await page.getByRole('button', { name: /^Filters/ }).click();
    const filters = page.locator('#leaderboard-filters');
    const min = filters.getByLabel('Minimum score');
    await min.fill('80');
    await filters.getByLabel('Maximum score').fill('20');
    const hint = filters.getByText('Minimum score is above the maximum.');
    await hint.waitFor();
    // Announced: a live region, and the inputs point at it.
    expect(await hint.getAttribute('aria-live')).toBe('polite');
    expect(await min.getAttribute('aria-invalid')).toBe('true');
    expect(await min.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));

    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await filters.waitFor();
    expect(new URL(page.url()).searchParams.get('min')).toBeNull();
    expect(await page.locator('.filter-count').count()).toBe(0);
    expect(await page.locator('.lb-table tbody tr[data-project]').count()).toBe(rowsBefore);

    // A possible range applies, and the hint goes.
    await filters.getByLabel('Maximum score').fill('90');
    expect(await hint.count()).toBe(0);
    expect(await min.getAttribute('aria-invalid')).toBeNull();
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('min') === '80');
    await context.close();
  });
});

describe('leaderboard star with several watchlists', () => {
  it('opens a menu of the lists from the keyboard, and toggles the project in the one chosen', async () => {
    const { context, page } = await quietContext();
    await signUpAndSignIn(page, 'star-chooser');
    await createList(page, 'Alpha', [top[0]!.id]);
    await createList(page, 'Beta', []);
    await page.goto('/');
    const row = (id: string) => page.locator(`.lb-table tbody tr[data-project="${id}"]`);
    const star = row(top[1]!.id).getByRole('button', { name: `Add ${top[1]!.name} to a watchlist` });
    await star.waitFor();
    expect(await star.getAttribute('aria-haspopup')).toBe('menu');
    expect(await star.getAttribute('aria-expanded')).toBe('false');

    // Keyboard: Enter on the star opens the menu on its first list; ArrowDown, then Enter, chooses Beta.
    await star.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `Watchlists for ${top[1]!.name}` });
    await menu.waitFor();
    expect(await star.getAttribute('aria-expanded')).toBe('true');
    const alpha = menu.getByRole('menuitemcheckbox', { name: 'Alpha' });
    const beta = menu.getByRole('menuitemcheckbox', { name: 'Beta' });
    expect(await alpha.getAttribute('aria-checked')).toBe('false');
    expect(await beta.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => alpha.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => beta.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    await page.getByText('The project is successfully added').waitFor();
    await expect
      .poll(async () => (await listsOf(page)).map((l) => [l.name, l.projects]))
      .toEqual([
        ['Alpha', [top[0]!.id]],
        ['Beta', [top[1]!.id]],
      ]);
    // The star now says where the project is.
    await row(top[1]!.id).getByRole('button', { name: `${top[1]!.name} is in Beta: choose a watchlist` }).waitFor();

    // A project in a list shows it checked; choosing that list takes the project out of it.
    const first = row(top[0]!.id).getByRole('button', { name: `${top[0]!.name} is in Alpha: choose a watchlist` });
    await first.click();
    const menu0 = page.getByRole('menu', { name: `Watchlists for ${top[0]!.name}` });
    expect(await menu0.getByRole('menuitemcheckbox', { name: 'Alpha' }).getAttribute('aria-checked')).toBe('true');
    // Escape closes it without a change, back on the star.
    await page.keyboard.press('Escape');
    await menu0.waitFor({ state: 'detached' });
    await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
    await first.click();
    await menu0.getByRole('menuitemcheckbox', { name: 'Alpha' }).click();
    await expect.poll(async () => (await listsOf(page))[0]!.projects).toEqual([]);
    await context.close();
  });
});
