import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate';
import { authModalMachine } from '../../machines/auth/modal/authModal.machine';
import type { AuthModalContext, Credentials } from '../../machines/auth/modal/authModal.types';
import { connect } from '../../machines/auth/modal/authModal.connect';
import { AUTH_MESSAGES } from '../../machines/auth/modal/authModal.messages';
import type { AuthField, AuthView } from '../../machines/auth/modal/authModal.validation';
import { describePaths, pending, type StepEffect } from './harness';

const EMAIL = 'ada@example.com';
// Stubs that never settle (their input types do not matter to them).
const stub = () => pending() as never;
const stubbed = authModalMachine.provide({
  actors: {
    signIn: stub(),
    signUp: stub(),
    forgotPassword: stub(),
    resetPassword: stub(),
    verifyEmail: stub(),
    resendConfirmation: stub(),
  },
});

const fail = (id: string, code?: string) => ({
  type: `xstate.error.actor.${id}`,
  error: code ? Object.assign(new Error(code), { code }) : new Error('network down'),
});
const done = (id: string) => ({ type: `xstate.done.actor.${id}`, output: { ok: true } });
/** A failure that says when to try again, as HttpError carries the server's `retryAfterSeconds`. */
const failRetry = (id: string, code: string, retryAfterSeconds: number) => ({
  type: `xstate.error.actor.${id}`,
  error: Object.assign(new Error(code), { code, retryAfterSeconds }),
});
/** The seconds the server gave in the events above, and the client's own cooldown after a send. */
const COOLDOWNS = [60, 42, 37];

/** What a user or the server can do in a snapshot. */
function events(s: AnyMachineSnapshot): (EventObject & Record<string, unknown>)[] {
  if (s.hasTag('closed'))
    return [
      { type: 'OPEN' },
      { type: 'OPEN', view: 'signup' },
      { type: 'OPEN', view: 'forgot-password' },
      { type: 'OPEN', view: 'verify-email', email: EMAIL },
      { type: 'OPEN', view: 'verify-email' },
      { type: 'CLOSE' },
    ];
  const list: (EventObject & Record<string, unknown>)[] = [
    // Typed with spaces around it first, so the paths check that requests get the trimmed address.
    { type: 'CHANGE', field: 'email', value: ` ${EMAIL} ` },
    { type: 'CHANGE', field: 'email', value: EMAIL },
    { type: 'CHANGE', field: 'email', value: 'Ada@Example.com' },
    { type: 'CHANGE', field: 'email', value: 'not-an-email' },
    { type: 'CHANGE', field: 'email', value: '' },
    { type: 'CHANGE', field: 'password', value: 'secret12' },
    { type: 'CHANGE', field: 'password', value: 'short' },
    { type: 'CHANGE', field: 'password', value: '' },
    // Pasted with spaces and a digit too many first: the paths check that the code is cleaned up.
    { type: 'CHANGE', field: 'code', value: ' 12 34 567' },
    { type: 'CHANGE', field: 'code', value: '123456' },
    { type: 'CHANGE', field: 'code', value: '123' },
    { type: 'TOGGLE_TERMS', checked: true },
    { type: 'TOGGLE_TERMS', checked: false },
    { type: 'BLUR', field: 'email' },
    { type: 'SUBMIT' },
    { type: 'RESEND' },
    { type: 'GO_LOGIN' },
    { type: 'GO_SIGNUP' },
    { type: 'GO_FORGOT_PASSWORD' },
    { type: 'CLOSE' },
  ];
  const m = (v: unknown) => s.matches(v as never);
  if (
    m({ login: 'submitting' }) ||
    m({ 'reset-forgotten-password': 'signingIn' }) ||
    m({ 'verify-email': { form: 'signingIn' } })
  )
    list.push(
      done('signIn'),
      fail('signIn', 'NotAuthorizedException'),
      fail('signIn', 'UserNotConfirmedException'),
      failRetry('signIn', 'UserNotConfirmedException', 42),
      fail('signIn', 'LimitExceededException'),
      fail('signIn'),
    );
  if (m({ signup: 'submitting' }))
    list.push(
      done('signUp'),
      fail('signUp', 'UsernameExistsException'),
      fail('signUp', 'InvalidPasswordException'),
      fail('signUp'),
    );
  if (m({ 'forgot-password': 'submitting' }))
    list.push(
      done('forgotPassword'),
      fail('forgotPassword', 'LimitExceededException'),
      fail('forgotPassword'),
    );
  if (m({ 'reset-forgotten-password': 'submitting' }))
    list.push(
      done('resetPassword'),
      fail('resetPassword', 'CodeMismatchException'),
      fail('resetPassword', 'ExpiredCodeException'),
      fail('resetPassword'),
    );
  if (m({ 'verify-email': { form: 'submitting' } }))
    list.push(
      done('verifyEmail'),
      fail('verifyEmail', 'CodeMismatchException'),
      fail('verifyEmail', 'ExpiredCodeException'),
      fail('verifyEmail', 'NotAuthorizedException'),
      fail('verifyEmail'),
    );
  if (m({ 'verify-email': { resend: 'sending' } }))
    list.push(
      done('resendConfirmation'),
      failRetry('resendConfirmation', 'LimitExceededException', 37),
      // A limit without a time to wait, and a wait with another failure: neither is a cooldown.
      fail('resendConfirmation', 'LimitExceededException'),
      failRetry('resendConfirmation', 'CodeDeliveryFailureException', 37),
      fail('resendConfirmation'),
    );
  if (m({ 'verify-email': { resend: 'cooling' } })) list.push({ type: 'xstate.done.actor.resendTimer' });
  return list;
}

