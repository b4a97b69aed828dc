import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

/** Body kinds a route may accept, by media type. */
const MEDIA_TYPES = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
  text: 'text/plain',
} as const;
export type BodyKind = keyof typeof MEDIA_TYPES;

declare module 'fastify' {
  /**
   * What a route needs, declared where it is registered (`config: {...}`) and enforced by one plugin per concern
   * on the matched route (`request.routeOptions.config`), never on the URL string: the router decodes the path
   * (`/%61pi/...` matches `/api/...`), so a check on `request.url` can be walked around.
   */
  interface FastifyContextConfig {
    /**
     * CSRF token on writes (plugins/csrf.ts): 'session' = required when a session cookie authenticates the
     * request; 'always' = required even without a session (auth form posts; also stops login CSRF); false = never.
     */
    csrf?: 'session' | 'always' | false;
    /** Body kinds accepted; any other content type is a 415 before the body is parsed (this plugin). */
    bodies?: readonly BodyKind[];
    /**
     * A NextAuth form post (sign-in, sign-out, session update): every JSON answer, failures included, carries an
     * absolute `url`, because NextAuth v4 clients read it with `new URL(data.url)` (plugins/errors.ts).
     */
    authService?: true;
    /** Writes made while impersonating are recorded in impersonation_audit (plugins/audit.ts). */
    audit?: boolean;
    /** 'page': a page that needs a session; signed-out visitors are redirected to sign-in (plugins/session.ts). */
    auth?: 'page';
    /** An OFREP route: it answers bad input in the OFREP error shape itself (plugins/errors.ts leaves it alone). */
    ofrep?: boolean;
    /**
     * A read endpoint of the Partner API: `Authorization: Bearer <key>` authenticates it, under the key's quota
     * (plugins/apiKey.ts). On every other route a Bearer key authorises nothing.
     */
    partnerRead?: true;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `Application/JSON; charset=utf-8` → `application/json`. */
const mediaType = (header: string) => (header.split(';')[0] ?? '').trim().toLowerCase();

/**
 * Defaults for every write route under /api/ (decided on the route pattern when the route is registered):
 * CSRF when signed in, JSON bodies only, audited while impersonating. Routes that differ say so in their config.
 * Then refuses, on the matched route, a body whose content type the route does not accept (415), so a plain HTML
 * form (form-encoded, multipart or text/plain) never reaches a JSON route.
 */
export const routeConfig = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/') || !methods.some((m) => WRITES.has(m))) return;
    route.config = { csrf: 'session', bodies: ['json'], audit: true, ...route.config };
  });

  app.addHook('preParsing', async (request, _reply, payload) => {
    const accepted = request.routeOptions.config.bodies;
    const header = request.headers['content-type'];
    // GET and HEAD bodies are never parsed; a request without a content type has no body Fastify would parse.
    if (!accepted || header === undefined || request.method === 'GET' || request.method === 'HEAD') {
      return payload;
    }
    const type = mediaType(header);
    if (!accepted.some((kind) => MEDIA_TYPES[kind] === type)) {
      const allowed = accepted.map((kind) => MEDIA_TYPES[kind]).join(' or ');
      throw new AppError(
        415,
        'UnsupportedMediaType',
        `Content type ${type.slice(0, 100) || '(empty)'} is not accepted here; send ${allowed}.`,
      );
    }
    return payload;
  });
});
