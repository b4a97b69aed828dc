import { describe, expect, it } from 'vitest';

// Sign-ups and sign-ins hash passwords (scrypt), slow on a busy machine.
import { buildApp } from '../../server/app';
import { useTestApp } from '../helpers/app';
import {
  authedInject,
  getCsrf,
  latestCode,
  newClientAddress,
  signIn,
  signUpAndSignIn,
  TEST_PASSWORD,
} from '../helpers/auth';

const t = useTestApp();

let n = 0;
const freshEmail = () => `pool-${Date.now()}-${n++}@example.com`;
const HOUR = 60 * 60 * 1000;

// Each request from a new client address: these tests are about the per-email rules, not the per-address limits.
const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: newClientAddress() });
const signUp = (email: string, password = TEST_PASSWORD) => post('/api/auth/signup', { email, password });
const outbox = async (email: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).json() as {
    to: string;
    subject: string;
    text: string;
    code?: string;
    sentAt: string;
  }[];
/** A new unconfirmed account and the code mailed to it. */
const signedUp = async () => {
  const email = freshEmail();
  await signUp(email);
  return { email, code: await latestCode(t.app, email) };
};
const verify = (email: string, verificationCode: string) =>
  post('/api/auth/verify-email', { email, verificationCode });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-up', () => {
  it('creates an unconfirmed account with a UUID username and mails a 6-digit code', async () => {
    const email = freshEmail();
    const res = await signUp(email);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ email, userConfirmed: false, codeDeliveryDestination: email });
    expect(body.username).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your verification code');
    expect(mails[0]!.code).toMatch(/^\d{6}$/);
    expect(mails[0]!.text).toContain(mails[0]!.code);
  });

  it('answers UsernameExistsException for an email already used, compared case-insensitively', async () => {
    const email = freshEmail();
    expect((await signUp(email)).statusCode).toBe(200);
    const again = await signUp(email.toUpperCase());
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'UsernameExistsException' });
  });

  it.each(['short1', 'lettersonly', '12345678', ''])(
    'answers InvalidPasswordException for the password %j',
    async (password) => {
      const res = await signUp(freshEmail(), password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'InvalidPasswordException',
        message: 'Password does not meet the requirements.',
      });
    },
  );

  it('answers a 400 naming the field for a bad email or a missing body', async () => {
    const bad = await signUp('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'ValidationError', fields: { email: 'Invalid email.' } });
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/signup' });
    expect(none.statusCode).toBe(400);
    const wrongType = await post('/api/auth/signup', { email: 5, password: ['x'] });
    expect(wrongType.statusCode).toBe(400);
  });
});

describe('verify email', () => {
  it('confirms with the mailed code; sign-in works afterwards', async () => {
    const email = freshEmail();
    await signUp(email);
    const res = await post('/api/auth/verify-email', {
      email: email.toUpperCase(),
      verificationCode: await latestCode(t.app, email),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const session = await signIn(t.app, email, TEST_PASSWORD);
    expect(session.user.email).toBe(email);
  });

  it('answers CodeMismatchException for a wrong code and NotAuthorizedException for the used code once confirmed', async () => {
    const { email, code } = await signedUp();
    const wrong = await verify(email, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'CodeMismatchException' });
    expect((await verify(email, code)).statusCode).toBe(200);
    const again = await verify(email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'NotAuthorizedException' });
  });

  it('answers ExpiredCodeException after 24 hours', async () => {
    const { email, code } = await signedUp();
    t.app.clock.advance(24 * HOUR + 1000);
    const res = await verify(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'ExpiredCodeException' });
  });

  it('kills a code for an address after 5 wrong attempts from it, even the right one is refused then', async () => {
    const { email, code } = await signedUp();
    // One address throughout: the limit is per code and address (tests/security/code-guessing.test.ts).
    const address = newClientAddress();
    const fromAddress = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload, remoteAddress: address });
    for (let i = 0; i < 5; i++) {
      const res = await fromAddress({ email, verificationCode: wrongCode(code) });
      expect(res.json()).toMatchObject({ error: 'CodeMismatchException' });
    }
    const right = await fromAddress({ email, verificationCode: code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ error: 'ExpiredCodeException' });
  });

  it('answers CodeMismatchException for an unknown email and 400 for a code longer than 6', async () => {
    const unknown = await post('/api/auth/verify-email', { email: freshEmail(), verificationCode: '123456' });
    expect(unknown.json()).toMatchObject({ error: 'CodeMismatchException' });
    const long = await post('/api/auth/verify-email', { email: freshEmail(), verificationCode: '1234567' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      error: 'ValidationError',
      fields: { verificationCode: expect.any(String) },
    });
  });
});

