import type { SnapshotFrom } from 'xstate';
import type { Tags } from '../../core/tags';
import type { connectWatchlist } from './watchlist.connect';
import type { watchlistMachine } from './watchlist.machine';

/** The part of a watchlist this flow needs (spec §3). */
export type WatchlistItem = {
  id: string;
  name: string;
  projects: string[];
  /** The read-only link's token while the list is shared; absent or null when not shared. */
  shareToken?: string | null;
};

export type WatchlistMessage = { kind: 'success' | 'error' | 'info'; text: string };

/** What an in-flight write is doing, so its answer (or failure) can be applied (or rolled back). */
export type PendingWrite = {
  kind: 'create' | 'rename' | 'add' | 'toggle';
  listId: string;
  name: string;
  projects: string[];
  /** The list's projects before an optimistic change: restored on failure. */
  previous: string[];
  projectId?: string;
};

export type WatchlistContext = {
  lists: WatchlistItem[];
  selectedIndex: number;
  message: WatchlistMessage | null;
  pending: PendingWrite | null;
};

export type WatchlistEvent =
  | { type: 'SIGNED_IN' }
  | { type: 'SIGNED_OUT' }
  | { type: 'RELOAD' }
  | { type: 'SELECT'; index: number }
  | { type: 'CREATE'; name: string }
  | { type: 'RENAME'; name: string }
  | { type: 'DELETE' }
  | { type: 'CONFIRM_DELETE' }
  | { type: 'CANCEL_DELETE' }
  /** `listId`: the list to toggle the project in (a star's chooser of lists); the selected list without it. */
  | { type: 'TOGGLE'; projectId: string; listId?: string }
  /** A list changed by another flow (the share or import dialog) with what the server answered. */
  | { type: 'LIST_CHANGED'; id: string; projects?: string[]; shareToken?: string | null }
  | { type: 'DISMISS' }
  /** The message on screen has been shown for WATCHLIST_TOAST_MS (raised by the machine itself). */
  | { type: 'MESSAGE_EXPIRED' };

/**
 * `checkingSession` until the session is known, `signedOut` without one, `loading` / `ready` / `error` for the
 * lists, `busy` while a write is under way, `confirmingDelete` while the delete confirmation shows.
 */
export type WatchlistTag = Tags<
  'loading' | 'busy' | 'error' | 'ready',
  'checkingSession' | 'signedOut' | 'confirmingDelete'
>;

export type WatchlistSnapshot = SnapshotFrom<typeof watchlistMachine>;
/** What the watchlist's components render (watchlist.connect). */
export type WatchlistView = ReturnType<typeof connectWatchlist>;
