import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  API_KEY_MESSAGES,
  API_KEY_PER_DAY,
  API_KEY_PER_MINUTE,
  API_KEY_PREFIX_LENGTH,
  API_KEY_USAGE_DAYS,
  MAX_ACTIVE_API_KEYS,
  MAX_API_KEYS_PER_DAY,
  type ApiKey,
  type ApiKeyList,
  type CreatedApiKey,
} from '../../api/apiKeys';
import type { Db } from '../db/client';
import { AppError, notFound } from '../errors';
import { hashApiKey, utcDay } from '../plugins/app/apiKey';
import { repositoryPlugin } from '../plugins/app/repository';
import {
  apiKeysOf,
  apiKeyUsageSince,
  createApiKeyWithinLimits,
  revokeApiKey,
  type ApiKeyRow,
} from './queries';

const DAY = 24 * 60 * 60_000;

/** A new key: `sk_` and 32 random bytes in base64url (43 characters). */
const newKey = () => `sk_${randomBytes(32).toString('base64url')}`;

/** The last API_KEY_USAGE_DAYS UTC days, oldest first, ending today. */
function lastDays(now: Date): string[] {
  const today = Date.parse(`${utcDay(now)}T00:00:00Z`);
  return Array.from({ length: API_KEY_USAGE_DAYS }, (_, i) =>
    utcDay(new Date(today - (API_KEY_USAGE_DAYS - 1 - i) * DAY)),
  );
}

/** The keys as settings shows them, each with its usage per day (zeros for days without requests). */
async function describeKeys(db: Db, rows: ApiKeyRow[], now: Date): Promise<ApiKey[]> {
  const days = lastDays(now);
  const usage = await apiKeyUsageSince(
    db,
    rows.map((r) => r.id),
    days[0]!,
  );
  const byKeyDay = new Map(usage.map((u) => [`${u.keyId} ${u.day}`, u]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
    perMinute: r.perMinute,
    perDay: r.perDay,
    usage: days.map((day) => {
      const u = byKeyDay.get(`${r.id} ${day}`);
      return { day, requests: u?.requests ?? 0, refused: u?.refused ?? 0 };
    }),
  }));
}

/**
 * A user's Partner API keys over this app's database, for the routes of /api/user/api-keys: listed with their
 * usage, created within the limits (the key is answered once and only its SHA-256 is stored), revoked. Every query
 * is scoped to the caller's user id.
 */
export function apiKeyRepository(app: FastifyInstance) {
  return {
    /** The user's keys, revoked ones too, newest first, with the last API_KEY_USAGE_DAYS days of usage. */
    list: async (userId: string): Promise<ApiKeyList> => {
      const rows = await apiKeysOf(app.db, userId);
      return { keys: await describeKeys(app.db, rows, app.clock.now()) };
    },
    /**
     * A new key for the user: 409 TooManyApiKeys at MAX_ACTIVE_API_KEYS keys not revoked, 429 with Retry-After at
     * MAX_API_KEYS_PER_DAY keys made in the last 24 hours.
     */
    create: async (userId: string, name: string): Promise<CreatedApiKey> => {
      const key = newKey();
      const now = app.clock.now();
      const outcome = await createApiKeyWithinLimits(
        app.db,
        {
          userId,
          name,
          prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
          hash: hashApiKey(key),
          perMinute: API_KEY_PER_MINUTE,
          perDay: API_KEY_PER_DAY,
          createdAt: now,
        },
        // Created in the last 24 hours, revoked or not: the oldest of them says when one more may be made.
        {
          maxActive: MAX_ACTIVE_API_KEYS,
          maxSince: MAX_API_KEYS_PER_DAY,
          since: new Date(now.getTime() - DAY),
        },
      );
      if (outcome.kind === 'tooManyActive')
        throw new AppError(409, 'TooManyApiKeys', API_KEY_MESSAGES.tooMany);
      if (outcome.kind === 'tooManySince') {
        const retryAfter = Math.max(1, Math.ceil((outcome.oldest.getTime() + DAY - now.getTime()) / 1000));
        throw new AppError(429, 'TooManyRequests', API_KEY_MESSAGES.tooManyToday, undefined, {
          'retry-after': String(retryAfter),
        });
      }
      const [described] = await describeKeys(app.db, [outcome.row], now);
      return { ...described!, key };
    },
    /** Revokes the user's key at once (a second revoke keeps the first time); 404 for another's or none. */
    revoke: async (userId: string, id: string): Promise<ApiKey> => {
      const now = app.clock.now();
      const row = await revokeApiKey(app.db, userId, id, now);
      // Another user's key answers exactly as a missing one.
      if (!row) throw notFound('No such API key.');
      const [described] = await describeKeys(app.db, [row], now);
      return described!;
    },
  };
}

export type ApiKeyRepository = ReturnType<typeof apiKeyRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    apiKeys: ApiKeyRepository;
  }
}

/** The API key repository of this app's database as `app.apiKeys`. */
export const apiKeys = repositoryPlugin('apiKeys', apiKeyRepository, ['db', 'clock']);
