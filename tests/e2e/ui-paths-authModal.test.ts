/**
 * The auth modal's paths driven through the header's Log in / Sign up dialog in Chromium, against the real server.
 * Every request is held until the model's done or error event, so the busy states are seen
 * too, and every answer is the real server's: the model's addresses, passwords and codes are stand-ins for what
 * each path prepares (a confirmed account, one that has not confirmed yet, a new address, the code in the
 * development outbox), and the events offered in a state are only those the server gives for its form.
 *
 * Typing and clicks leave the focus where it is (the value is set as typing does, the click is dispatched), so
 * the browser sends no BLUR the path does not have; the resend countdown runs on Playwright's page clock.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { connect } from '../../machines/auth/modal/authModal.connect';
import { authModalMachine } from '../../machines/auth/modal/authModal.machine';
import type { AuthModalContext } from '../../machines/auth/modal/authModal.types';
import { AUTH_MESSAGES } from '../../machines/auth/modal/authModal.messages';
import type { AuthView } from '../../machines/auth/modal/authModal.validation';
import { pendingActors, planPaths } from '../paths/harness';
import { TEST_PASSWORD } from './accounts';
import { newPage, startServerAndBrowser } from './harness';
import { acceptCookies } from './site-helpers';
import { describeUiPaths, eventually, holdRequests } from './ui-model';

// Each path comes from its own address (X-Forwarded-For through a trusted proxy), as different people would: the
// server's per-address limits (10 sign-ups a minute) then count each path on its own.
const { server, browser } = await startServerAndBrowser({ TRUST_PROXY: '127.0.0.1' });

// ---- The stand-ins of the model, and what each path makes of them ----

/** Addresses: each path gets its own account per role (`<role>-<id>@example.com`). */
const CONFIRMED = 'confirmed@example.com'; // signed up and verified
const UNCONFIRMED = 'unconfirmed@example.com'; // signed up a moment ago: the server's resend cooldown runs
const STALE = 'stale@example.com'; // signed up over a minute ago: the cooldown is over
const NEW = 'new@example.com'; // no account
const LIMITED = 'limited@example.com'; // confirmed, but its forgot-password requests for the hour are used up
const ROLES = [CONFIRMED, UNCONFIRMED, STALE, NEW, LIMITED];

const GOOD = TEST_PASSWORD;
const WRONG = 'Wrong-pass1';
/** Meets the form's rule but is longer than the server takes: InvalidPasswordException. */
const TOO_LONG = `Abcdefg1${'x'.repeat(250)}`;

/** Codes: the newest one mailed to the address, a wrong one, and the newest one after another tab used it. */
const CODE = '111111';
const WRONG_CODE = '222222';
const USED_CODE = '333333';

type Ev = EventObject & Record<string, unknown>;
const done = (id: string): Ev => ({ type: `xstate.done.actor.${id}`, output: { ok: true } });
const fail = (id: string, code?: string, retryAfterSeconds?: number): Ev => ({
  type: `xstate.error.actor.${id}`,
  error: Object.assign(new Error(code ?? 'Something went wrong.'), {
    ...(code ? { code } : {}),
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
  }),
});
/** A server error (which the real server cannot be made to produce): the body `holdRequests(...).fail()` sends. */
const serverError = (id: string) => fail(id, 'InternalServerError');

const ctx = (s: AnyMachineSnapshot) => s.context as AuthModalContext;
const m = (s: AnyMachineSnapshot, value: unknown) => s.matches(value as never);
const FIELDS: Record<AuthView, ('email' | 'password' | 'code')[]> = {
  login: ['email', 'password'],
  signup: ['email', 'password'],
  'forgot-password': ['email'],
  'reset-forgotten-password': ['code', 'password'],
  'verify-email': ['code'],
};

