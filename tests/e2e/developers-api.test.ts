import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, startServer, type RunningServer } from './harness';

/*
 * Issue 16, item 2: the reference page /developers/api renders the OpenAPI document with Scalar in Chromium at
 * 1440 px, under the site's CSP (no violation), with no request to another origin (no CDN fonts), and the footer
 * links to it. The screenshot goes to docs/screenshots/developers-api-desktop.png.
 */

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('/developers/api', () => {
  it('renders the operations of the document, offline and under the CSP', async () => {
    const { context, page } = await newPage(browser, server.url);
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
      if (!r.url().startsWith(server.url) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) {
        foreign.push(r.url());
      }
    });

    const res = await page.goto('/developers/api');
    expect(res?.status()).toBe(200);
    await page.getByText('Leaderboard', { exact: true }).first().waitFor({ timeout: 30_000 });
    await expect(page.getByText('A project', { exact: true }).first().isVisible()).resolves.toBe(true);
    await page.waitForTimeout(500);

    mkdirSync('docs/screenshots', { recursive: true });
    await page.screenshot({ path: 'docs/screenshots/developers-api-desktop.png' });

    const events = (await page.evaluate(
      () => (window as unknown as { __csp?: string[] }).__csp ?? [],
    )) as string[];
    expect([...violations, ...events]).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  });

  it('is linked from the footer', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/');
    const link = page.locator('footer').getByRole('link', { name: 'API Reference' });
    await expect(link.getAttribute('href')).resolves.toBe('/developers/api');
    await context.close();
  });
});
