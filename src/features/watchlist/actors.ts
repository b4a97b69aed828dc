import { fromPromise } from 'xstate';
import { getCsrfToken } from '../../../api/auth';
import { HttpError } from '../../../api/errors';
import type { Request, RequestOptions } from '../../../api/http';
import { getProjectsList, searchProjects, type ProjectRow, type ProjectSummary } from '../../../api/projects';
import {
  createWatchlist,
  deleteWatchlist,
  getWatchlists,
  toggleWatchlistProject,
  updateWatchlist,
} from '../../../api/watchlist';
import type { WatchlistItem } from '../../../machines/watchlist/watchlist.machine';
import { request } from '../../lib/client';

const item = ({ id, name, projects }: WatchlistItem): WatchlistItem => ({ id, name, projects });

let csrf: Promise<string> | null = null;
const csrfToken = () =>
  (csrf ??= getCsrfToken(request).catch((err: unknown) => {
    csrf = null;
    throw err;
  }));

/**
 * The request helper with the CSRF header that cookie-authenticated writes need (`x-csrf-token`, the token of
 * GET /api/auth/csrf). A refused token (it changes with the session) is fetched again once.
 */
const write: Request = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  const send = async () =>
    request<T>(path, { ...options, headers: { ...options.headers, 'x-csrf-token': await csrfToken() } });
  try {
    return await send();
  } catch (err) {
    if (!(err instanceof HttpError) || err.code !== 'CsrfError') throw err;
    csrf = null;
    return send();
  }
};

/** The watchlist flow's calls, over the app's request helper (api/watchlist.ts). */
export const watchlistActors = {
  loadWatchlists: fromPromise<WatchlistItem[]>(async () => (await getWatchlists(request)).map(item)),
  createWatchlist: fromPromise<{ id: string }, { name: string; projects: string[] }>(({ input }) =>
    createWatchlist(write, input),
  ),
  renameWatchlist: fromPromise<WatchlistItem, WatchlistItem>(async ({ input }) =>
    item(await updateWatchlist(write, input)),
  ),
  deleteWatchlist: fromPromise<unknown, { id: string }>(({ input }) => deleteWatchlist(write, input.id)),
  toggleProject: fromPromise<{ projects: string[]; added: boolean }, { id: string; projectId: string }>(
    async ({ input }) => {
      const result = await toggleWatchlistProject(write, input.id, input.projectId);
      return { projects: result.projects, added: result.added };
    },
  ),
};

export const searchPickerProjects = fromPromise<ProjectSummary[], { keyword: string }>(({ input }) =>
  searchProjects(request, input.keyword),
);

/** Rows for a list's projects, in list order (projects-list takes at most 200 ids per call). */
export async function loadProjectRows(ids: string[]): Promise<ProjectRow[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += 200) chunks.push(ids.slice(i, i + 200));
  const pages = await Promise.all(chunks.map((c) => getProjectsList(write, c)));
  return pages.flat();
}
