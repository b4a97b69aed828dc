/**
 * `npm run bench:idle` — what a loaded page costs the main thread while the visitor only reads it: Chromium at phone
 * size (412 x 823, motion allowed), `/` and a project page loaded until the network is quiet, then the main thread's
 * busy time (CDP `TaskDuration`, with its style recalculation) over IDLE_MS, ROUNDS times. A page that keeps
 * animating (a skeleton's shimmer) shows here as hundreds of milliseconds per second. The server is the e2e one
 * (tests/e2e/harness.ts).
 */
import { launchBrowser, startServer } from '../tests/e2e/harness';

const PAGES = ['/', '/projects/ethereum'];
const IDLE_MS = 5_000;
const ROUNDS = Number(process.env.ROUNDS ?? 2);

const server = await startServer();
const browser = await launchBrowser();
try {
  console.log(
    `Main thread busy while idle, ms per ${IDLE_MS / 1000} s after load (412 x 823, motion allowed)`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    for (const path of PAGES) {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 412, height: 823 },
        reducedMotion: 'no-preference',
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const metrics = async () =>
        new Map((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1_000);
      const before = await metrics();
      await page.waitForTimeout(IDLE_MS);
      const after = await metrics();
      const ms = (name: string) => Math.round(((after.get(name) ?? 0) - (before.get(name) ?? 0)) * 1000);
      console.log(
        `  round ${round}  ${path.padEnd(20)} busy ${String(ms('TaskDuration')).padStart(5)} ms` +
          `   style ${String(ms('RecalcStyleDuration')).padStart(4)} ms   layout ${ms('LayoutDuration')} ms`,
      );
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
