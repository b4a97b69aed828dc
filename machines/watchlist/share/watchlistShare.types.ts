import type { Tags } from '../../core/tags';
import type { connectWatchlistShare } from './watchlistShare.connect';

export type WatchlistShareContext = {
  listId: string | null;
  listName: string;
  /** The link's token while the list is shared, else null. */
  token: string | null;
  copied: boolean;
  error: string | null;
};

export type WatchlistShareEvent =
  | { type: 'OPEN'; listId: string; listName: string; token: string | null }
  | { type: 'SET_SHARED'; shared: boolean }
  | { type: 'COPY' }
  | { type: 'CLOSE' };

/** A list's sharing changed: its link's token, or null when no longer shared. */
export type WatchlistShareChanged = { listId: string; token: string | null };

/** `open` while the dialog shows, `busy` while the sharing is being changed. */
export type WatchlistShareTag = Tags<'open' | 'busy'>;

/** What the view needs besides the machine: the address a token's link opens (it depends on the page's origin). */
export type WatchlistShareViewOptions = { linkFor: (token: string) => string };
/** What ShareWatchlistDialog renders (watchlistShare.connect). */
export type WatchlistShareView = ReturnType<typeof connectWatchlistShare>;
