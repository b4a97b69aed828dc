import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from 'playwright-core';
import { createAccount, csrfToken, signInApi, signUpAndSignIn } from './accounts';
import { DESKTOP, launchBrowser, newPage, picture, PHONE, startServer, type RunningServer } from './harness';
import { freshPostgresDatabase } from '../helpers/app';
import { quietPage } from './site-helpers';

const ADMIN = 'ratings-admin@example.com';

let server: RunningServer;
let browser: Browser;
let admin: APIRequestContext;
let adminCsrf: string;
/** The PostgreSQL database of the run on PostgreSQL (the import command writes to it beside the server). */
let scratch: { url: string; drop: () => Promise<void> } | undefined;

/** The same flow on the embedded database and, where CI has one, on PostgreSQL. */
const BACKENDS = [
  { backend: 'PGlite', postgres: false },
  ...(process.env.TEST_DATABASE_URL ? [{ backend: 'PostgreSQL', postgres: true }] : []),
];

type Mail = { to: string; subject: string; text: string; sentAt: string };

/** An admin changes a project's signals (the server recomputes it and queues the notify jobs). */
async function setSignals(projectId: string, signals: Record<string, number | null>): Promise<void> {
  const res = await admin.post(`/api/admin/projects/${encodeURIComponent(projectId)}/signals`, {
    data: { signals },
    headers: { 'x-csrf-token': adminCsrf },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * `npm run import` of a signal change, beside the running server (PostgreSQL only: PGlite is one process's). The
 * import recomputes the project and queues the notify jobs; the server's job runner sends them.
 */
async function importSignals(projectId: string, signals: Record<string, number | null>): Promise<void> {
  const p = (await (await admin.get(`/api/projects/${encodeURIComponent(projectId)}`)).json()) as {
    id: string;
    name: string;
    tokenTickers: string[];
    chains: string[];
  };
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'sentinel-import-')), 'signals.json');
  writeFileSync(
    file,
    JSON.stringify([{ id: p.id, name: p.name, tokenTickers: p.tokenTickers, chains: p.chains, signals }]),
  );
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/cli/import.ts', file],
    {
      env: { ...process.env, DATABASE_URL: scratch!.url, LOG_LEVEL: 'warn' },
    },
  );
  expect(stdout).toContain('Imported 1 project; rejected 0 records.');
}

const scoreOf = async (projectId: string) =>
  ((await (await admin.get(`/api/projects/${encodeURIComponent(projectId)}`)).json()) as { score: number })
    .score;
const historyOf = async (projectId: string) =>
  (await (
    await admin.get(`/api/projects/${encodeURIComponent(projectId)}/score-history?range=90d`)
  ).json()) as {
    points: { score: number }[];
  };

const unreadOf = async (page: Page) => {
  const res = await page.request.get('/api/notifications/unread-count');
  return res.ok() ? ((await res.json()) as { unread: number }).unread : -1;
};

/**
 * Waits for the job runner: the watcher's unread count reaches `count`, then stays put for a second (one change
 * may notify the score, the tier and a badge).
 */
async function waitForUnread(page: Page, count: number) {
  const deadline = Date.now() + 60_000;
  let last = -1;
  for (;;) {
    const unread = await unreadOf(page);
    if (unread >= count && unread === last) return unread;
    last = unread;
    if (Date.now() > deadline)
      throw new Error(`unread stayed at ${unread}:\n${server.output().slice(-3000)}`);
    await page.waitForTimeout(unread >= count ? 1000 : 300);
  }
}

