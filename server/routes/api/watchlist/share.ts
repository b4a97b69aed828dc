import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { WATCHLIST_NAME_MAX } from '../../api/watchlist';
import { CopySharedBody, ShareToken, ShareWatchlistBody } from '../../api/watchlist.schemas';
import { notFound } from '../errors';
import { requireUser } from '../plugins/session';
import {
  createList,
  existingProjectIds,
  listByShareToken,
  noSuchList,
  ownList,
  setShareToken,
} from '../watchlists/lists';
import { replies, signedIn, typed } from './schemas';
import * as W from '../../api/watchlist.schemas';

/** 24 random bytes: 192 bits, so a link cannot be guessed; base64url, so it sits in a path as it is. */
const newShareToken = () => randomBytes(24).toString('base64url');

const noSuchLink = () => notFound('This share link does not exist or was turned off.');

/** `base`, or `base 2`, `base 3`… (cut to the name limit) — the first the user does not have yet. */
export function freeName(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const name = base.slice(0, WATCHLIST_NAME_MAX - suffix.length).trimEnd() + suffix;
    if (!taken.has(name)) return name;
  }
}

/**
 * Read-only share links: the owner turns a link on (a new unguessable token) or off (the token
 * is dropped, so the old link is dead for good); anyone with the link reads the list's name and projects, signed
 * in or not, and a signed-in user can copy it into their own watchlists.
 */
export async function watchlistShareRoutes(fastify: FastifyInstance) {
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

  app.post(
    '/api/watchlist/share',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Share a watchlist (or stop sharing it)',
        body: ShareWatchlistBody,
        response: replies(W.ShareResult),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      const row = await ownList(db, user.username, body.id);
      // Turning on a list that is already shared keeps its link; turning it off drops the token.
      const shareToken = body.shared ? (row.shareToken ?? newShareToken()) : null;
      const written = await setShareToken(db, user.username, row.id, shareToken);
      if (!written) throw noSuchList();
      return written;
    },
  );

  app.get(
    '/api/shared-watchlist/:token',
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

  app.post(
    '/api/shared-watchlist/copy',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Copy a shared watchlist into mine',
        body: CopySharedBody,
        response: replies(W.CopySharedResult),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      const source = await sharedList(body.token);
      // Projects are never deleted today; should one be, the copy keeps the rest rather than failing.
      const known = await existingProjectIds(db, source.projects);
      const kept = source.projects.filter((id) => known.includes(id));
      const row = await createList(db, user.username, kept, (taken) => freeName(source.name, taken));
      return { id: row.id, name: row.name, projects: row.projects };
    },
  );
}
