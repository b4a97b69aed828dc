import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Runs axe-core in the page and fails with the list of violations (rule id and offending nodes). */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  // Evaluated through the debugging protocol: our CSP (script-src 'self') refuses an injected inline script tag.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  });
  expect(violations, `axe violations on ${label}`).toEqual([]);
}

/** Whether the page is wider than its viewport (horizontal scrolling). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Accept the cookie notice before the page loads (for tests about something else). */
export const acceptCookies = (page: Page) =>
  page.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
