import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { Clock } from '../accounts/clock';
import { AppError, unauthorized } from '../errors';

/** The signed-in user as every route sees it. `adminId` is set only while an admin impersonates. */
export type SessionUser = {
  username: string;
  email: string;
  role: 'user' | 'admin';
  image?: string | null;
  adminId?: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved from the session cookie on every request; null when signed out. */
    user: SessionUser | null;
    /** When the current session expires (null when signed out). */
    sessionExpires: Date | null;
  }
}

/** The signed-in user, or a 401 `{ error: 'Unauthorized' }`. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Sessions last 30 days and are renewed whenever the session is read (GET /api/auth/session). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Cookies are Secure and carry the __Secure-/__Host- prefixes when PUBLIC_URL is https or the request is. */
export function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https' || (request.server.config.publicUrl ?? '').startsWith('https:');
}

export function cookieNames(secure: boolean) {
  return secure
    ? {
        session: '__Secure-session-token',
        csrf: '__Host-csrf-token',
        oidc: '__Secure-oidc-state',
      }
    : { session: 'session-token', csrf: 'csrf-token', oidc: 'oidc-state' };
}

export function cookieOptions(request: FastifyRequest, maxAgeSeconds?: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecure(request),
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Keys, derived from AUTH_SECRET for each use

const keyCache = new Map<string, Uint8Array>();
/** A 256-bit key for `purpose`, derived from AUTH_SECRET with HKDF (distinct keys for session, CSRF, OIDC state). */
export function deriveKey(secret: string, purpose: string): Uint8Array {
  const id = `${purpose}\u0000${secret}`;
  let key = keyCache.get(id);
  if (!key) {
    key = new Uint8Array(hkdfSync('sha256', secret, 'sentinel-ratings', `auth:${purpose}`, 32));
    keyCache.set(id, key);
  }
  return key;
}

/** Encrypts claims as a JWT (JWE, dir + A256GCM) readable only with AUTH_SECRET. */
export async function sealJwt(
  secret: string,
  purpose: string,
  claims: Record<string, unknown>,
  now: Date,
  maxAgeSeconds: number,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new EncryptJWT(claims)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + maxAgeSeconds)
    .setJti(randomBytes(12).toString('base64url'))
    .encrypt(deriveKey(secret, purpose));
}

