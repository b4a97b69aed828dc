import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deriveKey, isSecure } from '../plugins/app/session';

/** The anonymous visitor cookie that keys votes of signed-out visitors (one vote per voter). */
export const VISITOR_COOKIE = 'sr_visitor';

/** `<uuid>.<HMAC>`: the server made this visitor id (key derived from AUTH_SECRET for this use only). */
const visitorMac = (secret: string, id: string) =>
  createHmac('sha256', deriveKey(secret, 'visitor')).update(id).digest('base64url');

/** The visitor id of a cookie the server signed; a missing, unsigned or forged one is no visitor. */
export function visitorId(secret: string, cookie: string | undefined): string | undefined {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(cookie ?? '');
  if (!match) return undefined;
  const [, id, mac] = match as unknown as [string, string, string];
  const expected = Buffer.from(visitorMac(secret, id));
  return timingSafeEqual(expected, Buffer.from(mac)) ? id : undefined;
}

/**
 * The voter: the signed-in user, else the anonymous visitor of the signed cookie (made on the first vote when
 * `create`). While impersonating, the vote is the impersonated user's.
 */
export function voterKey(request: FastifyRequest, reply: FastifyReply, create: boolean): string | undefined {
  if (request.user) return `user:${request.user.username}`;
  const secret = request.server.config.authSecret;
  const known = visitorId(secret, request.cookies[VISITOR_COOKIE]);
  if (known) return `visitor:${known}`;
  if (!create) return undefined;
  const id = randomUUID();
  reply.setCookie(VISITOR_COOKIE, `${id}.${visitorMac(secret, id)}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
    maxAge: 400 * 24 * 3600,
  });
  return `visitor:${id}`;
}
