import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate';
import { authModalMachine } from '../../machines/auth-modal/authModal.machine';
import { connect } from '../../machines/auth-modal/authModal.connect';
import { AUTH_MESSAGES } from '../../machines/auth-modal/authModal.messages';
import { describePaths, pending } from './harness';

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
    { type: 'CHANGE', field: 'email', value: EMAIL },
    { type: 'CHANGE', field: 'email', value: 'not-an-email' },
    { type: 'CHANGE', field: 'email', value: '' },
    { type: 'CHANGE', field: 'password', value: 'secret12' },
    { type: 'CHANGE', field: 'password', value: 'short' },
    { type: 'CHANGE', field: 'password', value: '' },
    { type: 'CHANGE', field: 'code', value: '123456' },
    { type: 'CHANGE', field: 'code', value: '123' },
    { type: 'TOGGLE_TERMS', checked: true },
    { type: 'TOGGLE_TERMS', checked: false },
    { type: 'BLUR', field: 'email' },
    { type: 'SUBMIT' },
    { type: 'RESEND' },
    { type: 'GO.LOGIN' },
    { type: 'GO.SIGNUP' },
    { type: 'GO.FORGOT_PASSWORD' },
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
    list.push(done('resetPassword'), fail('resetPassword', 'CodeMismatchException'), fail('resetPassword'));
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
  const c = s.context;
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
              ? [email, code, c.credentials?.email === c.email.trim()]
              : [];
  return JSON.stringify([s.value, fields]);
}

const ALL_MESSAGES = new Set<string>([
  AUTH_MESSAGES.loginMismatch,
  AUTH_MESSAGES.unknown,
  AUTH_MESSAGES.attemptLimit,
  AUTH_MESSAGES.invalidResetCode,
  AUTH_MESSAGES.wrongVerificationCode,
  AUTH_MESSAGES.notAwaiting(EMAIL),
]);

const openView = (name: string) => (s: AnyMachineSnapshot) => {
  const view = connect(s as never);
  expect(view.open).toBe(true);
  expect(view.view).toBe(name);
  if (view.error !== null) expect(ALL_MESSAGES).toContain(view.error);
};
const busy = (s: AnyMachineSnapshot) => {
  const view = connect(s as never);
  expect(view.busy).toBe(true);
  expect(view.canSubmit).toBe(false);
};
const editing = (s: AnyMachineSnapshot) => expect(connect(s as never).busy).toBe(false);

const states = {
  'authModal.hidden': (s: AnyMachineSnapshot) => {
    const view = connect(s as never);
    expect(view.open).toBe(false);
    expect(view.view).toBeNull();
    expect(s.context.password).toBe('');
  },
  'authModal.login': openView('login'),
  'authModal.login.editing': editing,
  'authModal.login.submitting': busy,
  'authModal.signup': openView('signup'),
  'authModal.signup.editing': editing,
  'authModal.signup.submitting': busy,
  'authModal.forgot-password': openView('forgot-password'),
  'authModal.forgot-password.editing': editing,
  'authModal.forgot-password.submitting': busy,
  'authModal.reset-forgotten-password': openView('reset-forgotten-password'),
  'authModal.reset-forgotten-password.editing': editing,
  'authModal.reset-forgotten-password.submitting': busy,
  'authModal.reset-forgotten-password.signingIn': busy,
  'authModal.verify-email': openView('verify-email'),
  'authModal.verify-email.form.editing': editing,
  'authModal.verify-email.form.submitting': busy,
  'authModal.verify-email.form.signingIn': (s: AnyMachineSnapshot) => {
    busy(s);
    expect(connect(s as never).notice).toBe(AUTH_MESSAGES.verified);
  },
  'authModal.verify-email.resend.cooling': (s: AnyMachineSnapshot) => {
    expect(connect(s as never).cooling).toBe(true);
    expect(connect(s as never).canResend).toBe(false);
    // The countdown runs for what the server said (or the full cooldown after a send).
    const timer = s.children.resendTimer as AnyActorRef;
    expect(COOLDOWNS).toContain(s.context.cooldownSeconds);
    expect(timer.getSnapshot().context.remaining).toBe(s.context.cooldownSeconds);
  },
  'authModal.verify-email.resend.sending': (s: AnyMachineSnapshot) =>
    expect(connect(s as never).canResend).toBe(false),
  'authModal.verify-email.resend.ready': (s: AnyMachineSnapshot) =>
    expect(connect(s as never).canResend).toBe(/@/.test(s.context.email)),
};

describePaths('authModal', stubbed, { input: {}, events, states, serializeState, limit: 20_000 });
describePaths('authModal', stubbed, { input: { mode: 'page', view: 'login' }, events: () => [], states });
describePaths('authModal', stubbed, { input: { mode: 'page', view: 'signup' }, events: () => [], states });

describe('authModal flows', () => {
  const outcomes = (answers: Record<string, (input: unknown) => unknown>) =>
    authModalMachine.provide({
      actors: Object.fromEntries(
        Object.entries(answers).map(([id, fn]) => [id, fromPromise(async ({ input }) => fn(input))]),
      ) as never,
    });
  const settle = () => new Promise<void>((r) => setTimeout(r, 0));

  it('signs up, verifies and signs in with the same credentials, then closes', async () => {
    const calls: [string, unknown][] = [];
    const record = (id: string) => (input: unknown) => void calls.push([id, input]);
    const actor = createActor(
      outcomes({ signUp: record('signUp'), verifyEmail: record('verifyEmail'), signIn: record('signIn') }),
      { input: {} },
    ).start();
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

  it('resets a forgotten password and signs in with the new one', async () => {
    const calls: [string, unknown][] = [];
    const record = (id: string) => (input: unknown) => void calls.push([id, input]);
    const actor = createActor(
      outcomes({
        forgotPassword: record('forgotPassword'),
        resetPassword: record('resetPassword'),
        signIn: record('signIn'),
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'GO.FORGOT_PASSWORD' });
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
    const actor = createActor(
      outcomes({
        signIn: () => {
          throw Object.assign(new Error('x'), { code: 'UserNotConfirmedException' });
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'OPEN', view: 'login' });
    actor.send({ type: 'CHANGE', field: 'email', value: EMAIL });
    actor.send({ type: 'CHANGE', field: 'password', value: 'whatever' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    const view = connect(actor.getSnapshot());
    expect(view.view).toBe('verify-email');
    expect(view.canResend).toBe(true);
    expect(view.canSubmit).toBe(false);
    actor.stop();
  });

  it("counts down the server's remaining cooldown after an unconfirmed login, and after a refused resend (issue 15, item 3)", async () => {
    const resends: unknown[] = [];
    const actor = createActor(
      outcomes({
        signIn: () => {
          throw Object.assign(new Error('x'), { code: 'UserNotConfirmedException', retryAfterSeconds: 42 });
        },
        resendConfirmation: (input) => {
          resends.push(input);
          throw Object.assign(new Error('wait'), { code: 'LimitExceededException', retryAfterSeconds: 37 });
        },
      }),
      { input: {} },
    ).start();
    const remaining = () =>
      (actor.getSnapshot().children.resendTimer as AnyActorRef | undefined)?.getSnapshot().context.remaining;
    actor.send({ type: 'OPEN', view: 'login' });
    actor.send({ type: 'CHANGE', field: 'email', value: EMAIL });
    actor.send({ type: 'CHANGE', field: 'password', value: 'whatever' });
    actor.send({ type: 'SUBMIT' });
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
