import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors';

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
  }
}

/** The signed-in user, or a 401 `{ error: 'Unauthorized' }`. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Reads the session cookie into `request.user` and enforces CSRF on cookie-authenticated writes.
 * (The accounts work fills this in; until then every request is anonymous.)
 */
export const session = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
});
