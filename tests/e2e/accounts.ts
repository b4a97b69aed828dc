import { randomUUID } from 'node:crypto';
import type { APIRequestContext, APIResponse, Page } from 'playwright-core';

export const TEST_PASSWORD = 'Passw0rd!x';

/** Throws with the server's answer unless it is 200 (no test runner here: `npm run screenshots` uses these too). */
async function expectOk(step: string, response: APIResponse): Promise<void> {
  if (response.status() !== 200) throw new Error(`${step}: ${response.status()} ${await response.text()}`);
}

/** Signs up and confirms an account through the real routes, with the code from the development outbox. */
export async function createAccount(
  api: APIRequestContext,
  email: string,
  password = TEST_PASSWORD,
): Promise<void> {
  const signup = await api.post('/api/auth/signup', { data: { email, password } });
  await expectOk('sign-up', signup);
  const mails = (await (await api.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    code?: string;
  }[];
  const code = mails.find((m) => m.code)?.code;
  if (!code || !/^\d{6}$/.test(code)) throw new Error(`no 6-digit code mailed to ${email}`);
  const verify = await api.post('/api/auth/verify-email', { data: { email, verificationCode: code } });
  await expectOk('verify-email', verify);
}

/** The session's CSRF token, which every write of a signed-in caller sends (as x-csrf-token, or in a form). */
export async function csrfToken(api: APIRequestContext): Promise<string> {
  return ((await (await api.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;
}

/** Signs in as the login form does (CSRF token, form-encoded credentials), in the cookies of `api`. */
export async function signInApi(
  api: APIRequestContext,
  email: string,
  password = TEST_PASSWORD,
): Promise<APIResponse> {
  return api.post('/api/auth/callback/credentials', {
    form: { email, password, csrfToken: await csrfToken(api), callbackUrl: '/', json: 'true' },
  });
}

/** A new confirmed account, signed in inside the page's browser context; returns its email. */
export async function signUpAndSignIn(page: Page, prefix: string, password = TEST_PASSWORD): Promise<string> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  await createAccount(page.request, email, password);
  const signIn = await signInApi(page.request, email, password);
  await expectOk('sign-in', signIn);
  return email;
}
