import { randomBytes } from 'node:crypto';
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
  SessionUpdateBody,
  SignOutForm,
  SignUpBody,
  VerifyEmailBody,
} from '../../api/auth.schemas';
import { userPoolFor } from '../accounts/index';
import { OidcClient } from '../accounts/oidc';
import { safeCallbackUrl, siteOrigin } from '../accounts/origin';
import { errorPage, PAGES_CSS, signInPage } from '../accounts/pages';
import { UserPoolError } from '../accounts/pool';
import { AppError, parse } from '../errors';
import { clientAddress, LIMITS } from '../plugins/rateLimit';
import {
  clearSession,
  cookieNames,
  cookieOptions,
  isSecure,
  issueSession,
  openJwt,
  renewSession,
  requireUser,
  sealJwt,
} from '../plugins/session';
import { ensureCsrfToken } from '../plugins/csrf';
import * as AuthSchemas from '../../api/auth.schemas';
import { errorsOnly, replies, signedIn, typed } from './schemas';

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

/** This site's origin for links and OAuth redirect URIs: from configuration only. */
const baseUrl = (request: FastifyRequest) => siteOrigin(request.server);
/** A path on this site as an absolute URL: the auth service's JSON answers carry these, as NextAuth v4's do. */
const absolute = (request: FastifyRequest, path: string) => `${baseUrl(request)}${path}`;

const signInUrl = (error: string, callbackUrl: string) =>
  `/api/auth/signin?error=${encodeURIComponent(error)}&callbackUrl=${encodeURIComponent(callbackUrl)}`;

/** The auth service's form posts: CSRF always (it also stops login CSRF), HTML forms or JSON. */
const FORM_POST = { csrf: 'always', bodies: ['form', 'json'], authService: true } as const;
/** Client logging by beacon: a beacon carries no headers (so no CSRF token) and sends text, a form or JSON. */
const BEACON = { csrf: false, bodies: ['text', 'form', 'json'] } as const;
/** Credentials sign-in: a form post, limited per address (each attempt costs a scrypt). */
const SIGN_IN = { ...FORM_POST, rateLimit: LIMITS.signIn };

const wantsJson = (json: unknown) => json === 'true' || json === true;

