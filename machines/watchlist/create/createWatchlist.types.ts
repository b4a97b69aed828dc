import type { Tags } from '../../core/tags';
import type { connectCreateWatchlist } from './createWatchlist.connect';

/** 'create' for a new list, 'rename' when the same form renames the selected one. */
export type CreateWatchlistPurpose = 'create' | 'rename';
export type CreateWatchlistContext = {
  name: string;
  /** Names of the user's other lists (a name equal to one of them is refused). */
  existingNames: string[];
  error: string | null;
  purpose: CreateWatchlistPurpose;
};
export type CreateWatchlistEvent =
  | { type: 'OPEN'; existingNames: string[]; name?: string; purpose?: CreateWatchlistPurpose }
  | { type: 'CHANGE'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' };
export type CreateWatchlistSubmitted = { name: string; purpose: CreateWatchlistPurpose };
export type CreateWatchlistEmitted = { type: 'submitted' } & CreateWatchlistSubmitted;
/** `open` while the form shows. */
export type CreateWatchlistTag = Tags<'open'>;

/** What CreateWatchlistModal renders (createWatchlist.connect). */
export type CreateWatchlistView = ReturnType<typeof connectCreateWatchlist>;
