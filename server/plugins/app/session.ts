import { hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { Clock } from '../../accounts/clock';
import { safeCallbackUrl } from '../../accounts/origin';
import { matchedAddress } from '../../site/address';
import {
  createSession,
  findLiveSession,
  renewSession as renewRecord,
  revokeSession,
  roleFor,
  sessionUserFor,
  type SessionRecord,
} from '../../accounts/sessions';
import { forbidden, unauthorized } from '../../errors';

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
    /** The id of the current session (null when signed out); CSRF tokens are bound to it. */
    sessionId: string | null;
  }
}

/** The signed-in user, or a 401 `{ error: 'Unauthorized' }`. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Signed in with the admin role, and not an admin session borrowed through impersonation. */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'admin' || user.adminId) throw forbidden('Only admins can do this.');
  return user;
}

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
        device: '__Host-device',
      }
    : { session: 'session-token', csrf: 'csrf-token', oidc: 'oidc-state', device: 'device' };
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
// Session: the cookie seals the id of a record in the `sessions` table (server/accounts/sessions.ts), which every
// request resolves with the user's current row, so sign-out and revocation take effect at once on every instance.

/** The record behind the current request's session (for renewal, revocation and impersonation). */
const currentRecord = new WeakMap<FastifyRequest, SessionRecord>();

const secondsUntil = (until: Date, now: Date) =>
  Math.max(0, Math.floor((until.getTime() - now.getTime()) / 1000));

/**
 * Starts a new session for `user` (whose role the caller computed with `sessionUserFor`) and sets its cookie. The
 * session this request came with is revoked, so one cookie never leaves a live session behind. `continueSignIn`
 * (impersonation start and exit) keeps the absolute expiry of the current session instead of starting a new one.
 */
export async function issueSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
  opts: { continueSignIn?: boolean } = {},
): Promise<Date> {
  const app = request.server;
  const now = app.clock.now();
  const previous = currentRecord.get(request);
  if (previous) await revokeSession(app.db, previous.id, now);
  const record = await createSession(app.db, now, {
    userId: user.username,
    adminId: user.adminId,
    absoluteExpiresAt: opts.continueSignIn ? previous?.absoluteExpiresAt : undefined,
  });
  const token = await sealJwt(
    app.config.authSecret,
    'session',
    { sid: record.id },
    now,
    secondsUntil(record.absoluteExpiresAt, now),
  );
  reply.setCookie(
    cookieNames(isSecure(request)).session,
    token,
    cookieOptions(request, secondsUntil(record.expiresAt, now)),
  );
  currentRecord.set(request, record);
  request.user = user;
  request.sessionId = record.id;
  request.sessionExpires = record.expiresAt;
  return record.expiresAt;
}

/**
 * Renews the current session (GET /api/auth/session, as NextAuth's maxAge): another 30 idle days, never past the
 * absolute cap. The new expiry, or null when there is no live session.
 */
export async function renewSession(request: FastifyRequest, reply: FastifyReply): Promise<Date | null> {
  const record = currentRecord.get(request);
  const token = request.cookies[cookieNames(isSecure(request)).session];
  if (!record || !token) return null;
  const now = request.server.clock.now();
  const expires = await renewRecord(request.server.db, record, now);
  if (!expires) return null;
  reply.setCookie(
    cookieNames(isSecure(request)).session,
    token,
    cookieOptions(request, secondsUntil(expires, now)),
  );
  request.sessionExpires = expires;
  return expires;
}

/** Signs out: revokes the current session record and clears the cookie. */
export async function clearSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const record = currentRecord.get(request);
  if (record) await revokeSession(request.server.db, record.id, request.server.clock.now());
  currentRecord.delete(request);
  reply.clearCookie(cookieNames(isSecure(request)).session, cookieOptions(request));
  request.user = null;
  request.sessionId = null;
  request.sessionExpires = null;
}

/**
 * Resolves the session cookie against the `sessions` table: an unknown, tampered, revoked, idle-expired or
 * absolutely expired session is signed out, and so is an impersonation whose admin is no longer an admin. The
 * role is computed from ADMIN_EMAILS now, never read from the cookie.
 */
const sessionCookie = (request: FastifyRequest): string | undefined =>
  request.cookies[cookieNames(isSecure(request)).session];

async function readSession(request: FastifyRequest): Promise<void> {
  const app = request.server;
  const token = sessionCookie(request);
  if (!token) return;
  const now = app.clock.now();
  const claims = await openJwt(app.config.authSecret, 'session', token, now);
  if (!claims || typeof claims.sid !== 'string') return;
  const found = await findLiveSession(app.db, claims.sid, now);
  if (!found) return;
  const { session: record, user, admin } = found;
  if (record.adminId && (!admin || roleFor(app.config, admin.email) !== 'admin')) return;
  currentRecord.set(request, record);
  request.user = sessionUserFor(app.config, user, record.adminId);
  request.sessionId = record.id;
  request.sessionExpires = record.expiresAt;
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * Reads the session cookie into `request.user` and redirects signed-out visitors of pages that need a session
 * (`config.auth: 'page'`, the /my/* pages) to the sign-in page. CSRF is plugins/app/csrf.ts.
 */
export const session = fp(
  async (app: FastifyInstance) => {
    if (!app.hasDecorator('clock')) app.decorate('clock', new Clock());
    app.decorateRequest('user', null);
    app.decorateRequest('sessionExpires', null);
    app.decorateRequest('sessionId', null);

    /** Sends a signed-out visitor of a page that needs a session to sign in; false when the request goes on. */
    const redirectedToSignIn = (request: FastifyRequest, reply: FastifyReply) => {
      // Decided on the matched route: the router decodes the path, so /%6dy/settings is a /my page too.
      if (request.routeOptions.config.auth !== 'page' || request.user) return false;
      const { path, search } = matchedAddress(request);
      const back = safeCallbackUrl(request, `${path}${search}`);
      reply.redirect(`/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(back)}`, 302);
      return true;
    };

    // `user`, `sessionId` and `sessionExpires` start null on every request (their decorators). Callback style: most
    // requests carry no session cookie, and those pass without a promise.
    app.addHook('onRequest', (request, reply, done) => {
      const go = () => {
        let redirected: boolean;
        try {
          redirected = redirectedToSignIn(request, reply);
        } catch (err) {
          return done(err as Error); // as an async hook's rejection would: never an unhandled one
        }
        if (!redirected) done();
      };
      if (!sessionCookie(request)) return go();
      readSession(request).then(go, done);
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