describe('resend confirmation', () => {
  it('enforces the 60 s cooldown from sign-up, then sends a new code that replaces the old one', async () => {
    const { email, code: first } = await signedUp();
    t.app.clock.advance(15_000);
    const early = await post('/api/auth/resend-confirmation', { email });
    expect(early.statusCode).toBe(429);
    // The answer says how long the cooldown still runs, so the client's countdown follows it.
    expect(early.json()).toMatchObject({ error: 'LimitExceededException', retryAfterSeconds: 45 });
    expect(early.headers['retry-after']).toBe('45');
    t.app.clock.advance(46_000);
    const ok = await post('/api/auth/resend-confirmation', { email });
    expect(ok.statusCode).toBe(200);
    expect(await outbox(email)).toHaveLength(2);
    const second = await latestCode(t.app, email);
    // The old code is dead (codes are random: equal codes are a one-in-a-million event).
    const old = await verify(email, first);
    expect(old.json()).toMatchObject({ error: 'CodeMismatchException' });
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  it('allows at most 5 resends per hour, and the limit survives a restart', async () => {
    const email = freshEmail();
    await signUp(email);
    for (let i = 0; i < 5; i++) {
      t.app.clock.advance(61_000);
      expect((await post('/api/auth/resend-confirmation', { email })).statusCode).toBe(200);
    }
    t.app.clock.advance(61_000);
    const sixth = await post('/api/auth/resend-confirmation', { email });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      error: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });

    // A restarted server on the same database still refuses.
    const restarted = await buildApp({ config: t.config, database: t.database, logger: false });
    restarted.clock.set(t.app.clock.now());
    restarted.clock.advance(61_000);
    const afterRestart = await restarted.inject({
      method: 'POST',
      url: '/api/auth/resend-confirmation',
      payload: { email },
    });
    expect(afterRestart.json()).toMatchObject({ error: 'LimitExceededException' });
    await restarted.close();

    t.app.clock.advance(HOUR);
    expect((await post('/api/auth/resend-confirmation', { email })).statusCode).toBe(200);
  });

  it('answers a confirmed account and an unknown one with the same success, and mails neither', async () => {
    const session = await signUpAndSignIn(t.app, freshEmail());
    t.app.clock.advance(61_000);
    const confirmed = await post('/api/auth/resend-confirmation', { email: session.user.email });
    expect(confirmed.json()).toEqual({ ok: true });
    expect(await outbox(session.user.email)).toHaveLength(1);
    const unknown = freshEmail();
    expect((await post('/api/auth/resend-confirmation', { email: unknown })).json()).toEqual({ ok: true });
    expect(await outbox(unknown)).toEqual([]);
  });
});

