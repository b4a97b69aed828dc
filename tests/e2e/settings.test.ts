import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { ssoSettingsLink } from '../../server/accounts/settingsLink';
import { DEMO_WALLETS } from '../../server/seed/wallets';
import { booleanFlagsFile } from '../helpers/flags';
import { signInApi, signUpAndSignIn } from './accounts';
import {
  DESKTOP,
  newPage,
  picture,
  PHONE,
  serverAndBrowser,
  startServer,
  type RunningServer,
} from './harness';
import { expectNoAxeViolations, horizontalOverflow } from './site-helpers';

const run = serverAndBrowser();

const PASSWORD = 'Passw0rd!x';
const NEW_PASSWORD = 'Brand-new-pass9';
/** A real 16×16 picture: uploads are decoded and re-encoded, so a bare signature would be refused. */
const PNG = await sharp({
  create: { width: 16, height: 16, channels: 3, background: { r: 40, g: 90, b: 200 } },
})
  .png()
  .toBuffer();
const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';

const csrf = async (page: Page) =>
  ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;

/** Completes the survey through the API so it does not cover the page under test. */
async function surveyDone(page: Page) {
  const res = await page.request.post('/api/user/survey/upload', {
    data: { survey: { userType: 'Retail Investor', projects: [] } },
    headers: { 'x-csrf-token': await csrf(page) },
  });
  expect(res.status()).toBe(200);
}

