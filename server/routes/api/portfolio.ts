import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_HOLDINGS } from '../../../api/portfolio';
import { DeleteHoldingBody, SetHoldingBody } from '../../../api/portfolio.schemas';
import { normalizeWalletAddress, type WalletChain } from '../../../api/user';
import { AppError, notFound } from '../../errors';
import { requireUser, type SessionUser } from '../../plugins/app/session';
import { walletsOf } from '../../accounts/wallets';
import { flagContextFor } from '../../flags/service';
import {
  deleteHolding,
  projectExists,
  replaceWalletHoldings,
  setManualHolding,
  walletTokensAt,
} from '../../portfolio/queries';
import { portfolioOf } from '../../portfolio/risk';
import { replies, signedInPost, typed } from '../../routing/schemas';
import * as P from '../../../api/portfolio.schemas';

const tooMany = () =>
  new AppError(409, 'Conflict', `You can keep at most ${MAX_HOLDINGS} holdings.`, {
    projectId: 'Too many holdings',
  });

/**
 * The portfolio risk view (behind the `portfolio` flag; every route is a 404 without it): watched projects,
 * holdings entered by hand or imported from the token index for the user's wallets, and the exposure they add up to.
 */
export default async function portfolioRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  /** The signed-in user with the flag on, or the 404 a user without it gets for any unknown route. */
  const portfolioUser = async (request: FastifyRequest): Promise<SessionUser> => {
    const user = requireUser(request);
    if (!app.flags.isEnabled('portfolio', flagContextFor(user)))
      throw notFound(`No route for ${request.method} ${request.routeOptions.url}`);
    return user;
  };

  app.get(
    '/portfolio',
    { schema: { summary: 'My portfolio risk view', response: replies(P.Portfolio) } },
    async (request) => portfolioOf(app.db, (await portfolioUser(request)).username),
  );

  signedInPost(
    app,
    '/portfolio/holdings',
    { user: portfolioUser, summary: 'Set a holding', body: SetHoldingBody, response: P.Portfolio },
    async (user, body) => {
      if (!(await projectExists(app.db, body.projectId))) throw notFound('No such project.');
      if (!(await setManualHolding(app.db, user.username, body.projectId, body.amountUsd, MAX_HOLDINGS)))
        throw tooMany();
      return portfolioOf(app.db, user.username);
    },
  );

  signedInPost(
    app,
    '/portfolio/holdings/delete',
    { user: portfolioUser, summary: 'Remove a holding', body: DeleteHoldingBody, response: P.Portfolio },
    async (user, body) => {
      await deleteHolding(app.db, user.username, body.projectId);
      return portfolioOf(app.db, user.username);
    },
  );

  /** Replaces the wallet-imported holdings with what the token index holds for the user's wallets now. */
  app.post(
    '/portfolio/import-wallets',
    {
      schema: {
        summary: 'Import holdings of my wallets from the token index',
        response: replies(P.WalletImport),
      },
    },
    async (request) => {
      const user = await portfolioUser(request);
      const wallets = await walletsOf(app.db, user.username);
      const found = new Map<string, number>();
      const unknownWallets: string[] = [];
      for (const wallet of wallets) {
        const address = normalizeWalletAddress(wallet.chain as WalletChain, wallet.walletAddress);
        const tokens = await walletTokensAt(app.db, wallet.chain, address);
        if (tokens.length === 0) unknownWallets.push(wallet.walletAddress);
        for (const t of tokens) found.set(t.projectId, (found.get(t.projectId) ?? 0) + t.amountUsd);
      }
      const imported = await replaceWalletHoldings(app.db, user.username, found, MAX_HOLDINGS);
      if (imported === null) throw tooMany();
      return { imported, unknownWallets, portfolio: await portfolioOf(app.db, user.username) };
    },
  );
}
