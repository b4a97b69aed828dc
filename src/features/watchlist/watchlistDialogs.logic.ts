import { fromPromise } from 'xstate';
import {
  importIntoWatchlist,
  previewWatchlistImport,
  sharedWatchlistPath,
  shareWatchlist,
  type ImportPreview,
} from '../../../api/watchlist';
import { watchlistImportMachine } from '../../../machines/watchlist/import/watchlistImport.machine';
import { watchlistShareMachine } from '../../../machines/watchlist/share/watchlistShare.machine';
import { request } from '../../lib/client';

// The share and import dialogs' machines with their real calls. Kept apart from the dialogs, which load lazily:
// the page starts the actors at once and fetches the dialogs' code beside it.

/** The import dialog's machine with its real calls. */
export const importDialogLogic = watchlistImportMachine.provide({
  actors: {
    preview: fromPromise<ImportPreview, { text: string; listId: string | null }>(({ input }) =>
      previewWatchlistImport(request, input.text, input.listId ?? undefined),
    ),
    importProjects: fromPromise<{ added: number; projects: string[] }, { id: string; projects: string[] }>(
      async ({ input }) => {
        const result = await importIntoWatchlist(request, input.id, input.projects);
        return { added: result.added, projects: result.projects };
      },
    ),
  },
});

/** The address a share link opens, on this site. */
export const shareUrl = (token: string) => `${window.location.origin}${sharedWatchlistPath(token)}`;

/** The share dialog's machine with its real calls: the share route and the clipboard. */
export const shareDialogLogic = watchlistShareMachine.provide({
  actors: {
    setShared: fromPromise<{ shareToken: string | null }, { id: string; shared: boolean }>(({ input }) =>
      shareWatchlist(request, input.id, input.shared),
    ),
    copyLink: fromPromise<void, { token: string }>(({ input }) =>
      navigator.clipboard.writeText(shareUrl(input.token)),
    ),
  },
});
