import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES, meetsPasswordRule, type Providers, type Session } from '../../api/auth';
import {
  ChangePasswordBody,
  CredentialsForm,
  ForgotPasswordBody,
  LogBody,
  ResendConfirmationBody,
  ResetForgottenPasswordBody,
  SignOutForm,
  SignUpBody,
  VerifyEmailBody,
} from '../../api/auth.schemas';
import { userPoolFor } from '../accounts/index';
import { OidcClient } from '../accounts/oidc';
import { errorPage, signInPage } from '../accounts/pages';
import { UserPoolError } from '../accounts/pool';
import { MemoryLimiter } from '../accounts/rate';
import { AppError, parse } from '../errors';
import {
  clearSession,
  cookieNames,
  cookieOptions,
  ensureCsrfToken,
  isSecure,
  issueSession,
  openJwt,
  requireUser,
  sealJwt,
} from '../plugins/session';

/** The auth service error codes of spec §8, logged by the server and accepted from clients through _log. */
export const AUTH_LOG_CODES = {
  missingRoute: 'MISSING_NEXTAUTH_API_ROUTE_ERROR',
  noSecret: 'NO_SECRET',
  credentialsHandler: 'CALLBACK_CREDENTIALS_HANDLER_ERROR',
  emailRequiresAdapter: 'EMAIL_REQUIRES_ADAPTER_ERROR',
  credentialsJwt: 'CALLBACK_CREDENTIALS_JWT_ERROR',
} as const;

/** A new password that breaks the rule is the user pool's InvalidPasswordException, not a generic 400. */
const looseNewPassword = z.string({ error: MESSAGES.passwordRule }).max(1000, MESSAGES.passwordRule);
function checkNewPassword(password: string) {
  if (password.length > 256 || !meetsPasswordRule(password)) {
    throw new UserPoolError('InvalidPasswordException', MESSAGES.passwordRule);
  }
}

/**
 * Where to go after sign-in/out: a path on this site only (an absolute URL must be this site's). The result is
 * re-serialised by URL, so it is always a safe Location header (no control characters, non-ASCII encoded).
 */
