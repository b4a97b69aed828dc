import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bigserialId, createdAt, timestamptz, uuidId } from './columns';
import { userRef } from './accounts';

/**
 * Partner API keys. The key itself is shown once at creation; only its SHA-256 is kept (a 256-bit random key
 * needs no slow hash). `prefix` is the key's first characters, shown in settings so a user can tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuidId(),
    userId: userRef(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    perMinute: integer('per_minute').notNull(),
    perDay: integer('per_day').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.hash), index('api_keys_user_idx').on(t.userId)],
);

/** Requests per key and UTC day: the daily quota and the usage shown in settings. */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    requests: integer('requests').notNull().default(0),
    refused: integer('refused').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day] })],
);

/**
 * A partner's webhook: alert events (score, tier, badge, incident) on the projects of chosen watchlists, POSTed
 * to an https endpoint and signed with `secret` (HMAC-SHA256 over timestamp and body). The secret is stored
 * encrypted under a key derived from AUTH_SECRET.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuidId(),
    userId: userRef(),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    watchlistIds: uuid('watchlist_ids').array().notNull(),
    events: text('events').array().notNull(),
    active: integer('active').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('webhooks_user_idx').on(t.userId)],
);

/** One delivery of one event to one webhook; `changeKey` makes it exactly one per change. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserialId(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    changeKey: text('change_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseCode: integer('response_code'),
    error: text('error'),
    createdAt: createdAt(),
    lastAttemptAt: timestamptz('last_attempt_at'),
    deliveredAt: timestamptz('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_change_idx').on(t.webhookId, t.changeKey),
    index('webhook_deliveries_log_idx').on(t.webhookId, t.createdAt),
  ],
);
