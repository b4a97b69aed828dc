import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES, meetsPasswordRule } from '../../api/auth';
import { siteOrigin } from './origin';
import { UserPoolError } from './pool';

/* What the auth service's routes (server/routes/api/auth/, and the password change) share. */

/** A new password that breaks the rule is the user pool's InvalidPasswordException, not a generic 400. */
export const looseNewPassword = z.string({ error: MESSAGES.passwordRule }).max(1000, MESSAGES.passwordRule);

export function checkNewPassword(password: string) {
  if (password.length > 256 || !meetsPasswordRule(password)) {
    throw new UserPoolError('InvalidPasswordException', MESSAGES.passwordRule);
  }
}

/** This site's origin for links and OAuth redirect URIs: from configuration only. */
export const baseUrl = (request: FastifyRequest) => siteOrigin(request.server);

/** A path on this site as an absolute URL: the auth service's JSON answers carry these, as NextAuth v4's do. */
export const absolute = (request: FastifyRequest, path: string) => `${baseUrl(request)}${path}`;

export const signInUrl = (error: string, callbackUrl: string) =>
  `/api/auth/signin?error=${encodeURIComponent(error)}&callbackUrl=${encodeURIComponent(callbackUrl)}`;

/** The auth service's form posts: CSRF always (it also stops login CSRF), HTML forms or JSON. */
export const FORM_POST = { csrf: 'always', bodies: ['form', 'json'], authService: true } as const;

export const wantsJson = (json: unknown) => json === 'true' || json === true;

export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** A body that may arrive as JSON, a form, or text (sendBeacon): as a plain object. */
export function looseBody(body: unknown): Record<string, unknown> {
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
