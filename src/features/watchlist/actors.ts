import { fromPromise } from 'xstate';
import { getProjectsList, type ProjectRow } from '../../../api/projects';
import {
  createWatchlist,
  deleteWatchlist,
  getWatchlists,
  toggleWatchlistProject,
  updateWatchlist,
} from '../../../api/watchlist';
import type { WatchlistItem } from '../../../machines/watchlist/watchlist.machine';
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

/** Rows for a list's projects, in list order (projects-list takes at most 200 ids per call). */
export async function loadProjectRows(ids: string[]): Promise<ProjectRow[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += 200) chunks.push(ids.slice(i, i + 200));
  const pages = await Promise.all(chunks.map((c) => getProjectsList(request, c)));
  return pages.flat();
}
