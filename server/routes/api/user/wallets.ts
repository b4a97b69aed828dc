import type { FastifyInstance } from 'fastify';
import { AddWalletBody, DeleteWalletBody } from '../../../../api/user.schemas';
import { requireUser } from '../../../plugins/app/session';
import { created, replies, signedIn, signedInPost, typed } from '../../../routing/schemas';
import * as U from '../../../../api/user.schemas';
import { z } from 'zod';

/** The signed-in user's wallets: list, add, delete (app.wallets). */
export default async function apiUserWalletsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/wallets',
    { schema: { summary: 'My wallets', response: replies(z.array(U.Wallet)) } },
    async (request) => app.wallets.list(requireUser(request).username),
  );

  app.post(
    '/wallets',
    {
      preValidation: signedIn,
      schema: { summary: 'Add a wallet', body: AddWalletBody, response: created(U.Wallet) },
    },
    async (request, reply) => {
      const wallet = await app.wallets.add(requireUser(request).username, request.body);
      return reply.status(201).send(wallet);
    },
  );

  signedInPost(
    app,
    '/wallets/delete',
    { summary: 'Remove a wallet', body: DeleteWalletBody, response: z.object({ deleted: z.literal(true) }) },
    async (user, body) => {
      await app.wallets.delete(user.username, body);
      return { deleted: true as const };
    },
  );
}
