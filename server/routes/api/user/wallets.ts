import type { FastifyInstance } from 'fastify';
import { detectChain, normalizeWalletAddress } from '../../../../api/user';
import { AddWalletBody, DeleteWalletBody } from '../../../../api/user.schemas';
import { AppError, notFound } from '../../../errors';
import { deleteWallet, insertWallet, toWallet, walletRowsOf, walletsOf } from '../../../accounts/wallets';
import { isUniqueViolation } from '../../../db/errors';
import { requireUser } from '../../../plugins/app/session';
import { created, replies, signedIn, typed } from '../../../routing/schemas';
import * as U from '../../../../api/user.schemas';
import { z } from 'zod';

const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'Conflict', message, fields);

/** The signed-in user's wallets: list, add, delete. */
export default async function apiUserWalletsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  // ---- profile ----

  // ---- wallets ----

  const listWallets = (userId: string) => walletsOf(app.db, userId);

  app.get(
    '/wallets',
    { schema: { summary: 'My wallets', response: replies(z.array(U.Wallet)) } },
    async (request) => listWallets(requireUser(request).username),
  );

  app.post(
    '/wallets',
    {
      preValidation: signedIn,
      schema: { summary: 'Add a wallet', body: AddWalletBody, response: created(U.Wallet) },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      const chain = body.chain ?? detectChain(body.walletAddress)!;
      const normalized = normalizeWalletAddress(chain, body.walletAddress);
      const existing = await listWallets(user.username);
      const taken = existing.some(
        (w) => w.chain === chain && normalizeWalletAddress(w.chain, w.walletAddress) === normalized,
      );
      if (taken) throw conflict('This wallet has already been added.', { walletAddress: 'Already added' });
      try {
        const row = await insertWallet(app.db, {
          userId: user.username,
          chain,
          walletAddress: body.walletAddress,
        });
        return reply.status(201).send(toWallet(row));
      } catch (err) {
        if (isUniqueViolation(err))
          throw conflict('This wallet has already been added.', { walletAddress: 'Already added' });
        throw err;
      }
    },
  );

  app.post(
    '/wallets/delete',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Remove a wallet',
        body: DeleteWalletBody,
        response: replies(z.object({ deleted: z.literal(true) })),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      const rows = await walletRowsOf(app.db, user.username);
      const wanted = body.walletAddress.toLowerCase();
      const match =
        rows.find((w) => w.walletAddress === body.walletAddress) ??
        rows.find(
          (w) => (w.chain === 'evm' || w.chain === 'cosmos') && w.walletAddress.toLowerCase() === wanted,
        );
      if (!match) throw notFound('No such wallet.');
      await deleteWallet(app.db, user.username, match.id);
      return { deleted: true as const };
    },
  );
}
