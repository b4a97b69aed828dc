import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signUpAndSignIn } from './accounts';
import { DESKTOP, newPage, picture, PHONE, serverAndBrowser } from './harness';
import { acceptCookies } from './site-helpers';

const run = serverAndBrowser();

const ANONYMOUS = [
  'Search for projects',
  'Stay informed on safety',
  'Keep up with trends',
  "What's new",
  'Filter through projects',
  'In the works',
];
const SIGNED_IN = ['Your account', ...ANONYMOUS];

/** The tour's tooltip or card (other dialogs, e.g. the cookie notice, may be on the page too). */
const dialog = (page: Page) => page.locator('[data-scope="tour"][role="dialog"]');

async function expectStep(page: Page, title: string, progress: string) {
  const d = dialog(page);
  await d.getByRole('heading', { name: title, exact: true }).waitFor();
  await d.getByText(progress, { exact: true }).waitFor();
  // Placed by floating-ui and shown (tooltip machine 'open').
  await page.locator('[data-scope="tour"][role="dialog"][data-status="open"]').waitFor();
  // The spotlighted target is in the viewport and the tooltip is inside it.
  const box = await d.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}

async function next(page: Page) {
  await dialog(page).getByRole('button', { name: 'Next' }).click();
}

/** A new page on the anonymous tour, taken with Next to step `step` (from 1), each step on the way checked. */
async function openTourAt(viewport: typeof DESKTOP, step: number) {
  const opened = await newPage(run.browser, run.server.url, viewport);
  await opened.page.goto('/?tour=true');
  for (let i = 0; i < step; i++) {
    if (i > 0) await next(opened.page);
    await expectStep(opened.page, ANONYMOUS[i]!, `${i + 1} of 6`);
  }
  return opened;
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`guided tour at ${viewport.width} px`, () => {
    it('anonymous: 6 steps, then the card inviting to create an account', async () => {
      const { context, page } = await newPage(run.browser, run.server.url, viewport);
      await page.goto('/?tour=true');
      for (const [i, title] of ANONYMOUS.entries()) {
        await expectStep(page, title, `${i + 1} of 6`);
        if (i === 1) await picture(page, `tour-${label}`);
        await next(page);
      }
      await dialog(page).getByRole('heading', { name: "You've finished the tour!" }).waitFor();
      expect(await page.getByText('Your account', { exact: true }).count()).toBe(0);
      // 'Create an account' ends the tour and opens sign-up: the modal on wide screens, the page on phones.
      await dialog(page).getByRole('link', { name: 'Create an account' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      if (label === 'desktop') {
        await page.getByRole('dialog').getByRole('heading', { name: 'Sign up' }).waitFor();
        expect(new URL(page.url()).search).toBe('');
      } else {
        await page.waitForURL((url) => url.pathname === '/auth/signup');
      }
      await context.close();
    });

    it('signed in: 7 steps, then the signed-in card', async () => {
      const { context, page } = await newPage(run.browser, run.server.url, viewport);
      // This user answered the first-login survey notification with 'I'll do it later' just now.
      await context.addInitScript(() =>
        localStorage.setItem('survey-last-notification-time', String(Date.now())),
      );
      await page.goto('/');
      await signUpAndSignIn(page, 'tour');
      await page.goto('/?tour=true');
      for (const [i, title] of SIGNED_IN.entries()) {
        await expectStep(page, title, `${i + 1} of 7`);
        await next(page);
      }
      const card = dialog(page);
      await card.getByRole('heading', { name: "You've finished the tour!" }).waitFor();
      expect(await card.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
      await card.getByRole('button', { name: 'Done' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      expect(new URL(page.url()).search).toBe('');
      await context.close();
    });

    it("Escape shows the skip card; 'No, maybe later' returns; 'Yes, skip' ends without a reload", async () => {
      const { context, page } = await openTourAt(viewport, 2);
      // Focus is inside the tooltip.
      expect(await dialog(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
      // A click on the overlay does not close the step.
      await page.mouse.click(5, viewport.height - 5);
      await expectStep(page, ANONYMOUS[1]!, '2 of 6');
      await page.keyboard.press('Escape');
      await dialog(page).getByRole('heading', { name: 'Do you want to skip?' }).waitFor();
      await dialog(page)
        .getByText('Account Settings > Guided Tour > Get Started', { exact: false })
        .waitFor();
      await dialog(page).getByRole('button', { name: 'No, maybe later' }).click();
      await expectStep(page, ANONYMOUS[1]!, '2 of 6');
      await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));
      await dialog(page).getByRole('button', { name: 'Close the tour' }).click();
      await dialog(page).getByRole('button', { name: 'Yes, skip' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      expect(new URL(page.url()).search).toBe('');
      expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(
        true,
      );
      await context.close();
    });

    it('a reload mid-tour resumes at the same step', async () => {
      const { context, page } = await openTourAt(viewport, 3);
      await page.reload();
      await expectStep(page, ANONYMOUS[2]!, '3 of 6');
      await context.close();
    });

    it('a tour in one tab leaves the site in another tab alone', async () => {
      const { context, page } = await openTourAt(viewport, 2);
      const other = await context.newPage();
      await acceptCookies(other);
      await other.goto('/');
      await other.locator('.lb-table tbody tr[data-project]').first().waitFor();
      expect(await dialog(other).count()).toBe(0);
      expect(await other.locator('[data-scope="tour"]').count()).toBe(0);
      // Nothing covers the page: a click on the first project opens it.
      await other.locator('.lb-table tbody tr[data-project] a.project-link').first().click();
      await other.waitForURL((url) => url.pathname.startsWith('/projects/'));
      // The first tab's tour goes on.
      await page.bringToFront();
      await expectStep(page, ANONYMOUS[1]!, '2 of 6');
      await context.close();
    });

    it('a removed target is skipped, and logged', async () => {
      const { context, page } = await newPage(run.browser, run.server.url, viewport);
      const logs: string[] = [];
      page.on('console', (m) => logs.push(m.text()));
      await page.goto('/?tour=true');
      await expectStep(page, ANONYMOUS[0]!, '1 of 6');
      await page.evaluate(() =>
        document.querySelector('[data-tour="trending"]')?.removeAttribute('data-tour'),
      );
      await next(page);
      await expectStep(page, ANONYMOUS[1]!, '2 of 6');
      await next(page);
      await expectStep(page, ANONYMOUS[3]!, '4 of 6');
      expect(logs.some((l) => l.includes('Target not mounted'))).toBe(true);
      await context.close();
    });
  });
}
