import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, picture, PHONE, serverAndBrowser } from './harness';
import { expectNoAxeViolations, horizontalOverflow } from './site-helpers';

/*
 * The reference page /developers/api lists the operations of the OpenAPI document (/api/openapi.json) by tag, with
 * their parameters, bodies and responses, in the site's styles: accessible (axe finds nothing), under the site's
 * own CSP (no inline styles allowed, none needed), with no request to another origin, and a title of its own. The
 * screenshot goes to docs/screenshots/developers-api-desktop.png.
 */

const run = serverAndBrowser();

describe('/developers/api', () => {
  it.each([
    ['1440 px', DESKTOP],
    ['375 px', PHONE],
  ])(
    'lists the operations, accessible, offline and under the CSP, at %s',
    async (label, viewport) => {
      const { context, page } = await newPage(run.browser, run.server.url, viewport);
      await context.addInitScript(() => {
        localStorage.setItem('survey-last-notification-time', String(Date.now()));
        localStorage.setItem('cookieConsent', 'true');
        document.addEventListener('securitypolicyviolation', (e) => {
          const w = window as unknown as { __csp?: string[] };
          (w.__csp ??= []).push(`${e.effectiveDirective} blocked ${e.blockedURI}`);
        });
      });
      const violations: string[] = [];
      const foreign: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
      });
      page.on('request', (r) => {
        if (!r.url().startsWith(run.server.url) && !r.url().startsWith('data:')) foreign.push(r.url());
      });

      const res = await page.goto('/developers/api');
      expect(res?.status()).toBe(200);
      expect(res?.headers()['content-security-policy']).not.toContain('unsafe-inline');
      await page.getByRole('heading', { level: 1, name: 'API Reference' }).waitFor();
      const leaderboard = page.getByRole('region', { name: 'GET /api/leaderboard', exact: true });
      await leaderboard.waitFor({ timeout: 30_000 });
      await expect(page.title()).resolves.toBe('API Reference — Sentinel Ratings');
      // A tag's section, an operation's summary, its parameters and its response's fields.
      await page.getByRole('heading', { level: 2, name: 'Partner' }).waitFor();
      await leaderboard.getByText('Leaderboard', { exact: true }).waitFor();
      await leaderboard.getByRole('table', { name: 'Parameters of GET /api/leaderboard' }).waitFor();
      await leaderboard.getByRole('rowheader', { name: 'pageSize' }).waitFor();
      await leaderboard
        .getByText(/^Fields \(\d+\)$/)
        .first()
        .click();
      await leaderboard.getByRole('rowheader', { name: 'items[].name' }).waitFor();

      await expectNoAxeViolations(page, `/developers/api at ${label}`);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      if (viewport === DESKTOP) {
        mkdirSync('docs/screenshots', { recursive: true });
        await page.evaluate(() => window.scrollTo(0, 0));
        await picture(page, 'developers-api-desktop');
      }
      const events = (await page.evaluate(
        () => (window as unknown as { __csp?: string[] }).__csp ?? [],
      )) as string[];
      expect([...violations, ...events]).toEqual([]);
      expect(foreign).toEqual([]);
      await context.close();
    },
    120_000,
  ); // axe over the whole reference is slow while other suites share the two cores

  it('is linked from the footer', async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    await page.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
    await page.goto('/company/about');
    const link = page.locator('footer').getByRole('link', { name: 'API Reference' });
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'API Reference' }).waitFor();
    await page.getByRole('region', { name: 'GET /api/leaderboard', exact: true }).waitFor();
    await context.close();
  });
});
