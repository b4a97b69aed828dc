import type { ImportPreview } from '../../../api/watchlist';
import type { Tags } from '../../core/tags';
import type { connectWatchlistImport } from './watchlistImport.connect';

export type WatchlistImportContext = {
  listId: string | null;
  listName: string;
  /** The pasted text, or the chosen file's. */
  text: string;
  fileName: string | null;
  preview: ImportPreview | null;
  error: string | null;
  /** How many projects the import added. */
  added: number | null;
};

export type WatchlistImportEvent =
  | { type: 'OPEN'; listId: string; listName: string }
  | { type: 'EDIT'; text: string }
  | { type: 'CHOOSE_FILE'; file: File }
  | { type: 'PREVIEW' }
  | { type: 'IMPORT' }
  | { type: 'CLOSE' };

/** What an import added, as the server answered: the list's projects now. */
export type WatchlistImported = { listId: string; added: number; projects: string[] };

/** `open` while the dialog shows, `busy` while a file is read or a call runs, `done` once the import added. */
export type WatchlistImportTag = Tags<'open' | 'busy', 'done'>;

/** What ImportWatchlistDialog renders (watchlistImport.connect). */
export type WatchlistImportView = ReturnType<typeof connectWatchlistImport>;
