import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
} from '../../../../api/apiKeys';
import {
  ApiKey as ApiKeySchema,
  ApiKeyList as ApiKeyListSchema,
  CreateApiKeyBody,
  CreatedApiKey as CreatedApiKeySchema,
  RevokeApiKeyBody,
} from '../../../../api/apiKeys.schemas';
import { ErrorBody } from '../../../../api/errors.schemas';
import type { Db } from '../../../db/client';
import { AppError, forbidden, notFound } from '../../../errors';
import {
  apiKeysOf,
  apiKeyUsageSince,
  createApiKeyWithinLimits,
  revokeApiKey,
  type ApiKeyRow,
} from '../../../apiKeys/queries';
import { hashApiKey, utcDay } from '../../../plugins/app/apiKey';
import { requireUser } from '../../../plugins/app/session';

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

/** A signed-out request is a 401 before its body is validated. */
const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

const errors = { '4xx': ErrorBody, '5xx': ErrorBody } as const;

/**
 * A signed-in user's Partner API keys: list with usage, create (the key is answered once and only its
 * SHA-256 is stored), revoke. Cookie session only: plugins/app/apiKey.ts never lets a key reach these routes. Writes
 * take the CSRF token (the /api/ write default). Bodies and answers are the shared schemas of api/apiKeys.schemas.ts.
 */
export default async function apiKeysRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api-keys',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Your API keys with their usage (last 14 days)',
        response: { 200: ApiKeyListSchema, ...errors },
      },
    },
    async (request): Promise<ApiKeyList> => {
      const user = requireUser(request);
      const rows = await apiKeysOf(app.db, user.username);
      return { keys: await describeKeys(app.db, rows, app.clock.now()) };
    },
  );

  app.post(
    '/api-keys',
    {
      // A key made for the subject while impersonating would keep working after the admin exits: refused.
      preValidation: async (request) => {
        if (requireUser(request).adminId) throw forbidden(API_KEY_MESSAGES.impersonating);
      },
      schema: {
        summary: 'Create an API key (the key is in this answer only)',
        body: CreateApiKeyBody,
        response: { 201: CreatedApiKeySchema, ...errors },
      },
    },
    async (request, reply): Promise<CreatedApiKey> => {
      const user = requireUser(request);
      const { name } = request.body;
      const key = newKey();
      const now = app.clock.now();
      const outcome = await createApiKeyWithinLimits(
        app.db,
        {
          userId: user.username,
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
      reply.code(201);
      return { ...described!, key };
    },
  );

  app.post(
    '/api-keys/revoke',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Revoke one of your API keys (at once, for good)',
        body: RevokeApiKeyBody,
        response: { 200: ApiKeySchema, ...errors },
      },
    },
    async (request): Promise<ApiKey> => {
      const user = requireUser(request);
      const { id } = request.body;
      const now = app.clock.now();
      const row = await revokeApiKey(app.db, user.username, id, now);
      // Another user's key answers exactly as a missing one.
      if (!row) throw notFound('No such API key.');
      const [described] = await describeKeys(app.db, [row], now);
      return described!;
    },
  );
}
