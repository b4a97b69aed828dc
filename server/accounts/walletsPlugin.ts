import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { detectChain, normalizeWalletAddress, type Wallet } from '../../api/user';
import type { AddWalletBody, DeleteWalletBody } from '../../api/user.schemas';
import { isUniqueViolation } from '../db/errors';
import { AppError, notFound } from '../errors';
import { repositoryPlugin } from '../plugins/app/repository';
import { deleteWallet, insertWallet, toWallet, walletRowsOf, walletsOf } from './wallets';

const alreadyAdded = () =>
  new AppError(409, 'Conflict', 'This wallet has already been added.', { walletAddress: 'Already added' });

/**
 * A user's wallets over this app's database, for the routes of /api/user/wallets: listed, added once per chain and
 * address (compared as the chain writes it), deleted. Every query is scoped to the caller's user id.
 */
export function walletRepository(app: FastifyInstance) {
  const list = (userId: string): Promise<Wallet[]> => walletsOf(app.db, userId);
  return {
    /** The user's wallets, oldest first. */
    list,
    /** Adds a wallet; 409 Conflict when the user has it already (on its chain, however it is written). */
    add: async (userId: string, body: z.output<typeof AddWalletBody>): Promise<Wallet> => {
      const chain = body.chain ?? detectChain(body.walletAddress)!;
      const normalized = normalizeWalletAddress(chain, body.walletAddress);
      const existing = await list(userId);
      const taken = existing.some(
        (w) => w.chain === chain && normalizeWalletAddress(w.chain, w.walletAddress) === normalized,
      );
      if (taken) throw alreadyAdded();
      try {
        return toWallet(await insertWallet(app.db, { userId, chain, walletAddress: body.walletAddress }));
      } catch (err) {
        // The unique index on (user, address as written) has the last word: an add racing this one, or the same
        // address under another chain.
        if (isUniqueViolation(err)) throw alreadyAdded();
        throw err;
      }
    },
    /**
     * Deletes the user's wallet of that address: as stored, else case-insensitively for the chains whose addresses
     * ignore case (EVM, Cosmos); 404 when there is none.
     */
    delete: async (userId: string, body: z.output<typeof DeleteWalletBody>): Promise<void> => {
      const rows = await walletRowsOf(app.db, userId);
      const wanted = body.walletAddress.toLowerCase();
      const match =
        rows.find((w) => w.walletAddress === body.walletAddress) ??
        rows.find(
          (w) => (w.chain === 'evm' || w.chain === 'cosmos') && w.walletAddress.toLowerCase() === wanted,
        );
      if (!match) throw notFound('No such wallet.');
      await deleteWallet(app.db, userId, match.id);
    },
  };
}

export type WalletRepository = ReturnType<typeof walletRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    wallets: WalletRepository;
  }
}

/** The wallet repository of this app's database as `app.wallets`. */
export const wallets = repositoryPlugin('wallets', walletRepository, ['db']);
