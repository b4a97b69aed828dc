import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { signUpAndSignIn } from './accounts';
import { DESKTOP, newPage, PHONE, serverAndBrowser } from './harness';
import { acceptCookies, openAt, yesOnAnotherProject } from './site-helpers';

const run = serverAndBrowser();

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
      const api = (await (await fetch(`${run.server.url}/api/leaderboard?page=999`)).json()) as {
        page: number;
        total: number;
        items: { rank: number }[];
      };
      expect(api.total).toBe(300);
      expect(api.page).toBe(12);
      expect(api.items.map((item) => item.rank)).toEqual(Array.from({ length: 25 }, (_, i) => 276 + i));
      // The server's page for the address is the last page's, other parameters kept.
      const html = await fetch(`${run.server.url}/?page=999&tour=false`, { redirect: 'manual' });
      expect(html.status).toBe(302);
      expect(html.headers.get('location')).toBe('/?tour=false&page=12');

      const { context, page } = await newPage(run.browser, run.server.url, viewport);
      await acceptCookies(page);
      const problems = hydrationProblems(page);
      await page.goto('/?page=999');
      expect(new URL(page.url()).search).toBe('?page=12');
      const board = page.locator('[data-scope="leaderboard"]');
      await board.scrollIntoViewIfNeeded();
      await board.locator('.lb-count', { hasText: 'Showing 276–300 of 300 projects' }).waitFor();
      expect(await board.locator('tbody tr[data-project]').count()).toBe(25);
      const current = board
        .getByRole('navigation', { name: 'Leaderboard pages' })
        .locator('[aria-current="page"]');
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
    // Another visitor's "Yes" on another project: the average is 100% until this page's "No" makes it 50%.
    const fresh = await yesOnAnotherProject(run, 6);

    const { context, page } = await newPage(run.browser, run.server.url);
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

/** A real 16×16 picture: uploads are decoded and re-encoded, so a bare signature would be refused. */
const PNG = await sharp({
  create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 60, b: 40 } },
})
  .png()
  .toBuffer();

/** Completes the onboarding survey through the API so it does not cover the page under test. */
async function surveyDone(page: Page) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const res = await page.request.post('/api/user/survey/upload', {
    data: { survey: { userType: 'Retail Investor', projects: [] } },
    headers: { 'x-csrf-token': csrfToken },
  });
  expect(res.status()).toBe(200);
}

/** Whether the avatar shows a loaded picture (else its letter shows through). */
const showsPicture = (avatar: Locator) =>
  avatar
    .locator('img')
    .evaluate((img: HTMLImageElement) => !img.hidden && img.complete && img.naturalWidth > 0)
    .catch(() => false);

describe('the header avatar', () => {
  for (const viewport of [DESKTOP, PHONE])
    it(`shows a picture uploaded in Settings at once, and the initial again once it is deleted (${viewport.width} px)`, async () => {
      const { context, page } = await newPage(run.browser, run.server.url, viewport);
      await acceptCookies(page);
      const email = await signUpAndSignIn(page, 'avatar');
      await surveyDone(page);
      await page.goto('/my/settings');
      await page.locator('[data-part="email"]').getByText(email).waitFor();
      // The header's avatar on this layout (the account menu's on wide screens, the menu button's on phones).
      const avatar = page.locator('header [data-part="avatar"]:visible');
      await avatar.waitFor();
      const initial = avatar.locator('.avatar__initial');
      expect(await initial.textContent()).toBe(email[0]!.toUpperCase());
      // No picture yet: the letter shows.
      await expect.poll(() => showsPicture(avatar)).toBe(false);

      await page
        .getByLabel('Upload profile picture')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await page.getByText('Profile picture updated.').waitFor();
      await expect.poll(() => showsPicture(avatar), { timeout: 5_000 }).toBe(true);
      // The picture is the user's, asked for by username with the minute's value.
      const src = await avatar.locator('img').getAttribute('src');
      const { user } = (await (await page.request.get('/api/auth/session')).json()) as {
        user: { username: string };
      };
      expect(src).toMatch(new RegExp(`^/api/user/profile/image/${user.username}\\?v=\\d+\\.1$`));

      await page.getByRole('button', { name: 'Delete picture' }).click();
      await page.getByText('Profile picture removed.').waitFor();
      await expect.poll(() => showsPicture(avatar), { timeout: 5_000 }).toBe(false);
      expect(await initial.isVisible()).toBe(true);
      await context.close();
    });
});

/** Presses Tab until `target` has focus, as a keyboard user reaches it (fails if it never does). */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

describe('the auth modal gives focus back to its opener', () => {
  const openers: { name: string; url: string; opener: (page: Page) => Locator }[] = [
    {
      name: "the header's Log in",
      url: '/',
      opener: (page) => page.locator('header').getByRole('link', { name: 'Log in' }),
    },
    {
      name: "the header's Sign up",
      url: '/',
      opener: (page) => page.locator('header').getByRole('link', { name: 'Sign up' }),
    },
    {
      name: "a guest's star",
      url: '/projects/bitcoin',
      opener: (page) => page.locator('main [data-scope="watchlist"][data-part="toggle"]:visible').first(),
    },
  ];
  for (const { name, url, opener } of openers)
    it(`Escape returns focus to ${name}`, async () => {
      const { context, page } = await openAt(run, url, DESKTOP);
      const control = opener(page);
      await control.waitFor();
      await tabTo(page, control);
      await page.keyboard.press('Enter');
      const dialog = page.locator('[role="dialog"][data-scope="auth-modal"]');
      await dialog.locator('[data-part="panel"]').waitFor();
      // Focus moved into the dialog.
      await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => control.evaluate((el) => el === document.activeElement), { timeout: 3_000 })
        .toBe(true);
      // And it stays there: the next Tab goes on from the opener, not from the top of the page.
      expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
      await context.close();
    });
});
