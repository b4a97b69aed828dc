import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardPage } from '../../api/projects';
import { DESKTOP, newPage, PHONE, serverAndBrowser } from './harness';
import { acceptCookies, expectNoAxeViolations, horizontalOverflow, openAt } from './site-helpers';

/**
 * Comparing projects in a real browser: from a project page to /compare, adding a second and a third project with
 * the picker, the scores and the overlaid chart, the address kept in step (copied, opened fresh, Back), and the
 * project page's badge embed code copied — at 1440 and 375 px, axe clean. A comparison also starts from, and grows
 * with, the search results (the header's box at 1440 px, the menu's at 375 px).
 */
const run = serverAndBrowser();
let top: { id: string; name: string }[];

beforeAll(async () => {
  const board = (await (
    await fetch(`${run.server.url}/api/leaderboard?pageSize=3`)
  ).json()) as LeaderboardPage;
  top = board.items.map((p) => ({ id: p.id, name: p.name }));
});

const columnNames = (page: Page) =>
  page
    .getByRole('table')
    .first()
    .locator('thead th')
    .evaluateAll((cells) => cells.slice(1).map((c) => c.textContent?.replace(/^\d/, '').trim()));

async function addWithPicker(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add project', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a project to compare' });
  await dialog.getByRole('searchbox').fill(name);
  // The search's own results, not the trending list shown while it runs.
  await dialog.getByRole('heading', { name: 'Search Results' }).waitFor();
  await dialog.locator('ul.picker-rows[aria-busy="false"]').waitFor();
  await dialog
    .getByRole('button', { name: new RegExp(name) })
    .first()
    .click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Types `name` into a search box and waits for its own results (not the trending list shown while it runs). */
async function searchFor(page: Page, inputId: string, name: string) {
  const input = page.locator(`#${inputId}`);
  await input.fill(name);
  const box = page.locator(`[data-scope="search"]:has(#${inputId})`);
  await box
    .getByRole('listbox', { name: 'Search results' })
    .and(page.locator('[aria-busy="false"]'))
    .waitFor();
  await box
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .waitFor();
  return { input, box };
}

describe('compare from the search results', () => {
  it('starts a comparison from the header search by keyboard, adds to it by mouse (1440 px)', async () => {
    const [a, b, c] = top as [(typeof top)[0], (typeof top)[0], (typeof top)[0]];
    const { context, page } = await openAt(run, `/projects/${c.id}`, DESKTOP);

    // Keyboard: the link under the results names the highlighted one; Tab reaches it from the box.
    const { input, box } = await searchFor(page, 'header-search-input', a.name);
    const link = box.getByRole('link', { name: `Compare ${a.name}` });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/compare?ids=${a.id}`);
    await expectNoAxeViolations(page, 'header search results with the compare link, 1440 px');
    await input.press('Tab');
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/compare?ids=${a.id}`);
    await page.getByText('Add at least one more project to compare with.').waitFor();
    expect(await box.locator('[data-part="popup"]').isHidden()).toBe(true);
    expect(await input.inputValue()).toBe('');

    // On the compare page a result joins the comparison; the mouse has a Compare chip on the row it points at.
    await searchFor(page, 'header-search-input', b.name);
    const row = box.getByRole('option', { name: new RegExp(b.name) }).first();
    await row.hover();
    await row.locator('[data-part="compare"]').click();
    await page.waitForURL(`**/compare?ids=${a.id},${b.id}`);
    await expect.poll(() => columnNames(page)).toEqual([a.name, b.name]);
    // A project already compared stays where it is.
    await searchFor(page, 'header-search-input', a.name);
    expect(await box.getByRole('link', { name: `Compare ${a.name}` }).getAttribute('href')).toBe(
      `/compare?ids=${a.id},${b.id}`,
    );
    await context.close();
  });

  it('compares a result of the menu search on a phone (375 px)', async () => {
    const [a] = top as [(typeof top)[0]];
    const { context, page } = await openAt(run, '/resources/incidents', PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const { box } = await searchFor(page, 'drawer-search-input', a.name);
    const link = box.getByRole('link', { name: `Compare ${a.name}` });
    await link.waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'menu search results with the compare link, 375 px');
    await link.click();
    await page.waitForURL(`**/compare?ids=${a.id}`);
    // The menu closed itself and the comparison waits for a second project.
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
    await page.getByRole('list', { name: 'Projects compared' }).getByText(a.name).waitFor();
    await context.close();
  });
});

