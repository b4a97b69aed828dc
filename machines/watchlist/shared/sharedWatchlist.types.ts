import type { CopySharedResult, SharedWatchlist } from '../../../api/watchlist';
import type { Tags } from '../../core/tags';
import type { connectSharedWatchlist } from './sharedWatchlist.connect';

export type SharedWatchlistInput = { token: string };
export type SharedWatchlistContext = {
  token: string;
  list: SharedWatchlist | null;
  copy: CopySharedResult | null;
  message: string | null;
};

export type SharedWatchlistEvent = { type: 'RETRY' } | { type: 'COPY'; signedIn: boolean };

/**
 * `loading` while the list loads, `notFound` for a revoked or unknown link, `error` when it could not load, `ready`
 * once shown, `busy` while it is copied, `copied` once it was.
 */
export type SharedWatchlistTag = Tags<'loading' | 'notFound' | 'error' | 'ready' | 'busy', 'copied'>;

/** What the view needs besides the machine: whether the visitor is signed in (Copy asks for a login if not). */
export type SharedWatchlistViewOptions = { signedIn: boolean };
/** What SharedWatchlistPage renders (sharedWatchlist.connect). */
export type SharedWatchlistView = ReturnType<typeof connectSharedWatchlist>;