async function waitForMail(email: string, about: string, atLeast: number): Promise<Mail[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const mails = (await (
      await admin.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
    ).json()) as Mail[];
    const alerts = mails.filter((m) => `${m.subject}\n${m.text}`.includes(about));
    if (alerts.length >= atLeast) return alerts;
    if (Date.now() > deadline)
      throw new Error(`no alert mail about ${about}: ${JSON.stringify(mails.map((m) => m.subject))}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A signed-in watcher whose watchlist holds `projectId`; survey and cookie notices already answered. */
async function watcherPage(
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const { context, page } = await quietPage(browser, server.url, viewport);
  const email = await signUpAndSignIn(page, 'watcher');
  return { context, page, email };
}

const bell = (page: Page) => page.locator('[data-part="bell"]:visible');
const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each(BACKENDS)('notification centre in a real browser on $backend', ({ postgres }) => {
  beforeAll(async () => {
    scratch = postgres ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL!) : undefined;
    server = await startServer({
      ADMIN_EMAILS: ADMIN,
      JOBS_POLL_MS: '200',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    });
    browser = await launchBrowser();
    admin = await playwrightRequest.newContext({ baseURL: server.url });
    await createAccount(admin, ADMIN);
    const signedIn = await signInApi(admin, ADMIN);
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    adminCsrf = await csrfToken(admin);
  });
  afterAll(async () => {
    await admin?.dispose();
    await browser?.close();
    await server?.stop();
    await scratch?.drop();
  });

  // Two widths in one test, each waiting for a recompute and its mail: over a minute on a loaded machine.
  it(
    'a watched project’s score drops: bell count, the notification, the mail; mark all read (1440 px, then 375 px)',
    { timeout: 150_000 },
    async () => {
      const { context, page, email } = await watcherPage(DESKTOP);

      // The watcher watches the best-rated project of the board.
      const board = (await (await page.request.get('/api/search-project?keyword=')).json()) as {
        id: string;
        name: string;
      }[];
      const project = board[0]!;
      const csrf = await csrfToken(page.request);
      const created = await page.request.post('/api/watchlist/create', {
        data: { name: 'Core', projects: [project.id] },
        headers: { 'x-csrf-token': csrf },
      });
      expect(created.status(), await created.text()).toBe(200);

      // Signed in, nothing yet: the bell has no badge.
      await page.goto('/my/watchlists');
      await bell(page).waitFor();
      expect(await bell(page).getAttribute('aria-label')).toBe('Notifications');
      expect(await page.locator('[data-part="badge"]:visible').count()).toBe(0);

      // The project's audits and bounty go and three incidents are recorded — imported with `npm run import` on
      // PostgreSQL, set by an admin on PGlite: the score drops ≥ 2.
      const scoreBefore = await scoreOf(project.id);
      const pointsBefore = (await historyOf(project.id)).points.length;
      const drop = { auditCount: 0, bugBountyUsd: 0, incidents12m: 3 };
      if (postgres) await importSignals(project.id, drop);
      else await setSignals(project.id, drop);
      const scoreAfter = await scoreOf(project.id);
      expect(scoreBefore - scoreAfter).toBeGreaterThanOrEqual(2);
      const unread = await waitForUnread(page, 1);

      // The project page's score chart has the new point, its marker naming the signal that moved most.
      const viewer = await newPage(browser, server.url, DESKTOP);
      await viewer.page.goto(`/projects/${project.id}`);
      const chart = viewer.page.locator('[data-scope="score-chart"] svg[role="img"]');
      await chart.waitFor();
      expect(await chart.getAttribute('data-points')).toBe(String(pointsBefore + 1));
      const history = await historyOf(project.id);
      expect(history.points.at(-1)!.score).toBe(scoreAfter);
      const newest = viewer.page.locator('[data-scope="score-chart"] [data-part="marker"]').last();
      expect(await newest.getAttribute('aria-label')).toMatch(
        /Audits completed −\d+\.\d: no completed audit$/,
      );
      await viewer.context.close();

      // The bell shows it (a reload, or the next poll or tab visibility).
      await page.reload();
      await page.getByRole('button', { name: `Notifications, ${unread} unread` }).waitFor();
      expect(await page.locator('[data-part="badge"]:visible').textContent()).toBe(String(unread));
      await bell(page).click();
      const popover = page.getByRole('region', { name: 'Notifications' });
      await popover.getByRole('link', { name: project.name }).first().waitFor();
      await popover.getByRole('link', { name: 'View all' }).waitFor();
      await picture(page, 'notifications-bell-desktop');

      // View all → /my/notifications.
      await popover.getByRole('link', { name: 'View all' }).click();
      await page.waitForURL('**/my/notifications');
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      expect(await page.title()).toMatch(/^Notifications/);
      const list = page.getByRole('list', { name: 'Notifications' });
      const items = list.locator('[data-part="item"]');
      const item = items.first();
      await item.getByRole('link', { name: project.name }).waitFor();
      expect(await items.count()).toBe(unread);
      expect(await item.getByRole('link', { name: project.name }).getAttribute('href')).toBe(
        `/projects/${project.id}`,
      );
      expect(await list.locator('[data-unread]').count()).toBe(unread);
      await picture(page, 'notifications-desktop', { fullPage: true });

      // The mail, per the default notification settings.
      await waitForMail(email, project.name, 1);

      // Mark all as read: the badge goes, on the server too.
      await page.getByRole('button', { name: 'Mark all as read' }).click();
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      expect(await page.locator('[data-part="badge"]:visible').count()).toBe(0);
      expect(await list.locator('[data-unread]').count()).toBe(0);
      await expect.poll(() => unreadOf(page)).toBe(0);
      await context.close();

      // At 375 px: the same watcher, a second change (the audits come back, the score rises).
      const phone = await quietPage(browser, server.url, PHONE);
      const signedIn = await signInApi(phone.page.request, email);
      expect(signedIn.status()).toBe(200);
      await setSignals(project.id, { auditCount: 4, bugBountyUsd: 1_000_000, incidents12m: 0 });
      expect((await scoreOf(project.id)) - scoreAfter).toBeGreaterThanOrEqual(2);
      const phoneUnread = await waitForUnread(phone.page, 1);
      await waitForMail(email, project.name, 2);

      await phone.page.goto('/');
      await phone.page.getByRole('button', { name: `Notifications, ${phoneUnread} unread` }).waitFor();
      await bell(phone.page).click();
      const phonePopover = phone.page.getByRole('region', { name: 'Notifications' });
      await phonePopover.getByRole('link', { name: project.name }).first().waitFor();
      const box = await phonePopover.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      await phonePopover.getByRole('link', { name: 'View all' }).click();
      await phone.page.waitForURL('**/my/notifications');
      const phoneList = phone.page.getByRole('list', { name: 'Notifications' });
      await phoneList
        .locator('[data-part="item"]')
        .nth(unread + phoneUnread - 1)
        .waitFor();
      expect(await noHorizontalScroll(phone.page)).toBe(true);
      await picture(phone.page, 'notifications-phone', { fullPage: true });

      // Mark the unread notifications read one by one with their buttons: the count drops, then the badge goes.
      for (let left = phoneUnread - 1; left >= 0; left--) {
        await phoneList
          .getByRole('button', { name: new RegExp(`^Mark as read: ${project.name}`) })
          .first()
          .click();
        await phone.page
          .getByRole('button', {
            name: left > 0 ? `Notifications, ${left} unread` : 'Notifications',
            exact: true,
          })
          .waitFor();
      }
      expect(await phone.page.locator('[data-part="badge"]:visible').count()).toBe(0);
      // The badge follows the click at once; the server's count once the last write is acknowledged.
      await expect.poll(() => unreadOf(phone.page)).toBe(0);

      // The drawer links to the page too.
      await phone.page.getByRole('button', { name: 'Open menu' }).click();
      await phone.page.getByTestId('drawer').getByRole('link', { name: 'Notifications' }).waitFor();
      await phone.context.close();
    },
  );

  it('Account Settings: Email alerts chooses how alert mail arrives, and the choice is kept', async () => {
    const { context, page } = await watcherPage(PHONE);
    await page.goto('/my/settings');
    const select = page.getByLabel('Email alerts');
    await select.waitFor();
    expect(await select.inputValue()).toBe('instant');
    expect(await select.locator('option').allTextContents()).toEqual([
      'As it happens',
      'Daily digest',
      'Weekly digest',
      'No email',
    ]);
    await select.selectOption({ label: 'Daily digest' });
    await page.getByText('Notification settings saved.').waitFor();
    await page.reload();
    await page.getByLabel('Email alerts').waitFor();
    expect(await page.getByLabel('Email alerts').inputValue()).toBe('daily');
    await context.close();
  });

  it('sends a signed-out browser from /my/notifications to the sign-in page', async () => {
    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await page.goto('/my/notifications');
    await page.waitForURL(/\/api\/auth\/signin\?error=SessionRequired/);
    expect(decodeURIComponent(page.url())).toContain('callbackUrl=/my/notifications');
    await context.close();
  });
});
