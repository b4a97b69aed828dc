import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { newPage, type ServerAndBrowser } from './harness';

/** Runs axe-core in the page and fails with the list of violations (rule id and offending nodes). */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  await takeOverPartsOnView(page);
  // Evaluated through the debugging protocol: our CSP (script-src 'self') refuses an injected inline script tag.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  });
  expect(violations, `axe violations on ${label}`).toEqual([]);
}

/**
 * Once the app runs, brings every part that loads on view (src/first-load/partOnView.tsx) in and waits until React has
 * taken it over, then scrolls back. axe scrolls to each element it checks: were a part taken over mid-run, axe would
 * measure the server's detached nodes (their box at 0,0) against whatever then lies under the viewport's corner.
 * A part the layout hides (no box: never in view, so never loaded) is skipped, as axe skips it.
 */
async function takeOverPartsOnView(page: Page) {
  const running = await page.evaluate(async () => {
    if (document.documentElement.dataset.app !== 'running') return false;
    const { scrollX, scrollY } = window;
    for (const part of document.querySelectorAll('[data-part-on-view]:not([data-taken-over])')) {
      // The slot itself has no box (display: contents); its content has.
      part.firstElementChild?.scrollIntoView();
      // Two frames: the IntersectionObserver reports after the frame that showed the part (a second at most: a page
      // that draws no frame fails on the wait below, with its message, rather than hanging here).
      await new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
        setTimeout(resolve, 1000);
      });
    }
    window.scrollTo(scrollX, scrollY);
    return true;
  });
  if (!running) return;
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-part-on-view]:not([data-taken-over])')].every(
      (part) => !part.firstElementChild?.getClientRects().length,
    ),
  );
}

/** Whether the page is wider than its viewport (horizontal scrolling). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Accept the cookie notice before the page loads (for tests about something else). */
export const acceptCookies = (page: Page) =>
  page.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));

/** A new page (desktop unless told) with the cookie notice accepted, at `path`. */
export async function openAt(run: ServerAndBrowser, path: string, viewport?: Parameters<typeof newPage>[2]) {
  const opened = await newPage(run.browser, run.server.url, viewport);
  await acceptCookies(opened.page);
  await opened.page.goto(path);
  return opened;
}

/**
 * newPage for a visitor who has already answered the notices a new account meets: the onboarding survey's was seen
 * just now and the cookie notice is accepted, so neither covers what the test looks at.
 */
export async function quietPage(...args: Parameters<typeof newPage>) {
  const opened = await newPage(...args);
  await opened.context.addInitScript(() => {
    window.localStorage.setItem('survey-last-notification-time', String(Date.now()));
    window.localStorage.setItem('cookieConsent', 'true');
  });
  return opened;
}

/** The leaderboard's first `count` rows, as GET /api/leaderboard lists them. */
export async function leaderboardTop<Row = { id: string; name: string }>(
  baseURL: string,
  count: number,
): Promise<Row[]> {
  const board = (await (await fetch(`${baseURL}/api/leaderboard?pageSize=${count}`)).json()) as {
    items: Row[];
  };
  return board.items;
}

/**
 * oidc-provider's development login page (any login is the account id; the tests' providers make it the email claim
 * too), then its consent page; `issuer` is the provider's address, where the product sends the browser.
 */
export async function passOidcProvider(page: Page, issuer: string, email: string) {
  await page.waitForURL((url) => url.origin === issuer);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.locator('input[name="prompt"][value="consent"]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Another visitor's "Yes" on the second of the leaderboard's first `pageSize` projects, sent as the site's own page
 * sends it (a vote from anywhere else is refused). Answers the third project's id, which nobody voted on here.
 */
export async function yesOnAnotherProject(run: ServerAndBrowser, pageSize: number) {
  const board = (await (await fetch(`${run.server.url}/api/leaderboard?pageSize=${pageSize}`)).json()) as {
    items: { id: string }[];
  };
  const [, other, fresh] = board.items.map((item) => item.id);
  const sameOrigin = { headers: { 'sec-fetch-site': 'same-origin' } };
  expect((await fetch(`${run.server.url}/api/projects/vote?id=${other}&vote=yes`, sameOrigin)).status).toBe(
    200,
  );
  return fresh;
}

/**
 * Console errors and warnings, and uncaught errors, as a person with the developer tools open would read them: what
 * would mean the server's HTML was not taken over as it is (React reports a hydration mismatch through
 * src/main.tsx's onRecoverableError, as a warning).
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** The chunks the page fetches from now on whose address `file` matches: its first group (the chunk's name), in order. */
export function chunksFetched(page: Page, file: RegExp): string[] {
  const names: string[] = [];
  page.on('request', (r) => {
    const found = file.exec(r.url());
    if (found) names.push(found[1]!);
  });
  return names;
}
