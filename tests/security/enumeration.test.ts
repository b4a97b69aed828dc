import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app';
import { LIMITS } from '../../server/plugins/app/rateLimit';
import { getCsrf, latestCode, newClientAddress, signUpAndSignIn, TEST_PASSWORD } from '../helpers/auth';

/**
 * The pentest found: resend-confirmation and verify-email told an unknown address from
 * an unconfirmed and a confirmed account. They now answer alike where Cognito with PreventUserExistenceErrors
 * does: resend succeeds for every address (mail only where a code means something), and verifying an unknown or
 * confirmed address is a wrong code. Sign-up itself still answers UsernameExistsException, as spec §8 requires.
 */

// Sign-ups and sign-ins hash passwords (scrypt), slow on a busy machine.

const t = useTestApp();
let n = 0;
const fresh = (kind: string) => `${kind}-${Date.now()}-${n++}@example.com`;

/** The three kinds of address a stranger may ask about, each new for every test. */
type Accounts = { unknown: string; unconfirmed: string; confirmed: string; confirmedCode: string };
async function accounts(): Promise<Accounts> {
  const unconfirmed = fresh('unconfirmed');
  const signup = await post('/api/auth/signup', { email: unconfirmed, password: TEST_PASSWORD });
  expect(signup.statusCode).toBe(200);
  const confirmed = (await signUpAndSignIn(t.app, fresh('confirmed'))).user.email;
  const confirmedCode = await latestCode(t.app, confirmed);
  // Past the sign-up cooldown, as a stranger asking later would be.
  t.app.clock.advance(61_000);
  return { unknown: fresh('unknown'), unconfirmed, confirmed, confirmedCode };
}

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

const outbox = async (email: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).json() as {
    subject: string;
  }[];

/** What a caller sees: status, content type and the body, byte for byte. */
const seen = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  type: res.headers['content-type'],
  body: res.body,
});

function expectAlike(answers: LightMyRequestResponse[]) {
  const [first, ...rest] = answers.map(seen);
  for (const other of rest) expect(other).toEqual(first);
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  // Time stands still, so answers that name a wait ("Please wait 60 seconds") are comparable.
  t.app.clock.set(new Date());
});

describe('resend-confirmation', () => {
  it('answers unknown, unconfirmed and confirmed addresses alike, and mails only the unconfirmed one', async () => {
    const a = await accounts();
    const emails = [a.unknown, a.unconfirmed, a.confirmed];
    const before = await Promise.all(emails.map(outbox));

    const first = [];
    for (const email of emails) first.push(await post('/api/auth/resend-confirmation', { email }));
    expectAlike(first);
    expect(seen(first[0]!)).toMatchObject({ status: 200, body: '{"ok":true}' });

    // The limits are per address whether or not it has an account: the next ask is refused alike.
    const again = [];
    for (const email of emails) again.push(await post('/api/auth/resend-confirmation', { email }));
    expectAlike(again);
    expect(again[0]!.statusCode).toBe(429);

    const after = await Promise.all(emails.map(outbox));
    expect(after.map((mails, i) => mails.length - before[i]!.length)).toEqual([0, 1, 0]);
    expect(after[1]![0]!.subject).toBe('Your verification code');
  });
});

describe('verify-email', () => {
  it('answers a guessed code alike for unknown, unconfirmed and confirmed addresses', async () => {
    const a = await accounts();
    const code = wrongCode(await latestCode(t.app, a.unconfirmed));
    const answers = [];
    for (const email of [a.unknown, a.unconfirmed, a.confirmed]) {
      answers.push(await post('/api/auth/verify-email', { email, verificationCode: code }));
    }
    expectAlike(answers);
    expect(answers[0]!.json()).toEqual({
      error: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
  });

  it('answers every guess at a confirmed address as a wrong code, however many', async () => {
    const a = await accounts();
    for (let i = 0; i < 7; i++) {
      const guess = String(100000 + i);
      if (guess === a.confirmedCode) continue;
      const pair = [
        await post('/api/auth/verify-email', { email: a.unknown, verificationCode: guess }),
        await post('/api/auth/verify-email', { email: a.confirmed, verificationCode: guess }),
      ];
      expectAlike(pair);
      expect(pair[1]!.json()).toMatchObject({ error: 'CodeMismatchException' });
    }
  });

  it('tells only the holder of the mailed code that the account is already confirmed', async () => {
    const a = await accounts();
    const res = await post('/api/auth/verify-email', {
      email: a.confirmed,
      verificationCode: a.confirmedCode,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'NotAuthorizedException' });
    // The same code at an unknown address is just a wrong code.
    const unknown = await post('/api/auth/verify-email', {
      email: a.unknown,
      verificationCode: a.confirmedCode,
    });
    expect(unknown.json()).toMatchObject({ error: 'CodeMismatchException' });
  });
});

describe('forgot-password and sign-in', () => {
  it('answers forgot-password alike for all three', async () => {
    const a = await accounts();
    const answers = [];
    for (const email of [a.unknown, a.unconfirmed, a.confirmed]) {
      answers.push(await post('/api/auth/forgot-password', { email }));
    }
    expectAlike(answers);
    expect(answers[0]!.statusCode).toBe(200);
  });

  it('answers a wrong password alike for an unknown and an existing account', async () => {
    const a = await accounts();
    const signIn = async (email: string) => {
      const { csrf, cookie } = await getCsrf(t.app);
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/callback/credentials',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        payload: new URLSearchParams({
          email,
          password: 'Wrong-passw0rd',
          csrfToken: csrf,
          callbackUrl: '/',
          json: 'true',
        }).toString(),
      });
    };
    const unknown = await signIn(a.unknown);
    const known = await signIn(a.confirmed);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('NotAuthorizedException');
    // The url in the answer carries only what the caller sent; the rest must match exactly.
    expect(seen(known)).toEqual(seen(unknown));
  });
});

describe('sign-up', () => {
  // Sign-up is the one place that still names a registered address: the form must say 'This email has been taken.'
  // (spec §8). What bounds it is the per-address limit; docs/security.md ("Account enumeration") argues the choice.
  it('names a registered address, but to one address at most LIMITS.signUp.max times a minute; the next probe reveals nothing', async () => {
    const a = await accounts();
    const prober = newClientAddress();
    const probe = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: prober,
        payload: { email, password: TEST_PASSWORD },
      });

    const taken = await probe(a.confirmed);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      error: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    });
    for (let i = 1; i < LIMITS.signUp.max; i++) {
      expect((await probe(i % 2 ? a.unconfirmed : a.confirmed)).statusCode).toBe(400);
    }

    // Past the limit a registered and an unused address get the same refusal, and nothing happens to either.
    const unused = fresh('unused');
    const over = [await probe(a.confirmed), await probe(unused)];
    expectAlike(over);
    expect(over[1]!.headers['retry-after']).toBe(over[0]!.headers['retry-after']);
    expect(over[0]!.statusCode).toBe(429);
    expect(over[0]!.json()).toEqual({
      error: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    expect(await outbox(unused)).toEqual([]);

    // Another address may ask again: the bound is per address, as docs/security.md says.
    expect((await post('/api/auth/signup', { email: a.confirmed, password: TEST_PASSWORD })).statusCode).toBe(
      400,
    );
  });
});
