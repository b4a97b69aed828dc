import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API_KEY_PATTERN } from '../../../api/apiKeys';
import { apiKeys, apiKeyUsage } from '../../db/schema/index';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { addRouteHook } from './routeConfig';
import { clientAddress, rateLimitHeaders, type RateLimitWindow } from './rateLimit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The key a Partner API request was made with (set only on `partnerRead` routes, after the key was checked). */
export type RequestApiKey = { id: string; userId: string; prefix: string; perMinute: number; perDay: number };

declare module 'fastify' {
  interface FastifyRequest {
    /** The Partner API key of this request; null without one and on every route that is not `partnerRead`. */
    apiKey: RequestApiKey | null;
  }
}

/** What is stored of a key: its SHA-256 in hex (a 256-bit random key needs no slow hash). */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The UTC day of `now` as YYYY-MM-DD (the day `api_key_usage` counts under). */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

const invalidKey = () =>
  new AppError(401, 'InvalidApiKey', 'The API key is not valid or has been revoked.', undefined, {
    'www-authenticate': 'Bearer error="invalid_token"',
  });

/** The token of an `Authorization: Bearer <token>` header; undefined for no header or another scheme. */
function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer[ \t]+(\S*)[ \t]*$/i.exec(header);
  if (!m) return /^Bearer\b/i.test(header) ? '' : undefined;
  return m[1];
}

/**
 * Counts one served request of `keyId` today (one atomic upsert, which hands every concurrent request its own
 * count). Over `perDay` the count is given back and the request counted as refused instead, so `requests` is what
 * was served. Returns the count this request got.
 */
async function countToday(db: Db, keyId: string, day: string, perDay: number): Promise<number> {
  const [row] = await db
    .insert(apiKeyUsage)
    .values({ keyId, day, requests: 1, refused: 0 })
    .onConflictDoUpdate({
      target: [apiKeyUsage.keyId, apiKeyUsage.day],
      set: { requests: sql`"api_key_usage"."requests" + 1` },
    })
    .returning({ requests: apiKeyUsage.requests });
  const count = row?.requests ?? 1;
  if (count > perDay) {
    await db
      .update(apiKeyUsage)
      .set({ requests: sql`"api_key_usage"."requests" - 1`, refused: sql`"api_key_usage"."refused" + 1` })
      .where(and(eq(apiKeyUsage.keyId, keyId), eq(apiKeyUsage.day, day)));
  }
  return count;
}

/** Counts one request of `keyId` refused over its per-minute quota. */
async function countRefused(db: Db, keyId: string, day: string): Promise<void> {
  await db
    .insert(apiKeyUsage)
    .values({ keyId, day, requests: 0, refused: 1 })
    .onConflictDoUpdate({
      target: [apiKeyUsage.keyId, apiKeyUsage.day],
      set: { refused: sql`"api_key_usage"."refused" + 1` },
    });
}

/** The policy names of a key's two quotas in `RateLimit-Policy` and `RateLimit`. */
export const KEY_POLICIES = { minute: 'api-key-minute', day: 'api-key-day' } as const;
/** The policy name of the quota of reads without a key. */
export const ANONYMOUS_POLICY = 'partner-anonymous';

/**
 * Partner API keys. On a route whose config says `partnerRead`, an `Authorization: Bearer sk_…`
 * header is looked up by its hash: unknown or revoked is a 401 `InvalidApiKey`; a valid key sets `request.apiKey`
 * and is counted against its quotas — per minute in the rate-limit store of plugins/app/rateLimit.ts (Redis when
 * REDIS_URL is set, else `rate_counters`: shared by every instance), per UTC day by an atomic upsert into
 * `api_key_usage`. Every keyed answer carries `RateLimit-Policy` and `RateLimit` naming both quotas; over
 * either quota the answer is a 429 `RateLimitExceeded` with `Retry-After`. Decided on the matched route's config
 * only, never on the URL. On every other route the header is ignored: a key is no session, so it authorises
 * nothing (account and watchlist routes see a signed-out request unless a session cookie came too).
 * Registered after plugins/app/rateLimit.ts, whose `createRateLimit` it uses.
 */
