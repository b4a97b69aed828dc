import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as playwrightRequest, type APIRequestContext, type Page } from 'playwright-core';
import { newPage, PHONE, serverAndBrowser } from './harness';

const ADMIN = 'admin@example.com';
const TARGET = 'target@example.com';
const PASSWORD = 'Passw0rd!x';

const run = serverAndBrowser({ ADMIN_EMAILS: ADMIN });
let api: APIRequestContext;

/** Signs up and confirms an account through the real routes (code from the development outbox). */
async function createAccount(email: string) {
  const signup = await api.post('/api/auth/signup', { data: { email, password: PASSWORD } });
  expect(signup.status(), await signup.text()).toBe(200);
  const mails = (await (await api.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    code?: string;
  }[];
  const code = mails.find((m) => m.code)?.code;
  const verify = await api.post('/api/auth/verify-email', { data: { email, verificationCode: code } });
  expect(verify.status(), await verify.text()).toBe(200);
}

/** Signs in inside the page's browser context (its cookies), as the login form does. */
async function signIn(page: Page, email: string) {
  const csrf = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const res = await page.request.post('/api/auth/callback/credentials', {
    form: { email, password: PASSWORD, csrfToken: csrf.csrfToken, callbackUrl: '/', json: 'true' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const sessionUser = async (page: Page) =>
  (
    (await (await page.request.get('/api/auth/session')).json()) as {
      user?: { username: string; email: string; adminId?: string };
    }
  ).user;

/** A page whose user already saw the onboarding survey notification today (so it does not cover the page). */
async function freshPage() {
  const opened = await newPage(run.browser, run.server.url);
  await opened.context.addInitScript(() => {
    window.localStorage.setItem('survey-last-notification-time', String(Date.now()));
  });
  return opened;
}

/** Opens the tool with its shortcut once the flag has arrived and the tool is loaded. */
async function openTool(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Impersonation Tool' });
  for (let attempt = 0; attempt < 40; attempt++) {
    await page.keyboard.press('Alt+Shift+KeyI');
    // The dialog element itself has no box (its panel is fixed-positioned); its controls do.
    if (await dialog.getByLabel('User id').isVisible()) return dialog;
    await page.waitForTimeout(250);
  }
  throw new Error('the Impersonation Tool did not open');
}

beforeAll(async () => {
  api = await playwrightRequest.newContext({ baseURL: run.server.url });
  await createAccount(ADMIN);
  await createAccount(TARGET);
});
afterAll(async () => {
  await api?.dispose();
});

describe('impersonation in a real browser', () => {
  it('lets an admin impersonate a user, shows the banner, and exits back to the admin', async () => {
    const { context, page } = await freshPage();
    // The target's id (username), as support would copy it from the user's account.
    const targetPage = await newPage(run.browser, run.server.url);
    await signIn(targetPage.page, TARGET);
    const target = await sessionUser(targetPage.page);
    await targetPage.context.close();
    expect(target?.username).toMatch(/^[0-9a-f-]{36}$/);

    await signIn(page, ADMIN);
    const admin = await sessionUser(page);
    await page.goto('/');

    const dialog = await openTool(page);
    const input = dialog.getByLabel('User id');
    await expect(dialog.getByRole('button', { name: 'Cancel' }).isVisible()).resolves.toBe(true);

    // An id that does not resolve.
    await input.fill('00000000-0000-4000-8000-000000000000');
    await dialog.getByRole('button', { name: 'Switch User' }).click();
    await dialog.getByText("User doesn't exist.").waitFor();

    // The real id: the session switches and the page reloads with the banner.
    await input.fill(target!.username);
    await Promise.all([
      page.waitForEvent('load'),
      dialog.getByRole('button', { name: 'Switch User' }).click(),
    ]);
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain(TARGET);
    await expect(sessionUser(page)).resolves.toMatchObject({
      username: target!.username,
      email: TARGET,
      adminId: admin!.username,
    });

    // Exit: back to the admin, page reloaded, banner gone.
    await Promise.all([
      page.waitForEvent('load'),
      banner.getByRole('button', { name: 'Exit Impersonation' }).click(),
    ]);
    const back = await sessionUser(page);
    expect(back).toMatchObject({ username: admin!.username, email: ADMIN });
    expect(back?.adminId).toBeUndefined();
    await expect(page.getByRole('region', { name: 'Impersonation' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('lets an admin on a phone open the tool from the menu drawer', async () => {
    const { context, page } = await newPage(run.browser, run.server.url, PHONE);
    await context.addInitScript(() => {
      window.localStorage.setItem('survey-last-notification-time', String(Date.now()));
    });
    await signIn(page, ADMIN);
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Open menu' });
    // The phone header shows who is signed in: the avatar is on the menu button.
    await menu.locator('[data-part="avatar"]').waitFor();
    await menu.click();
    const drawer = page.getByTestId('drawer');
    const impersonate = drawer.getByRole('button', { name: 'Impersonate User' });
    await impersonate.waitFor();
    await impersonate.click();
    const dialog = page.getByRole('dialog', { name: 'Impersonation Tool' });
    await dialog.getByLabel('User id').waitFor();
    await expect(drawer.count()).resolves.toBe(0);
    await context.close();
  });

  it('gives a signed-in user without the admin role no tool', async () => {
    const { context, page } = await freshPage();
    await signIn(page, TARGET);
    await page.goto('/');
    // The server's evaluation for this session, in the page (the SDK only loads when a refresh is due).
    const inPage = JSON.parse((await page.locator('#flags-data').textContent())!) as {
      identity: { email: string } | null;
      values: Record<string, unknown>;
    };
    expect(inPage.identity?.email).toBe(TARGET);
    expect(inPage.values.impersonationTool).toBe(false);
    await page.keyboard.press('Alt+Shift+KeyI');
    await expect(page.getByRole('dialog', { name: 'Impersonation Tool' }).count()).resolves.toBe(0);
    await context.close();
  });
});
