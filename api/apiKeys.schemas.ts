/** Zod schemas of the API-keys contract (see api/apiKeys.ts). */
import { z } from 'zod';
import { API_KEY_NAME_MAX } from './apiKeys';

/** A key's name, shown in settings so its owner can tell keys apart. */
export const ApiKeyName = z
  .string()
  .trim()
  .min(1, 'Give the key a name')
  .max(API_KEY_NAME_MAX, `At most ${API_KEY_NAME_MAX} characters`);

/** Requests one key made on one UTC day: served (`requests`) and refused over a quota (`refused`). */
export const ApiKeyUsageDay = z.object({
  /** YYYY-MM-DD (UTC) */
  day: z.string(),
  requests: z.number().int(),
  refused: z.number().int(),
});

export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`sk_` and 7 more): enough to tell keys apart, useless to call with. */
  prefix: z.string(),
  /** ISO date-time */
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  perMinute: z.number().int(),
  perDay: z.number().int(),
  /** The last 14 UTC days, oldest first, today last (days without requests included, as zeros). */
  usage: z.array(ApiKeyUsageDay),
});

const EXAMPLE_KEY = {
  id: '0f8e4a52-6c1d-4c1e-9a57-2b8f0d9c3e11',
  name: 'Research desk',
  prefix: 'sk_Vb3kQ9x',
  createdAt: '2026-11-20T09:12:00.000Z',
  lastUsedAt: '2026-11-20T10:40:13.000Z',
  revokedAt: null,
  perMinute: 60,
  perDay: 10_000,
  usage: [{ day: '2026-11-20', requests: 412, refused: 3 }],
};

/** GET /api/user/api-keys — newest first, revoked keys included. */
export const ApiKeyList = z.object({ keys: z.array(ApiKey) }).meta({ examples: [{ keys: [EXAMPLE_KEY] }] });

/** POST /api/user/api-keys */
export const CreateApiKeyBody = z
  .object({ name: ApiKeyName })
  .meta({ examples: [{ name: 'Research desk' }] });
/** 201: the new key, with the key itself (`key`) — the only time it is ever sent. */
export const CreatedApiKey = ApiKey.extend({
  key: z.string().regex(/^sk_[A-Za-z0-9_-]{43}$/),
}).meta({
  examples: [
    { ...EXAMPLE_KEY, lastUsedAt: null, usage: [], key: 'sk_Vb3kQ9xLr2mT8nW4pZc6yH1sD5fG7jK0aB3eN9uQ2vX' },
  ],
});

/** POST /api/user/api-keys/revoke — answers the key, revoked. */
export const RevokeApiKeyBody = z.object({ id: z.uuid('Not a valid id') });

/** A 429 of the Partner API: over the key's per-minute or per-day quota (Retry-After says when to come back). */
export const RateLimitExceeded = z.object({
  error: z.literal('RateLimitExceeded'),
  message: z.string(),
});
