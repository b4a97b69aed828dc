import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LeaderboardQuery } from '../../api/projects.schemas';
import { DEFAULT_PAGE_SIZE } from '../../machines/projects/leaderboard/leaderboard.machine';
import { apiQuery, queryFromSearch, searchFromQuery } from '../../machines/projects/leaderboard/leaderboard.url';
import { lastLeaderboardPage } from '../projects/leaderboard';
import { matchedAddress } from './address';

/**
 * Home's address when it names a leaderboard page past the last one (`/?page=999`, a link older than the data): the
 * same address at the last page, or undefined when it needs no change. Redirecting makes the address, the server's
 * HTML and the browser's first render agree on one page before any code runs; the leaderboard's own answer clamps
 * the same way for changes made on the page.
 */
export async function clampedHomeAddress(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<string | undefined> {
  const { path, search } = matchedAddress(request);
  const query = queryFromSearch(search);
  if (query.page <= 1) return undefined;
  // The leaderboard asks the API with these values; filters it would refuse leave the address as it is (the
  // leaderboard then says it could not load).
  const parsed = LeaderboardQuery.safeParse({
    ...apiQuery(query),
    page: undefined,
    pageSize: String(DEFAULT_PAGE_SIZE),
  });
  if (!parsed.success) return undefined;
  try {
    const last = await lastLeaderboardPage(app.database, parsed.data);
    return query.page > last ? `${path}${searchFromQuery(search, { ...query, page: last })}` : undefined;
  } catch (err) {
    // The page is served as asked (its leaderboard then says what the API says): never an error page for this.
    request.log.warn({ err }, 'leaderboard page count unavailable; home served as asked');
    return undefined;
  }
}