/** What a person can do in the dialog, and the real server's answer to what is in flight. */
function events(s: AnyMachineSnapshot): Ev[] {
  if (s.hasTag('closed')) return [{ type: 'OPEN' }, { type: 'OPEN', view: 'signup' }];
  const c = ctx(s);
  const view = connect(s as never).view!;
  const list: Ev[] = [];
  if (!s.hasTag('busy')) {
    const fields = FIELDS[view];
    if (fields.includes('email')) {
      const emails =
        view === 'login'
          ? [CONFIRMED, UNCONFIRMED, STALE]
          : view === 'signup'
            ? [NEW, CONFIRMED]
            : [CONFIRMED, LIMITED];
      for (const value of emails) list.push({ type: 'CHANGE', field: 'email', value });
      // One blur is enough for its transition (it is the same in every view).
      if (view === 'login') list.push({ type: 'BLUR', field: 'email' });
    }
    if (fields.includes('password')) {
      const passwords = view === 'login' ? [GOOD, WRONG] : view === 'signup' ? [GOOD, TOO_LONG] : [GOOD];
      for (const value of passwords) list.push({ type: 'CHANGE', field: 'password', value });
    }
    if (fields.includes('code')) {
      const codes = view === 'verify-email' ? [CODE, WRONG_CODE, USED_CODE] : [CODE, WRONG_CODE];
      for (const value of codes) list.push({ type: 'CHANGE', field: 'code', value });
    }
    if (view === 'signup') list.push({ type: 'TOGGLE_TERMS', checked: true });
    if (view === 'verify-email') list.push({ type: 'RESEND' });
    list.push({ type: 'SUBMIT' });
    if (view === 'login') list.push({ type: 'GO_SIGNUP' }, { type: 'GO_FORGOT_PASSWORD' });
    else list.push({ type: 'GO_LOGIN' });
    list.push({ type: 'CLOSE' });
  }
  if (m(s, { login: 'submitting' })) {
    if (c.password !== GOOD) list.push(fail('signIn', 'NotAuthorizedException'));
    else if (c.email === CONFIRMED) list.push(done('signIn'));
    else if (c.email === UNCONFIRMED) list.push(fail('signIn', 'UserNotConfirmedException', 60));
    else if (c.email === STALE) list.push(fail('signIn', 'UserNotConfirmedException'));
  }
  if (m(s, { 'reset-forgotten-password': 'signingIn' }) || m(s, { 'verify-email': { form: 'signingIn' } }))
    list.push(done('signIn'), serverError('signIn'));
  if (m(s, { signup: 'submitting' })) {
    if (c.password === TOO_LONG) list.push(fail('signUp', 'InvalidPasswordException'));
    else if (c.email === CONFIRMED) list.push(fail('signUp', 'UsernameExistsException'));
    else list.push(done('signUp'), serverError('signUp'));
  }
  if (m(s, { 'forgot-password': 'submitting' })) {
    if (c.email === LIMITED) list.push(fail('forgotPassword', 'LimitExceededException'));
    else list.push(done('forgotPassword'), serverError('forgotPassword'));
  }
  if (m(s, { 'reset-forgotten-password': 'submitting' })) {
    if (c.code === CODE) list.push(done('resetPassword'), serverError('resetPassword'));
    else list.push(fail('resetPassword', 'CodeMismatchException'));
  }
  if (m(s, { 'verify-email': { form: 'submitting' } })) {
    if (c.code === CODE) list.push(done('verifyEmail'), serverError('verifyEmail'));
    else if (c.code === USED_CODE) list.push(fail('verifyEmail', 'NotAuthorizedException'));
    else list.push(fail('verifyEmail', 'CodeMismatchException'));
  }
  if (m(s, { 'verify-email': { resend: 'sending' } })) {
    // A new or just-signed-up address is still in the server's cooldown; a stale one's is over.
    if (c.email === STALE) list.push(done('resendConfirmation'));
    else list.push(fail('resendConfirmation', 'LimitExceededException', 60));
    list.push(serverError('resendConfirmation'));
  }
  if (m(s, { 'verify-email': { resend: 'cooling' } })) list.push({ type: 'xstate.done.actor.resendTimer' });
  return list;
}

