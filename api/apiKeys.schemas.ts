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

/** GET /api/user/api-keys — newest first, revoked keys included. */
export const ApiKeyList = z.object({ keys: z.array(ApiKey) });

/** POST /api/user/api-keys */
export const CreateApiKeyBody = z.object({ name: ApiKeyName });
/** 201: the new key, with the key itself (`key`) — the only time it is ever sent. */
export const CreatedApiKey = ApiKey.extend({
  key: z.string().regex(/^sk_[A-Za-z0-9_-]{43}$/),
});

/** POST /api/user/api-keys/revoke — answers the key, revoked. */
export const RevokeApiKeyBody = z.object({ id: z.uuid('Not a valid id') });

/** A 429 of the Partner API: over the key's per-minute or per-day quota (Retry-After says when to come back). */
export const RateLimitExceeded = z.object({
  error: z.literal('RateLimitExceeded'),
  message: z.string(),
});
