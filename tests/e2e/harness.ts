import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildSpaIfStale } from '../../server/build-spa';
import { spawnServer, stopProcess } from '../helpers/serverProcess';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type RunningServer = {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop: () => Promise<void>;
  output: () => string;
};

let build: Promise<string> | undefined;
/**
 * A stale build is rebuilt here, once for all the servers this process starts (some start several at once), and not
 * by each server while the start timer runs: a build alone can take two minutes on a busy machine, and the benches
 * start servers without the browser tests' global setup.
 */
const builtOnce = () => (build ??= buildSpaIfStale(path.resolve('.'), (m) => console.log(m)));

/**
 * Names the data folder the browser tests' global setup prepared: what a start with the default seed leaves
 * (PGlite migrated, 300 projects seeded). A start that shapes its data no other way begins from a copy of it, not
 * from an empty folder: ~3 s less per start on this machine (6 s -> 2.6-3 s), and every test file starts one.
 */
export const SEEDED_DATA_ENV = 'SENTINEL_E2E_SEEDED_DATA';

/** The seeded folder for SEEDED_DATA_ENV: one default start, stopped. The caller deletes it. */
export async function prepareSeededData(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sentinel-e2e-seeded-'));
  const server = await startServer({}, { dataDir });
  await server.stop();
  return dataDir;
}

/**
 * Starts the real product (`server/start.mjs`, the bundled server, as `npm start` does) on a free port with a fresh
 * data folder (a copy of the prepared seeded one, when there is one and env does not choose another seed or database).
 * A small seed keeps start-up fast; pass env to change anything else. With `opts.dataDir` it uses that folder
 * instead (a restart on the same data) and `stop()` leaves it in place for the caller to delete.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { dataDir?: string } = {},
): Promise<RunningServer> {
  await builtOnce();
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'sentinel-e2e-'));
  const seeded = process.env[SEEDED_DATA_ENV];
  const shapesData = Object.keys(env).some((key) => key === 'DATABASE_URL' || key.startsWith('SEED_'));
  if (!opts.dataDir && seeded && !shapesData) cpSync(seeded, dataDir, { recursive: true });
  const { url, child, output } = await spawnServer(
    {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_PROJECTS: '300',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // No embedded devnet unless a test asks for one (CHAINS: ''): it is its own process, with traffic.
      CHAINS: 'off',
      ...env,
    },
    120_000,
  );
  return {
    url,
    dataDir,
    process: child,
    output,
    stop: async () => {
      await stopProcess(child);
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** What serverAndBrowser started; reading either before its beforeAll has run is a mistake, and says so. */
export type ServerAndBrowser = { readonly server: RunningServer; readonly browser: Browser };

/**
 * A test file's product and browser: starts both in a beforeAll and closes them in an afterAll, the browser first.
 * `env` goes to startServer; a function is called in the hook, for settings known only once an earlier hook has run
 * (an identity provider's address). `timeout` is the beforeAll's, for a file that allows its start more.
 * Hooks the file registers after this call run after the start and, being afterAll, before the stop.
 */
export function serverAndBrowser(
  env: Record<string, string> | (() => Record<string, string>) = {},
  opts: { timeout?: number } = {},
): ServerAndBrowser {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Each is kept as soon as it is up, so that the afterAll stops it even when the other failed to start.
    await Promise.all([
      startServer(typeof env === 'function' ? env() : env).then((s) => (server = s)),
      launchBrowser().then((b) => (browser = b)),
    ]);
  }, opts.timeout);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined)
      throw new Error(`the ${name} is read before serverAndBrowser's beforeAll started it`);
    return value;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}

/**
 * For a file that needs the product and a browser while its tests are collected (the model-based paths plan from
 * the server's answers, with top-level await): starts both, and closes them in an afterAll.
 */
export async function startServerAndBrowser(
  env: Record<string, string> = {},
): Promise<{ server: RunningServer; browser: Browser }> {
  const server = await startServer(env);
  const browser = await launchBrowser();
  afterAll(async () => {
    await browser.close();
    await server.stop();
  });
  return { server, browser };
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 812 };

/** A page in a context of its own whose `goto` waits for the app to run (waitForTheApp). */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newIdlePage(browser, baseURL, viewport);
  waitForTheApp(opened.page);
  return opened;
}

/**
 * A page in a context of its own that does nothing by itself: home as a guest stays the server's HTML, without the
 * app, as long as nobody acts on it.
 */
export async function newIdlePage(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
  return { context, page: await context.newPage() };
}

/**
 * Public pages arrive rendered by the server, their buttons on screen before the app's code runs. `page.goto` and
 * `page.reload` resolve only once the app runs (the `data-app` mark of src/first-load/liveApp.ts), as a person would wait
 * for the page to respond; a page that is not the app (an API answer, a test's own page) does not wait. Home as a
 * guest loads the app on the visitor's first sign of intent (src/first-load/loader.ts): there the page is given one (a key
 * press that does nothing else) first. tests/e2e/on-intent.test.ts acts before the app runs.
 */
export function waitForTheApp(page: Page) {
  const untilRunning = async <T>(response: T) => {
    // The app's pages carry the server's flags (server/site/pageData.ts); a test's own page or an API answer does not.
    if (await page.locator('#flags-data').count()) {
      await page.waitForSelector('html[data-app]', { state: 'attached', timeout: 30_000 });
      if (await page.locator('html[data-app="waiting"]').count()) await page.keyboard.press('Shift');
      await page.waitForSelector('html[data-app="running"]', { state: 'attached', timeout: 30_000 });
    }
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => untilRunning(await goto(...args));
  page.reload = async (...args) => untilRunning(await reload(...args));
}

/**
 * Scrolls through the page to its end as a reader would, then back to the top: the parts below the fold
 * (src/first-load/partOnView.tsx) load only when they come near the viewport, so a check of the whole page reads it first.
 */
export async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    // Two frames, or a second if the page draws none (a stalled compositor once left this waiting for good).
    const frame = () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
        setTimeout(resolve, 1000);
      });
    // The page grows as parts arrive: its height is read again at every step.
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await frame();
    }
    // On a busy machine a part can be passed before its watcher looks: each one not yet loaded is visited and given
    // up to 10 s (a part the app removed never loads, and is left).
    // A part that arrives can bring slots of its own (a project page's last panels): up to three rounds.
    const visited = new Set<Element>();
    for (let round = 0; round < 3; round++) {
      const waiting = [...document.querySelectorAll('[data-part-on-view]:not([data-live])')].filter(
        (slot) => !visited.has(slot),
      );
      if (waiting.length === 0) break;
      for (const slot of waiting) {
        visited.add(slot);
        slot.scrollIntoView({ block: 'center' });
        for (
          let waited = 0;
          !slot.hasAttribute('data-live') && slot.isConnected && waited < 10_000;
          waited += 100
        ) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await frame();
    }
    window.scrollTo(0, 0);
  });
}

/**
 * Saves a picture of what a test shows into SCREENSHOTS_DIR, when `npm run screenshots` (scripts/screenshots.ts)
 * runs the test to remake docs/screenshots/; the test run itself sets no folder and writes nothing.
 */
export async function picture(target: Page | Locator, name: string, opts: { fullPage?: boolean } = {}) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  const file = path.join(dir, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage: opts.fullPage });
  else await target.screenshot({ path: file });
}
