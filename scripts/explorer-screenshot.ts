/**
 * Screenshot of the development-only machine explorer (/dev/machines) for docs/screenshots:
 * `npx tsx scripts/explorer-screenshot.ts [machine id to select, default session]`.
 * Starts a Vite dev server on port 5199 in this process (the API proxy may point at nothing: the page shows the
 * actors that run without it; PORT names a running API server, as in vite.config.ts), and stops it afterwards.
 */
import path from 'node:path';
import { createServer } from 'vite';
import { DESKTOP, launchBrowser } from '../tests/e2e/harness';

const machineId = process.argv[2] ?? 'session';
const out = path.resolve('docs/screenshots/machine-explorer-desktop.png');
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

const server = await createServer({
  configFile: path.resolve('vite.config.ts'),
  logLevel: 'warn',
  server: {
    port: 5199,
    strictPort: true,
    // vite.config.ts proxies every path under /api, which includes the client's own modules in api/
    // (/api/auth.ts): serve those from the sources.
    proxy: {
      '/api': {
        target: apiTarget,
        bypass: (req) => (/\.[cm]?[jt]sx?$/.test(req.url?.split('?')[0] ?? '') ? req.url : undefined),
      },
    },
  },
});
await server.listen();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
  const page = await context.newPage();
  await page.goto('http://localhost:5199/dev/machines');
  await page.waitForSelector('[data-scope="machine-explorer"] [data-part="actor"]', { timeout: 60_000 });
  const wanted = page.locator('[data-part="actor"]', { hasText: `#${machineId}` }).first();
  await (
    (await wanted.count()) ? wanted : page.locator('[data-part="actor"]', { hasText: '#' }).first()
  ).click();
  await page.waitForSelector('[data-part="chart"] [data-part="state"][data-active="true"]', {
    timeout: 60_000,
  });
  await page.screenshot({ path: out });
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
