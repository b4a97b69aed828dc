import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiKeys, apiKeyUsage, users } from '../db/schema/index';

/** A user's Partner API keys and their daily usage, as settings lists, creates and revokes them. */

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyUsageRow = typeof apiKeyUsage.$inferSelect;
export type NewApiKey = Pick<
  typeof apiKeys.$inferInsert,
  'userId' | 'name' | 'prefix' | 'hash' | 'perMinute' | 'perDay' | 'createdAt'
>;

/** The user's keys, revoked ones too, newest first. */
export const apiKeysOf = (db: Db, userId: string): Promise<ApiKeyRow[]> =>
  db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

/** The usage rows of these keys from `firstDay` (YYYY-MM-DD) on. */
export async function apiKeyUsageSince(
  db: Db,
  keyIds: string[],
  firstDay: string,
): Promise<ApiKeyUsageRow[]> {
  if (keyIds.length === 0) return [];
  return db
    .select()
    .from(apiKeyUsage)
    .where(and(inArray(apiKeyUsage.keyId, keyIds), gte(apiKeyUsage.day, firstDay)));
}

/** Whether the user owns a key that is not revoked (webhooks belong to key owners). */
export async function hasActiveApiKey(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return Number(row?.n ?? 0) > 0;
}

export type CreateApiKeyOutcome =
  | { kind: 'created'; row: ApiKeyRow }
  | { kind: 'tooManyActive' }
  /** `oldest`: the creation time of the oldest key counted, which says when one more may be made. */
  | { kind: 'tooManySince'; oldest: Date };

/**
 * Stores a key unless the owner already has `maxActive` keys not revoked, or made `maxSince` keys (revoked or not)
 * since `since`. The owner's row lock makes the counts and the insert one step: concurrent creates cannot pass the
 * limits together.
 */
export async function createApiKeyWithinLimits(
  db: Db,
  key: NewApiKey,
  limits: { maxActive: number; maxSince: number; since: Date },
): Promise<CreateApiKeyOutcome> {
  return db.transaction(async (tx): Promise<CreateApiKeyOutcome> => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, key.userId)).for('update');
    const [active] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, key.userId), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= limits.maxActive) return { kind: 'tooManyActive' };
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${apiKeys.createdAt})` })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, key.userId), gte(apiKeys.createdAt, limits.since)));
    if ((recent?.n ?? 0) >= limits.maxSince)
      return { kind: 'tooManySince', oldest: new Date(recent!.oldest!) };
    const [inserted] = await tx.insert(apiKeys).values(key).returning();
    return { kind: 'created', row: inserted! };
  });
}

/**
 * Revokes the user's key (revoking twice keeps the first time) and answers it; undefined when the user has no key
 * of that id (another user's key is not theirs).
 */
export async function revokeApiKey(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<ApiKeyRow | undefined> {
  const mine = and(eq(apiKeys.id, id), eq(apiKeys.userId, userId));
  await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(mine, isNull(apiKeys.revokedAt)));
  const [row] = await db.select().from(apiKeys).where(mine);
  return row;
}