describe('onboarding survey in a real browser', () => {
  it('first login → survey → Start a Guided Tour lands on /?tour=true', async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    await signUpAndSignIn(page, 'settings', PASSWORD);
    await page.goto('/my/watchlists');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Personalize your Experience').waitFor();
    await dialog.getByRole('button', { name: "Let's get started!" }).click();
    await dialog.getByRole('radio', { name: 'Retail Investor' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('radio', { name: 'Advanced' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Favourite projects through the watchlist picker, then the watchlist name.
    await dialog.getByRole('button', { name: 'Add Projects' }).click();
    const picker = page.locator('[data-scope="watchlist-picker"]');
    const option = picker.locator('[data-part="option"]').first();
    await option.waitFor();
    await option.click();
    await picker.getByRole('button', { name: 'Close' }).click();
    await picker.waitFor({ state: 'detached' });
    await page.getByText('1 project selected').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Watchlist name').fill('Survey picks');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('button', { name: 'Start a Guided Tour' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('tour') === 'true');
    await page.getByText('Personalize your Experience').waitFor({ state: 'detached' });

    // Saved: the survey status is no longer empty, and the watchlist was created from the answers.
    const status = (await (await page.request.get('/api/user/survey')).json()) as {
      survey: { watchlistName: string };
    };
    expect(status.survey.watchlistName).toBe('Survey picks');
    const lists = (await (await page.request.get('/api/watchlist')).json()) as {
      name: string;
      projects: string[];
    }[];
    expect(lists).toEqual([
      expect.objectContaining({ name: 'Survey picks', projects: [expect.any(String)] }),
    ]);
    await context.close();
  });

  it("'I'll do it later' hides the survey for the next 7 days", async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    await signUpAndSignIn(page, 'settings', PASSWORD);
    await page.goto('/my/settings');
    await page.getByRole('button', { name: "I'll do it later" }).click();
    await page.getByText('Personalize your Experience').waitFor({ state: 'detached' });
    const stored = await page.evaluate(() => localStorage.getItem('survey-last-notification-time'));
    expect(Number(stored)).toBeGreaterThan(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await page.getByText('Personalize your Experience').count()).toBe(0);
    await context.close();
  });
});

describe('account settings in a real browser', () => {
  it('uploads a profile picture, adds a wallet and changes the password', async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    const email = await signUpAndSignIn(page, 'settings', PASSWORD);
    await surveyDone(page);
    await page.goto('/my/settings');
    await page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();
    await page.locator('[data-part="email"]').getByText(email).waitFor();
    // The UUID username is shown as the account's id, not as a "Username".
    expect(await page.getByText('Username', { exact: true }).count()).toBe(0);
    const session = await page.evaluate(() => fetch('/api/auth/session').then((r) => r.json()));
    const facts = page.locator('.settings-facts');
    expect(await facts.locator('dt').allTextContents()).toEqual(['Email', 'Account ID']);
    expect(await page.locator('[data-part="account-id"] code').textContent()).toBe(session.user.username);

    // Profile picture.
    await page
      .getByLabel('Upload profile picture')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Profile picture updated.').waitFor();
    const src = await page.getByRole('img', { name: 'Profile picture' }).getAttribute('src');
    expect(src).toMatch(/^\/api\/user\/profile\/image\/[0-9a-f-]+\?v=\d+$/);
    const image = await page.request.get(src!);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');

    // Wallets: an invalid address is refused with a message on the field, a valid one is listed.
    await page.getByLabel('Wallet address').fill('0x1234');
    await page.getByRole('button', { name: 'Add wallet' }).click();
    await page.getByText('Unrecognised wallet address').first().waitFor();
    await page.getByLabel('Wallet address').fill(EVM);
    await page.getByRole('button', { name: 'Add wallet' }).click();
    await page.getByText('Wallet added.').waitFor();
    await page.getByRole('list', { name: 'Your wallets' }).getByText(EVM).waitFor();
    await page.getByLabel('Wallet address').fill(EVM.toLowerCase());
    await page.getByRole('button', { name: 'Add wallet' }).click();
    await page.getByText('This wallet has already been added.').waitFor();

    // Password: the wrong old password is refused, then the change works and the new password signs in.
    await page.getByLabel('Old password').fill('Wrong-pass1');
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The old password is incorrect.').first().waitFor();
    await page.getByLabel('Old password').fill(PASSWORD);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    const other = await newPage(run.browser, run.server.url);
    expect((await signInApi(other.page.request, email, NEW_PASSWORD)).status()).toBe(200);
    await other.context.close();

    // Guided Tour section.
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('tour') === 'true');
    await context.close();
  });

  it('unsubscribes from the email link without signing in', async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    await signUpAndSignIn(page, 'settings', PASSWORD);
    await surveyDone(page);
    const { username } = (await (await page.request.get('/api/user/profile')).json()) as { username: string };
    // The server generated its AUTH_SECRET under DATA_DIR; the mail would carry this link.
    const secret = readFileSync(path.join(run.server.dataDir, 'auth-secret'), 'utf8').trim();
    const link = ssoSettingsLink(run.server.url, secret, username);

    const stranger = await newPage(run.browser, run.server.url);
    await stranger.page.goto(link);
    await stranger.page.getByRole('heading', { name: 'Email notifications', level: 1 }).waitFor();
    await stranger.page.getByRole('button', { name: 'Unsubscribe from all' }).click();
    await stranger.page.getByText('You have been unsubscribed from all emails.').waitFor();
    await stranger.context.close();

    await page.goto('/my/settings');
    const section = page.locator('[data-part="settings-notifications"]');
    await section.getByRole('checkbox').first().waitFor();
    for (const box of await section.getByRole('checkbox').all()) expect(await box.isChecked()).toBe(false);
    await context.close();
  });

  it('hides the portfolio without the portfolio flag', async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    await signUpAndSignIn(page, 'settings', PASSWORD);
    await surveyDone(page);
    expect((await page.request.get('/api/portfolio')).status()).toBe(404);
    await page.goto('/my/watchlists');
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Portfolio' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto('/my/portfolio');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Portfolio' }).count()).toBe(0);
    await context.close();
  });
});