describe('forgot and reset password', () => {
  it('mails a reset code; reset sets the new password, which signs in', async () => {
    const { user } = await signUpAndSignIn(t.app, freshEmail());
    const res = await post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    const mails = await outbox(user.email);
    expect(mails[0]!.subject).toBe('Your password reset code');
    const reset = await post('/api/auth/reset-forgotten-password', {
      email: user.email,
      code: mails[0]!.code,
      newPassword: 'NewPassw0rd',
    });
    expect(reset.statusCode).toBe(200);
    await expect(signIn(t.app, user.email, TEST_PASSWORD)).rejects.toThrow(/NotAuthorizedException/);
    expect((await signIn(t.app, user.email, 'NewPassw0rd')).user.email).toBe(user.email);
  });

  it('answers CodeMismatchException, InvalidPasswordException and, after 1 hour, ExpiredCodeException', async () => {
    const { user } = await signUpAndSignIn(t.app, freshEmail());
    await post('/api/auth/forgot-password', { email: user.email });
    const code = await latestCode(t.app, user.email);
    const wrong = await post('/api/auth/reset-forgotten-password', {
      email: user.email,
      code: wrongCode(code),
      newPassword: 'NewPassw0rd',
    });
    expect(wrong.json()).toMatchObject({ error: 'CodeMismatchException' });
    const weak = await post('/api/auth/reset-forgotten-password', {
      email: user.email,
      code,
      newPassword: 'weak',
    });
    expect(weak.json()).toMatchObject({ error: 'InvalidPasswordException' });
    t.app.clock.advance(HOUR + 1000);
    const late = await post('/api/auth/reset-forgotten-password', {
      email: user.email,
      code,
      newPassword: 'NewPassw0rd',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'ExpiredCodeException' });
  });

  it('answers LimitExceededException after 5 requests in an hour; unknown emails get the same answers', async () => {
    const email = freshEmail();
    for (let i = 0; i < 5; i++)
      expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const over = await post('/api/auth/forgot-password', { email });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      error: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    expect(await outbox(email)).toEqual([]);
  });

  it('answers 400 naming the field for a missing code or email', async () => {
    const res = await post('/api/auth/reset-forgotten-password', {
      email: 'x@example.com',
      newPassword: 'NewPassw0rd',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { code: expect.any(String) } });
    const forgot = await post('/api/auth/forgot-password', {});
    expect(forgot.statusCode).toBe(400);
    expect(forgot.json()).toMatchObject({ fields: { email: expect.any(String) } });
  });
});

describe('change password', () => {
  it('needs the old password and the rule, then the new password signs in', async () => {
    const session = await signUpAndSignIn(t.app, freshEmail());
    const change = (body: object) =>
      authedInject(t.app, session, { method: 'POST', url: '/api/user/change-password', payload: body });
    const wrongOld = await change({ oldPassword: 'Nope12345', newPassword: 'Another1pass' });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json()).toMatchObject({ error: 'NotAuthorizedException' });
    const weak = await change({ oldPassword: TEST_PASSWORD, newPassword: 'abc' });
    expect(weak.json()).toMatchObject({ error: 'InvalidPasswordException' });
    const ok = await change({ oldPassword: TEST_PASSWORD, newPassword: 'Another1pass' });
    expect(ok.statusCode).toBe(200);
    expect((await signIn(t.app, session.user.email, 'Another1pass')).user.username).toBe(
      session.user.username,
    );
  });

  it('is refused signed out (401) and without the CSRF header (403)', async () => {
    const signedOut = await post('/api/user/change-password', {
      oldPassword: 'a',
      newPassword: 'Another1pass',
    });
    expect(signedOut.statusCode).toBe(401);
    const session = await signUpAndSignIn(t.app, freshEmail());
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: { cookie: session.cookie },
      payload: { oldPassword: TEST_PASSWORD, newPassword: 'Another1pass' },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toMatchObject({ error: 'CsrfError' });
    const { csrf: otherToken } = await getCsrf(t.app);
    const wrongHeader = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: { cookie: session.cookie, 'x-csrf-token': otherToken },
      payload: { oldPassword: TEST_PASSWORD, newPassword: 'Another1pass' },
    });
    expect(wrongHeader.statusCode).toBe(403);
  });
});
