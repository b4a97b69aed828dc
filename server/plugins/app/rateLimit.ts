import rateLimit, {
  normalizeIP,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
  type RateLimitPluginOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hit, prune } from '../../accounts/rate';
import { AppError } from '../../errors';
import { addRouteHook, methodsOf } from './routeConfig';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What a user-pool form shows for a limit (spec §8: "Attempt limit exceeded, please try after some time."). */
const userPoolLimit = () =>
  new AppError(429, 'LimitExceededException', 'Attempt limit exceeded, please try after some time.');

/**
 * Per-address limits, keyed by the client address (`request.ip`: the socket's, or the forwarded one only through a
 * proxy that TRUST_PROXY names; IPv6 per /64). Figures a person never meets; a script does. Routes opt in with
 * `config: { rateLimit: LIMITS.x }`. User-pool routes answer with the Cognito name the forms already show.
 */
export const LIMITS = {
  /** POST /api/auth/callback/credentials: each costs a scrypt. */
  signIn: { max: 30, timeWindow: MINUTE, errorResponseBuilder: userPoolLimit },
  /** POST /api/auth/signup: a scrypt and a mail. */
  signUp: { max: 10, timeWindow: MINUTE, errorResponseBuilder: userPoolLimit },
  forgot: { max: 10, timeWindow: MINUTE, errorResponseBuilder: userPoolLimit },
  reset: { max: 10, timeWindow: MINUTE, errorResponseBuilder: userPoolLimit },
  verify: { max: 20, timeWindow: MINUTE, errorResponseBuilder: userPoolLimit },
  resend: { max: 10, timeWindow: MINUTE, errorResponseBuilder: userPoolLimit },
  changePassword: { max: 10, timeWindow: MINUTE, errorResponseBuilder: userPoolLimit },
  /** GET /api/projects/vote with a `vote` (reading the tally is not counted). */
  vote: {
    max: 30,
    timeWindow: HOUR,
    allowList: (request: FastifyRequest) => (request.query as { vote?: unknown } | null)?.vote === undefined,
  },
  /** Anonymous site writes, so a script cannot fill the tables. */
  incidents: { max: 10, timeWindow: HOUR },
  quote: { max: 10, timeWindow: HOUR },
  events: { max: 600, timeWindow: MINUTE },
  errors: { max: 60, timeWindow: MINUTE },
  /** POST /api/auth/_log (client logging by beacon). */
  log: { max: 30, timeWindow: MINUTE },
} satisfies Record<string, RateLimitOptions>;

/** One limit as the rate-limit headers name it: its quota per window, and what is left of the current window. */
export type RateLimitWindow = {
  policy: string;
  quota: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
};

/** A structured-field string (RFC 8941): quoted, `"` and `\` escaped. */
const sfString = (text: string) => `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/**
 * `RateLimit-Policy` and `RateLimit` as the current IETF draft (draft-ietf-httpapi-ratelimit-headers) has them:
 * structured-field lists with one item per limit, named by its policy: `"vote";q=30;w=3600` (quota q per window of
 * w seconds) and `"vote";r=29;t=3412` (r left, the window resetting in t seconds).
 */
export function rateLimitHeaders(windows: RateLimitWindow[]): Record<string, string> {
  return {
    'ratelimit-policy': windows
      .map((w) => `${sfString(w.policy)};q=${w.quota};w=${w.windowSeconds}`)
      .join(', '),
    ratelimit: windows.map((w) => `${sfString(w.policy)};r=${w.remaining};t=${w.resetSeconds}`).join(', '),
  };
}

/** The client address as the limits and the lockout count it (IPv6 per /64, IPv4-mapped as IPv4). */
export const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip);

/**
 * Counters in the database (`rate_counters`, one fixed window per route and address, one atomic upsert per hit),
 * so every instance on one database shares them and they survive restarts.
 */
function databaseStore(app: FastifyInstance): FastifyRateLimitStoreCtor {
  return class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'limit:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      hit(app.db, `${this.prefix}${key}`, max, timeWindow, app.clock.now()).then(
        (result) => callback(null, { current: result.count, ttl: result.retryAfterMs }),
        (err: Error) => callback(err),
      );
    }

    child(options: unknown) {
      // The plugin passes the route's merged limit options; routeInfo is the matched route, or empty for a limiter
      // a plugin made itself (createRateLimit), whose keys name what they count.
      const { method, url } = (options as { routeInfo: { method?: string | string[]; url?: string } })
        .routeInfo;
      return new DatabaseStore(undefined, url ? `limit:${[method].flat().join(',')} ${url}:` : 'limit:');
    }
  };
}

/**
 * Where the counters live, the one place that decides: Redis when REDIS_URL is set (shared by every instance,
 * expiring by themselves), the database otherwise (shared too). Never process memory, which a fleet cannot share.
 * While Redis is unreachable a limited route answers 503 rather than go unlimited.
 */
function counterStore(app: FastifyInstance): Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace'> {
  if (app.redis) return { redis: app.redis, nameSpace: 'limit:' };
  return { store: databaseStore(app) };
}

/** Expired counters are deleted every PRUNE_EVERY_MS (rows of every store in `rate_counters`). */
export const PRUNE_EVERY_MS = 10 * MINUTE;

/** The policy names of LIMITS, by the limit object a route's config holds. */
const POLICY_NAMES = new Map<object, string>(Object.entries(LIMITS).map(([name, limit]) => [limit, name]));

/**
 * @fastify/rate-limit, registered once with `global: false`: only routes with `config.rateLimit` are limited.
 * Over the limit: 429 `{ error, message }` with Retry-After. Every limited answer carries `RateLimit-Policy` and
 * `RateLimit` (rateLimitHeaders), the policy named after the limit (its LIMITS key, else the route).
 */
export const rateLimits = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      ...counterStore(app),
      enableDraftSpec: true,
      errorResponseBuilder: () =>
        new AppError(429, 'TooManyRequests', 'Too many requests; please try again later.'),
    });

    // The plugin writes the 2022 draft's RateLimit-Limit/-Remaining/-Reset; they are rewritten into the current
    // draft's two fields here, on the routes it limits only.
    app.addHook('onRoute', (route) => {
      const limit = route.config?.rateLimit;
      if (!limit || typeof limit.timeWindow !== 'number') return;
      const policy = POLICY_NAMES.get(limit) ?? `${methodsOf(route).join(',')} ${route.url}`;
      const windowSeconds = Math.ceil(limit.timeWindow / 1000);
      addRouteHook(route, 'onSend', async (_request, reply, payload) => {
        const quota = reply.getHeader('ratelimit-limit');
        if (quota === undefined) return payload;
        const remaining = reply.getHeader('ratelimit-remaining');
        const reset = reply.getHeader('ratelimit-reset');
        reply
          .removeHeader('ratelimit-limit')
          .removeHeader('ratelimit-remaining')
          .removeHeader('ratelimit-reset');
        reply.headers(
          rateLimitHeaders([
            {
              policy,
              quota: Number(quota),
              windowSeconds,
              remaining: Number(remaining),
              resetSeconds: Number(reset),
            },
          ]),
        );
        return payload;
      });
    });

    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        prune(app.db, app.clock.now()).catch((err: unknown) =>
          app.log.warn({ err }, 'pruning rate counters failed'),
        );
      }, PRUNE_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'rate-limits', dependencies: ['redis', 'route-config'] },
);
