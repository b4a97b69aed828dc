import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';

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
     * CSRF token on writes (plugins/app/csrf.ts): 'session' = required when a session cookie authenticates the
     * request; 'always' = required even without a session (auth form posts; also stops login CSRF); false = never.
     */
    csrf?: 'session' | 'always' | false;
    /**
     * A GET that writes when its query has this parameter (the spec makes the vote a GET): such a request must come
     * from this site's own pages, `Sec-Fetch-Site: same-origin` or a valid CSRF token, else 403 (plugins/app/csrf.ts).
     * A cross-site link or top-level navigation carries neither. Without the parameter it is a read, open to all.
     */
    writesWithQuery?: string;
    /** Body kinds accepted; any other content type is a 415 before the body is parsed (this plugin). */
    bodies?: readonly BodyKind[];
    /**
     * A NextAuth form post (sign-in, sign-out, session update): every JSON answer, failures included, carries an
     * absolute `url`, because NextAuth v4 clients read it with `new URL(data.url)` (plugins/app/errors.ts).
     */
    authService?: true;
    /**
     * Writes made while impersonating are recorded in impersonation_audit (plugins/app/audit.ts). 'refused': only the
     * refused ones (the impersonation tool's routes, which record their own start and stop).
     */
    audit?: boolean | 'refused';
    /** 'page': a page that needs a session; signed-out visitors are redirected to sign-in (plugins/app/session.ts). */
    auth?: 'page';
    /** An OFREP route: it answers bad input in the OFREP error shape itself (plugins/app/errors.ts leaves it alone). */
    ofrep?: boolean;
    /**
     * A read endpoint of the Partner API: `Authorization: Bearer <key>` authenticates it, under the key's quota
     * (plugins/app/apiKey.ts). On every other route a Bearer key authorises nothing.
     */
    partnerRead?: true;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a request's method writes. */
export const isWrite = (method: string) => WRITES.has(method);

/** The methods a route answers (`method` is one or a list). */
export const methodsOf = (route: RouteOptions): string[] => [route.method].flat();

/** Whether a route answers any write method. */
export const takesWrites = (route: RouteOptions) => methodsOf(route).some(isWrite);

type RouteHookName = 'onRequest' | 'preParsing' | 'preValidation' | 'onSend';

/** How many hooks addRouteHook has put in front of each route's own, per stage. */
const hooksAdded = new WeakMap<RouteOptions, Partial<Record<RouteHookName, number>>>();

/**
 * Adds a hook to one route, from an `onRoute` hook: a plugin whose rule applies only to some routes (by their
 * config) hooks only those, so every other request skips it (a global hook runs, and allocates, on every request).
 * It runs where a global hook would: after the global hooks of its stage and before the route's own (a route's own
 * preValidation must not answer before CSRF is checked), in the order the plugins were registered.
 */
export function addRouteHook<H extends RouteHookName>(
  route: RouteOptions,
  stage: H,
  hook: NonNullable<RouteOptions[H]> extends infer F ? (F extends readonly (infer G)[] ? G : F) : never,
) {
  const existing = route[stage] as unknown;
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  const added = hooksAdded.get(route) ?? {};
  const at = added[stage] ?? 0;
  (route as Record<RouteHookName, unknown>)[stage] = [...list.slice(0, at), hook, ...list.slice(at)];
  hooksAdded.set(route, { ...added, [stage]: at + 1 });
}

/** `Application/JSON; charset=utf-8` → `application/json`. */
const mediaType = (header: string) => (header.split(';')[0] ?? '').trim().toLowerCase();

/**
 * Defaults for every write route under /api/ (decided on the route pattern when the route is registered):
 * CSRF when signed in, JSON bodies only, audited while impersonating. Routes that differ say so in their config.
 * Then refuses, on routes that declare `bodies`, a body whose content type the route does not accept (415), so a
 * plain HTML form (form-encoded, multipart or text/plain) never reaches a JSON route.
 * Registered before the other route-rule plugins: their `onRoute` hooks read the config filled in here.
 */
export const routeConfig = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/') && takesWrites(route)) {
        route.config = { csrf: 'session', bodies: ['json'], audit: true, ...route.config };
      }
      const accepted = route.config?.bodies;
      // GET and HEAD bodies are never parsed, so a route answering only those has nothing to check.
      if (!accepted || methodsOf(route).every((m) => m === 'GET' || m === 'HEAD')) return;
      addRouteHook(route, 'preParsing', async (request, _reply, payload) => {
        const header = request.headers['content-type'];
        // A request without a content type has no body Fastify would parse.
        if (header === undefined || request.method === 'GET' || request.method === 'HEAD') return payload;
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
  },
  { name: 'route-config' },
);