/** How long a browser stays known to the account it signed in to (its device cookie), renewed by each sign-in. */
const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

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
  /** The JSON routes of the user pool, typed by their zod schemas (the NextAuth form posts validate themselves). */
  const api = typed(app);
  const pool = userPoolFor(app);
  const oidc = app.config.oidc ? new OidcClient(app.config.oidc, app.config.production) : undefined;

  if (!app.config.authSecret) app.log.error({ code: AUTH_LOG_CODES.noSecret }, 'AUTH_SECRET is missing');

  // --------------------------------------------------------------------------------------------------------------
  // Auth service (NextAuth contract)

  /** The session as it is now; reading it renews it, never past its absolute cap. */
  async function currentSession(request: FastifyRequest, reply: FastifyReply): Promise<Session> {
    noStore(reply);
    // request.user was resolved from the session record and the account row as they are now (role from
    // ADMIN_EMAILS).
    const user = request.user;
    const expires = user ? await renewSession(request, reply) : null;
    if (!user || !expires) {
      // A cookie that names no live session is dropped.
      if (request.cookies[cookieNames(isSecure(request)).session]) await clearSession(request, reply);
      return {};
    }
    return {
      user: {
        username: user.username,
        name: user.email,
        email: user.email,
        ...(user.image ? { image: user.image } : {}),
        ...(user.adminId ? { adminId: user.adminId } : {}),
      },
      expires: expires.toISOString(),
    };
  }

  app.get(
    '/api/auth/session',
    { schema: { summary: 'The session (`{}` when signed out)', response: replies(AuthSchemas.Session) } },
    currentSession,
  );

  /** NextAuth v4's session update (`useSession().update()`): CSRF-checked, answers the fresh session. */
  app.post(
    '/api/auth/session',
    {
      config: { ...FORM_POST, bodies: ['json'] },
      schema: {
        summary: 'Update the session (NextAuth v4 `update()`)',
        response: replies(AuthSchemas.Session),
      },
    },
    async (request, reply) => {
      parse(SessionUpdateBody, request.body ?? {});
      return currentSession(request, reply);
    },
  );

  app.get(
    '/api/auth/csrf',
    { schema: { summary: 'A CSRF token bound to this session', response: replies(AuthSchemas.CsrfResult) } },
    async (request, reply) => {
      noStore(reply);
      return { csrfToken: ensureCsrfToken(request, reply) };
    },
  );

  app.get(
    '/api/auth/providers',
    { schema: { summary: 'The sign-in providers', response: replies(AuthSchemas.Providers) } },
    async (request): Promise<Providers> => {
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
    },
  );

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

  // The stylesheet of the pages above (a file, so the Content-Security-Policy allows no inline style). Its URL
  // carries a version of its content, so it is cached for a long time.
  app.get('/api/auth/pages.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(PAGES_CSS),
  );

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
    // Spec §8: an unknown provider (any social provider while none is configured) goes to the sign-in page.
    const provider = oidc?.find(id);
    if (!oidc || !provider)
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
  app.post('/api/auth/signin/:provider', { config: FORM_POST }, startSignIn);

  /** The hosted identity provider comes back here with a code: exchange, verify, link or create, sign in. */
  app.get('/api/auth/callback/:provider', async (request, reply) => {
    const { provider: id } = request.params as { provider: string };
    const query = (request.query ?? {}) as Record<string, unknown>;
    const cookieName = cookieNames(isSecure(request)).oidc;
    const saved = await openJwt(app.config.authSecret, 'oidc', request.cookies[cookieName], app.clock.now());
    reply.clearCookie(cookieName, cookieOptions(request));
    const callbackUrl = safeCallbackUrl(request, saved?.callbackUrl);
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
        params: new URLSearchParams(
          Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'),
        ),
        redirectUri: `${baseUrl(request)}/api/auth/callback/${provider.id}`,
        state: saved.state,
        verifier: saved.verifier,
        nonce: saved.nonce,
      });
      const row = await pool.linkOrCreate(
        oidc.identityKey,
        identity.subject,
        identity.email,
        identity.emailVerified,
      );
      await issueSession(request, reply, pool.sessionUser(row));
      return reply.redirect(callbackUrl, 302);
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'OAuthCallback';
      request.log.warn({ err, provider: provider.id }, 'OIDC callback failed');
      return reply.redirect(signInUrl(code, callbackUrl), 302);
    }
  });

  /** Credentials sign-in (form-encoded). json=true → 200 {url} or 401 {error, message, url}; otherwise redirects. */
  app.post(
    '/api/auth/callback/credentials',
    {
      config: SIGN_IN,
      schema: {
        summary: 'Sign in with email and password (form post; json=true answers JSON)',
        response: { ...replies(AuthSchemas.UrlResult), 401: AuthSchemas.CredentialsFailure },
      },
    },
    async (request, reply) => {
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
      // A browser that signed in before carries a device cookie naming the account: it gets past the account's
      // ceiling against guessing from many addresses (see UserPool.checkPassword).
      const deviceCookie = cookieNames(isSecure(request)).device;
      const claims = await openJwt(
        app.config.authSecret,
        'device',
        request.cookies[deviceCookie],
        app.clock.now(),
      );
      const device =
        typeof claims?.sub === 'string' && typeof claims.device === 'string'
          ? { userId: claims.sub, id: claims.device }
          : undefined;
      let row;
      try {
        row = await pool.authenticate(form.email, form.password, clientAddress(request), device);
      } catch (err) {
        if (err instanceof UserPoolError) {
          const url = signInUrl(err.code, callbackUrl);
          const retry =
            err.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: err.retryAfterSeconds };
          if (json)
            return reply
              .status(401)
              .send({ error: err.code, message: err.message, url: absolute(request, url), ...retry });
          return reply.redirect(url, 302);
        }
        // A known answer (e.g. 503 while the hashing queue is full) is not a handler fault.
        if (err instanceof AppError) throw err;
        request.log.error({ err, code: AUTH_LOG_CODES.credentialsHandler }, 'credentials sign-in failed');
        throw err;
      }
      try {
        await issueSession(request, reply, pool.sessionUser(row));
      } catch (err) {
        request.log.error({ err, code: AUTH_LOG_CODES.credentialsJwt }, 'issuing the session failed');
        throw err;
      }
      // This browser is now known to the account; it keeps its id (and so its own failure count) if it had one.
      const sealedDevice = await sealJwt(
        app.config.authSecret,
        'device',
        {
          sub: row.id,
          device: device?.userId === row.id ? device.id : randomBytes(16).toString('base64url'),
        },
        app.clock.now(),
        DEVICE_MAX_AGE_SECONDS,
      );
      reply.setCookie(deviceCookie, sealedDevice, cookieOptions(request, DEVICE_MAX_AGE_SECONDS));
      if (json) return { url: absolute(request, callbackUrl) };
      return reply.redirect(callbackUrl, 302);
    },
  );

  app.post(
    '/api/auth/signout',
    {
      config: FORM_POST,
      schema: {
        summary: 'Sign out (form post; json=true answers JSON)',
        response: replies(AuthSchemas.UrlResult),
      },
    },
    async (request, reply) => {
      const raw = looseBody(request.body);
      const form = parse(SignOutForm, raw);
      const callbackUrl = safeCallbackUrl(request, form.callbackUrl);
      await clearSession(request, reply);
      noStore(reply);
      if (wantsJson(form.json)) return { url: absolute(request, callbackUrl) };
      return reply.redirect(callbackUrl, 302);
    },
  );

  /** Client logging (beacon): level, code, details. Rate limited per address; never a CSRF check (no headers). */
  app.post(
    '/api/auth/_log',
    {
      config: { ...BEACON, rateLimit: LIMITS.log },
      schema: { summary: 'Client logging (beacon); 204', response: errorsOnly },
    },
    async (request, reply) => {
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
    },
  );

  // --------------------------------------------------------------------------------------------------------------
  // User pool (Cognito semantics)

  api.post(
    '/api/auth/signup',
    {
      config: { rateLimit: LIMITS.signUp },
      schema: {
        summary: 'Sign up (the confirmation code is mailed)',
        body: SignUpBody.extend({ password: looseNewPassword }),
        response: replies(AuthSchemas.SignUpResult),
      },
    },
    async (request) => {
      const body = request.body;
      checkNewPassword(body.password);
      return pool.signUp(body.email, body.password, clientAddress(request));
    },
  );

  api.post(
    '/api/auth/verify-email',
    {
      config: { rateLimit: LIMITS.verify },
      schema: {
        summary: 'Confirm an e-mail address with its code',
        body: VerifyEmailBody,
        response: replies(AuthSchemas.Ok),
      },
    },
    async (request) => {
      const body = request.body;
      await pool.verifyEmail(body.email, body.verificationCode, clientAddress(request));
      return { ok: true as const };
    },
  );

  api.post(
    '/api/auth/resend-confirmation',
    {
      config: { rateLimit: LIMITS.resend },
      schema: {
        summary: 'Mail the confirmation code again',
        body: ResendConfirmationBody,
        response: replies(AuthSchemas.Ok),
      },
    },
    async (request) => {
      const body = request.body;
      await pool.resendConfirmation(body.email);
      return { ok: true as const };
    },
  );

  api.post(
    '/api/auth/forgot-password',
    {
      config: { rateLimit: LIMITS.forgot },
      schema: {
        summary: 'Mail a password reset code',
        body: ForgotPasswordBody,
        response: replies(AuthSchemas.Ok),
      },
    },
    async (request) => {
      const body = request.body;
      await pool.forgotPassword(body.email);
      return { ok: true as const };
    },
  );

  api.post(
    '/api/auth/reset-forgotten-password',
    {
      config: { rateLimit: LIMITS.reset },
      schema: {
        summary: 'Set a new password with a reset code',
        body: ResetForgottenPasswordBody.extend({ newPassword: looseNewPassword }),
        response: replies(AuthSchemas.Ok),
      },
    },
    async (request) => {
      const body = request.body;
      checkNewPassword(body.newPassword);
      await pool.resetPassword(body.email, body.code, body.newPassword, clientAddress(request));
      return { ok: true as const };
    },
  );

  /** Lives here (not in routes/user.ts) because it is the user pool's; needs a session and the CSRF header. */
  api.post(
    '/api/user/change-password',
    {
      config: { rateLimit: LIMITS.changePassword },
      preValidation: signedIn,
      schema: {
        tags: ['Account'],
        summary: 'Change my password',
        body: ChangePasswordBody.extend({ newPassword: looseNewPassword }),
        response: replies(AuthSchemas.Ok),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      checkNewPassword(body.newPassword);
      // While impersonating, the admin must not change the subject's password.
      if (user.adminId) throw new AppError(403, 'Forbidden', 'Exit impersonation to change a password.');
      // Other devices are signed out; this session (request.sessionId) stays.
      await pool.changePassword(
        user.username,
        body.oldPassword,
        body.newPassword,
        request.sessionId!,
        clientAddress(request),
      );
      return { ok: true as const };
    },
  );

  // Any other /api/auth/* path: NextAuth's missing-route error, logged.
  app.all('/api/auth/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    request.log.warn({ code: AUTH_LOG_CODES.missingRoute, path }, 'unknown auth route');
    return reply.status(404).send({ error: 'NotFound', message: `No route for ${request.method} ${path}` });
  });
}
