import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Providers, type Session } from '../../../../api/auth';
import { LogBody, SessionUpdateBody, SignOutForm } from '../../../../api/auth.schemas';
import { safeCallbackUrl } from '../../../accounts/origin';
import { errorPage, PAGES_CSS } from '../../../accounts/pages';
import { parse } from '../../../errors';
import { LIMITS } from '../../../plugins/app/rateLimit';
import { clearSession, cookieNames, isSecure, renewSession } from '../../../plugins/app/session';
import { ensureCsrfToken } from '../../../plugins/app/csrf';
import * as AuthSchemas from '../../../../api/auth.schemas';
import { errorsOnly, replies } from '../../../routing/schemas';
import { AUTH_LOG_CODES } from '../../../accounts/authLogCodes';
import { baseUrl, absolute, FORM_POST, wantsJson, noStore, looseBody } from '../../../accounts/authForms';

/** Client logging by beacon: a beacon carries no headers (so no CSRF token) and sends text, a form or JSON. */
const BEACON = { csrf: false, bodies: ['text', 'form', 'json'] } as const;

/**
 * The auth service's NextAuth contract: session, CSRF token, providers, error page and its stylesheet, sign-out,
 * client logging, and NextAuth's missing-route error for any other /api/auth path.
 */
export default async function apiAuthRoutes(app: FastifyInstance) {
  const oidc = app.oidc;

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
    '/session',
    { schema: { summary: 'The session (`{}` when signed out)', response: replies(AuthSchemas.Session) } },
    currentSession,
  );

  /** NextAuth v4's session update (`useSession().update()`): CSRF-checked, answers the fresh session. */
  app.post(
    '/session',
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
    '/csrf',
    { schema: { summary: 'A CSRF token bound to this session', response: replies(AuthSchemas.CsrfResult) } },
    async (request, reply) => {
      noStore(reply);
      return { csrfToken: ensureCsrfToken(request, reply) };
    },
  );

  app.get(
    '/providers',
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

  app.get('/error', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const error = typeof query.error === 'string' ? query.error.slice(0, 100) : undefined;
    return reply.type('text/html; charset=utf-8').send(errorPage(error));
  });

  // The stylesheet of the pages above (a file, so the Content-Security-Policy allows no inline style). Its URL
  // carries a version of its content, so it is cached for a long time.
  app.get('/pages.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(PAGES_CSS),
  );

  app.post(
    '/signout',
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
    '/_log',
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

  // Any other /api/auth/* path: NextAuth's missing-route error, logged.
  app.all('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    request.log.warn({ code: AUTH_LOG_CODES.missingRoute, path }, 'unknown auth route');
    return reply.status(404).send({ error: 'NotFound', message: `No route for ${request.method} ${path}` });
  });
}
