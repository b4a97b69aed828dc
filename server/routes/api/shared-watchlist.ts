import type { FastifyInstance } from 'fastify';
import { CopySharedBody, ShareToken } from '../../../api/watchlist.schemas';
import { notFound } from '../../errors';
import { createList, existingProjectIds, freeName, listByShareToken } from '../../watchlists/lists';
import { replies, signedInPost, typed } from '../../routing/schemas';
import * as W from '../../../api/watchlist.schemas';

const noSuchLink = () => notFound('This share link does not exist or was turned off.');

/** A shared watchlist by its token: read it (GET /api/shared-watchlist/:token) and copy it into one's own lists. */
export default async function apiSharedWatchlistRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const db = app.db;

  /** The shared list behind a token, or a 404 alike for a malformed, unknown or revoked token. */
  async function sharedList(raw: unknown) {
    const token = ShareToken.safeParse(raw);
    if (!token.success) throw noSuchLink();
    const row = await listByShareToken(db, token.data);
    if (!row) throw noSuchLink();
    return row;
  }

  app.get(
    '/shared-watchlist/:token',
    {
      schema: {
        tags: ['Watchlists'],
        summary: 'A shared watchlist (public, by its link)',
        response: replies(W.SharedWatchlist),
      },
    },
    async (request, reply) => {
      const row = await sharedList((request.params as { token?: unknown }).token);
      // A link may be turned off at any time: never cached.
      reply.header('cache-control', 'no-store');
      return { name: row.name, projects: row.projects };
    },
  );

  signedInPost(
    app,
    '/shared-watchlist/copy',
    { summary: 'Copy a shared watchlist into mine', body: CopySharedBody, response: W.CopySharedResult },
    async (user, body) => {
      const source = await sharedList(body.token);
      // Projects are never deleted today; should one be, the copy keeps the rest rather than failing.
      const known = await existingProjectIds(db, source.projects);
      const kept = source.projects.filter((id) => known.includes(id));
      const row = await createList(db, user.username, kept, (taken) => freeName(source.name, taken));
      return { id: row.id, name: row.name, projects: row.projects };
    },
  );
}