/** The claims of a sealed JWT, or null when it is missing, tampered with, or expired. */
export async function openJwt(
  secret: string,
  purpose: string,
  token: string | undefined,
  now: Date,
): Promise<Record<string, unknown> | null> {
  if (!token || token.length > 8192) return null;
  try {
    const { payload } = await jwtDecrypt(token, deriveKey(secret, purpose), {
      currentDate: now,
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Session

/** Sets the session cookie for `user` (an admin's role comes from the caller, who evaluates ADMIN_EMAILS). */
export async function issueSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
): Promise<Date> {
  const app = request.server;
  const now = app.clock.now();
  const token = await sealJwt(
    app.config.authSecret,
    'session',
    {
      sub: user.username,
      email: user.email,
      role: user.role,
      ...(user.image ? { image: user.image } : {}),
      ...(user.adminId ? { adminId: user.adminId } : {}),
    },
    now,
    SESSION_MAX_AGE_SECONDS,
  );
  reply.setCookie(
    cookieNames(isSecure(request)).session,
    token,
    cookieOptions(request, SESSION_MAX_AGE_SECONDS),
  );
  const expires = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  request.user = user;
  request.sessionExpires = expires;
  return expires;
}

export function clearSession(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieNames(isSecure(request)).session, cookieOptions(request));
  request.user = null;
  request.sessionExpires = null;
}

async function readSession(request: FastifyRequest): Promise<void> {
  const app = request.server;
  const token = request.cookies[cookieNames(isSecure(request)).session];
  const claims = await openJwt(app.config.authSecret, 'session', token, app.clock.now());
  if (!claims || typeof claims.sub !== 'string' || typeof claims.email !== 'string') return;
  request.user = {
    username: claims.sub,
    email: claims.email,
    role: claims.role === 'admin' ? 'admin' : 'user',
    ...(typeof claims.image === 'string' ? { image: claims.image } : {}),
    ...(typeof claims.adminId === 'string' ? { adminId: claims.adminId } : {}),
  };
  request.sessionExpires = typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// CSRF (double submit): the cookie holds `token|HMAC(AUTH_SECRET, token)`; the form field csrfToken or the
// x-csrf-token header must carry the same token.

const csrfHash = (secret: string, token: string) =>
  createHmac('sha256', deriveKey(secret, 'csrf')).update(token).digest('base64url');

function csrfFromCookie(request: FastifyRequest): string | undefined {
  const raw = request.cookies[cookieNames(isSecure(request)).csrf];
  if (!raw) return undefined;
  const [token, hash] = raw.split('|');
  if (!token || !hash) return undefined;
  const expected = Buffer.from(csrfHash(request.server.config.authSecret, token));
  const actual = Buffer.from(hash);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? token : undefined;
}

/** The CSRF token of this browser, setting the cookie when there is no valid one yet. */
export function ensureCsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = csrfFromCookie(request);
  if (existing) return existing;
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(
    cookieNames(isSecure(request)).csrf,
    `${token}|${csrfHash(request.server.config.authSecret, token)}`,
    cookieOptions(request),
  );
  return token;
}

export function csrfValid(request: FastifyRequest, supplied: unknown): boolean {
  const expected = csrfFromCookie(request);
  if (!expected || typeof supplied !== 'string' || supplied.length === 0) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(supplied);
  return a.length === b.length && timingSafeEqual(a, b);
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Auth-service form posts: CSRF is required even without a session (it also stops login CSRF). */
const FORM_POSTS = ['/api/auth/callback/credentials', '/api/auth/signout', '/api/auth/signin/'];
/** Beacons cannot carry headers; the endpoint only logs and is rate limited. */
const CSRF_EXEMPT = new Set(['/api/auth/_log']);

export const csrfError = () =>
  new AppError(
    403,
    'CsrfError',
    'The CSRF token is missing or does not match. Reload the page and try again.',
  );

const pathOf = (url: string) => url.split('?')[0] ?? url;

// ---------------------------------------------------------------------------------------------------------------

/**
 * Reads the session cookie into `request.user`, redirects signed-out page loads under /my/* to the sign-in page,
 * and enforces CSRF on auth form posts and on every cookie-authenticated write under /api/.
 */
export const session = fp(async (app: FastifyInstance) => {
  if (!app.hasDecorator('clock')) app.decorate('clock', new Clock());
  app.decorateRequest('user', null);
  app.decorateRequest('sessionExpires', null);

  app.addHook('onRequest', async (request, reply) => {
    request.user = null;
    request.sessionExpires = null;
    await readSession(request);
    const path = pathOf(request.url);
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      (path === '/my' || path.startsWith('/my/')) &&
      !request.user
    ) {
      const target = `/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(request.url)}`;
      return reply.redirect(target, 302);
    }
  });

  app.addHook('preHandler', async (request) => {
    if (!WRITES.has(request.method)) return;
    const path = pathOf(request.url);
    if (!path.startsWith('/api/') || CSRF_EXEMPT.has(path)) return;
    const formPost = FORM_POSTS.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p));
    // Cookie-authenticated = a valid session cookie came with the request (a stale one carries no authority).
    if (!formPost && !request.user) return;
    const body = request.body as Record<string, unknown> | undefined | null;
    const fromBody = body && typeof body === 'object' ? body.csrfToken : undefined;
    const supplied = request.headers['x-csrf-token'] ?? fromBody;
    if (!csrfValid(request, supplied)) throw csrfError();
  });
});
