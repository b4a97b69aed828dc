import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startOidcProvider, type LocalOidcProvider } from '../helpers/oidc-provider';
import { newPage, serverAndBrowser } from './harness';
import { passOidcProvider } from './site-helpers';

/*
 * In a real browser: the Content-Security-Policy the server sends is strict (no inline
 * script or style, no framing) and the product works under it — Chromium reports no violation on the home page,
 * a project page, the server-rendered sign-in and error pages and the whole social sign-in, including the form
 * post whose redirect goes to the identity provider (form-action). Another site cannot frame the sign-in form.
 */

let idp: LocalOidcProvider;
let projectId: string;

beforeAll(async () => {
  idp = await startOidcProvider({
    redirectUris: () => [`${run.server.url}/api/auth/callback/google`],
    claims: (login) => ({ email: login, emailVerified: true }),
  });
});
afterAll(async () => {
  await idp?.close();
});

const run = serverAndBrowser(() => ({
  OIDC_ISSUER: idp.issuer,
  OIDC_CLIENT_ID: idp.clientId,
  OIDC_CLIENT_SECRET: idp.clientSecret,
  OIDC_PROVIDERS: 'Google',
}));

beforeAll(async () => {
  const page = (await (await fetch(`${run.server.url}/api/leaderboard?pageSize=1`)).json()) as {
    items: { id: string }[];
  };
  projectId = page.items[0]!.id;
});

type Violation = { page: string; text: string };

/**
 * A page that records every CSP violation on our own origin: the `securitypolicyviolation` events (an init script
 * runs before the page's own and is not subject to its CSP) and Chromium's console reports.
 */
async function watchedPage(): Promise<{
  context: BrowserContext;
  page: Page;
  violations: () => Promise<Violation[]>;
}> {
  const { context, page } = await newPage(run.browser, run.server.url);
  await context.addInitScript(() => {
    localStorage.setItem('survey-last-notification-time', String(Date.now()));
    localStorage.setItem('cookieConsent', 'true');
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as unknown as { __csp?: string[] };
      (w.__csp ??= []).push(
        `${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
      );
      sessionStorage.setItem('__csp', JSON.stringify(w.__csp));
    });
  });
  const reported: Violation[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text()) && page.url().startsWith(run.server.url)) {
      reported.push({ page: page.url(), text: message.text() });
    }
  });
  const violations = async () => {
    const events: Violation[] = page.url().startsWith(run.server.url)
      ? ((await page.evaluate(() => JSON.parse(sessionStorage.getItem('__csp') ?? '[]'))) as string[]).map(
          (text) => ({ page: page.url(), text }),
        )
      : [];
    return [...reported, ...events];
  };
  return { context, page, violations };
}

describe('the product under its Content-Security-Policy', () => {
  it('sends the strict policy with the SPA', async () => {
    const res = await fetch(`${run.server.url}/`);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain(`form-action 'self' ${idp.issuer}`);
    expect(policy).not.toContain('unsafe-inline');
  });

  it('renders the home page and a project page without a violation', async () => {
    const { context, page, violations } = await watchedPage();
    await page.goto('/');
    await page.locator('.lb-table tbody tr[data-project]').first().waitFor();
    await page.goto(`/projects/${projectId}`);
    const detail = (await (await fetch(`${run.server.url}/api/projects/${projectId}`)).json()) as {
      name: string;
    };
    await page.getByRole('heading', { level: 1, name: detail.name }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('renders the server’s sign-in and error pages styled and without a violation', async () => {
    const { context, page, violations } = await watchedPage();
    await page.goto('/api/auth/signin?error=SessionRequired');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    // The stylesheet applied (the page's card is 380 px wide on a wide screen).
    expect(await page.locator('main').evaluate((m) => getComputedStyle(m).maxWidth)).toBe('380px');
    await page.goto('/api/auth/error?error=AccessDenied');
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('signs in through the provider from the sign-in page’s link without a violation', async () => {
    const { context, page, violations } = await watchedPage();
    await page.goto('/api/auth/signin?callbackUrl=%2F');
    const before = await violations();
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await passOidcProvider(page, idp.issuer, `csp-link-${Date.now()}@example.com`);
    await page.waitForURL((url) => url.origin === run.server.url && url.pathname === '/');
    await page.locator('.lb-table tbody tr[data-project]').first().waitFor();
    expect([...before, ...(await violations())]).toEqual([]);
    await context.close();
  });

  it('lets a form post to the provider start (form-action covers the issuer’s redirect)', async () => {
    const { context, page, violations } = await watchedPage();
    await page.goto('/api/auth/signin?callbackUrl=%2F');
    const csrfToken = await page.locator('input[name="csrfToken"]').inputValue();
    // A form on our page, as a POST sign-in button would be (NextAuth's shape: csrfToken, callbackUrl).
    await page.evaluate((token) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/api/auth/signin/google';
      for (const [name, value] of [
        ['csrfToken', token],
        ['callbackUrl', '/'],
      ]) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name!;
        input.value = value!;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    }, csrfToken);
    await page.waitForURL((url) => url.origin === idp.issuer);
    await passOidcProvider(page, idp.issuer, `csp-form-${Date.now()}@example.com`);
    await page.waitForURL((url) => url.origin === run.server.url && url.pathname === '/');
    const session = await page.evaluate(() => fetch('/api/auth/session').then((r) => r.json()));
    expect(session.user.email).toMatch(/^csp-form-/);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('cannot be framed by another site', async () => {
    const { context, page } = await newPage(run.browser, idp.issuer);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|X-Frame-Options/i.test(message.text())) refused.push(message.text());
    });
    // Any other origin will do: the identity provider's plays the attacker's page.
    await page.goto(`${idp.issuer}/.well-known/openid-configuration`);
    await page.setContent(`<iframe id="victim" src="${run.server.url}/api/auth/signin"></iframe>`);
    await page.waitForFunction(() => document.querySelector('iframe')?.contentWindow !== null);
    const frame = page.frames().find((f) => f !== page.mainFrame())!;
    await frame.waitForLoadState('load').catch(() => undefined);
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    // The sign-in form never rendered inside the frame.
    expect(await frame.locator('input[name="password"]').count()).toBe(0);
    await context.close();
  });
});