describe('compare projects and embed a badge', () => {
  it('compares from a project page, adds projects, shares the link, and copies the badge embed code (1440 px)', async () => {
    const [a, b, c] = top as [(typeof top)[0], (typeof top)[0], (typeof top)[0]];
    const { context, page } = await newPage(run.browser, run.server.url, DESKTOP);
    await acceptCookies(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: run.server.url });

    await page.goto(`/projects/${a.id}`);
    await page.getByRole('link', { name: 'Compare', exact: true }).click();
    await page.waitForURL(`**/compare?ids=${a.id}`);
    await page.getByText('Add at least one more project to compare with.').waitFor();
    await page.getByRole('list', { name: 'Projects compared' }).getByText(a.name).waitFor();

    await addWithPicker(page, b.name);
    await page.waitForURL(`**/compare?ids=${a.id},${b.id}`);
    await page.getByRole('region', { name: 'Scores side by side' }).waitFor();
    expect(await columnNames(page)).toEqual([a.name, b.name]);

    await addWithPicker(page, c.name);
    await page.waitForURL(`**/compare?ids=${a.id},${b.id},${c.id}`);
    await expect.poll(() => columnNames(page)).toEqual([a.name, b.name, c.name]);
    // The histories overlaid: one line per project, each named in the legend and in the chart's description.
    const chart = page.getByRole('img', { name: /^Overall score over the last 90 days/ });
    await expect.poll(() => chart.locator('path[data-series]').count()).toBe(3);
    const label = (await chart.getAttribute('aria-label')) ?? '';
    for (const p of [a, b, c]) expect(label).toContain(`${p.name}:`);
    expect(await page.getByRole('list', { name: 'Lines' }).getByRole('listitem').allTextContents()).toEqual(
      [a, b, c].map((p, i) => `${i + 1}${p.name}`),
    );
    await page.getByRole('heading', { name: 'Where they differ most' }).waitFor();
    await expectNoAxeViolations(page, 'compare, 3 projects, 1440 px');

    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('status').filter({ hasText: 'Link copied.' }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${run.server.url}/compare?ids=${a.id},${b.id},${c.id}`);

    // Back undoes the last addition; Forward brings it back.
    await page.goBack();
    await page.waitForURL(`**/compare?ids=${a.id},${b.id}`);
    await expect.poll(() => columnNames(page)).toEqual([a.name, b.name]);
    await page.goForward();
    await expect.poll(() => columnNames(page)).toEqual([a.name, b.name, c.name]);

    // The shared link, opened fresh by someone else, shows the same comparison.
    const other = await newPage(run.browser, run.server.url, DESKTOP);
    await acceptCookies(other.page);
    await other.page.goto(link);
    await expect.poll(() => columnNames(other.page)).toEqual([a.name, b.name, c.name]);
    await other.context.close();

    // The badge: its embed code, copied from the project page, shows the badge the server draws.
    await page.goto(`/projects/${a.id}`);
    const panel = page.getByRole('region', { name: 'Score badge' });
    await panel.scrollIntoViewIfNeeded();
    await panel.getByRole('button', { name: 'Embed badge' }).click();
    const preview = panel.getByRole('img', { name: `${a.name} security score badge` });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await panel.getByRole('button', { name: 'Copy HTML' }).click();
    await panel.getByText('HTML copied.').waitFor();
    const html = await page.evaluate(() => navigator.clipboard.readText());
    expect(html).toBe(await panel.getByLabel('HTML').inputValue());
    expect(html).toContain(`src="${run.server.url}/badge/${a.id}.svg"`);
    expect(html).toContain(`href="${run.server.url}/projects/${a.id}"`);
    const badge = await fetch(`${run.server.url}/badge/${a.id}.svg`);
    expect(badge.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await badge.text()).toContain(`<title>${a.name}: Sentinel Ratings security score`);
    await expectNoAxeViolations(page, 'project page with the embed panel open');
    await context.close();
  });

  it('prompts, refuses and compares on a phone (375 px)', async () => {
    const [a, b] = top as [(typeof top)[0], (typeof top)[0]];
    const { context, page } = await openAt(run, '/compare', PHONE);
    await page.getByText('Choose at least two projects to compare.').waitFor();
    await page.goto(`/compare?ids=${a.id},no-such-project`);
    await page.getByRole('alert').filter({ hasText: 'No project with id "no-such-project".' }).waitFor();
    await page.getByRole('button', { name: 'Remove no-such-project' }).click();
    await page.waitForURL(`**/compare?ids=${a.id}`);
    await page.goto(`/compare?ids=${a.id},${b.id}`);
    await expect.poll(() => columnNames(page)).toEqual([a.name, b.name]);
    await page.getByRole('img', { name: /^Overall score over the last 90 days/ }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'compare, 2 projects, 375 px');
    await context.close();
  });
});
