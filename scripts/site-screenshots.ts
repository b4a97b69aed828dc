/**
 * Screenshots of the public site for docs/screenshots (home, a project page and the drawer; desktop 1440 and
 * phone 375). Starts the real server with a fresh data folder: `npx tsx scripts/site-screenshots.ts`.
 */
import path from 'node:path';
import { DESKTOP, PHONE, launchBrowser, newPage, startServer } from '../tests/e2e/harness';
import { buildSpaIfStale } from '../server/build-spa';

const out = path.resolve('docs/screenshots');
await buildSpaIfStale(path.resolve('.'), (m) => console.log(m));
const server = await startServer();
const browser = await launchBrowser();
try {
  const ids = (await (await fetch(`${server.url}/api/leaderboard?pageSize=1`)).json()) as { items: { id: string }[] };
  const projectId = ids.items[0]!.id;
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const { context, page } = await newPage(browser, server.url, viewport);
    await context.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
    await page.goto('/');
    await page.waitForSelector('.lb-table tbody tr[data-project]');
    await page.waitForSelector('[data-tour="trending"] .strip-row a');
    await page.screenshot({ path: `${out}/home-${name}.png`, fullPage: name === 'desktop' ? false : false });
    await page.screenshot({ path: `${out}/home-${name}-full.png`, fullPage: true });
    if (name === 'phone') {
      await page.locator('#leaderboard-title').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${out}/leaderboard-${name}.png` });
    }
    await page.goto(`/projects/${projectId}`);
    await page.waitForSelector('#project-title');
    await page.waitForSelector('.chart svg');
    await page.screenshot({ path: `${out}/project-${name}.png`, fullPage: name === 'desktop' });
    if (name === 'phone') {
      await page.locator('#activity-lists-title').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${out}/project-${name}-activity.png` });
    }
    if (name === 'phone') {
      await page.goto('/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.waitForSelector('[data-testid="drawer"]');
      await page.screenshot({ path: `${out}/drawer-${name}.png` });
    } else {
      await page.setViewportSize({ width: 768, height: 1024 });
      await page.goto('/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.waitForSelector('[data-testid="drawer"]');
      await page.screenshot({ path: `${out}/drawer-tablet.png` });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
