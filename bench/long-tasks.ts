/**
 * `npm run bench:long-tasks`: the main thread's long tasks while a page loads, measured in Chromium with its CPU really
 * slowed down 4× (as Lighthouse's mobile preset assumes), not simulated. Lighthouse on this machine estimates TBT from a
 * trace and one run can swing by hundreds of milliseconds; this counts the tasks the browser itself reports
 * (PerformanceObserver 'longtask') until the network is quiet, over RUNS loads per page (default 8).
 *
 * Prints, per page, each run's blocking time (the sum of every long task's time beyond 50 ms, as TBT counts it, but
 * from navigation on rather than from first paint) and the longest task, then their median and mean. Compare two codes
 * side by side: run this in a worktree of each, alternately.
 *
 * Home and a project page as a guest are the server's HTML until the visitor acts (src/first-load/loader.ts): their rows are
 * that load, and the rows "…, after a key press" are what the first sign of intent then costs (the app's code loading
 * and taking the page over), with the time from the key press until the page is the app's (`data-taken-over`), as
 * `npm run size` has rows for what they download.
 */
import { launchBrowser, startServer } from '../tests/e2e/harness';

const RUNS = Number(process.env.RUNS ?? 8);
/** Each row: a page, and whether the visitor then presses a key (the loader's intent). */
const ROWS = [
  { label: '/', path: '/', keyPress: false },
  { label: '/, after a key press', path: '/', keyPress: true },
  { label: '/projects/ethereum', path: '/projects/ethereum', keyPress: false },
  { label: '/projects/ethereum, after a key press', path: '/projects/ethereum', keyPress: true },
];
const CPU_SLOWDOWN = 4;

declare global {
  interface Window {
    longTasks?: number[];
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

const server = await startServer({ SEED_PROJECTS: '2000' });
const browser = await launchBrowser();
try {
  console.log(`Long tasks at ${CPU_SLOWDOWN}× CPU, ${RUNS} loads per page (ms)`);
  for (const { label, path, keyPress } of ROWS) {
    const blocking: number[] = [];
    const longest: number[] = [];
    const takeOvers: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        window.longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.longTasks!.push(entry.duration);
        }).observe({ type: 'longtask', buffered: true });
      });
      // A page of the same site first: the slowdown applies to this renderer, which the measured load then reuses.
      await page.goto(`${server.url}/robots.txt`);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1000);
      let takeOver = '';
      if (keyPress) {
        // Only what the key press set off counts.
        await page.evaluate(() => (window.longTasks = []));
        const pressed = Date.now();
        await page.keyboard.press('Shift');
        await page.waitForSelector('main[data-taken-over]', { timeout: 60_000 });
        takeOvers.push(Date.now() - pressed);
        takeOver = `, taken over after ${takeOvers.at(-1)}`;
        await page.waitForTimeout(1000);
      }
      const tasks = await page.evaluate(() => window.longTasks ?? []);
      blocking.push(tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0));
      longest.push(Math.max(0, ...tasks));
      console.log(
        `  ${label} run ${run + 1}: blocking ${Math.round(blocking.at(-1)!)}, tasks ${tasks.map(Math.round).join(' ') || 'none'}${takeOver}`,
      );
      await context.close();
    }
    console.log(
      `${label}: blocking median ${Math.round(median(blocking))}, mean ${Math.round(mean(blocking))}; ` +
        `longest task median ${Math.round(median(longest))}, mean ${Math.round(mean(longest))}` +
        (takeOvers.length
          ? `; taken over after median ${median(takeOvers)}, mean ${Math.round(mean(takeOvers))}`
          : ''),
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
