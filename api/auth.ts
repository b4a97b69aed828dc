import { z } from 'zod';
import type { Request } from './http';

/*
 * The accounts contract: the user pool (Cognito semantics) and the auth service routes (NextAuth contract).
 * Every failure is `{ error, message, fields? }`; user-pool failures carry the Cognito exception name as `error`
 * (see USER_POOL_ERRORS), which `HttpError.code` exposes on the client.
 */

// ---------------------------------------------------------------------------------------------------------------
// Shared rules and messages (spec §5, §8, §9)

export const PASSWORD_MIN_LENGTH = 8;
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

/** An email address; trimmed. The server compares emails case-insensitively. */
export const Email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.invalidEmail)
  .pipe(z.email(MESSAGES.invalidEmail));

/** A new password (sign-up, reset, change): the shared rule. */
export const NewPassword = z
  .string({ error: MESSAGES.passwordRule })
  .max(256, MESSAGES.passwordRule)
  .refine(meetsPasswordRule, MESSAGES.passwordRule);

/** A password being checked (login, old password): only required. */
export const Password = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(256, 'Password is too long');

/** A 6-digit code as typed (trimmed; at most 6 characters). */
export const Code = z.string().trim().min(1, 'Code is required').max(CODE_LENGTH, 'Code is too long');

// ---------------------------------------------------------------------------------------------------------------
// User pool: request bodies

export const SignUpBody = z.object({ email: Email, password: NewPassword });
export type SignUpBody = z.infer<typeof SignUpBody>;

export const VerifyEmailBody = z.object({
  email: Email,
  verificationCode: Code.refine((c) => c.length > 0, MESSAGES.verificationCodeRequired),
});
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

export const ResendConfirmationBody = z.object({ email: Email });
export type ResendConfirmationBody = z.infer<typeof ResendConfirmationBody>;

export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetForgottenPasswordBody = z.object({ email: Email, code: Code, newPassword: NewPassword });
export type ResetForgottenPasswordBody = z.infer<typeof ResetForgottenPasswordBody>;

export const ChangePasswordBody = z.object({ oldPassword: Password, newPassword: NewPassword });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

// User pool: responses

export const SignUpResult = z.object({
  /** The new account's username (a UUID). */
  username: z.string(),
  email: z.string(),
  userConfirmed: z.boolean(),
  /** Where the verification code went (the email address). */
  codeDeliveryDestination: z.string(),
});
export type SignUpResult = z.infer<typeof SignUpResult>;

/** Body of every user-pool success without data. */
export const Ok = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof Ok>;

// ---------------------------------------------------------------------------------------------------------------
// Auth service (NextAuth contract)

export const SessionUserSchema = z.object({
  username: z.string(),
  email: z.string(),
  image: z.string().nullable().optional(),
  /** Set only while an admin impersonates this user. */
  adminId: z.string().optional(),
});
export type SessionUserInfo = z.infer<typeof SessionUserSchema>;

/** `{}` when signed out; `{ user, expires }` (ISO date) when signed in. */
export const Session = z.union([
  z.object({ user: SessionUserSchema, expires: z.string() }),
  z.object({}).strict(),
]);
export type Session = { user: SessionUserInfo; expires: string } | Record<string, never>;
export const isSignedIn = (s: Session): s is { user: SessionUserInfo; expires: string } => 'user' in s;

export const CsrfResult = z.object({ csrfToken: z.string() });
export type CsrfResult = z.infer<typeof CsrfResult>;

export const Provider = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['oauth', 'credentials']),
  signinUrl: z.string(),
  callbackUrl: z.string(),
});
export type Provider = z.infer<typeof Provider>;
/** Keyed by provider id; `credentials` is always present, social providers only when configured. */
export const Providers = z.record(z.string(), Provider);
export type Providers = z.infer<typeof Providers>;

/** POST /api/auth/callback/credentials, form-encoded. `json: 'true'` asks for JSON instead of a redirect. */
export const CredentialsForm = z.object({
  email: Email,
  password: Password,
  csrfToken: z.string().max(200).optional(),
  callbackUrl: z.string().max(2000).optional(),
  json: z.string().max(10).optional(),
});
export type CredentialsForm = z.infer<typeof CredentialsForm>;

/** POST /api/auth/signout, form-encoded. */
export const SignOutForm = z.object({
  csrfToken: z.string().max(200).optional(),
  callbackUrl: z.string().max(2000).optional(),
  json: z.string().max(10).optional(),
});

/** 200 body of credentials sign-in and sign-out with json=true: where to go next. */
export const UrlResult = z.object({ url: z.string() });
export type UrlResult = z.infer<typeof UrlResult>;

/**
 * 401 body of a failed credentials sign-in with json=true: the Cognito name in `error` (NotAuthorizedException,
 * UserNotConfirmedException), a message, and the sign-in page URL carrying the same error.
 */
export const CredentialsFailure = z.object({ error: z.string(), message: z.string(), url: z.string() });
export type CredentialsFailure = z.infer<typeof CredentialsFailure>;

/** POST /api/auth/_log (beacon): client logging. */
export const LogBody = z.object({
  level: z.enum(['error', 'warn', 'debug']),
  code: z.string().min(1).max(100),
  details: z.unknown().optional(),
});
export type LogBody = z.infer<typeof LogBody>;

// ---------------------------------------------------------------------------------------------------------------
// Fetch functions. Writes to the auth service need the CSRF token from getCsrfToken (the request helper should
// also send it as the `x-csrf-token` header on every write while signed in).

export const getSession = (request: Request) => request<Session>('/api/auth/session');
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

export const signUp = (request: Request, body: SignUpBody) =>
  request<SignUpResult>('/api/auth/signup', { body });
export const verifyEmail = (request: Request, body: VerifyEmailBody) =>
  request<Ok>('/api/auth/verify-email', { body });
export const resendConfirmation = (request: Request, body: ResendConfirmationBody) =>
  request<Ok>('/api/auth/resend-confirmation', { body });
export const forgotPassword = (request: Request, body: ForgotPasswordBody) =>
  request<Ok>('/api/auth/forgot-password', { body });
export const resetForgottenPassword = (request: Request, body: ResetForgottenPasswordBody) =>
  request<Ok>('/api/auth/reset-forgotten-password', { body });
/** Needs a session and the `x-csrf-token` header. */
export const changePassword = (request: Request, body: ChangePasswordBody) =>
  request<Ok>('/api/user/change-password', { body });

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
