import { describe, expect, it, vi } from 'vitest';
import { MAX_CODE_ATTEMPTS, MAX_CODE_ATTEMPTS_TOTAL } from '../../server/accounts/codes';
import { useTestApp } from '../helpers/app';
import { latestCode, newClientAddress, signIn, signUpAndSignIn, TEST_PASSWORD } from '../helpers/auth';

/**
 * A mailed code (email verification, password reset) takes MAX_CODE_ATTEMPTS guesses per client address. Counted
 * per code only, a stranger who knew an address could burn the owner's pending code with 5 wrong guesses; now that
 * only locks the stranger's address out of it, and MAX_CODE_ATTEMPTS_TOTAL bounds the guesses from all addresses.
 */

// Password hashing (scrypt) on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const t = useTestApp();

let n = 0;
const freshEmail = () => `codes-${Date.now()}-${n++}@example.com`;
const post = (url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });
const wrongCode = (code: string, i = 1) => String((Number(code) + i) % 1_000_000).padStart(6, '0');

const MISMATCH = {
  error: 'CodeMismatchException',
  message: 'Invalid verification code provided, please try again.',
};
const DEAD = {
  error: 'ExpiredCodeException',
  message: 'Invalid code provided, please request a code again.',
};

/** A stranger at `address` guesses `count` wrong codes for `email` on `url`; each is a plain wrong code. */
async function guess(url: string, email: string, code: string, address: string, count: number, from = 1) {
  for (let i = from; i < from + count; i++) {
    const payload =
      url === '/api/auth/verify-email'
        ? { email, verificationCode: wrongCode(code, i) }
        : { email, code: wrongCode(code, i), newPassword: 'Strang3r-pass' };
    const res = await post(url, payload, address);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(MISMATCH);
  }
}

describe('a stranger cannot burn a pending code', () => {
  it('verification: 5 wrong guesses lock the stranger out of the code, and the owner still confirms with it', async () => {
    const email = freshEmail();
    const owner = newClientAddress();
    expect((await post('/api/auth/signup', { email, password: TEST_PASSWORD }, owner)).statusCode).toBe(200);
    const code = await latestCode(t.app, email);

    const stranger = newClientAddress();
    await guess('/api/auth/verify-email', email, code, stranger, MAX_CODE_ATTEMPTS);
    // The stranger's address is done with this code, even with the right one.
    const refused = await post('/api/auth/verify-email', { email, verificationCode: code }, stranger);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(DEAD);

    const confirmed = await post('/api/auth/verify-email', { email, verificationCode: code }, owner);
    expect(confirmed.statusCode).toBe(200);
    expect((await signIn(t.app, email, TEST_PASSWORD)).user.email).toBe(email);
  });

  it('password reset: the owner resets with the mailed code after a stranger guessed 5 times', async () => {
    const { user } = await signUpAndSignIn(t.app);
    const owner = newClientAddress();
    expect((await post('/api/auth/forgot-password', { email: user.email }, owner)).statusCode).toBe(200);
    const code = await latestCode(t.app, user.email);

    const stranger = newClientAddress();
    await guess('/api/auth/reset-forgotten-password', user.email, code, stranger, MAX_CODE_ATTEMPTS);
    const refused = await post(
      '/api/auth/reset-forgotten-password',
      { email: user.email, code, newPassword: 'Strang3r-pass' },
      stranger,
    );
    expect(refused.json()).toEqual(DEAD);

    const reset = await post(
      '/api/auth/reset-forgotten-password',
      { email: user.email, code, newPassword: 'Own3rs-new-pass' },
      owner,
    );
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t.app, user.email, 'Own3rs-new-pass')).user.email).toBe(user.email);
  });

  it('still bounds the guesses from many addresses: the code dies after MAX_CODE_ATTEMPTS_TOTAL', async () => {
    const email = freshEmail();
    const owner = newClientAddress();
    expect((await post('/api/auth/signup', { email, password: TEST_PASSWORD }, owner)).statusCode).toBe(200);
    const code = await latestCode(t.app, email);

    for (let a = 0; a < MAX_CODE_ATTEMPTS_TOTAL / MAX_CODE_ATTEMPTS; a++) {
      await guess('/api/auth/verify-email', email, code, newClientAddress(), MAX_CODE_ATTEMPTS, 1 + a * 10);
    }
    // Every address, the owner's included, now needs a new code.
    const dead = await post('/api/auth/verify-email', { email, verificationCode: code }, owner);
    expect(dead.statusCode).toBe(400);
    expect(dead.json()).toEqual(DEAD);
  });
});