/** Snapshots differ by state, the stand-ins in the fields, and what the guards read. */
function serializeState(s: AnyMachineSnapshot): string {
  const c = ctx(s);
  return JSON.stringify([
    s.value,
    c.email,
    c.password,
    c.code,
    c.terms,
    c.touched.email && c.touched.password,
    c.credentials?.email === c.email.trim(),
  ]);
}

/** Events after which the server's answers depend on what the path already did there, not on the form. */
const CHANGES_THE_ACCOUNT = new Set([
  'xstate.done.actor.signUp',
  'xstate.done.actor.verifyEmail',
  'xstate.done.actor.resetPassword',
  'xstate.done.actor.resendConfirmation',
  'xstate.error.actor.verifyEmail',
]);
const isUsedCode = (e: EventObject) =>
  e.type === 'CHANGE' && (e as Ev).field === 'code' && (e as Ev).value === USED_CODE;

/** A path ends with something settled: a server's answer, the countdown's end, leaving the view, or a blur. */
const SETTLED = /^(xstate\.|CLOSE$|GO\.|BLUR$)/;

function feasible(path: EventObject[]): boolean {
  // Shorter paths (up to a SUBMIT, a CHANGE) are all part of one that goes on to the answer.
  if (path.length === 0 || !SETTLED.test(path[path.length - 1]!.type)) return false;
  let changed = false;
  let resent = false;
  let used = false;
  for (const [i, e] of path.entries()) {
    // Signed in: the header's Log in and Sign up are gone.
    if (e.type === 'xstate.done.actor.signIn' && i < path.length - 1) return false;
    if (changed && ['OPEN', 'CLOSE', 'GO_LOGIN', 'GO_SIGNUP', 'GO_FORGOT_PASSWORD'].includes(e.type))
      return false;
    if (resent && e.type === 'RESEND') return false;
    if (used && e.type === 'CHANGE' && (e as Ev).field === 'code') return false;
    if (CHANGES_THE_ACCOUNT.has(e.type)) changed = true;
    if (e.type === 'xstate.done.actor.resendConfirmation') resent = true;
    if (isUsedCode(e)) used = true;
  }
  return true;
}

const machine = authModalMachine.provide({
  actors: pendingActors(
    'signIn',
    'signUp',
    'forgotPassword',
    'resetPassword',
    'verifyEmail',
    'resendConfirmation',
  ),
});
const plan = { input: {}, events, serializeState, feasible, limit: 20_000 };

// ---- The server side of each path ----

let addresses = 0;
/** A client address of its own (one per path). */
const nextAddress = () => {
  addresses += 1;
  return `10.9.${addresses >> 8}.${addresses & 255}`;
};
const api = (route: string, body: object, address: string) =>
  fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
