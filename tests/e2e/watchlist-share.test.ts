import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { csrfToken, signUpAndSignIn } from './accounts';
import { DESKTOP, picture, PHONE, serverAndBrowser } from './harness';
import { leaderboardTop, quietPage } from './site-helpers';

/*
 * In Chromium at 1440 and 375 px: the owner shares a list and copies the link; a visitor opens it
 * signed out, sees the projects and tiers, is asked to log in to copy it, copies it once signed in; the owner turns
 * the link off and the visitor's link is dead. Then an import with a preview that names the rows it cannot take.
 */

const run = serverAndBrowser();
type Row = { id: string; name: string; tokenTickers: string[] };
let top: Row[];

beforeAll(async () => {
  top = await leaderboardTop<Row>(run.server.url, 3);
});

async function quietContext(viewport: typeof DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await quietPage(run.browser, run.server.url, viewport);
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: run.server.url });
  return opened;
}

/** Creates a list through the API as the signed-in page's user. */
async function createList(page: Page, name: string, projects: string[]) {
  const res = await page.request.post('/api/watchlist/create', {
    data: { name, projects },
    headers: { 'x-csrf-token': await csrfToken(page.request) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('shared watchlists at %s', (label, viewport) => {
  it('shares a link, a visitor reads and copies it, and turning it off kills the link', async () => {
    const owner = await quietContext(viewport);
    await signUpAndSignIn(owner.page, `share-${label}`);
    await createList(owner.page, 'Blue chips', [top[0]!.id, top[1]!.id]);
    await owner.page.goto('/my/watchlists');
    await owner.page.locator('#watchlist-title').getByText('Blue chips', { exact: true }).waitFor();

    await owner.page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = owner.page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Share “Blue chips”' }).waitFor();
    await dialog.getByText('The list is private: only you can see it.').waitFor();
    await dialog.getByRole('switch', { name: 'Share with a link' }).check();
    const linkInput = dialog.getByLabel('Share link');
    await linkInput.waitFor();
    const link = await linkInput.inputValue();
    expect(link).toMatch(new RegExp(`^${run.server.url}/w/[A-Za-z0-9_-]{32}$`));
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await dialog.getByRole('button', { name: 'Link copied' }).waitFor();
    expect(await owner.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await picture(owner.page, `watchlist-share-${label}`);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await owner.page.getByRole('button', { name: 'Shared', exact: true }).waitFor();

    // A visitor, signed out: the list's name, its projects and tiers; no way to change it.
    const visitor = await quietContext(viewport);
    await visitor.page.goto(link);
    await visitor.page.getByRole('heading', { level: 1, name: 'Blue chips' }).waitFor();
    const table = visitor.page.getByRole('table');
    await table.getByRole('link', { name: top[0]!.name }).waitFor();
    await table.getByRole('link', { name: top[1]!.name }).waitFor();
    expect(await table.getByRole('button', { name: /Remove/ }).count()).toBe(0);
    expect(await visitor.page.title()).toBe('Blue chips (shared watchlist) — Sentinel Ratings');
    await picture(visitor.page, `watchlist-shared-page-${label}`, { fullPage: true });

    // Copying needs a session: the login opens instead.
    await visitor.page.getByRole('button', { name: 'Copy to my watchlists' }).click();
    await visitor.page
      .getByRole('status')
      .getByText('Log in to copy this list into your watchlists.')
      .waitFor();
    const login = visitor.page.locator('[role="dialog"][data-scope="auth-modal"]');
    await login.getByRole('heading', { name: 'Log in' }).waitFor();
    await visitor.page.keyboard.press('Escape');
    await login.waitFor({ state: 'detached' });

    // Signed in, the copy is theirs.
    await signUpAndSignIn(visitor.page, `visitor-${label}`);
    await visitor.page.goto(link);
    await visitor.page.getByRole('button', { name: 'Copy to my watchlists' }).click();
    await visitor.page.getByText('Saved to your watchlists as “Blue chips”.').waitFor();
    await visitor.page.getByRole('link', { name: 'Open my watchlists' }).click();
    await visitor.page.locator('#watchlist-title').getByText('Blue chips', { exact: true }).waitFor();
    await visitor.page.getByRole('table').getByRole('link', { name: top[0]!.name }).waitFor();

    // The owner turns the link off: the visitor's link is dead, their copy stays.
    await owner.page.getByRole('button', { name: 'Shared', exact: true }).click();
    await owner.page.getByRole('switch', { name: 'Share with a link' }).uncheck();
    await owner.page.getByText('The list is private: only you can see it.').waitFor();
    await visitor.page.goto(link);
    await visitor.page.getByRole('heading', { name: 'Link not found' }).waitFor();
    await visitor.page.getByText('This share link does not exist or was turned off.').waitFor();
    const copies = (await (await visitor.page.request.get('/api/watchlist')).json()) as { name: string }[];
    expect(copies.map((l) => l.name)).toEqual(['Blue chips']);

    await owner.context.close();
    await visitor.context.close();
  });

  it('imports a pasted list after a preview that names each row it cannot take', async () => {
    const { context, page } = await quietContext(viewport);
    await signUpAndSignIn(page, `import-${label}`);
    await createList(page, 'Imported', []);
    await page.goto('/my/watchlists');
    await page.locator('#watchlist-title').getByText('Imported', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Import into “Imported”' }).waitFor();
    await dialog
      .getByLabel('Projects to import')
      .fill([top[0]!.name, top[1]!.id, 'Not A Real Project', top[0]!.name.toUpperCase()].join('\n'));
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByText('2 of 4 rows match a project.').waitFor();
    const rows = dialog.locator('[data-part="import-row"]');
    expect(await rows.count()).toBe(4);
    expect(await rows.nth(2).getAttribute('data-state')).toBe('error');
    await rows.nth(2).getByText('No project matches “Not A Real Project”.').waitFor();
    await rows.nth(3).getByText(`${top[0]!.name} is already on line 1.`).waitFor();
    await picture(page, `watchlist-import-preview-${label}`);

    await dialog.getByRole('button', { name: 'Import 2 projects' }).click();
    await dialog.getByText('Added 2 projects to Imported.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByText('2 projects', { exact: true }).waitFor();
    const table = page.getByRole('table');
    await table.getByRole('link', { name: top[0]!.name }).waitFor();
    await table.getByRole('link', { name: top[1]!.name }).waitFor();
    const lists = (await (await page.request.get('/api/watchlist')).json()) as { projects: string[] }[];
    expect(lists[0]!.projects).toEqual([top[0]!.id, top[1]!.id]);
    await context.close();
  });
});
