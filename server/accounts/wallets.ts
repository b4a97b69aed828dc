import { asc, eq } from 'drizzle-orm';
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
