import { and, asc, eq } from 'drizzle-orm';
import type { Wallet, WalletChain } from '../../api/user';
import type { Db } from '../db/client';
import { wallets } from '../db/schema/index';

export const toWallet = (row: { walletAddress: string; chain: string; createdAt: Date }): Wallet => ({
  walletAddress: row.walletAddress,
  chain: row.chain as WalletChain,
  createdAt: row.createdAt.toISOString(),
});

/** A user's wallets, oldest first. */
export const walletsOf = async (db: Db, userId: string): Promise<Wallet[]> =>
  (
    await db
      .select()
      .from(wallets)
      .where(eq(wallets.userId, userId))
      .orderBy(asc(wallets.createdAt), asc(wallets.id))
  ).map(toWallet);

export type WalletRow = typeof wallets.$inferSelect;

/** The user's wallet rows as stored (ids included), in no particular order. */
export const walletRowsOf = (db: Db, userId: string): Promise<WalletRow[]> =>
  db.select().from(wallets).where(eq(wallets.userId, userId));

/** Adds a wallet; a duplicate of one the user has is a unique violation (db/errors.ts isUniqueViolation). */
export async function insertWallet(
  db: Db,
  wallet: Pick<typeof wallets.$inferInsert, 'userId' | 'chain' | 'walletAddress'>,
): Promise<WalletRow> {
  const [row] = await db.insert(wallets).values(wallet).returning();
  return row!;
}

export async function deleteWallet(db: Db, userId: string, id: WalletRow['id']): Promise<void> {
  await db.delete(wallets).where(and(eq(wallets.id, id), eq(wallets.userId, userId)));
}
