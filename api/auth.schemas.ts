/** Zod schemas of the auth contract: the server validates with these (the browser uses api/auth.ts). */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, MESSAGES, meetsPasswordRule, CODE_LENGTH } from './auth';

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
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordRule)
  .refine(meetsPasswordRule, MESSAGES.passwordRule);

/** A password being checked (login, old password): only required. */
export const Password = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, 'Password is too long');

/** A 6-digit code as typed (trimmed; at most 6 characters). */
export const Code = z.string().trim().min(1, 'Code is required').max(CODE_LENGTH, 'Code is too long');

// ---------------------------------------------------------------------------------------------------------------
// User pool: request bodies

export const SignUpBody = z.object({ email: Email, password: NewPassword });

export const VerifyEmailBody = z.object({
  email: Email,
  verificationCode: Code.refine((c) => c.length > 0, MESSAGES.verificationCodeRequired),
});

export const ResendConfirmationBody = z.object({ email: Email });

export const ForgotPasswordBody = z.object({ email: Email });

export const ResetForgottenPasswordBody = z.object({ email: Email, code: Code, newPassword: NewPassword });

export const ChangePasswordBody = z.object({ oldPassword: Password, newPassword: NewPassword });

// User pool: responses

export const SignUpResult = z.object({
  /** The new account's username (a UUID). */
  username: z.string(),
  email: z.string(),
  userConfirmed: z.boolean(),
  /** Where the verification code went (the email address). */
  codeDeliveryDestination: z.string(),
});

/** Body of every user-pool success without data. */
export const Ok = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------------------------
// Auth service (NextAuth contract)

export const SessionUserSchema = z.object({
  username: z.string(),
  /** NextAuth's display name: the account has none of its own, so it is the email. */
  name: z.string().optional(),
  email: z.string(),
  image: z.string().nullable().optional(),
  /** Set only while an admin impersonates this user. */
  adminId: z.string().optional(),
});

/** `{}` when signed out; `{ user, expires }` (ISO date) when signed in. */
export const Session = z.union([
  z.object({ user: SessionUserSchema, expires: z.string() }),
  z.object({}).strict(),
]);

export const CsrfResult = z.object({ csrfToken: z.string() });

export const Provider = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['oauth', 'credentials']),
  signinUrl: z.string(),
  callbackUrl: z.string(),
});
/** Keyed by provider id; `credentials` is always present, social providers only when configured. */
export const Providers = z.record(z.string(), Provider);

/** POST /api/auth/callback/credentials, form-encoded. `json: 'true'` asks for JSON instead of a redirect. */
export const CredentialsForm = z.object({
  email: Email,
  password: Password,
  csrfToken: z.string().max(200).optional(),
  callbackUrl: z.string().max(2000).optional(),
  json: z.string().max(10).optional(),
});

/**
 * POST /api/auth/session (NextAuth v4's `useSession().update(data)`): the token and the client's `data`. The session
 * holds nothing a client may write, so `data` is accepted and ignored; the answer is the session as it is now.
 */
export const SessionUpdateBody = z.object({
  csrfToken: z.string().max(200).optional(),
  data: z.unknown().optional(),
});

/** POST /api/auth/signout, form-encoded. */
export const SignOutForm = z.object({
  csrfToken: z.string().max(200).optional(),
  callbackUrl: z.string().max(2000).optional(),
  json: z.string().max(10).optional(),
});

/** 200 body of credentials sign-in and sign-out with json=true: where to go next, an absolute URL on this site. */
export const UrlResult = z.object({ url: z.string() });

/**
 * 401 body of a failed credentials sign-in with json=true: the Cognito name in `error` (NotAuthorizedException,
 * UserNotConfirmedException), a message, and the sign-in page URL carrying the same error; `retryAfterSeconds` when
 * the account is locked or its confirmation code may be resent only later.
 */
export const CredentialsFailure = z.object({
  error: z.string(),
  message: z.string(),
  url: z.string(),
  retryAfterSeconds: z.number().optional(),
});

/** POST /api/auth/_log (beacon): client logging. */
export const LogBody = z.object({
  level: z.enum(['error', 'warn', 'debug']),
  code: z.string().min(1).max(100),
  details: z.unknown().optional(),
});
