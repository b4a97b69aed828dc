import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startOidcProvider, type LocalOidcProvider } from '../helpers/oidc-provider';
import { launchBrowser, PHONE, startServer, type RunningServer } from './harness';
import { passOidcProvider, quietPage } from './site-helpers';

/*
 * Social sign-in in a real browser: the product (configured with OIDC_* as docs/auth.md says) sends Chromium to a
 * real OpenID provider (oidc-provider) started here, whose own development pages ask for a login and a consent,
 * and the browser comes back to the product signed in.
 */

let idp: LocalOidcProvider;
let server: RunningServer;
let plain: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The provider listens first (the product needs its issuer); it reads the product's redirect URI on its first
  // request, after the product has started on its own free port.
  idp = await startOidcProvider({
    redirectUris: () => [`${server.url}/api/auth/callback/google`],
    claims: (login) => ({ email: login, emailVerified: true }),
  });
  [server, plain, browser] = await Promise.all([
    startServer({
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_PROVIDERS: 'Google',
    }),
    startServer(),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), plain?.stop()]);
  await idp?.close();
});

/** A page without the onboarding survey's first-login notification and the cookie notice over it. */
const openPage = (url: string, viewport?: { width: number; height: number }) =>
  quietPage(browser, url, viewport);

const account = (page: Page) => page.locator('[data-tour="account"]');
const dialog = (page: Page) => page.locator('[role="dialog"][data-scope="auth-modal"]');

describe('social sign-in with the local OpenID provider', () => {
  it('lists Google among the providers only when OIDC is configured', async () => {
    const configured = await (await fetch(`${server.url}/api/auth/providers`)).json();
    expect(Object.keys(configured)).toEqual(['credentials', 'google']);
    expect(configured.google).toMatchObject({ id: 'google', name: 'Google', type: 'oauth' });
    const unconfigured = await (await fetch(`${plain.url}/api/auth/providers`)).json();
    expect(Object.keys(unconfigured)).toEqual(['credentials']);

    // The modal of the product without OIDC offers no social button.
    const { context, page } = await openPage(plain.url);
    await page.goto('/');
    await account(page).getByRole('link', { name: 'Log in' }).click();
    await dialog(page).getByRole('heading', { name: 'Log in' }).waitFor();
    await dialog(page).getByLabel('Email').waitFor();
    expect(await page.getByRole('link', { name: /Continue with/ }).count()).toBe(0);
    await context.close();
  });

  it('signs in through the provider’s login and consent pages and comes back signed in', async () => {
    const email = `social-${Date.now()}@example.com`;
    const { context, page } = await openPage(server.url);
    await page.goto('/');

    // Open the auth modal from the header and choose Google.
    await account(page).getByRole('link', { name: 'Log in' }).click();
    const google = dialog(page).getByRole('link', { name: 'Continue with Google' });
    await google.click();

    // The provider's login and consent pages, then back to the product.
    await passOidcProvider(page, idp.issuer, email);
    const authorize = idp.lastAuthorize();
    expect(authorize?.get('identity_provider')).toBe('Google');
    expect(authorize?.get('response_type')).toBe('CODE');
    expect(authorize?.get('redirect_uri')).toBe(`${server.url}/api/auth/callback/google`);
    await page.waitForURL((url) => url.origin === server.url && url.pathname === '/');

    // Signed in: the header's account menu shows the email's initial, and the session names the user.
    const avatar = account(page).getByRole('button', { name: `Account menu for ${email}` });
    await avatar.waitFor();
    expect((await avatar.innerText()).trim()).toBe('S');
    const session = await page.evaluate(() => fetch('/api/auth/session').then((r) => r.json()));
    expect(session.user.email).toBe(email);
    await context.close();
  });

  it('comes back to the callbackUrl of the /auth/login page on narrow layouts', async () => {
    const email = `phone-${Date.now()}@example.com`;
    const { context, page } = await openPage(server.url, PHONE);
    await page.goto('/auth/login?callbackUrl=%2Fmy%2Fsettings');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await passOidcProvider(page, idp.issuer, email);
    await page.waitForURL((url) => url.origin === server.url);
    expect(new URL(page.url()).pathname).toBe('/my/settings');
    await page.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor();
    const session = await page.evaluate(() => fetch('/api/auth/session').then((r) => r.json()));
    expect(session.user.email).toBe(email);
    await context.close();
  });
});