export function safeCallbackUrl(request: FastifyRequest, raw: unknown): string {
  if (typeof raw !== 'string' || raw === '' || raw.length > 2000) return '/';
  const base = new URL('http://callback.invalid');
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return '/';
  }
  const origins = [base.origin];
  for (const candidate of [`${request.protocol}://${request.host}`, request.server.config.publicUrl]) {
    try {
      if (candidate) origins.push(new URL(candidate).origin);
    } catch {
      // an unusable Host header or PUBLIC_URL adds no origin
    }
  }
  if (!origins.includes(url.origin)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

const baseUrl = (request: FastifyRequest) =>
  (request.server.config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

const signInUrl = (error: string, callbackUrl: string) =>
  `/api/auth/signin?error=${encodeURIComponent(error)}&callbackUrl=${encodeURIComponent(callbackUrl)}`;

const wantsJson = (json: unknown) => json === 'true' || json === true;

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** A body that may arrive as JSON, a form, or text (sendBeacon): as a plain object. */
function looseBody(body: unknown): Record<string, unknown> {
  if (body && typeof body === 'object') return body as Record<string, unknown>;
  if (typeof body !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
  } catch {
    // not JSON: try a form
  }
  return Object.fromEntries(new URLSearchParams(body));
}

export async function authRoutes(app: FastifyInstance) {
  const pool = userPoolFor(app);
  const oidc = app.config.oidc ? new OidcClient(app.config.oidc) : undefined;
  const logLimiter = new MemoryLimiter(30, 60_000);

  if (!app.config.authSecret) app.log.error({ code: AUTH_LOG_CODES.noSecret }, 'AUTH_SECRET is missing');

  // --------------------------------------------------------------------------------------------------------------
  // Auth service (NextAuth contract)

  app.get('/api/auth/session', async (request, reply): Promise<Session> => {
    noStore(reply);
    const current = request.user;
    if (!current) return {};
    // Re-read the account (it may be gone, or its role or image may have changed) and renew the cookie.
    const row = await pool.findById(current.username);
    if (!row) {
      clearSession(request, reply);
      return {};
    }
    const user = {
      ...(await pool.sessionUser(row)),
      ...(current.adminId ? { adminId: current.adminId } : {}),
    };
    const expires = await issueSession(request, reply, user);
    return {
      user: {
        username: user.username,
        email: user.email,
        ...(user.image ? { image: user.image } : {}),
        ...(user.adminId ? { adminId: user.adminId } : {}),
      },
      expires: expires.toISOString(),
    };
  });

  app.get('/api/auth/csrf', async (request, reply) => {
    noStore(reply);
    return { csrfToken: ensureCsrfToken(request, reply) };
  });

  app.get('/api/auth/providers', async (request): Promise<Providers> => {
    const base = baseUrl(request);
    const result: Providers = {
      credentials: {
        id: 'credentials',
        name: 'Credentials',
        type: 'credentials',
        signinUrl: `${base}/api/auth/signin/credentials`,
        callbackUrl: `${base}/api/auth/callback/credentials`,
      },
    };
    for (const p of oidc?.providers() ?? []) {
      result[p.id] = {
        id: p.id,
        name: p.name,
        type: 'oauth',
        signinUrl: `${base}/api/auth/signin/${p.id}`,
        callbackUrl: `${base}/api/auth/callback/${p.id}`,
      };
    }
    return result;
  });

  app.get('/api/auth/signin', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const error = typeof query.error === 'string' ? query.error.slice(0, 100) : undefined;
    const html = signInPage({
      error,
      callbackUrl: safeCallbackUrl(request, query.callbackUrl),
      csrfToken: ensureCsrfToken(request, reply),
      providers: oidc?.providers() ?? [],
    });
    return noStore(reply).type('text/html; charset=utf-8').send(html);
  });

  app.get('/api/auth/error', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const error = typeof query.error === 'string' ? query.error.slice(0, 100) : undefined;
    return reply.type('text/html; charset=utf-8').send(errorPage(error));
  });

  /** Social sign-in: a redirect to the hosted identity provider (GET link or POST form with csrfToken). */
  const startSignIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const { provider: id } = request.params as { provider: string };
    const query = (request.query ?? {}) as Record<string, unknown>;
    const body = looseBody(request.body);
    const callbackUrl = safeCallbackUrl(request, body.callbackUrl ?? query.callbackUrl);
    if (id === 'email') {
      request.log.error(
        { code: AUTH_LOG_CODES.emailRequiresAdapter },
        'email sign-in needs a database adapter',
      );
      return reply.redirect('/api/auth/error?error=Configuration', 302);
    }
    if (id === 'credentials')
      return reply.redirect(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`, 302);
    if (!oidc) return reply.redirect('/api/auth/error?error=Configuration', 302);
    const provider = oidc.find(id);
    if (!provider)
      return reply.redirect(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`, 302);
    const redirectUri = `${baseUrl(request)}/api/auth/callback/${provider.id}`;
    let started;
    try {
      started = await oidc.start(provider, redirectUri);
    } catch (err) {
      request.log.error({ err, provider: provider.id }, 'OIDC sign-in could not start');
      return reply.redirect(signInUrl('OAuthSignin', callbackUrl), 302);
    }
    const sealed = await sealJwt(
      app.config.authSecret,
      'oidc',
      {
        state: started.state,
        verifier: started.verifier,
        nonce: started.nonce,
        provider: provider.id,
        callbackUrl,
      },
      app.clock.now(),
      600,
    );
    reply.setCookie(cookieNames(isSecure(request)).oidc, sealed, cookieOptions(request, 600));
    return noStore(reply).redirect(started.url, 302);
  };
  app.get('/api/auth/signin/:provider', startSignIn);
  app.post('/api/auth/signin/:provider', startSignIn);

  /** The hosted identity provider comes back here with a code: exchange, verify, link or create, sign in. */
  app.get('/api/auth/callback/:provider', async (request, reply) => {
    const { provider: id } = request.params as { provider: string };
    const query = (request.query ?? {}) as Record<string, unknown>;
    const cookieName = cookieNames(isSecure(request)).oidc;
    const saved = await openJwt(app.config.authSecret, 'oidc', request.cookies[cookieName], app.clock.now());
    reply.clearCookie(cookieName, cookieOptions(request));
    const callbackUrl = typeof saved?.callbackUrl === 'string' ? saved.callbackUrl : '/';
    const provider = oidc?.find(id);
    if (!oidc || !provider) return reply.redirect('/api/auth/signin', 302);
    if (typeof query.error === 'string') {
      request.log.warn({ provider: provider.id, error: query.error }, 'identity provider returned an error');
      return reply.redirect(signInUrl('OAuthCallback', callbackUrl), 302);
    }
    if (
      !saved ||
      saved.provider !== provider.id ||
      typeof query.code !== 'string' ||
      typeof query.state !== 'string' ||
      query.state !== saved.state ||
      typeof saved.verifier !== 'string' ||
      typeof saved.nonce !== 'string'
    ) {
      request.log.warn({ provider: provider.id }, 'OIDC callback without a matching state');
      return reply.redirect(signInUrl('OAuthCallback', callbackUrl), 302);
    }
    try {
      const identity = await oidc.finish({
        code: query.code,
        redirectUri: `${baseUrl(request)}/api/auth/callback/${provider.id}`,
        verifier: saved.verifier,
        nonce: saved.nonce,
      });
      const row = await pool.linkOrCreate(
        oidc.identityKey,
        identity.subject,
        identity.email,
        identity.emailVerified,
      );
      await issueSession(request, reply, await pool.sessionUser(row));
      return reply.redirect(callbackUrl, 302);
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'OAuthCallback';
      request.log.warn({ err, provider: provider.id }, 'OIDC callback failed');
      return reply.redirect(signInUrl(code, callbackUrl), 302);
    }
  });

  /** Credentials sign-in (form-encoded). json=true → 200 {url} or 401 {error, message, url}; otherwise redirects. */
  app.post('/api/auth/callback/credentials', async (request, reply) => {
    const raw = looseBody(request.body);
    const json = wantsJson(raw.json);
    const callbackUrl = safeCallbackUrl(request, raw.callbackUrl);
    noStore(reply);
    let form;
    try {
      form = parse(CredentialsForm, raw);
    } catch (err) {
      if (json) throw err;
      return reply.redirect(signInUrl('CredentialsSignin', callbackUrl), 302);
    }
    let row;
    try {
      row = await pool.authenticate(form.email, form.password);
    } catch (err) {
      if (err instanceof UserPoolError) {
        const url = signInUrl(err.code, callbackUrl);
        if (json) return reply.status(401).send({ error: err.code, message: err.message, url });
        return reply.redirect(url, 302);
      }
      request.log.error({ err, code: AUTH_LOG_CODES.credentialsHandler }, 'credentials sign-in failed');
      throw err;
    }
    try {
      await issueSession(request, reply, await pool.sessionUser(row));
    } catch (err) {
      request.log.error({ err, code: AUTH_LOG_CODES.credentialsJwt }, 'issuing the session failed');
      throw err;
    }
    if (json) return { url: callbackUrl };
    return reply.redirect(callbackUrl, 302);
  });

  app.post('/api/auth/signout', async (request, reply) => {
    const raw = looseBody(request.body);
    const form = parse(SignOutForm, raw);
    const callbackUrl = safeCallbackUrl(request, form.callbackUrl);
    clearSession(request, reply);
    noStore(reply);
    if (wantsJson(form.json)) return { url: callbackUrl };
    return reply.redirect(callbackUrl, 302);
  });

  /** Client logging (beacon): level, code, details. Rate limited per address; never a CSRF check (no headers). */
  app.post('/api/auth/_log', async (request, reply) => {
    if (!logLimiter.allow(request.ip, app.clock.nowMs())) {
      throw new AppError(429, 'TooManyRequests', 'Too many log messages; slow down.');
    }
    const raw = looseBody(request.body);
    if (typeof raw.details === 'string') {
      try {
        raw.details = JSON.parse(raw.details);
      } catch {
        // keep the text
      }
    }
    const entry = parse(LogBody, raw);
    const details = JSON.stringify(entry.details ?? null).slice(0, 4000);
    const line = { source: 'client', code: entry.code, details, user: request.user?.username };
    if (entry.level === 'error') request.log.error(line, `[auth] ${entry.code}`);
    else if (entry.level === 'warn') request.log.warn(line, `[auth] ${entry.code}`);
    else request.log.debug(line, `[auth] ${entry.code}`);
    return reply.status(204).send();
  });

  // --------------------------------------------------------------------------------------------------------------
  // User pool (Cognito semantics)

  app.post('/api/auth/signup', async (request) => {
    const body = parse(SignUpBody.extend({ password: looseNewPassword }), request.body);
    checkNewPassword(body.password);
    return pool.signUp(body.email, body.password, baseUrl(request));
  });

  app.post('/api/auth/verify-email', async (request) => {
    const body = parse(VerifyEmailBody, request.body);
    await pool.verifyEmail(body.email, body.verificationCode);
    return { ok: true as const };
  });

  app.post('/api/auth/resend-confirmation', async (request) => {
    const body = parse(ResendConfirmationBody, request.body);
    await pool.resendConfirmation(body.email, baseUrl(request));
    return { ok: true as const };
  });

  app.post('/api/auth/forgot-password', async (request) => {
    const body = parse(ForgotPasswordBody, request.body);
    await pool.forgotPassword(body.email, baseUrl(request));
    return { ok: true as const };
  });

  app.post('/api/auth/reset-forgotten-password', async (request) => {
    const body = parse(ResetForgottenPasswordBody.extend({ newPassword: looseNewPassword }), request.body);
    checkNewPassword(body.newPassword);
    await pool.resetPassword(body.email, body.code, body.newPassword);
    return { ok: true as const };
  });

  /** Lives here (not in routes/user.ts) because it is the user pool's; needs a session and the CSRF header. */
  app.post('/api/user/change-password', async (request) => {
    const user = requireUser(request);
    const body = parse(ChangePasswordBody.extend({ newPassword: looseNewPassword }), request.body);
    checkNewPassword(body.newPassword);
    // While impersonating, the admin must not change the subject's password.
    if (user.adminId) throw new AppError(403, 'Forbidden', 'Exit impersonation to change a password.');
    await pool.changePassword(user.username, body.oldPassword, body.newPassword);
    return { ok: true as const };
  });

  // Any other /api/auth/* path: NextAuth's missing-route error, logged.
  app.all('/api/auth/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    request.log.warn({ code: AUTH_LOG_CODES.missingRoute, path }, 'unknown auth route');
    return reply.status(404).send({ error: 'NotFound', message: `No route for ${request.method} ${path}` });
  });
}