describe('portfolio with the flag on', () => {
  let flagged: RunningServer;
  beforeAll(async () => {
    const file = booleanFlagsFile({ portfolio: 'on', extendedUserSetting: 'off' });
    flagged = await startServer({ FLAGS_FILE: file });
  });
  afterAll(async () => flagged?.stop());

  it('shows the wallets and the risk view', async () => {
    const { context, page } = await newPage(run.browser, flagged.url);
    await signUpAndSignIn(page, 'settings', PASSWORD);
    const headers = { 'x-csrf-token': await csrf(page) };
    expect(
      (await page.request.post('/api/user/wallets', { data: { walletAddress: EVM }, headers })).status(),
    ).toBe(201);
    await page.goto('/my/watchlists');
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Portfolio' }).click();
    await page.waitForURL((url) => url.pathname === '/my/portfolio');
    await page.getByRole('heading', { name: 'Portfolio', level: 1 }).waitFor();
    await page.getByText(EVM).waitFor();
    await page.getByText('Add projects to a watchlist to see their risk here.').waitFor();
    await context.close();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`adds holdings, imports a demo wallet and shows the exposure, riskiest first, at ${viewport.width} px`, async () => {
      const { context, page } = await newPage(run.browser, flagged.url, viewport);
      await page.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
      await signUpAndSignIn(page, 'holdings', PASSWORD);
      const headers = { 'x-csrf-token': await csrf(page) };
      const wallet = await page.request.post('/api/user/wallets', {
        data: { walletAddress: DEMO_WALLETS[1] },
        headers,
      });
      expect(wallet.status()).toBe(201);
      const board = (await (
        await page.request.get('/api/leaderboard?pageSize=1&sort=score&order=asc')
      ).json()) as {
        items: { id: string; name: string }[];
      };
      const lowest = board.items[0]!;

      await page.goto('/my/portfolio');
      const section = page.locator('[data-scope="holdings"]');
      await section.getByText('No holdings yet.', { exact: false }).waitFor();

      // Enter a holding: pick the project from the search, type the amount.
      await section.getByPlaceholder('Search Project by Name / Token').fill(lowest.name);
      await section.getByRole('option').filter({ hasText: lowest.name }).first().click();
      await section.getByText(`Selected: ${lowest.name}`).waitFor();
      expect(page.url()).toContain('/my/portfolio');
      await section.getByLabel('Amount (USD)').fill('2,500');
      await section.getByRole('button', { name: 'Save holding' }).click();
      await section
        .getByRole('status')
        .filter({ hasText: `${lowest.name} saved.` })
        .waitFor();
      const row = section.locator(`tr[data-holding="${lowest.id}"]`);
      await row.getByText('$2,500').waitFor();

      // Import the demo wallet's tokens from the index.
      await section.getByRole('button', { name: 'Import from wallets' }).click();
      await section
        .getByRole('status')
        .filter({ hasText: /^Imported \d+ holdings? from your wallets\.$/ })
        .waitFor();
      const portfolio = (await (await page.request.get('/api/portfolio')).json()) as {
        holdings: { id: string; atRiskUsd: number }[];
        exposure: { totalUsd: number };
      };
      expect(portfolio.holdings.length).toBeGreaterThan(1);
      // The table shows them riskiest first, as the API orders them.
      const ids = await section
        .locator('tbody tr[data-holding]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-holding')));
      expect(ids).toEqual(portfolio.holdings.map((h) => h.id));
      const atRisk = portfolio.holdings.map((h) => h.atRiskUsd);
      expect(atRisk).toEqual([...atRisk].sort((a, b) => b - a));
      // Both charts: every tier and every risk band, with the value held in each.
      const slices = (chart: string) =>
        section.getByRole('figure', { name: chart }).locator('[data-part="slice"]').count();
      expect(await slices('Exposure by tier')).toBe(7);
      expect(await slices('Exposure by risk')).toBe(3);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await picture(page, `portfolio-${label}`, { fullPage: true });

      // Remove the entered holding; the rest stays.
      await row.getByRole('button', { name: `Remove ${lowest.name}` }).click();
      await section.getByRole('status').filter({ hasText: 'Holding removed.' }).waitFor();
      await row.waitFor({ state: 'detached' });
      expect(await section.locator('tbody tr[data-holding]').count()).toBe(portfolio.holdings.length - 1);
      await expectNoAxeViolations(page);
      await context.close();
    });
  }
});
