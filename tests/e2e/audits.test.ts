import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as playwrightRequest, type APIRequestContext, type Page } from 'playwright-core';
import { createAccount, signInApi } from './accounts';
import { DESKTOP, newPage, PHONE, scrollThrough, serverAndBrowser } from './harness';
import { acceptCookies, expectNoAxeViolations, horizontalOverflow } from './site-helpers';

/**
 * Audit records end to end: an admin publishes an audit with a finding on /admin/audits and marks the finding
 * resolved; a visitor reads the project's Code Audit History and opens View findings, reads a verified team's KYC
 * details, and a native coin says audits are not applicable. At 1440 and 375 px, axe clean.
 */
const ADMIN = 'audit-admin@example.com';

const run = serverAndBrowser({ ADMIN_EMAILS: ADMIN }, { timeout: 180_000 });
let api: APIRequestContext;
/** A seeded project with contracts and no audit yet, and one whose team is verified. */
let target: { id: string; name: string };
let verified: { id: string; name: string };

beforeAll(async () => {
  api = await playwrightRequest.newContext({ baseURL: run.server.url });
  await createAccount(api, ADMIN);
  const page = async (q: string) =>
    (
      (await (await api.get(`/api/leaderboard?pageSize=100&${q}`)).json()) as {
        items: { id: string; name: string }[];
      }
    ).items;
  // Not a native coin (audits do not apply there): the first one whose audits apply.
  for (const p of await page('audit=none')) {
    const audits = (await (await api.get(`/api/projects/${p.id}/audits`)).json()) as { applicable: boolean };
    if (audits.applicable) {
      target = p;
      break;
    }
  }
  verified = (await page('kyc=true'))[0]!;
  expect(target && verified).toBeTruthy();
}, 180_000);
afterAll(async () => {
  await api?.dispose();
});

async function visit(path: string, viewport = DESKTOP): Promise<Page> {
  const { page } = await newPage(run.browser, run.server.url, viewport);
  await acceptCookies(page);
  await page.goto(path);
  return page;
}

