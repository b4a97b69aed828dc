import type { z } from 'zod';
import type * as schemas from './auth.schemas';
import { postJson, type Request } from './http';

/*
 * The accounts contract: the user pool (Cognito semantics) and the auth service routes (NextAuth contract).
 * Every failure is `{ error, message, fields? }`; user-pool failures carry the Cognito exception name as `error`
 * (see USER_POOL_ERRORS), which `HttpError.code` exposes on the client.
 */

// ---------------------------------------------------------------------------------------------------------------
// Shared rules and messages (spec §5, §8, §9)

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const CODE_LENGTH = 6;
/** Seconds between two code sends (sign-up starts the timer; resend restarts it). */
export const RESEND_COOLDOWN_SECONDS = 60;

export const MESSAGES = {
  emailRequired: 'Please input your email address',
  passwordRequired: 'Please input your password',
  invalidEmail: 'Invalid email.',
  passwordRule: 'Password does not meet the requirements.',
  resetCodeRequired: 'Reset code is required',
  verifyEmailRequired: 'Please enter your email',
  verificationCodeRequired: 'Please input your verification code',
} as const;

/** The Cognito exception names the user pool answers with, as the `error` field of the error body. */
export const USER_POOL_ERRORS = [
  'NotAuthorizedException',
  'UserNotConfirmedException',
  'UsernameExistsException',
  'InvalidPasswordException',
  'CodeMismatchException',
  'ExpiredCodeException',
  'LimitExceededException',
] as const;
export type UserPoolErrorName = (typeof USER_POOL_ERRORS)[number];

/** True when the password meets the shared rule: ≥ 8 characters, at least one letter and one digit. */
export const meetsPasswordRule = (password: string) =>
  password.length >= PASSWORD_MIN_LENGTH && /[A-Za-z]/.test(password) && /\d/.test(password);
export type SignUpBody = z.infer<typeof schemas.SignUpBody>;
export type VerifyEmailBody = z.infer<typeof schemas.VerifyEmailBody>;
export type ResendConfirmationBody = z.infer<typeof schemas.ResendConfirmationBody>;
export type ForgotPasswordBody = z.infer<typeof schemas.ForgotPasswordBody>;
export type ResetForgottenPasswordBody = z.infer<typeof schemas.ResetForgottenPasswordBody>;
export type ChangePasswordBody = z.infer<typeof schemas.ChangePasswordBody>;

/**
 * The change-password form checked in the browser by the rules of ChangePasswordBody (api/auth.schemas.ts),
 * without zod: the body to send, or the message per field.
 */
export function checkChangePassword(input: {
  oldPassword: string;
  newPassword: string;
}): { body: ChangePasswordBody; fields?: undefined } | { fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  if (!input.oldPassword) fields.oldPassword = MESSAGES.passwordRequired;
  else if (input.oldPassword.length > PASSWORD_MAX_LENGTH) fields.oldPassword = 'Password is too long';
  if (input.newPassword.length > PASSWORD_MAX_LENGTH || !meetsPasswordRule(input.newPassword))
    fields.newPassword = MESSAGES.passwordRule;
  return Object.keys(fields).length
    ? { fields }
    : { body: { oldPassword: input.oldPassword, newPassword: input.newPassword } };
}
export type SignUpResult = z.infer<typeof schemas.SignUpResult>;
export type Ok = z.infer<typeof schemas.Ok>;
export type SessionUserInfo = z.infer<typeof schemas.SessionUserSchema>;
export type Session = { user: SessionUserInfo; expires: string } | Record<string, never>;
export const isSignedIn = (s: Session): s is { user: SessionUserInfo; expires: string } => 'user' in s;
export type CsrfResult = z.infer<typeof schemas.CsrfResult>;
export type Provider = z.infer<typeof schemas.Provider>;
export type Providers = z.infer<typeof schemas.Providers>;
export type CredentialsForm = z.infer<typeof schemas.CredentialsForm>;
export type UrlResult = z.infer<typeof schemas.UrlResult>;
export type CredentialsFailure = z.infer<typeof schemas.CredentialsFailure>;
export type LogBody = z.infer<typeof schemas.LogBody>;

// ---------------------------------------------------------------------------------------------------------------
// Fetch functions. Writes to the auth service need the CSRF token from getCsrfToken (the request helper should
// also send it as the `x-csrf-token` header on every write while signed in).

// The session read (`getSession`) is api/session.ts.
export const getCsrfToken = async (request: Request) =>
  (await request<CsrfResult>('/api/auth/csrf')).csrfToken;
export const getProviders = (request: Request) => request<Providers>('/api/auth/providers');

/** Credentials sign-in. Resolves `{ url }`; rejects with an HttpError whose `code` is the Cognito name. */
export const signInWithCredentials = (
  request: Request,
  input: { email: string; password: string; csrfToken: string; callbackUrl?: string },
) =>
  request<UrlResult>('/api/auth/callback/credentials', {
    form: {
      email: input.email,
      password: input.password,
      csrfToken: input.csrfToken,
      callbackUrl: input.callbackUrl ?? '/',
      json: 'true',
    },
  });

export const signOut = (request: Request, input: { csrfToken: string; callbackUrl?: string }) =>
  request<UrlResult>('/api/auth/signout', {
    form: { csrfToken: input.csrfToken, callbackUrl: input.callbackUrl ?? '/', json: 'true' },
  });

/** The URL the browser goes to for social sign-in (a redirect to the hosted identity provider). */
export const socialSignInUrl = (providerId: string, callbackUrl = '/') =>
  `/api/auth/signin/${encodeURIComponent(providerId)}?callbackUrl=${encodeURIComponent(callbackUrl)}`;

export const signUp = postJson<SignUpBody, SignUpResult>('/api/auth/signup');
export const verifyEmail = postJson<VerifyEmailBody, Ok>('/api/auth/verify-email');
export const resendConfirmation = postJson<ResendConfirmationBody, Ok>('/api/auth/resend-confirmation');
export const forgotPassword = postJson<ForgotPasswordBody, Ok>('/api/auth/forgot-password');
export const resetForgottenPassword = postJson<ResetForgottenPasswordBody, Ok>(
  '/api/auth/reset-forgotten-password',
);
/** Needs a session and the `x-csrf-token` header. */
export const changePassword = postJson<ChangePasswordBody, Ok>('/api/user/change-password');

/** Client logging through a beacon where available (spec §7); never throws. */
export function logToServer(body: LogBody, baseURL = '') {
  const url = `${baseURL}/api/auth/_log`;
  const form = new URLSearchParams({
    level: body.level,
    code: body.code,
    details: JSON.stringify(body.details ?? null),
  });
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      navigator.sendBeacon(url, form);
      return;
    }
    void fetch(url, { method: 'POST', body: form, credentials: 'include', keepalive: true }).catch(
      () => undefined,
    );
  } catch {
    // Logging must never break the caller.
  }
}
