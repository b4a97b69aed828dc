/**
 * The impersonation machine's paths driven through the Impersonation Tool and the impersonation banner in
 * Chromium, against the real server. The tool's calls are held until the model's done or error
 * event: a switch to a real user reloads the page as that user, an id nobody has gets the server's 404, and a
 * server failure (which the real server cannot be made to produce) is a held request answered 500. A failed exit
 * is real too: the admin already exited in another tab, so the server refuses with 409 NotImpersonating.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  impersonationMachine,
  USER_NOT_FOUND,
} from '../../machines/auth/impersonation/impersonation.machine';
import { pending } from '../paths/harness';
import { createAccount, signInApi } from './accounts';
import { newPage, startServerAndBrowser } from './harness';
import { acceptCookies } from './site-helpers';
import { describeUiPaths, eventually, holdRequests } from './ui-model';

const ADMIN = `imp-admin-${randomUUID().slice(0, 8)}@example.com`;
const TARGET = `imp-target-${randomUUID().slice(0, 8)}@example.com`;
/** An id no account has: the server answers 404 UserNotFound. */
const MISSING_ID = randomUUID();
const UNKNOWN_ERROR = 'Something went wrong.';
const NOT_IMPERSONATING = 'You are not impersonating anyone.';

// The tool is on for every signed-in user, so it can still be opened while impersonating (after a failed exit):
// with the shipped flags it is on for admins only, and the flag is evaluated for the impersonated user.
const flagsDir = mkdtempSync(path.join(os.tmpdir(), 'ui-paths-impersonation-'));
const flagsFile = path.join(flagsDir, 'flags.json');
const flags = JSON.parse(readFileSync('flags.json', 'utf8')) as {
  flags: Record<string, { defaultVariant: string; targeting?: unknown }>;
};
const { targeting: _adminsOnly, ...shipped } = flags.flags.impersonationTool!;
flags.flags.impersonationTool = { ...shipped, defaultVariant: 'on' };
writeFileSync(flagsFile, JSON.stringify(flags));

// Registered first, so that it runs last: after the server has stopped.
afterAll(() => rmSync(flagsDir, { recursive: true, force: true }));
const { server, browser } = await startServerAndBrowser({ ADMIN_EMAILS: ADMIN, FLAGS_FILE: flagsFile });

/** The accounts' ids (usernames), as support would copy them. */
async function accountId(email: string): Promise<string> {
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  try {
    await createAccount(api, email);
    expect((await signInApi(api, email)).status()).toBe(200);
    const session = (await (await api.get('/api/auth/session')).json()) as { user: { username: string } };
    return session.user.username;
  } finally {
    await api.dispose();
  }
}
const ADMIN_ID = await accountId(ADMIN);
const TARGET_ID = await accountId(TARGET);

/** Writes of the page's own request context (its cookies), with the CSRF token as the app sends it. */
async function post(page: Page, url: string, data: object) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const res = await page.request.post(url, { data, headers: { 'x-csrf-token': csrfToken } });
  expect(res.status(), await res.text()).toBe(200);
}

type PageState = {
  hold: Awaited<ReturnType<typeof holdRequests>>;
  /** The page starts impersonating TARGET (the banner's paths). */
  impersonating: boolean;
  /** The admin exits in another tab before Exit is pressed here, so the server refuses it. */
  exitElsewhere: boolean;
};
const pages = new WeakMap<Page, PageState>();

const tool = (page: Page) => page.locator('[data-scope="impersonation-tool"] [data-part="panel"]');
const userIdInput = (page: Page) => tool(page).locator('[data-part="user-id"]');
const banner = (page: Page) => page.locator('[data-scope="impersonation-banner"]');

const isExitError = (e: EventObject) => e.type === 'xstate.error.actor.exitImpersonation';
const isNotFound = (e: EventObject) =>
  e.type === 'xstate.error.actor.switchUser' &&
  (e as EventObject & { error: { status?: number } }).error.status === 404;

function events(s: AnyMachineSnapshot): EventObject[] {
  const list: (EventObject & Record<string, unknown>)[] = [
    { type: 'OPEN' },
    { type: 'CLOSE' },
    { type: 'CHANGE', value: MISSING_ID },
    { type: 'CHANGE', value: TARGET_ID },
    { type: 'SUBMIT' },
    { type: 'EXIT', adminId: ADMIN_ID },
  ];
  if (s.matches({ open: 'switching' })) {
    if ((s.context.userId as string).trim() === TARGET_ID) {
      list.push({ type: 'xstate.done.actor.switchUser', output: {} } as EventObject);
      list.push({
        type: 'xstate.error.actor.switchUser',
        error: Object.assign(new Error(UNKNOWN_ERROR), { status: 500 }),
      } as EventObject);
    } else {
      list.push({
        type: 'xstate.error.actor.switchUser',
        error: Object.assign(new Error(USER_NOT_FOUND), { status: 404, code: 'UserNotFound' }),
      } as EventObject);
    }
  }
  if (s.matches('exiting')) {
    list.push({ type: 'xstate.done.actor.exitImpersonation', output: {} } as EventObject);
    list.push({
      type: 'xstate.error.actor.exitImpersonation',
      error: Object.assign(new Error(NOT_IMPERSONATING), { status: 409, code: 'NotImpersonating' }),
    } as EventObject);
  }
  return list;
}