export const apiKeyAuth = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('apiKey', null);

    const perMinute = app.createRateLimit({
      keyGenerator: (request) => `api-key:${request.apiKey?.id ?? ''}`,
      max: (request) => request.apiKey?.perMinute ?? 0,
      timeWindow: MINUTE,
    });

    // Reads without a key get a quota of their own per client address, under a key's, so dropping the key is no way
    // around a key's quota. A person browsing the site makes a few of these reads a page; a scraper makes thousands.
    const anonymousQuota = app.config.partnerAnonymousPerHour;
    const anonymousPerHour = app.createRateLimit({
      keyGenerator: (request) => `partner-anonymous:${clientAddress(request)}`,
      max: anonymousQuota,
      timeWindow: HOUR,
    });

    async function limitAnonymous(reply: FastifyReply, request: FastifyRequest) {
      const hour = await anonymousPerHour(request);
      if (hour.isAllowed) throw new Error('the anonymous limiter has no allow list');
      const window: RateLimitWindow = {
        policy: ANONYMOUS_POLICY,
        quota: anonymousQuota,
        windowSeconds: HOUR / 1000,
        remaining: hour.remaining,
        resetSeconds: Math.max(1, hour.ttlInSeconds),
      };
      if (hour.isExceeded) {
        throw new AppError(
          429,
          'RateLimitExceeded',
          `Reads without an API key are limited to ${anonymousQuota} an hour from one address. Try again in ${window.resetSeconds} s, or use an API key.`,
          undefined,
          { ...rateLimitHeaders([{ ...window, remaining: 0 }]), 'retry-after': String(window.resetSeconds) },
        );
      }
      reply.headers(rateLimitHeaders([window]));
    }

    async function authenticate(request: FastifyRequest, reply: FastifyReply) {
      const token = bearerToken(request.headers.authorization);
      if (token === undefined) return; // no key: the public read as anyone gets it
      if (!API_KEY_PATTERN.test(token)) throw invalidKey();
      const [key] = await app.db
        .select({
          id: apiKeys.id,
          userId: apiKeys.userId,
          prefix: apiKeys.prefix,
          perMinute: apiKeys.perMinute,
          perDay: apiKeys.perDay,
          lastUsedAt: apiKeys.lastUsedAt,
          revokedAt: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.hash, hashApiKey(token)))
        .limit(1);
      if (!key || key.revokedAt !== null) throw invalidKey();
      request.apiKey = {
        id: key.id,
        userId: key.userId,
        prefix: key.prefix,
        perMinute: key.perMinute,
        perDay: key.perDay,
      };

      const now = app.clock.now();
      const day = utcDay(now);
      const dayResetSeconds = Math.max(
        1,
        Math.ceil((Date.parse(`${day}T00:00:00Z`) + DAY - now.getTime()) / 1000),
      );

      // Per minute first: a request refused here is not served, so it does not use up the day. (`isAllowed` is
      // true only for an allow list, which this limiter has none of.)
      const minute = await perMinute(request);
      if (minute.isAllowed) throw new Error('the per-minute limiter has no allow list');
      const minuteWindow: RateLimitWindow = {
        policy: KEY_POLICIES.minute,
        quota: key.perMinute,
        windowSeconds: MINUTE / 1000,
        remaining: minute.remaining,
        resetSeconds: Math.max(1, minute.ttlInSeconds),
      };
      if (minute.isExceeded) {
        await countRefused(app.db, key.id, day);
        throw new AppError(
          429,
          'RateLimitExceeded',
          `This API key is over its quota of ${key.perMinute} requests per minute. Try again in ${minuteWindow.resetSeconds} s.`,
          undefined,
          {
            ...rateLimitHeaders([{ ...minuteWindow, remaining: 0 }]),
            'retry-after': String(minuteWindow.resetSeconds),
          },
        );
      }

      const served = await countToday(app.db, key.id, day, key.perDay);
      const dayWindow: RateLimitWindow = {
        policy: KEY_POLICIES.day,
        quota: key.perDay,
        windowSeconds: DAY / 1000,
        remaining: Math.max(0, key.perDay - served),
        resetSeconds: dayResetSeconds,
      };
      if (served > key.perDay) {
        throw new AppError(
          429,
          'RateLimitExceeded',
          `This API key is over its quota of ${key.perDay} requests per day. Try again after midnight UTC.`,
          undefined,
          {
            ...rateLimitHeaders([minuteWindow, dayWindow]),
            'retry-after': String(dayResetSeconds),
          },
        );
      }
      reply.headers(rateLimitHeaders([minuteWindow, dayWindow]));

      // lastUsedAt moves at most once a minute per key: the row read above says whether it is due, and the
      // conditional update keeps concurrent requests (and other instances) from writing it twice.
      if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= MINUTE) {
        await app.db
          .update(apiKeys)
          .set({ lastUsedAt: now })
          .where(
            and(
              eq(apiKeys.id, key.id),
              or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - MINUTE))),
            ),
          );
      }
    }

    // The matched route decides (the router decoded the path): only the Partner API's reads take a key, so only they
    // are hooked.
    app.addHook('onRoute', (route) => {
      if (route.config?.partnerRead !== true) return;
      addRouteHook(route, 'onRequest', (request, reply, done) => {
        if (request.headers.authorization === undefined) {
          if (anonymousQuota === 0) return done();
          limitAnonymous(reply, request).then(() => done(), done);
          return;
        }
        authenticate(request, reply).then(() => done(), done);
      });
    });
  },
  { name: 'api-key', dependencies: ['route-config', 'rate-limits'] },
);