/** Opens the project picker on /admin/audits, searches for `keyword` and picks the row of `name`. */
async function choose(page: Page, keyword: string, name = keyword) {
  await page.getByRole('button', { name: /^Choose (a|another) project$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a project' });
  await dialog.getByRole('searchbox').fill(keyword);
  // The search's own results, not the trending list shown while it runs.
  await dialog.getByRole('heading', { name: 'Search Results' }).waitFor();
  await dialog.locator('ul.picker-rows[aria-busy="false"]').waitFor();
  await expectNoAxeViolations(page, `/admin/audits, the project picker (${page.viewportSize()?.width} px)`);
  await dialog
    .getByRole('button', { name: new RegExp(name) })
    .first()
    .click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('audit records in a real browser', () => {
  it('staff find a project by its token ticker on a phone (375 px)', async () => {
    const { page } = await newPage(run.browser, run.server.url, PHONE);
    await acceptCookies(page);
    await page.addInitScript(() => {
      window.localStorage.setItem('survey-last-notification-time', String(Date.now()));
    });
    expect((await signInApi(page.request, ADMIN)).status()).toBe(200);
    const found = (await (
      await api.get(`/api/search-project?keyword=${encodeURIComponent(verified.name)}`)
    ).json()) as { id: string; tokenTickers: string[] }[];
    const ticker = found.find((p) => p.id === verified.id)?.tokenTickers[0];
    expect(ticker).toBeTruthy();
    await page.goto('/admin/audits');
    await choose(page, ticker!, verified.name);
    await page.getByRole('heading', { name: `Audits of ${verified.id}` }).waitFor();
    expect(await page.getByRole('heading', { name: 'Publish an audit' }).isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, '/admin/audits with a project open, 375 px');
    await page.context().close();
  }, 60_000);

  it('an admin publishes an audit with a finding, then marks the finding resolved', async () => {
    const { page } = await newPage(run.browser, run.server.url, DESKTOP);
    await acceptCookies(page);
    // The onboarding survey's notification was seen today: it does not cover the page.
    await page.addInitScript(() => {
      window.localStorage.setItem('survey-last-notification-time', String(Date.now()));
    });
    const signIn = await signInApi(page.request, ADMIN);
    expect(signIn.status()).toBe(200);
    await page.goto('/admin/audits');
    // Staff find the project by its name in the picker.
    await choose(page, target.name);
    await expect.poll(() => page.getByText('No audit on record.').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: `Audits of ${target.id}` }).isVisible()).toBe(true);

    await page.getByLabel('Auditor', { exact: true }).fill('Example Review Co');
    await page.getByLabel('Date published', { exact: true }).fill('2026-11-10');
    await page.getByLabel('Scope', { exact: true }).fill('Token and vault contracts');
    await page.getByLabel('Report link', { exact: true }).fill('https://example.com/reports/vault.pdf');
    await page.getByRole('button', { name: 'Add a finding' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Reentrancy in withdraw');
    await page.getByLabel('Severity', { exact: true }).selectOption('critical');
    await expectNoAxeViolations(page, '/admin/audits (form)');
    await page.getByRole('button', { name: 'Publish audit' }).click();
    await expect.poll(() => page.locator('.audit-admin__notice').textContent()).toBe('Audit published.');
    await expect.poll(() => page.getByRole('heading', { name: /Example Review Co/ }).isVisible()).toBe(true);

    const status = page.getByLabel('Status of Reentrancy in withdraw');
    expect(await status.inputValue()).toBe('pending');
    await status.selectOption('resolved');
    await expect.poll(() => page.locator('.audit-admin__notice').textContent()).toBe('Finding status saved.');
    expect(await status.inputValue()).toBe('resolved');
    await page.context().close();
  }, 60_000);

  it('a visitor reads Code Audit History and its findings, at 1440 and 375 px', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await visit(`/projects/${target.id}`, viewport);
      await scrollThrough(page);
      const panel = page.locator('[data-scope="audit-history"]');
      await panel.scrollIntoViewIfNeeded();
      await expect.poll(() => panel.getByText('Example Review Co', { exact: true }).isVisible()).toBe(true);
      expect(await panel.getByRole('heading', { name: 'Code Audit History' }).isVisible()).toBe(true);
      expect(await panel.locator('[data-part="severities"]').first().textContent()).toBe('1 critical');
      const report = panel.getByRole('link', { name: /Read the report/ });
      expect(await report.getAttribute('href')).toBe('https://example.com/reports/vault.pdf');
      await panel.getByText('View findings').click();
      const row = panel.getByRole('row', { name: /Reentrancy in withdraw/ });
      expect(await row.isVisible()).toBe(true);
      expect(await row.textContent()).toContain('Critical');
      expect(await row.textContent()).toContain('Resolved');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `/projects/${target.id} at ${viewport.width} px`);
      await page.context().close();
    }
  }, 90_000);

  it('a verified team shows its KYC details; a native coin says audits are not applicable', async () => {
    const page = await visit(`/projects/${verified.id}`, PHONE);
    await scrollThrough(page);
    const kyc = page.locator('[data-scope="kyc"]');
    await kyc.scrollIntoViewIfNeeded();
    await expect.poll(() => kyc.getByRole('heading', { name: 'KYC verification' }).isVisible()).toBe(true);
    expect(['Gold', 'Silver', 'Bronze']).toContain(await kyc.locator('[data-part="tier"]').textContent());
    const text = (await kyc.textContent()) ?? '';
    expect(text).toContain('Verified');
    expect(text).toContain('Next review');
    expect(text).toContain('Team identity');
    expect(text).toContain('Demo data');
    await page.context().close();

    const coin = await visit('/projects/bitcoin');
    expect(await coin.locator('.project-badges').textContent()).toContain('Audit not applicable');
    expect(await coin.locator('.project-badges').textContent()).not.toMatch(/\bAudited\b/);
    await scrollThrough(coin);
    const history = coin.locator('[data-scope="audit-history"]');
    await history.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        history.getByText('Not applicable: a native coin has no smart contract to audit').isVisible(),
      )
      .toBe(true);
    await expectNoAxeViolations(coin, '/projects/bitcoin');
    await coin.context().close();
  }, 120_000);
});
