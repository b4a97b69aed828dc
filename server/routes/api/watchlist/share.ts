import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ShareWatchlistBody } from '../../../../api/watchlist.schemas';
import { noSuchList } from '../../../watchlists/lists';
import { signedInPost, typed } from '../../../routing/schemas';
import * as W from '../../../../api/watchlist.schemas';

/** 24 random bytes: 192 bits, so a link cannot be guessed; base64url, so it sits in a path as it is. */
const newShareToken = () => randomBytes(24).toString('base64url');

/** POST /api/watchlist/share: share one's watchlist by a token link (read at /api/shared-watchlist/:token). */
export default async function apiWatchlistShareRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  signedInPost(
    app,
    '/share',
    { summary: 'Share a watchlist (or stop sharing it)', body: ShareWatchlistBody, response: W.ShareResult },
    async (user, body) => {
      const row = await app.watchlists.ownList(user.username, body.id);
      // Turning on a list that is already shared keeps its link; turning it off drops the token.
      const shareToken = body.shared ? (row.shareToken ?? newShareToken()) : null;
      const written = await app.watchlists.setShareToken(user.username, row.id, shareToken);
      if (!written) throw noSuchList();
      return written;
    },
  );
}
