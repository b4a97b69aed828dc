import type { Session } from './auth';
import type { Request } from './http';

/**
 * The session read every page makes (the rest of the auth contract is api/auth.ts). A module of its own because the
 * bundler keeps all the used exports of a module in one chunk: from api/auth.ts, the first script of every page
 * would carry the account calls and rules too, which only the auth modal, settings and sign-out use.
 */
export const getSession = (request: Request) => request<Session>('/api/auth/session');
