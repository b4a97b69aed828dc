import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { APIRequestContext, APIResponse, Page } from 'playwright-core';

export const TEST_PASSWORD = 'Passw0rd!x';

/** Signs up and confirms an account through the real routes, with the code from the development outbox. */
export async function createAccount(
  api: APIRequestContext,
  email: string,
  password = TEST_PASSWORD,
): Promise<void> {
  const signup = await api.post('/api/auth/signup', { data: { email, password } });
  expect(signup.status(), await signup.text()).toBe(200);
  const mails = (await (await api.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    code?: string;
  }[];
  const code = mails.find((m) => m.code)?.code;
  expect(code).toMatch(/^\d{6}$/);
  const verify = await api.post('/api/auth/verify-email', { data: { email, verificationCode: code } });
  expect(verify.status(), await verify.text()).toBe(200);
}

/** Signs in as the login form does (CSRF token, form-encoded credentials), in the cookies of `api`. */
export async function signInApi(
  api: APIRequestContext,
  email: string,
  password = TEST_PASSWORD,
): Promise<APIResponse> {
  const { csrfToken } = (await (await api.get('/api/auth/csrf')).json()) as { csrfToken: string };
  return api.post('/api/auth/callback/credentials', {
    form: { email, password, csrfToken, callbackUrl: '/', json: 'true' },
  });
}

/** A new confirmed account, signed in inside the page's browser context; returns its email. */
export async function signUpAndSignIn(page: Page, prefix: string, password = TEST_PASSWORD): Promise<string> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  await createAccount(page.request, email, password);
  const signIn = await signInApi(page.request, email, password);
  expect(signIn.status(), await signIn.text()).toBe(200);
  return email;
}
