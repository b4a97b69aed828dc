import type { SnapshotFrom } from 'xstate';
import type { SortOrder } from '../../core/sortColumn';
import type { Tags } from '../../core/tags';
import type { connectWatchlistSort } from './watchlistSort.connect';
import type { WATCHLIST_SORT_KEYS, watchlistSortMachine } from './watchlistSort.machine';

/** A column the table sorts by. */
export type WatchlistSortKey = (typeof WATCHLIST_SORT_KEYS)[number];
export type SortDirection = SortOrder;

/** `key` null: the list's own order. */
export type WatchlistSortContext = { key: WatchlistSortKey | null; direction: SortDirection };
export type WatchlistSortEvent =
  | { type: 'SORT'; key: WatchlistSortKey }
  | { type: 'SORT_BY'; key: WatchlistSortKey; direction: SortDirection }
  | { type: 'LIST_ORDER' };
/** `sorted` while a column orders the rows. */
export type WatchlistSortTag = Tags<never, 'sorted'>;

/** What a row needs to be sorted: the watchlist table's row (api/watchlist.ts WatchlistProjectRow) fits. */
export type SortableRow = {
  rank: number | null;
  name: string;
  score: number;
  auditStatus: 'audited' | 'in_progress' | 'none';
  kyc: boolean;
  scoreChange: { d1: number | null; d7: number | null; d30: number | null };
};

export type WatchlistSortSnapshot = SnapshotFrom<typeof watchlistSortMachine>;
/** What the watchlist table renders of its sort (watchlistSort.connect). */
export type WatchlistSortView = ReturnType<typeof connectWatchlistSort>;