/**
 * Snapshots that differ only in what no guard reads are the same for the traversal: per view, the class of
 * each field that view validates (empty / invalid / valid), and whether the remembered credentials match.
 */
function serializeState(s: AnyMachineSnapshot): string {
  const c = s.context as AuthModalContext;
  const view = connect(s as never).view;
  const email = c.email === '' ? 0 : /@/.test(c.email) ? 2 : 1;
  const password = c.password === '' ? 0 : c.password.length >= 8 ? 2 : 1;
  const code = c.code.length === 0 ? 0 : c.code.length === 6 ? 2 : 1;
  const fields =
    view === 'login'
      ? [email > 0, password > 0]
      : view === 'signup'
        ? [email, password, c.terms]
        : view === 'forgot-password'
          ? [email]
          : view === 'reset-forgotten-password'
            ? [code, password]
            : view === 'verify-email'
              ? [email, code, c.credentials !== null && sameEmail(c.credentials.email, c.email)]
              : [];
  return JSON.stringify([s.value, fields]);
}

// ---- What the user sees and what the machine starts, read from a step ----

const ctx = (s: AnyMachineSnapshot) => s.context as AuthModalContext;
const view = (s: AnyMachineSnapshot) => connect(s as never);

/** The rules of spec §5 as a user reads them (written here, not taken from the machine). */
const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim());
const goodPassword = (v: string) => v.length >= 8 && /[A-Za-z]/.test(v) && /\d/.test(v);
/** Emails compare case-insensitively (docs/auth.md). */
function sameEmail(a: string, b: string) {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Whether a view's form may be sent. */
function formComplete(v: AuthView, c: AuthModalContext): boolean {
  switch (v) {
    case 'login':
      return c.touched.email && c.touched.password && c.email.trim() !== '' && c.password !== '';
    case 'signup':
      return looksLikeEmail(c.email) && goodPassword(c.password) && c.terms;
    case 'forgot-password':
      return looksLikeEmail(c.email);
    case 'reset-forgotten-password':
      return c.code !== '' && goodPassword(c.password);
    case 'verify-email':
      return c.code.length === 6 && looksLikeEmail(c.email);
  }
}

/** The message a touched field shows in a view, before any server answer. */
function fieldMessage(v: AuthView | null, field: AuthField, c: AuthModalContext): string | undefined {
  const newEmail = () =>
    c.email.trim() === ''
      ? AUTH_MESSAGES.emailRequired
      : looksLikeEmail(c.email)
        ? undefined
        : AUTH_MESSAGES.invalidEmail;
  const newPassword = () =>
    c.password === ''
      ? AUTH_MESSAGES.passwordRequired
      : goodPassword(c.password)
        ? undefined
        : AUTH_MESSAGES.passwordRule;
  switch (`${v}:${field}`) {
    case 'login:email':
      return c.email.trim() === '' ? AUTH_MESSAGES.emailRequired : undefined;
    case 'login:password':
      return c.password === '' ? AUTH_MESSAGES.passwordRequired : undefined;
    case 'signup:email':
    case 'forgot-password:email':
      return newEmail();
    case 'signup:password':
    case 'reset-forgotten-password:password':
      return newPassword();
    case 'reset-forgotten-password:code':
      return c.code === '' ? AUTH_MESSAGES.resetCodeRequired : undefined;
    case 'verify-email:email':
      if (c.emailSupplied) return undefined;
      return c.email.trim() === ''
        ? AUTH_MESSAGES.verifyEmailRequired
        : looksLikeEmail(c.email)
          ? undefined
          : AUTH_MESSAGES.invalidEmail;
    case 'verify-email:code':
      return c.code === '' ? AUTH_MESSAGES.verificationCodeRequired : undefined;
    default:
      return undefined;
  }
}

/** What a field shows after an edit: its own rule (a server answer about it is gone once it changes). */
function expectFieldShown(s: AnyMachineSnapshot, field: AuthField) {
  const c = ctx(s);
  const v = view(s);
  expect(v.errors[field]).toBe(c.fieldErrors[field] ?? fieldMessage(v.view, field, c));
  expect(v.canSubmit).toBe(v.view !== null && !v.busy && formComplete(v.view, c));
}

const errorOf = (step: StepEffect) =>
  step.event.error as { code?: unknown; retryAfterSeconds?: unknown } | undefined;
const codeOf = (step: StepEffect) => {
  const code = errorOf(step)?.code;
  return typeof code === 'string' ? code : undefined;
};
/** The server's wait in whole seconds (0 = none given). */
const retryOf = (step: StepEffect) => {
  const wait = errorOf(step)?.retryAfterSeconds;
  return typeof wait === 'number' && wait > 0 ? Math.ceil(wait) : 0;
};
const noExpectation = (where: string, code: string | undefined): never => {
  throw new Error(`${where}: no expected message for ${code} — add it to the test`);
};

/** The message a failed sign-in shows on the login view, per error code. */
function signInMessage(code: string | undefined): string {
  switch (code) {
    case 'NotAuthorizedException':
      return AUTH_MESSAGES.loginMismatch;
    case 'LimitExceededException':
      return AUTH_MESSAGES.attemptLimit;
    // Only after a reset or a verification, where verifying again is not offered.
    case 'UserNotConfirmedException':
    case undefined:
      return AUTH_MESSAGES.unknown;
    default:
      return noExpectation('signIn', code);
  }
}

const spawned = (step: StepEffect) =>
  Object.fromEntries(
    step.actions
      .filter((a) => a.type === 'xstate.spawnChild')
      .map((a) => {
        const { id, input } = a.params as { id: string; input: unknown };
        return [id, input];
      }),
  );
const stopped = (step: StepEffect) =>
  step.actions
    .filter((a) => a.type === 'xstate.stopChild')
    .map((a) => (a.params as { id: string }).id)
    .sort();
const childIds = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();

/** The requests and countdowns the step started (id → input) and stopped; the others keep running. */
function expectChildren(step: StepEffect, spawn: Record<string, unknown> = {}, stop: string[] = []) {
  expect(spawned(step)).toEqual(spawn);
  expect(stopped(step)).toEqual([...stop].sort());
  expect(childIds(step.after)).toEqual(
    [...childIds(step.before).filter((id) => !stop.includes(id)), ...Object.keys(spawn)].sort(),
  );
}
/** Leaving a view cancels whatever it had running (a request in flight, the resend countdown). */
const leaving = (step: StepEffect, spawn: Record<string, unknown> = {}) =>
  expectChildren(step, spawn, childIds(step.before));

/** The context is as before, but for the keys named. */
function expectKept(step: StepEffect, ...changed: (keyof AuthModalContext)[]) {
  const rest = (s: AnyMachineSnapshot) =>
    Object.fromEntries(
      Object.entries(ctx(s)).filter(([k]) => !changed.includes(k as keyof AuthModalContext)),
    );
  expect(rest(step.after)).toEqual(rest(step.before));
}

/** Which view is open (null: the modal is closed), with which messages, and whether it waits. */
function expectShows(
  s: AnyMachineSnapshot,
  v: AuthView | null,
  {
    error = null,
    notice = null,
    busy = false,
  }: { error?: string | null; notice?: string | null; busy?: boolean } = {},
) {
  const shown = view(s);
  expect(shown.open).toBe(v !== null);
  expect(shown.view).toBe(v);
  expect(shown.busy).toBe(busy);
  expect(shown.error).toBe(error);
  expect(shown.notice).toBe(notice);
  if (busy) expect(shown.canSubmit).toBe(false);
}

/** A view's empty form, keeping only the email (touched when there is one). */
function expectFreshForm(s: AnyMachineSnapshot, email: string) {
  expect(view(s).values).toEqual({ email, password: '', code: '', terms: false });
  expect(ctx(s).touched).toEqual({ email: email.trim() !== '', password: false, code: false, terms: false });
  expect(ctx(s).fieldErrors).toEqual({});
}

/** What the step asked of the app: who signed in, and that the flow closed (the auth page provides both). */
const told = (step: StepEffect) => step.actions.filter((a) => a.type === 'signedIn' || a.type === 'closed');

/** Closed, with nothing of the form or the credentials left, and nothing running. */
function expectForgotten(step: StepEffect) {
  expectShows(step.after, null);
  expectFreshForm(step.after, '');
  expect(ctx(step.after).credentials).toBeNull();
  expect(ctx(step.after).emailSupplied).toBe(false);
  leaving(step);
}

/** The credentials the running sign-in was started with (the step that started it checks they are these). */
function signingInWith(s: AnyMachineSnapshot): Credentials {
  expect(s.children.signIn).toBeDefined();
  const { credentials } = ctx(s);
  expect(credentials).not.toBeNull();
  return credentials!;
}

/** A sign-in succeeded: the app hears who signed in, and the modal closes and forgets the password. */
function signedIn(step: StepEffect) {
  const { email } = signingInWith(step.before);
  expect(step.emitted).toEqual([{ type: 'signedIn', email }]);
  expect(told(step)).toEqual([
    { type: 'signedIn', params: { email } },
    { type: 'closed', params: undefined },
  ]);
  expectForgotten(step);
}

/** The sign-in after a reset or a verification failed: log in by hand, with the address already filled in. */
function signInAfterwardsFailed(step: StepEffect) {
  const { email } = signingInWith(step.before);
  expectShows(step.after, 'login', { error: signInMessage(codeOf(step)) });
  expectFreshForm(step.after, email);
  leaving(step);
}

/** A view's SUBMIT with a complete form: the request starts with the form's values, old messages go. */
const submits =
  (v: AuthView, request: string, input: (c: AuthModalContext) => unknown, remembers: boolean) =>
  (step: StepEffect) => {
    const before = ctx(step.before);
    expect(formComplete(v, before)).toBe(true);
    expect(view(step.before).canSubmit).toBe(true);
    expectShows(step.after, v, { busy: true });
    expect(ctx(step.after).fieldErrors).toEqual({});
    const credentials = { email: before.email.trim(), password: before.password };
    expect(ctx(step.after).credentials).toEqual(remembers ? credentials : before.credentials);
    expectKept(step, 'fieldErrors', 'error', 'notice', 'credentials');
    expectChildren(step, { [request]: input(before) });
  };

/** Another view, from a link: a fresh form that keeps the email; whatever ran in the old view stops. */
const goesTo = (v: AuthView) => (step: StepEffect) => {
  expectShows(step.after, v);
  expectFreshForm(step.after, ctx(step.before).email);
  expectKept(step, 'password', 'code', 'terms', 'touched', 'fieldErrors', 'error', 'notice');
  leaving(step);
};

/** A failed request leaves the form as it was, shows the message, and the form can be sent again. */
function failedOn(step: StepEffect, v: AuthView, request: string, error: string) {
  expectShows(step.after, v, { error });
  expectKept(step, 'error');
  expect(view(step.after).canSubmit).toBe(true);
  expectChildren(step, {}, [request]);
}

/** Entering verify-email: how long Resend waits, and whether it is available now. */
function expectResend(s: AnyMachineSnapshot, wait: number) {
  expect(ctx(s).cooldownSeconds).toBe(wait);
  expect(view(s).cooling).toBe(wait > 0);
  expect(view(s).canResend).toBe(wait === 0 && looksLikeEmail(ctx(s).email));
}

/** Verify-email after a sign-up or an unconfirmed login: the address is known, not asked for. */
function verifiesAfter(step: StepEffect, wait: number) {
  const before = ctx(step.before);
  const email = before.email.trim();
  expectShows(step.after, 'verify-email');
  expectFreshForm(step.after, email);
  expect(view(step.after).askEmail).toBe(false);
  expect(ctx(step.after).credentials).toEqual({ email, password: before.password });
  expectResend(step.after, wait);
  leaving(step, wait > 0 ? { resendTimer: { seconds: wait } } : {});
}

const transitionChecks = (
  input: { mode?: 'modal' | 'page'; view?: 'login' | 'signup' } | undefined,
): Record<string, (step: StepEffect) => void> => ({
  'authModal.starting|always': (step) => {
    expectShows(step.after, input?.view ?? null);
    // Starting closed (the modal) is closing as far as the app is concerned; the page starts open.
    expect(told(step)).toEqual(input?.view ? [] : [{ type: 'closed', params: undefined }]);
    expectFreshForm(step.after, '');
    expect(ctx(step.after).mode).toBe(input?.mode ?? 'modal');
    expect(ctx(step.after).credentials).toBeNull();
    expectChildren(step);
  },
  'authModal|CHANGE': (step) => {
    const { field, value } = step.event as unknown as { field: 'email' | 'password' | 'code'; value: string };
    const before = ctx(step.before);
    // A code keeps at most six characters, without spaces.
    const expected = field === 'code' ? value.replace(/\s/g, '').slice(0, 6) : value;
    expect(view(step.after).values[field]).toBe(expected);
    expect(ctx(step.after).touched).toEqual({ ...before.touched, [field]: true });
    // A server answer about this field goes; answers about the other fields stay.
    const { [field]: _gone, ...others } = before.fieldErrors;
    expect(ctx(step.after).fieldErrors).toEqual(others);
    expectKept(step, field, 'touched', 'fieldErrors');
    expectFieldShown(step.after, field);
    expect(step.after.value).toEqual(step.before.value);
    expectChildren(step);
  },
  'authModal|TOGGLE_TERMS': (step) => {
    const { checked } = step.event as unknown as { checked: boolean };
    expect(view(step.after).values.terms).toBe(checked);
    expect(ctx(step.after).touched).toEqual({ ...ctx(step.before).touched, terms: true });
    expectKept(step, 'terms', 'touched');
    expectFieldShown(step.after, 'terms');
    expect(step.after.value).toEqual(step.before.value);
    expectChildren(step);
  },
  'authModal|BLUR': (step) => {
    const { field } = step.event as unknown as { field: AuthField };
    expect(ctx(step.after).touched).toEqual({ ...ctx(step.before).touched, [field]: true });
    expectKept(step, 'touched');
    expectFieldShown(step.after, field);
    expect(step.after.value).toEqual(step.before.value);
    expectChildren(step);
  },
  // Closing (also when already closed) tells the app the flow closed; nobody signed in.
  'authModal|CLOSE': (step) => {
    expect(told(step)).toEqual([{ type: 'closed', params: undefined }]);
    expect(step.emitted).toEqual([]);
    expectForgotten(step);
  },
  'authModal.hidden|OPEN': (step) => {
    const e = step.event as { view?: string; email?: string };
    const target: AuthView =
      e.view === 'signup' || e.view === 'forgot-password' || e.view === 'verify-email' ? e.view : 'login';
    const email = e.email ?? ctx(step.before).email;
    // The app hears the modal opened (it notes the opener, to give focus back on close).
    expect(step.actions.filter((a) => a.type === 'opened')).toEqual([{ type: 'opened', params: undefined }]);
    expectShows(step.after, target);
    expectFreshForm(step.after, email);
    expect(ctx(step.after).credentials).toEqual(ctx(step.before).credentials);
    expect(view(step.after).canSubmit).toBe(formComplete(target, ctx(step.after)));
    if (target === 'verify-email') {
      // The address is asked for unless the link gave it; Resend is available at once for a known address.
      expect(view(step.after).askEmail).toBe(!e.email);
      expectResend(step.after, 0);
    }
    expectChildren(step);
  },
  'authModal.login|GO_SIGNUP': goesTo('signup'),
  'authModal.login|GO_FORGOT_PASSWORD': goesTo('forgot-password'),
  'authModal.signup|GO_LOGIN': goesTo('login'),
  'authModal.forgot-password|GO_LOGIN': goesTo('login'),
  'authModal.reset-forgotten-password|GO_LOGIN': goesTo('login'),
  'authModal.verify-email|GO_LOGIN': goesTo('login'),

  'authModal.login.editing|SUBMIT': submits(
    'login',
    'signIn',
    (c) => ({ email: c.email.trim(), password: c.password }),
    true,
  ),
  'authModal.login.submitting|xstate.done.actor.signIn': signedIn,
  'authModal.login.submitting|xstate.error.actor.signIn': (step) => {
    // Not confirmed yet: verify the address, Resend waiting for as long as the server says.
    if (codeOf(step) === 'UserNotConfirmedException') verifiesAfter(step, retryOf(step));
    else failedOn(step, 'login', 'signIn', signInMessage(codeOf(step)));
  },

  'authModal.signup.editing|SUBMIT': submits(
    'signup',
    'signUp',
    (c) => ({ email: c.email.trim(), password: c.password }),
    true,
  ),
  // A code is mailed and the 60 s resend cooldown starts (docs/auth.md).
  'authModal.signup.submitting|xstate.done.actor.signUp': (step) => verifiesAfter(step, 60),
  'authModal.signup.submitting|xstate.error.actor.signUp': (step) => {
    const code = codeOf(step);
    const fieldErrors: Partial<Record<AuthField, string>> =
      code === 'UsernameExistsException'
        ? { email: AUTH_MESSAGES.emailTaken }
        : code === 'InvalidPasswordException'
          ? { password: AUTH_MESSAGES.passwordRule }
          : code === undefined
            ? {}
            : noExpectation('signUp', code);
    const error = code === undefined ? AUTH_MESSAGES.unknown : null;
    expectShows(step.after, 'signup', { error });
    // Shown on the field the server objected to (the form sent was valid: no other message).
    expect(view(step.after).errors).toEqual(fieldErrors);
    expectKept(step, 'fieldErrors', 'error');
    expectChildren(step, {}, ['signUp']);
  },

  'authModal.forgot-password.editing|SUBMIT': submits(
    'forgot-password',
    'forgotPassword',
    (c) => ({ email: c.email.trim() }),
    false,
  ),
  'authModal.forgot-password.submitting|xstate.done.actor.forgotPassword': (step) => {
    expectShows(step.after, 'reset-forgotten-password');
    expectFreshForm(step.after, ctx(step.before).email.trim());
    expect(ctx(step.after).credentials).toEqual(ctx(step.before).credentials);
    leaving(step);
  },
  'authModal.forgot-password.submitting|xstate.error.actor.forgotPassword': (step) => {
    const code = codeOf(step);
    const error =
      code === 'LimitExceededException'
        ? AUTH_MESSAGES.attemptLimit
        : code === undefined
          ? AUTH_MESSAGES.unknown
          : noExpectation('forgotPassword', code);
    failedOn(step, 'forgot-password', 'forgotPassword', error);
  },

  'authModal.reset-forgotten-password.editing|SUBMIT': submits(
    'reset-forgotten-password',
    'resetPassword',
    (c) => ({ email: c.email.trim(), code: c.code, newPassword: c.password }),
    false,
  ),
  // The new password works: sign in with it at once.
  'authModal.reset-forgotten-password.submitting|xstate.done.actor.resetPassword': (step) => {
    const before = ctx(step.before);
    const credentials = { email: before.email.trim(), password: before.password };
    expectShows(step.after, 'reset-forgotten-password', { busy: true });
    expect(ctx(step.after).credentials).toEqual(credentials);
    expectKept(step, 'credentials');
    expectChildren(step, { signIn: credentials }, ['resetPassword']);
  },
  'authModal.reset-forgotten-password.submitting|xstate.error.actor.resetPassword': (step) => {
    const code = codeOf(step);
    const error =
      code === 'CodeMismatchException' || code === 'ExpiredCodeException'
        ? AUTH_MESSAGES.invalidResetCode
        : code === undefined
          ? AUTH_MESSAGES.unknown
          : noExpectation('resetPassword', code);
    failedOn(step, 'reset-forgotten-password', 'resetPassword', error);
  },
  'authModal.reset-forgotten-password.signingIn|xstate.done.actor.signIn': signedIn,
  'authModal.reset-forgotten-password.signingIn|xstate.error.actor.signIn': signInAfterwardsFailed,

  'authModal.verify-email.form.editing|SUBMIT': submits(
    'verify-email',
    'verifyEmail',
    (c) => ({ email: c.email.trim(), verificationCode: c.code }),
    false,
  ),
  'authModal.verify-email.form.submitting|xstate.done.actor.verifyEmail': (step) => {
    const before = ctx(step.before);
    if (before.credentials !== null && sameEmail(before.credentials.email, before.email)) {
      // The address just signed up or logged in with: sign in with the same password; Resend is left alone.
      expectShows(step.after, 'verify-email', { busy: true, notice: AUTH_MESSAGES.verified });
      expectKept(step, 'notice', 'error');
      expect(step.after.value).toMatchObject({
        'verify-email': { resend: (step.before.value as never)['verify-email']['resend'] },
      });
      expectChildren(step, { signIn: before.credentials }, ['verifyEmail']);
    } else {
      // Verified without a password at hand: log in by hand, the address filled in.
      expectShows(step.after, 'login', { notice: AUTH_MESSAGES.verified });
      expectFreshForm(step.after, before.email.trim());
      leaving(step);
    }
  },
  'authModal.verify-email.form.submitting|xstate.error.actor.verifyEmail': (step) => {
    const code = codeOf(step);
    const error =
      code === 'CodeMismatchException' || code === 'ExpiredCodeException'
        ? AUTH_MESSAGES.wrongVerificationCode
        : code === 'NotAuthorizedException'
          ? AUTH_MESSAGES.notAwaiting(ctx(step.before).email.trim())
          : code === undefined
            ? AUTH_MESSAGES.unknown
            : noExpectation('verifyEmail', code);
    failedOn(step, 'verify-email', 'verifyEmail', error);
    expect(step.after.value).toEqual({
      'verify-email': {
        ...(step.before.value as { 'verify-email': object })['verify-email'],
        form: 'editing',
      },
    });
  },
  'authModal.verify-email.form.signingIn|xstate.done.actor.signIn': signedIn,
  'authModal.verify-email.form.signingIn|xstate.error.actor.signIn': signInAfterwardsFailed,

  // On entering verify-email: Resend counts down the cooldown asked for, or is available at once.
  'authModal.verify-email.resend.checking|always': (step) => {
    const wait = ctx(step.after).cooldownSeconds;
    expectResend(step.after, wait);
    expect(spawned(step).resendTimer).toEqual(wait > 0 ? { seconds: wait } : undefined);
    expect(step.after.children.resendTimer === undefined).toBe(wait === 0);
  },
  'authModal.verify-email.resend.ready|RESEND': (step) => {
    const before = ctx(step.before);
    expect(looksLikeEmail(before.email)).toBe(true);
    expect(view(step.before).canResend).toBe(true);
    expect(view(step.after).canResend).toBe(false);
    expect(view(step.after).error).toBeNull();
    expect(view(step.after).notice).toBeNull();
    expect(ctx(step.after).fieldErrors).toEqual({});
    expectKept(step, 'fieldErrors', 'error', 'notice');
    expectChildren(step, { resendConfirmation: { email: before.email.trim() } });
  },
  'authModal.verify-email.resend.cooling|xstate.done.actor.resendTimer': (step) => {
    expect(view(step.after).cooling).toBe(false);
    expect(view(step.after).canResend).toBe(looksLikeEmail(ctx(step.after).email));
    expectKept(step);
    expectChildren(step, {}, ['resendTimer']);
  },
  // Sent: say so, and wait the full cooldown before the next one.
  'authModal.verify-email.resend.sending|xstate.done.actor.resendConfirmation': (step) => {
    expect(view(step.after).notice).toBe(AUTH_MESSAGES.codeSent(ctx(step.before).email.trim()));
    expect(view(step.after).error).toBeNull();
    expectResend(step.after, 60);
    expectKept(step, 'notice', 'error', 'cooldownSeconds');
    expectChildren(step, { resendTimer: { seconds: 60 } }, ['resendConfirmation']);
  },
  'authModal.verify-email.resend.sending|xstate.error.actor.resendConfirmation': (step) => {
    const code = codeOf(step);
    const wait = retryOf(step);
    if (code === 'LimitExceededException' && wait > 0) {
      // Asked too early (another tab, a sign-up a moment ago): count down the server's time, no error.
      expectResend(step.after, wait);
      expectKept(step, 'cooldownSeconds');
      expectChildren(step, { resendTimer: { seconds: wait } }, ['resendConfirmation']);
    } else {
      // Any other failure (a limit without a wait, a wait with another failure): say so, Resend at once.
      expect(view(step.after).error).toBe(AUTH_MESSAGES.unknown);
      expect(view(step.after).cooling).toBe(false);
      expect(view(step.after).canResend).toBe(true);
      expectKept(step, 'error');
      expectChildren(step, {}, ['resendConfirmation']);
    }
  },
});

/** Only a successful sign-in tells the app anything. */
const SIGNS_IN = new Set([
  'authModal.login.submitting|xstate.done.actor.signIn',
  'authModal.reset-forgotten-password.signingIn|xstate.done.actor.signIn',
  'authModal.verify-email.form.signingIn|xstate.done.actor.signIn',
]);
const transitions = (input: Parameters<typeof transitionChecks>[0]) =>
  Object.fromEntries(
    Object.entries(transitionChecks(input)).map(([key, check]) => [
      key,
      SIGNS_IN.has(key)
        ? check
        : (step: StepEffect) => {
            check(step);
            expect(step.emitted).toEqual([]);
            // Nobody signed in; the app hears of a close only when the flow ends up closed.
            if (!step.after.hasTag('closed')) expect(told(step)).toEqual([]);
          },
    ]),
  );

/** An event a view does not take (an incomplete form, a second SUBMIT in flight) changes nothing. */
const ignoresWhatItDoesNotTake = (v: AuthView) => (s: AnyMachineSnapshot, step?: StepEffect) => {
  if (!step || step.event.type === 'xstate.init' || step.transitions.length > 0) return;
  expect(s.value).toEqual(step.before.value);
  expect(ctx(s)).toEqual(ctx(step.before));
  expect(step.actions).toEqual([]);
  expect(step.emitted).toEqual([]);
  if (step.event.type === 'SUBMIT') {
    // The button was disabled: the form is incomplete, or its request is already on its way.
    expect(view(step.before).canSubmit).toBe(false);
    if (!view(step.before).busy) expect(formComplete(v, ctx(step.before))).toBe(false);
  }
  if (step.event.type === 'RESEND') expect(view(step.before).canResend).toBe(false);
};

const states = {
  'authModal.hidden': (s: AnyMachineSnapshot) => {
    expect(ctx(s).password).toBe('');
    expect(ctx(s).credentials).toBeNull();
    expect(childIds(s)).toEqual([]);
  },
  'authModal.login': ignoresWhatItDoesNotTake('login'),
  'authModal.signup': ignoresWhatItDoesNotTake('signup'),
  'authModal.forgot-password': ignoresWhatItDoesNotTake('forgot-password'),
  'authModal.reset-forgotten-password': ignoresWhatItDoesNotTake('reset-forgotten-password'),
  'authModal.verify-email': ignoresWhatItDoesNotTake('verify-email'),
  'authModal.verify-email.form.signingIn': (s: AnyMachineSnapshot) =>
    expect(view(s).notice).toBe(AUTH_MESSAGES.verified),
  'authModal.verify-email.resend.cooling': (s: AnyMachineSnapshot) => {
    expect(view(s).canResend).toBe(false);
    // The countdown runs for what the server said (or the full cooldown after a send).
    const timer = s.children.resendTimer as AnyActorRef;
    expect(COOLDOWNS).toContain(ctx(s).cooldownSeconds);
    expect(timer.getSnapshot().context.remaining).toBe(ctx(s).cooldownSeconds);
  },
  'authModal.verify-email.resend.sending': (s: AnyMachineSnapshot) => {
    expect(view(s).canResend).toBe(false);
    expect(s.children.resendConfirmation).toBeDefined();
  },
  'authModal.verify-email.resend.ready': (s: AnyMachineSnapshot) => {
    expect(view(s).canResend).toBe(looksLikeEmail(ctx(s).email));
    expect(s.children.resendTimer).toBeUndefined();
  },
};

/** Signed up with EMAIL, now on verify-email with the code typed, and the address changed to `email`. */
const verifyAs = (email: string): (EventObject & Record<string, unknown>)[] => [
  { type: 'OPEN', view: 'signup' },
  { type: 'CHANGE', field: 'email', value: EMAIL },
  { type: 'CHANGE', field: 'password', value: 'secret12' },
  { type: 'TOGGLE_TERMS', checked: true },
  { type: 'SUBMIT' },
  done('signUp'),
  { type: 'CHANGE', field: 'email', value: email },
  { type: 'CHANGE', field: 'code', value: '123456' },
  { type: 'SUBMIT' },
  done('verifyEmail'),
];
const ALSO: (EventObject & Record<string, unknown>)[][] = [
  // Another address verified: no password at hand for it, so log in by hand (not with EMAIL's password).
  verifyAs('grace@example.com'),
  // The same address typed with spaces: still signs in with the remembered password; when that sign-in fails,
  // the login form is filled with the address signed in with, not the one typed.
  [...verifyAs(` ${EMAIL} `), fail('signIn', 'NotAuthorizedException')],
  // The same address in other case: signs in, and the app hears the address signed in with.
  [...verifyAs('Ada@Example.com'), done('signIn')],
  // A new SUBMIT after a failed one: the old error goes while the request runs.
  [
    { type: 'OPEN' },
    { type: 'CHANGE', field: 'email', value: EMAIL },
    { type: 'CHANGE', field: 'password', value: 'secret12' },
    { type: 'SUBMIT' },
    fail('signIn', 'NotAuthorizedException'),
    { type: 'SUBMIT' },
  ],
  // The notice of a code sent goes on a new verify SUBMIT, and an error on a new RESEND.
  [
    { type: 'OPEN', view: 'verify-email', email: EMAIL },
    { type: 'RESEND' },
    done('resendConfirmation'),
    { type: 'CHANGE', field: 'code', value: '123456' },
    { type: 'SUBMIT' },
    fail('verifyEmail', 'CodeMismatchException'),
    { type: 'SUBMIT' },
  ],
  [
    { type: 'OPEN', view: 'verify-email', email: EMAIL },
    { type: 'RESEND' },
    fail('resendConfirmation'),
    { type: 'RESEND' },
  ],
];
describePaths('authModal', stubbed, {
  input: {},
  events,
  states,
  transitions: transitions({}),
  serializeState,
  limit: 20_000,
  // The traversal tells addresses apart only by whether they match the remembered credentials, and messages not
  // at all: these sequences give the checks what it folds together.
  also: ALSO,
});

// Links followed while a request is in flight, from a filled-in form: the request is dropped with the form.
describePaths('authModal', stubbed, {
  input: {},
  events: (s) => {
    if (s.hasTag('closed'))
      return [{ type: 'OPEN' }, { type: 'OPEN', view: 'signup' }, { type: 'OPEN', view: 'forgot-password' }];
    const m = (v: unknown) => s.matches(v as never);
    return [
      { type: 'CHANGE', field: 'email', value: EMAIL },
      { type: 'CHANGE', field: 'password', value: 'secret12' },
      { type: 'CHANGE', field: 'code', value: '123456' },
      { type: 'TOGGLE_TERMS', checked: true },
      { type: 'SUBMIT' },
      ...(s.hasTag('busy')
        ? [{ type: 'GO_LOGIN' }, { type: 'GO_SIGNUP' }, { type: 'GO_FORGOT_PASSWORD' }]
        : []),
      ...(m({ signup: 'submitting' }) ? [done('signUp')] : []),
      ...(m({ 'forgot-password': 'submitting' }) ? [done('forgotPassword')] : []),
    ];
  },
  states,
  transitions: transitions({}),
});
for (const view of ['login', 'signup'] as const) {
  const input = { mode: 'page' as const, view };
  describePaths('authModal', stubbed, { input, events: () => [], states, transitions: transitions(input) });
}

describe('authModal flows', () => {
  const outcomes = (answers: Record<string, (input: unknown) => unknown>) =>
    authModalMachine.provide({
      actors: Object.fromEntries(
        Object.entries(answers).map(([id, fn]) => [id, fromPromise(async ({ input }) => fn(input))]),
      ) as never,
    });
  const settle = () => new Promise<void>((r) => setTimeout(r, 0));
  const started = (answers: Parameters<typeof outcomes>[0]) =>
    createActor(outcomes(answers), { input: {} }).start();
  /** A call the server refuses with that code (and whatever else its answer says). */
  const refusedWith =
    (code: string, more: object = {}) =>
    () => {
      throw Object.assign(new Error('x'), { code, ...more });
    };
  /** The login form, filled in with EMAIL and some password, and sent. */
  const logIn = (actor: ReturnType<typeof started>) => {
    actor.send({ type: 'OPEN', view: 'login' });
    actor.send({ type: 'CHANGE', field: 'email', value: EMAIL });
    actor.send({ type: 'CHANGE', field: 'password', value: 'whatever' });
    actor.send({ type: 'SUBMIT' });
  };

  it('signs up, verifies and signs in with the same credentials, then closes', async () => {
    const calls: [string, unknown][] = [];
    const record = (id: string) => (input: unknown) => void calls.push([id, input]);
    const actor = started({
      signUp: record('signUp'),
      verifyEmail: record('verifyEmail'),
      signIn: record('signIn'),
    });
    const signedIn: unknown[] = [];
    actor.on('signedIn', (e) => signedIn.push(e));
    actor.send({ type: 'OPEN', view: 'signup' });
    actor.send({ type: 'CHANGE', field: 'email', value: ` ${EMAIL} ` });
    actor.send({ type: 'CHANGE', field: 'password', value: 'secret12' });
    actor.send({ type: 'SUBMIT' });
    expect(connect(actor.getSnapshot()).canSubmit).toBe(false); // terms not ticked
    actor.send({ type: 'TOGGLE_TERMS', checked: true });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' }); // in flight: ignored
    await settle();
    let view = connect(actor.getSnapshot());
    expect(view.view).toBe('verify-email');
    expect(view.cooling).toBe(true);
    expect(view.askEmail).toBe(false);
    actor.send({ type: 'CHANGE', field: 'code', value: '1234567' });
    expect(actor.getSnapshot().context.code).toBe('123456');
    actor.send({ type: 'SUBMIT' });
    await settle();
    await settle();
    view = connect(actor.getSnapshot());
    expect(view.open).toBe(false);
    expect(calls).toEqual([
      ['signUp', { email: EMAIL, password: 'secret12' }],
      ['verifyEmail', { email: EMAIL, verificationCode: '123456' }],
      ['signIn', { email: EMAIL, password: 'secret12' }],
    ]);
    expect(signedIn).toEqual([{ type: 'signedIn', email: EMAIL }]);
    actor.stop();
  });

  it("drops the server's answer about a field once that field changes, and only that one", async () => {
    const actor = started({ signUp: refusedWith('UsernameExistsException') });
    actor.send({ type: 'OPEN', view: 'signup' });
    actor.send({ type: 'CHANGE', field: 'email', value: EMAIL });
    actor.send({ type: 'CHANGE', field: 'password', value: 'secret12' });
    actor.send({ type: 'TOGGLE_TERMS', checked: true });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(connect(actor.getSnapshot()).errors).toEqual({ email: AUTH_MESSAGES.emailTaken });
    actor.send({ type: 'CHANGE', field: 'password', value: 'secret123' });
    expect(connect(actor.getSnapshot()).errors).toEqual({ email: AUTH_MESSAGES.emailTaken });
    actor.send({ type: 'CHANGE', field: 'email', value: 'grace@example.com' });
    expect(connect(actor.getSnapshot()).errors).toEqual({});
    expect(connect(actor.getSnapshot()).canSubmit).toBe(true);
    actor.stop();
  });

  it('resets a forgotten password and signs in with the new one', async () => {
    const calls: [string, unknown][] = [];
    const record = (id: string) => (input: unknown) => void calls.push([id, input]);
    const actor = started({
      forgotPassword: record('forgotPassword'),
      resetPassword: record('resetPassword'),
      signIn: record('signIn'),
    });
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'GO_FORGOT_PASSWORD' });
    actor.send({ type: 'CHANGE', field: 'email', value: EMAIL });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(connect(actor.getSnapshot()).view).toBe('reset-forgotten-password');
    actor.send({ type: 'CHANGE', field: 'code', value: '654321' });
    actor.send({ type: 'CHANGE', field: 'password', value: 'newpass99' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    await settle();
    expect(connect(actor.getSnapshot()).open).toBe(false);
    expect(calls).toEqual([
      ['forgotPassword', { email: EMAIL }],
      ['resetPassword', { email: EMAIL, code: '654321', newPassword: 'newpass99' }],
      ['signIn', { email: EMAIL, password: 'newpass99' }],
    ]);
    actor.stop();
  });

  it('sends an unconfirmed login to verify-email with Resend available', async () => {
    const actor = started({ signIn: refusedWith('UserNotConfirmedException') });
    logIn(actor);
    await settle();
    const view = connect(actor.getSnapshot());
    expect(view.view).toBe('verify-email');
    expect(view.canResend).toBe(true);
    expect(view.canSubmit).toBe(false);
    actor.stop();
  });

  it("counts down the server's remaining cooldown after an unconfirmed login, and after a refused resend", async () => {
    const resends: unknown[] = [];
    const actor = started({
      signIn: refusedWith('UserNotConfirmedException', { retryAfterSeconds: 42 }),
      resendConfirmation: (input) => {
        resends.push(input);
        throw Object.assign(new Error('wait'), { code: 'LimitExceededException', retryAfterSeconds: 37 });
      },
    });
    const remaining = () =>
      (actor.getSnapshot().children.resendTimer as AnyActorRef | undefined)?.getSnapshot().context.remaining;
    logIn(actor);
    await settle();
    let view = connect(actor.getSnapshot());
    expect(view.view).toBe('verify-email');
    expect(view.cooling).toBe(true);
    expect(view.canResend).toBe(false);
    expect(remaining()).toBe(42);

    // The countdown ends; Resend is refused again by a cooldown started elsewhere: count down, no error.
    actor.send({ type: 'xstate.done.actor.resendTimer' } as never);
    expect(connect(actor.getSnapshot()).canResend).toBe(true);
    actor.send({ type: 'RESEND' });
    await settle();
    view = connect(actor.getSnapshot());
    expect(resends).toEqual([{ email: EMAIL }]);
    expect(view.error).toBeNull();
    expect(view.cooling).toBe(true);
    expect(remaining()).toBe(37);
    actor.stop();
  });
});
