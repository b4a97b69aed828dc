/**
 * What the browser really downloads: the JavaScript each route fetches in Chromium until the network is quiet,
 * as a guest and signed in, counted as gzip -9 of each script's bytes (what the static graph of bench/size.ts
 * misses: chunks loaded after start, on idle, by the flags SDK, by the session). Used by `npm run size`.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, newIdlePage, startServer } from '../tests/e2e/harness';

export type LoadedRoute = { route: string; path: string; guestKb: number; signedInKb: number | null };

const PASSWORD = 'Passw0rd!x-size';

/**
 * An established account signed in inside `context`: sign-up, the code from the development outbox, sign-in, and
 * the onboarding survey answered (a new account's first pages also load the survey dialog, once).
 */
async function signIn(context: BrowserContext): Promise<void> {
  const api = context.request;
  const email = `size-${Date.now()}@example.com`;
  const ok = async (what: string, res: { ok(): boolean; status(): number; text(): Promise<string> }) => {
    if (!res.ok()) throw new Error(`${what} answered ${res.status()}: ${await res.text()}`);
  };
  await ok('sign-up', await api.post('/api/auth/signup', { data: { email, password: PASSWORD } }));
  const mails = (await (await api.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    code?: string;
  }[];
  const verificationCode = mails.find((m) => m.code)?.code;
  await ok('verify', await api.post('/api/auth/verify-email', { data: { email, verificationCode } }));
  const csrf = async () =>
    ((await (await api.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;
  const csrfToken = await csrf();
  await ok(
    'sign-in',
    await api.post('/api/auth/callback/credentials', {
      form: { email, password: PASSWORD, csrfToken, callbackUrl: '/', json: 'true' },
    }),
  );
  await ok(
    'survey',
    await api.post('/api/user/survey/upload', {
      data: { survey: { userType: 'Retail Investor', projects: [] } },
      headers: { 'x-csrf-token': await csrf() },
    }),
  );
}

/**
 * gzip KB of every script the page fetched from its own origin, from navigation until the network is quiet, with
 * nobody acting on it (home and a project page as a guest then load only their loader).
 */
async function scriptsLoaded(
  browser: Browser,
  baseUrl: string,
  path: string,
  signedIn: boolean,
  acted = false,
): Promise<number> {
  const { context, page } = await newIdlePage(browser, baseUrl);
  try {
    if (signedIn) await signIn(context);
    const bodies: Promise<[string, number]>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script' || !res.url().startsWith(baseUrl)) return;
      const file = res.url().slice(baseUrl.length);
      bodies.push(
        res
          .body()
          .then((b): [string, number] => [file, gzipSync(b, { level: 9 }).length])
          .catch((): [string, number] => [file, 0]),
      );
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    // Idle-time loads (the flags SDK, the auth modal, the account menu) start after the first quiet moment.
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    if (acted) {
      // The visitor's first sign of intent (home and a project page as a guest load the app then), and what follows it.
      await page.keyboard.press('Shift');
      await page.waitForSelector('html[data-app="running"]', { state: 'attached' });
      await page.waitForTimeout(1500);
      await page.waitForLoadState('networkidle');
    }
    const scripts = await Promise.all(bodies);
    // SIZE_DETAIL=1 lists each script, largest first: where a route's budget goes.
    if (process.env.SIZE_DETAIL) {
      console.log(`\n${path} (${signedIn ? 'signed in' : 'guest'}):`);
      for (const [file, bytes] of scripts.sort((a, b) => b[1] - a[1]))
        console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)}  ${file}`);
    }
    return scripts.reduce((sum, [, bytes]) => sum + bytes, 0) / 1024;
  } finally {
    await context.close();
  }
}

/** Starts the built product with a small seed and measures each route, guest and signed in. */
export async function measureLoadedJs(): Promise<LoadedRoute[]> {
  const server = await startServer({ SEED_PROJECTS: '60' });
  const browser = await launchBrowser();
  try {
    const top = (await (await fetch(`${server.url}/api/leaderboard?pageSize=1`)).json()) as {
      items: { id: string }[];
    };
    // [route, path, also signed in, then acted on (as a guest)]
    const routes: [string, string, boolean, boolean?][] = [
      ['home', '/', true],
      ['home, after a key press', '/', false, true],
      ['project page', `/projects/${top.items[0]!.id}`, true],
      ['project page, after a key press', `/projects/${top.items[0]!.id}`, false, true],
      ['product page', '/products/skynet', true],
      ['company page', '/company/about', true],
      ['blog', '/resources/blog', true],
      ['methodology', '/resources/methodology', true],
      ['sign-in page', '/auth/login', false],
      ['watchlists', '/my/watchlists', true],
      ['settings', '/my/settings', true],
    ];
    const out: LoadedRoute[] = [];
    for (const [route, path, alsoSignedIn, acted] of routes) {
      // A /my page sends a guest to sign in: only its signed-in figure is the page's own.
      const guestKb = path.startsWith('/my/')
        ? NaN
        : await scriptsLoaded(browser, server.url, path, false, acted);
      const signedInKb = alsoSignedIn ? await scriptsLoaded(browser, server.url, path, true) : null;
      out.push({ route, path, guestKb, signedInKb });
    }
    return out;
  } finally {
    await browser.close();
    await server.stop();
  }
}
