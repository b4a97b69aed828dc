import { randomUUID } from 'node:crypto';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TEST_PASSWORD } from './accounts';
import { DESKTOP, newPage, PHONE, serverAndBrowser } from './harness';

/*
 * The real NextAuth v4 client (`next-auth/react` from npm, unmodified) against our auth routes
 * in Chromium. esbuild bundles it with React into a page served on our own origin (through page.route, so the
 * client's fetches and cookies go to the real server): it signs in with a right and a wrong password, reads the
 * session, updates it with `useSession().update()` and signs out — the calls a site built on NextAuth makes.
 */

const CLIENT_ENTRY = `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { getCsrfToken, getProviders, getSession, SessionProvider, signIn, signOut, useSession } from 'next-auth/react';

// useSession() as the page renders it, so the test can call its update() and read its status.
function Probe() {
  const session = useSession();
  window.useSessionValue = session;
  return createElement('p', { id: 'status' }, session.status);
}
createRoot(document.getElementById('root')).render(createElement(SessionProvider, null, createElement(Probe)));
window.nextAuth = { getCsrfToken, getProviders, getSession, signIn, signOut };
`;

type NextAuthWindow = {
  nextAuth: {
    getCsrfToken(): Promise<string | undefined>;
    getProviders(): Promise<Record<string, { id: string; type: string }> | null>;
    getSession(): Promise<{ user?: { name?: string; email?: string }; expires?: string } | null>;
    signIn(
      provider: string,
      options: Record<string, unknown>,
    ): Promise<{ error: string | null; status: number; ok: boolean; url: string | null }>;
    signOut(options: Record<string, unknown>): Promise<{ url: string }>;
  };
  useSessionValue: {
    status: string;
    data: { user?: { name?: string; email?: string } } | null;
    update(data?: unknown): Promise<{ user?: { email?: string } } | null>;
  };
};

const run = serverAndBrowser();
let bundle: string;

beforeAll(async () => {
  const built = await build({
    stdin: { contents: CLIENT_ENTRY, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    // The client reads NEXTAUTH_URL and NODE_ENV from process.env, as a Next.js build would inline them.
    define: { 'process.env.NODE_ENV': '"production"', 'process.env.NEXTAUTH_URL': 'undefined' },
    banner: { js: 'var process = { env: {} };' },
    logLevel: 'silent',
  });
  bundle = built.outputFiles[0]!.text;
});

/** A page on our origin that runs the bundled NextAuth client; everything else goes to the real server. */
async function nextAuthPage(viewport: typeof DESKTOP): Promise<Page> {
  const { page } = await newPage(run.browser, run.server.url, viewport);
  await page.route(`${run.server.url}/nextauth-client/**`, (route) => {
    const isScript = route.request().url().endsWith('.js');
    return route.fulfill({
      status: 200,
      contentType: isScript ? 'text/javascript' : 'text/html',
      body: isScript
        ? bundle
        : '<!doctype html><title>NextAuth client</title><div id="root"></div><script src="/nextauth-client/client.js"></script>',
    });
  });
  await page.goto('/nextauth-client/index.html');
  await page.waitForFunction(() => 'nextAuth' in window);
  return page;
}

const status = (page: Page) => page.locator('#status').textContent();

describe.each([
  ['1440 px', DESKTOP],
  ['375 px', PHONE],
])('the unmodified next-auth/react 4.24 client at %s', (_label, viewport) => {
  it('reads providers and a CSRF token, signs in (wrong then right password), updates and signs out', async () => {
    const email = `nextauth-${randomUUID().slice(0, 8)}@example.com`;
    const page = await nextAuthPage(viewport);
    await createAccount(page.request, email);
    await expect.poll(() => status(page)).toBe('unauthenticated');

    const before = await page.evaluate(async () => {
      const w = window as unknown as NextAuthWindow;
      return {
        providers: await w.nextAuth.getProviders(),
        csrf: await w.nextAuth.getCsrfToken(),
        session: await w.nextAuth.getSession(),
      };
    });
    expect(before.providers?.credentials?.type).toBe('credentials');
    expect(before.csrf).toMatch(/.{16,}/);
    expect(before.session).toBeNull();

    // A wrong password: NextAuth reports our Cognito error name and stays signed out.
    const wrong = await page.evaluate(
      (e) =>
        (window as unknown as NextAuthWindow).nextAuth.signIn('credentials', {
          redirect: false,
          email: e,
          password: 'Wrong1234!',
          callbackUrl: '/my/watchlists',
        }),
      email,
    );
    expect(wrong).toMatchObject({ ok: false, status: 401, error: 'NotAuthorizedException', url: null });
    expect(await status(page)).toBe('unauthenticated');

    // The right one: ok, our absolute callback URL, and useSession() turns authenticated with the user's name.
    const right = await page.evaluate(
      ([e, p]) =>
        (window as unknown as NextAuthWindow).nextAuth.signIn('credentials', {
          redirect: false,
          email: e,
          password: p,
          callbackUrl: '/my/watchlists',
        }),
      [email, TEST_PASSWORD] as const,
    );
    expect(right).toMatchObject({
      ok: true,
      status: 200,
      error: null,
      url: `${run.server.url}/my/watchlists`,
    });
    await expect.poll(() => status(page)).toBe('authenticated');
    const session = await page.evaluate(() => (window as unknown as NextAuthWindow).nextAuth.getSession());
    expect(session?.user).toMatchObject({ name: email, email });

    // useSession().update(): POST /api/auth/session with the token; the answer is the session as the server has it.
    const updated = await page.evaluate(() =>
      (window as unknown as NextAuthWindow).useSessionValue.update({ email: 'someone-else@example.com' }),
    );
    expect(updated?.user?.email).toBe(email);
    expect(await status(page)).toBe('authenticated');

    // Sign out without a redirect: our absolute URL, and the session is gone on the server too.
    const out = await page.evaluate(() =>
      (window as unknown as NextAuthWindow).nextAuth.signOut({ redirect: false, callbackUrl: '/' }),
    );
    expect(out.url).toBe(`${run.server.url}/`);
    await expect.poll(() => status(page)).toBe('unauthenticated');
    const after = await page.request.get('/api/auth/session');
    expect(await after.json()).toEqual({});
    await page.context().close();
  });
});
