import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';
import { addRouteHook, isWrite, takesWrites } from './routeConfig';
import { cookieNames, cookieOptions, deriveKey, isSecure } from './session';

// CSRF: double submit, bound to the session. The cookie holds a random nonce for this browser; the token a page
// sends back (form field `csrfToken` or header `x-csrf-token`) is HMAC(key, session id + nonce). So the token
// proves both that the page could read GET /api/auth/csrf in this browser and that it was minted for this
// session: an attacker's own cookie+token pair, or a token from before sign-in, fails on the victim's session.
// Signing in, out or impersonating changes the session; the browser client then fetches a new token (api/http.ts
// retries once after a 403 CsrfError).

const NONCE = /^[A-Za-z0-9_-]{43}$/;

function nonceFromCookie(request: FastifyRequest): string | undefined {
  const raw = request.cookies[cookieNames(isSecure(request)).csrf];
  return raw !== undefined && NONCE.test(raw) ? raw : undefined;
}

/** The token for `nonce` in this request's session (or for no session); null when it cannot be bound. */
function tokenFor(request: FastifyRequest, nonce: string): string | null {
  // A signed-in request always has a session id to bind to; without one no token is valid.
  if (request.user && !request.sessionId) return null;
  const scope = request.sessionId === null ? 'anonymous' : `session:${request.sessionId}`;
  return createHmac('sha256', deriveKey(request.server.config.authSecret, 'csrf'))
    .update(`${scope}\n${nonce}`)
    .digest('base64url');
}

/** The CSRF token for this browser and its current session, setting the nonce cookie when there is none yet. */
export function ensureCsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  let nonce = nonceFromCookie(request);
  if (!nonce) {
    nonce = randomBytes(32).toString('base64url');
    reply.setCookie(cookieNames(isSecure(request)).csrf, nonce, cookieOptions(request));
  }
  // An unbindable request (signed in without a session id) gets a token that is never accepted.
  return tokenFor(request, nonce) ?? randomBytes(32).toString('base64url');
}

export function csrfValid(request: FastifyRequest, supplied: unknown): boolean {
  const nonce = nonceFromCookie(request);
  if (!nonce || typeof supplied !== 'string' || supplied.length === 0) return false;
  const expected = tokenFor(request, nonce);
  if (expected === null) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(supplied);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const csrfError = () =>
  new AppError(
    403,
    'CsrfError',
    'The CSRF token is missing or does not match. Reload the page and try again.',
  );

/** A GET that writes, from anywhere but this site's pages (CsrfError: the browser client then fetches a fresh token). */
const notSameOrigin = () =>
  new AppError(
    403,
    'CsrfError',
    "This request changes something, so it is taken only from this site's own pages (Sec-Fetch-Site: same-origin, or the x-csrf-token header). Reload the page and try again.",
  );

/**
 * Enforces `config.csrf` of the matched route (plugins/app/routeConfig.ts) on writes: 'always' needs a valid token,
 * 'session' needs one when a valid session cookie authenticated the request (a stale cookie carries no authority).
 * Only routes with a rule that answer a write method are hooked; and the GETs that write (`config.writesWithQuery`).
 */
export const csrf = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const writingParam = route.config?.writesWithQuery;
      if (writingParam) {
        // onRequest, ahead of the route's rate limit: a refused cross-site attempt does not use up the visitor's quota.
        addRouteHook(route, 'onRequest', async (request) => {
          const query = request.query as Record<string, unknown> | null;
          if (query?.[writingParam] === undefined) return;
          if (request.headers['sec-fetch-site'] === 'same-origin') return;
          if (!csrfValid(request, request.headers['x-csrf-token'])) throw notSameOrigin();
        });
      }
      const rule = route.config?.csrf;
      if (!rule || !takesWrites(route)) return;
      // preValidation (the body is parsed by then): before the route's schema validation, so a forged write is
      // refused as one (403) whatever its body, as when handlers validated their input themselves.
      addRouteHook(route, 'preValidation', async (request) => {
        if (!isWrite(request.method)) return;
        if (rule === 'session' && !request.user) return;
        const body = request.body;
        const fromBody =
          body !== null && typeof body === 'object' && Object.hasOwn(body, 'csrfToken')
            ? (body as { csrfToken?: unknown }).csrfToken
            : undefined;
        if (!csrfValid(request, request.headers['x-csrf-token'] ?? fromBody)) throw csrfError();
      });
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie', 'route-config', 'session'] },
);
