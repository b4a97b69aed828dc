import { fromPromise } from 'xstate';
import {
  createWatchlist,
  deleteWatchlist,
  getWatchlistRows,
  getWatchlists,
  MAX_PROJECTS_PER_WATCHLIST,
  toggleWatchlistProject,
  updateWatchlist,
  type WatchlistProjectRow,
} from '../../../api/watchlist';
import type { WatchlistItem } from '../../../machines/watchlist/list/watchlist.types';
import { request } from '../../lib/client';

const item = ({ id, name, projects, shareToken }: WatchlistItem): WatchlistItem => ({
  id,
  name,
  projects,
  shareToken,
});

/** The watchlist flow's calls, over the app's request helper (api/watchlist.ts). */
export const watchlistActors = {
  loadWatchlists: fromPromise<WatchlistItem[]>(async () => (await getWatchlists(request)).map(item)),
  createWatchlist: fromPromise<{ id: string }, { name: string; projects: string[] }>(({ input }) =>
    createWatchlist(request, input),
  ),
  renameWatchlist: fromPromise<WatchlistItem, WatchlistItem>(async ({ input }) =>
    item(await updateWatchlist(request, input)),
  ),
  deleteWatchlist: fromPromise<unknown, { id: string }>(({ input }) => deleteWatchlist(request, input.id)),
  toggleProject: fromPromise<{ projects: string[]; added: boolean }, { id: string; projectId: string }>(
    async ({ input }) => {
      const result = await toggleWatchlistProject(request, input.id, input.projectId);
      return { projects: result.projects, added: result.added };
    },
  ),
};

/** Rows for a list's projects, in list order, with their score changes (a list holds at most 500 projects). */
export async function loadProjectRows(ids: string[]): Promise<WatchlistProjectRow[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += MAX_PROJECTS_PER_WATCHLIST)
    chunks.push(ids.slice(i, i + MAX_PROJECTS_PER_WATCHLIST));
  const pages = await Promise.all(chunks.map((c) => getWatchlistRows(request, c)));
  return pages.flat();
}