describeUiPaths({
  name: 'impersonation',
  machine: impersonationMachine.provide({
    actors: { switchUser: pending() as never, exitImpersonation: pending() as never },
  }),
  input: {},
  events,
  feasible: (path) => {
    const exits = path.some((e) => e.type === 'EXIT');
    // The banner (Exit) shows only while impersonating, and then the server refuses a switch (409).
    if (exits && path.some((e) => e.type === 'SUBMIT')) return false;
    // Once the admin exited elsewhere, this tab's exit cannot succeed any more.
    const failedExit = path.findIndex(isExitError);
    if (
      failedExit >= 0 &&
      path.slice(failedExit).some((e) => e.type === 'xstate.done.actor.exitImpersonation')
    )
      return false;
    // Switch User again with an id the server just said nobody has would only repeat the 404; the retry is taken
    // after a server failure instead (so both texts are seen).
    if (path.some((e, i) => isNotFound(e) && path[i + 1]?.type === 'SUBMIT')) return false;
    // Typing the id the field already holds changes nothing in the page (no input event).
    let field = '';
    for (const e of path) {
      if (e.type !== 'CHANGE') continue;
      const { value } = e as EventObject & { value: string };
      if (value === field) return false;
      field = value;
    }
    return true;
  },
  open: async (path) => {
    const { page } = await newPage(browser, server.url);
    await acceptCookies(page);
    // The onboarding survey notice was already seen today (it would cover the page).
    await page.addInitScript(() =>
      window.localStorage.setItem('survey-last-notification-time', String(Date.now())),
    );
    const state: PageState = {
      hold: await holdRequests(page, /\/api\/impersonation-tool\//),
      impersonating: path.some((e) => e.type === 'EXIT'),
      exitElsewhere: path.some(isExitError),
    };
    pages.set(page, state);
    expect((await signInApi(page.request, ADMIN)).status()).toBe(200);
    if (state.impersonating)
      await post(page, '/api/impersonation-tool/create', { impersonatingUserId: TARGET_ID });
    // A light page with the header: the home page's leaderboard and strips cost each path a fifth more CPU.
    await page.goto('/resources/methodology');
    if (state.impersonating) await banner(page).waitFor();
    return page;
  },
  close: (page) => page.context().close(),
  perform: {
    // The shortcut, once the flag has arrived and the tool's code is loaded.
    OPEN: async ({ page }) => {
      for (let attempt = 0; attempt < 60; attempt++) {
        await page.keyboard.press('Alt+Shift+KeyI');
        if (await userIdInput(page).isVisible()) return;
        await page.waitForTimeout(250);
      }
      throw new Error('the Impersonation Tool did not open');
    },
    // Cancel; while a switch is on its way Cancel is disabled and only Escape is left to try.
    CLOSE: async ({ page, step }) => {
      if (step.before.hasTag('busy')) await page.keyboard.press('Escape');
      else await tool(page).locator('[data-part="cancel"]').click();
    },
    CHANGE: ({ page, event }) => userIdInput(page).fill(String(event.value)),
    SUBMIT: ({ page }) => tool(page).locator('[data-part="submit"]').click(),
    EXIT: async ({ page }) => {
      const state = pages.get(page)!;
      if (state.exitElsewhere) {
        state.exitElsewhere = false;
        // Another tab of the same browser exits first (same cookies); this tab still shows the banner.
        await post(page, '/api/impersonation-tool/delete', { adminId: ADMIN_ID });
      }
      await banner(page).locator('[data-part="exit"]').click();
    },
    'xstate.done.actor.switchUser': ({ page }) => pages.get(page)!.hold.answer(),
    'xstate.error.actor.switchUser': ({ page, event }) => {
      const { hold } = pages.get(page)!;
      return (event.error as { status: number }).status === 500 ? hold.fail() : hold.answer();
    },
    'xstate.done.actor.exitImpersonation': ({ page }) => pages.get(page)!.hold.answer(),
    'xstate.error.actor.exitImpersonation': async ({ page }) => {
      const { hold } = pages.get(page)!;
      await hold.answer();
      // A CSRF token minted for the session before the other tab's exit is refused and the app retries once.
      await eventually(async () => {
        if (hold.pending() > 0) await hold.answer();
        expect(await banner(page).locator('[data-part="error"]').isVisible()).toBe(true);
      }, 10_000);
    },
  },
  states: {
    'impersonation.closed': async (page) => {
      const { impersonating } = pages.get(page)!;
      await eventually(async () => {
        expect(await userIdInput(page).count()).toBe(0);
        if (impersonating) {
          expect(await banner(page).locator('[data-part="subject"]').textContent()).toBe(TARGET);
          expect(await banner(page).locator('[data-part="error"]').count()).toBe(0);
          expect(await banner(page).locator('[data-part="exit"]').isEnabled()).toBe(true);
        } else {
          expect(await banner(page).count()).toBe(0);
        }
      });
    },
    'impersonation.open': async (page, snapshot) => {
      const busy = snapshot.hasTag('busy');
      const error = snapshot.hasTag('error') ? (snapshot.context.error as string) : null;
      await eventually(async () => {
        expect(await userIdInput(page).isVisible()).toBe(true);
        expect(await tool(page).locator('h2').textContent()).toBe('Impersonation Tool');
        expect(await userIdInput(page).inputValue()).toBe(snapshot.context.userId);
        expect(await userIdInput(page).isDisabled()).toBe(busy);
        expect(await tool(page).locator('[data-part="cancel"]').isDisabled()).toBe(busy);
        expect(await tool(page).locator('[data-part="submit"]').isEnabled()).toBe(
          snapshot.can({ type: 'SUBMIT' }),
        );
        const shown = tool(page).locator('[data-part="error"]');
        if (error === null) expect(await shown.count()).toBe(0);
        else {
          expect(await shown.textContent()).toBe(error);
          expect(await userIdInput(page).getAttribute('aria-invalid')).toBe('true');
        }
        // The exit error is not shown in the banner while the tool is open.
        expect(await banner(page).locator('[data-part="error"]').count()).toBe(0);
      });
    },
    'impersonation.open.editing': async (page) =>
      eventually(async () => expect(await userIdInput(page).isEnabled()).toBe(true)),
    'impersonation.open.switching': async (page) =>
      eventually(async () => {
        expect(await userIdInput(page).isDisabled()).toBe(true);
        expect(await tool(page).locator('[data-part="submit"]').isDisabled()).toBe(true);
        expect(pages.get(page)!.hold.pending()).toBe(1);
      }),
    'impersonation.open.failed': async (page, snapshot) =>
      eventually(async () => {
        expect(await tool(page).locator('[data-part="error"]').textContent()).toBe(snapshot.context.error);
        expect(await userIdInput(page).isEnabled()).toBe(true);
      }),
    'impersonation.exiting': async (page) =>
      eventually(async () => {
        expect(await userIdInput(page).count()).toBe(0);
        expect(await banner(page).locator('[data-part="exit"]').isDisabled()).toBe(true);
        expect(await banner(page).locator('[data-part="error"]').count()).toBe(0);
      }),
    'impersonation.exitFailed': async (page, snapshot) =>
      eventually(async () => {
        expect(await userIdInput(page).count()).toBe(0);
        expect(snapshot.context.error).toBe(NOT_IMPERSONATING);
        expect(await banner(page).locator('[data-part="error"]').textContent()).toBe(NOT_IMPERSONATING);
        expect(await banner(page).locator('[data-part="exit"]').isEnabled()).toBe(true);
        expect(await banner(page).locator('[data-part="subject"]').textContent()).toBe(TARGET);
      }),
    // The page reloads: as the chosen user after a switch (the banner names them), as the admin after an exit.
    'impersonation.reloading': async (page, _snapshot, step) => {
      const switched = step.event.type === 'xstate.done.actor.switchUser';
      await eventually(async () => {
        expect(await userIdInput(page).count()).toBe(0);
        if (switched) {
          expect(await banner(page).locator('[data-part="subject"]').textContent()).toBe(TARGET);
          expect(await banner(page).locator('[data-part="exit"]').isEnabled()).toBe(true);
        } else expect(await banner(page).count()).toBe(0);
      }, 15_000);
      const session = (await (await page.request.get('/api/auth/session')).json()) as {
        user: { username: string; adminId?: string };
      };
      expect(session.user).toMatchObject(
        switched ? { username: TARGET_ID, adminId: ADMIN_ID } : { username: ADMIN_ID },
      );
      if (!switched) expect(session.user.adminId).toBeUndefined();
    },
  },
});