/** A confirmed account, made through the routes with the mailed code. */
async function confirmedAccount(email: string, address: string) {
  expect((await api('/api/auth/signup', { email, password: GOOD }, address)).status).toBe(200);
  const verify = await api(
    '/api/auth/verify-email',
    { email, verificationCode: await newestCode(email) },
    address,
  );
  expect(verify.status).toBe(200);
}
async function newestCode(email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const mails = (await res.json()) as { code?: string }[];
  const code = mails.find((mail) => mail.code)?.code;
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
const uses = (path: EventObject[], email: string) =>
  path.some((e) => e.type === 'CHANGE' && (e as Ev).value === email);

/** Stale accounts, signed up now so that their resend cooldown is over when a path needs one. */
const staleNeeded = planPaths(machine, { ...plan, variants: false }).filter((c) =>
  uses(c.events, STALE),
).length;
const staleAccounts: string[] = [];
for (let i = 0; i < staleNeeded; i++) {
  const email = `stale-${randomUUID().slice(0, 8)}@example.com`;
  expect((await api('/api/auth/signup', { email, password: GOOD }, nextAddress())).status).toBe(200);
  staleAccounts.push(email);
}
const staleSince = Date.now();

/** Per page: the stand-ins' real values (an address per role, the code once it is read). */
const real = new WeakMap<Page, Map<string, string>>();
const addressOf = new WeakMap<Page, string>();
const holds = new WeakMap<Page, Record<string, Awaited<ReturnType<typeof holdRequests>>>>();
/** A model text as the page shows it: the stand-ins replaced by this path's values. */
const shown = (page: Page, text: string) => {
  let out = text;
  for (const [from, to] of real.get(page)!) out = out.split(from).join(to);
  return out;
};

const ROUTES: Record<string, string> = {
  signIn: '/api/auth/callback/credentials',
  signUp: '/api/auth/signup',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-forgotten-password',
  verifyEmail: '/api/auth/verify-email',
  resendConfirmation: '/api/auth/resend-confirmation',
};

async function open(path: EventObject[]): Promise<Page> {
  const { context, page } = await newPage(browser, server.url);
  await acceptCookies(page);
  // The onboarding survey's notice stays away (spec §4), so only the auth flow is on screen.
  await context.addInitScript(() =>
    localStorage.setItem('survey-last-notification-time', String(Date.now())),
  );
  await page.clock.install();
  const address = nextAddress();
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  addressOf.set(page, address);
  const id = randomUUID().slice(0, 8);
  const values = new Map<string, string>();
  for (const role of ROLES) values.set(role, role.replace('@', `-${id}@`));
  if (uses(path, CONFIRMED)) await confirmedAccount(values.get(CONFIRMED)!, address);
  if (uses(path, LIMITED)) {
    await confirmedAccount(values.get(LIMITED)!, address);
    for (let i = 0; i < 5; i++)
      await api('/api/auth/forgot-password', { email: values.get(LIMITED) }, address);
  }
  if (uses(path, UNCONFIRMED)) {
    const signup = await api('/api/auth/signup', { email: values.get(UNCONFIRMED), password: GOOD }, address);
    expect(signup.status).toBe(200);
  }
  if (uses(path, STALE)) {
    values.set(STALE, staleAccounts.shift()!);
    const wait = staleSince + 61_000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  real.set(page, values);
  const held: Record<string, Awaited<ReturnType<typeof holdRequests>>> = {};
  for (const [actor, route] of Object.entries(ROUTES))
    held[actor] = await holdRequests(page, new RegExp(`^[^?]*${route}(\\?.*)?$`));
  holds.set(page, held);
  // A light page with the header: the home page's leaderboard and strips cost each path a fifth more CPU.
  await page.goto('/resources/methodology');
  await account(page).getByRole('link', { name: 'Log in' }).waitFor();
  return page;
}

// ---- The page ----

const account = (page: Page) => page.locator('[data-tour="account"]');
const dialog = (page: Page) => page.locator('[role="dialog"][data-scope="auth-modal"]');
const forms = (page: Page) => dialog(page).locator('[data-scope="auth"]');
const part = (page: Page, name: string) => forms(page).locator(`[data-part="${name}"]`);
const input = (page: Page, field: string) => forms(page).locator(`input[name="${field}"]`);

/** Types a value as the keyboard would (React's onChange), without moving the focus. */
const type = (field: Locator, value: string) =>
  field.evaluate((el: HTMLInputElement, v) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(el, v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
/** A click that leaves the focus where it is (a real one would blur the focused field first). */
const click = (target: Locator) => target.dispatchEvent('click');

/** The code a stand-in means for the address in the form (read from the outbox), remembered for the checks. */
async function realCode(page: Page, value: string): Promise<string> {
  const values = real.get(page)!;
  const address = currentEmail.get(page)!;
  const code = await newestCode(address);
  if (value === CODE || value === USED_CODE) {
    // Used in another tab: the account is confirmed there first.
    if (value === USED_CODE)
      await api('/api/auth/verify-email', { email: address, verificationCode: code }, addressOf.get(page)!);
    values.set(value, code);
    return code;
  }
  // A wrong code: the real one with every digit moved on.
  const wrong = code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
  values.set(value, wrong);
  return wrong;
}
/** The address the path's form holds (its model stand-in's real value). */
const currentEmail = new WeakMap<Page, string>();

const perform: Record<
  string,
  (ui: { page: Page; event: Ev; step: { before: AnyMachineSnapshot } }) => Promise<void>
> = {
  OPEN: async ({ page, event }) => {
    await click(account(page).getByRole('link', { name: event.view === 'signup' ? 'Sign up' : 'Log in' }));
    await forms(page).waitFor();
  },
  CLOSE: ({ page }) => click(dialog(page).locator('[data-part="close"]')),
  GO_LOGIN: ({ page }) => click(part(page, 'go-login')),
  GO_SIGNUP: ({ page }) => click(part(page, 'go-signup')),
  GO_FORGOT_PASSWORD: ({ page }) => click(part(page, 'go-forgot-password')),
  CHANGE: async ({ page, event }) => {
    const field = String(event.field);
    let value = String(event.value);
    if (field === 'email') {
      value = shown(page, value);
      currentEmail.set(page, value);
    }
    if (field === 'code') value = await realCode(page, value);
    await type(input(page, field), value);
  },
  TOGGLE_TERMS: ({ page }) => click(forms(page).getByRole('checkbox')),
  BLUR: ({ page, event }) =>
    input(page, String(event.field)).evaluate((el: HTMLInputElement) => {
      el.focus();
      el.blur();
    }),
  SUBMIT: async ({ page, step }) => {
    // A form the machine does not take has its button disabled: a click does nothing.
    if (!connect(step.before as never).canSubmit) {
      expect(await part(page, 'submit').isDisabled()).toBe(true);
      return;
    }
    await click(part(page, 'submit'));
  },
  RESEND: async ({ page, step }) => {
    if (!connect(step.before as never).canResend) {
      expect(await part(page, 'resend').isDisabled()).toBe(true);
      return;
    }
    await click(part(page, 'resend'));
  },
  // The countdown's seconds pass on the page clock.
  'xstate.done.actor.resendTimer': ({ page }) => page.clock.runFor(61_000),
};
for (const actor of Object.keys(ROUTES)) {
  perform[`xstate.done.actor.${actor}`] = ({ page }) => holds.get(page)![actor]!.answer();
  perform[`xstate.error.actor.${actor}`] = ({ page, event }) => {
    const error = event.error as { code?: string };
    return error.code === 'InternalServerError'
      ? holds.get(page)![actor]!.fail()
      : holds.get(page)![actor]!.answer();
  };
}

const TITLES: Record<AuthView, string> = {
  login: 'Log in',
  signup: 'Sign up',
  'forgot-password': 'Forgot password',
  'reset-forgotten-password': 'Reset password',
  'verify-email': 'Verify your email',
};

/** What an open view shows: its form, messages, field values and errors, and the submit button's state. */
const showsView = (view: AuthView) => async (page: Page, s: AnyMachineSnapshot) => {
  const v = connect(s as never);
  await eventually(async () => {
    expect(await forms(page).getAttribute('data-part')).toBe(view);
    expect(await forms(page).locator('.auth-forms__title').textContent()).toBe(TITLES[view]);
    const texts = async (name: string) => part(page, name).allTextContents();
    expect(await texts('error')).toEqual(v.error ? [shown(page, v.error)] : []);
    expect(await texts('notice')).toEqual(v.notice ? [shown(page, v.notice)] : []);
    const fields = view === 'verify-email' && v.askEmail ? ['email', 'code'] : FIELDS[view];
    for (const field of fields) {
      const value = v.values[field as 'email'];
      expect(await input(page, field).inputValue()).toBe(shown(page, value));
      const error = v.errors[field as 'email'];
      const message = input(page, field).locator('xpath=..').locator('[data-part="field-error"]');
      expect(await message.allTextContents()).toEqual(error ? [error] : []);
    }
    if (view === 'signup') expect(await forms(page).getByRole('checkbox').isChecked()).toBe(v.values.terms);
    if (view === 'verify-email' && !v.askEmail)
      expect(await forms(page).locator('.auth-forms__text').textContent()).toBe(
        `Enter the 6-digit code sent to ${shown(page, v.values.email.trim())}.`,
      );
    expect(await part(page, 'submit').isDisabled()).toBe(!v.canSubmit);
    expect(await part(page, 'submit').getAttribute('aria-busy')).toBe(String(v.busy));
  });
};

/** The submit button says whether a request is in flight. */
const busy = (expected: boolean) => async (page: Page) =>
  eventually(async () => expect(await part(page, 'submit').getAttribute('aria-busy')).toBe(String(expected)));

const countdown = async (page: Page) => {
  const text = (await part(page, 'countdown').textContent()) ?? '';
  const match = /^You can resend the code in (\d+) s\.$/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]);
};

describeUiPaths({
  name: 'authModal',
  machine,
  ...plan,
  open,
  close: (page) => page.context().close(),
  perform: perform as never,
  states: {
    'authModal.hidden': async (page, _s, step) => {
      await eventually(async () => expect(await dialog(page).count()).toBe(0));
      const signedIn = step.emitted.find((e) => e.type === 'signedIn');
      if (signedIn) {
        // Signed in: the header shows the account's menu.
        const email = shown(page, String(signedIn.email));
        await account(page)
          .getByRole('button', { name: `Account menu for ${email}` })
          .waitFor();
      } else await account(page).getByRole('link', { name: 'Log in' }).waitFor();
    },
    'authModal.login': showsView('login'),
    'authModal.signup': showsView('signup'),
    'authModal.forgot-password': showsView('forgot-password'),
    'authModal.reset-forgotten-password': showsView('reset-forgotten-password'),
    'authModal.verify-email': showsView('verify-email'),
    'authModal.login.editing': busy(false),
    'authModal.login.submitting': busy(true),
    'authModal.signup.editing': busy(false),
    'authModal.signup.submitting': busy(true),
    'authModal.forgot-password.editing': busy(false),
    'authModal.forgot-password.submitting': busy(true),
    'authModal.reset-forgotten-password.editing': busy(false),
    'authModal.reset-forgotten-password.submitting': busy(true),
    'authModal.reset-forgotten-password.signingIn': busy(true),
    'authModal.verify-email.form': async (page) => expect(await part(page, 'submit').isVisible()).toBe(true),
    'authModal.verify-email.form.editing': busy(false),
    'authModal.verify-email.form.submitting': busy(true),
    'authModal.verify-email.form.signingIn': async (page) => {
      expect(await part(page, 'notice').textContent()).toBe(AUTH_MESSAGES.verified);
      expect(await part(page, 'submit').getAttribute('aria-busy')).toBe('true');
    },
    'authModal.verify-email.resend': async (page) =>
      expect(await part(page, 'resend').isVisible()).toBe(true),
    // Counting down what the model asked for: the client's 60 s, or what is left of the server's.
    'authModal.verify-email.resend.cooling': async (page, s) =>
      eventually(async () => {
        expect(await part(page, 'resend').isDisabled()).toBe(true);
        const seconds = await countdown(page);
        expect(seconds).toBeGreaterThan(0);
        expect(seconds).toBeLessThanOrEqual(ctx(s).cooldownSeconds);
      }),
    'authModal.verify-email.resend.ready': async (page, s) =>
      eventually(async () => {
        expect(await part(page, 'countdown').count()).toBe(0);
        expect(await part(page, 'resend').isDisabled()).toBe(!connect(s as never).canResend);
      }),
    'authModal.verify-email.resend.sending': async (page) =>
      eventually(async () => {
        expect(await part(page, 'countdown').count()).toBe(0);
        expect(await part(page, 'resend').isDisabled()).toBe(true);
      }),
  },
});
