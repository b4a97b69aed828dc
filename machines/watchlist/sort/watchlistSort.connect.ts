import { sortColumn } from '../../core/sortColumn';
import type {
  SortDirection,
  SortableRow,
  WatchlistSortKey,
  WatchlistSortSnapshot,
} from './watchlistSort.types';

// Callers that import the view's types from here keep working.
export type { SortableRow, WatchlistSortSnapshot, WatchlistSortView } from './watchlistSort.types';

const AUDIT_ORDER = { none: 0, in_progress: 1, audited: 2 } as const;

/** A row's value in a column; null (no rank, no score that old) sorts last whichever the direction. */
function valueOf(row: SortableRow, key: WatchlistSortKey): number | string | null {
  switch (key) {
    case 'rank':
      return row.rank;
    case 'name':
      return row.name.toLocaleLowerCase('en');
    case 'score':
      return row.score;
    case 'audit':
      return AUDIT_ORDER[row.auditStatus];
    case 'kyc':
      return row.kyc ? 1 : 0;
    default:
      return row.scoreChange[key];
  }
}

/** The rows in a column's order; equal values keep the list's order. */
export function sortRows<T extends SortableRow>(
  rows: readonly T[],
  key: WatchlistSortKey | null,
  direction: SortDirection,
): T[] {
  if (key === null) return [...rows];
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i, v: valueOf(row, key) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === b.v ? a.i - b.i : a.v === null ? 1 : -1;
      const order = typeof a.v === 'string' ? a.v.localeCompare(b.v as string, 'en') : a.v - (b.v as number);
      return order === 0 ? a.i - b.i : sign * order;
    })
    .map((x) => x.row);
}

/** The table's sort as the component renders it: each header's aria-sort, the phone menu's value, the rows. */
export function connectWatchlistSort(snapshot: WatchlistSortSnapshot) {
  const { key, direction } = snapshot.context;
  const sorted = snapshot.hasTag('sorted');
  return {
    sorted,
    key: sorted ? key : null,
    direction,
    ariaSort: (column: WatchlistSortKey) =>
      sortColumn(sorted && key === column, direction).ariaSort ?? 'none',
    /** The arrow beside a column's label: the order when the rows are sorted by it, else none. */
    arrow: (column: WatchlistSortKey) => sortColumn(sorted && key === column, direction).arrow,
    /** The "Sort by" menu's value: `key:direction`, or '' for the list's order. */
    menuValue: sorted && key ? `${key}:${direction}` : '',
    sortRows: <T extends SortableRow>(rows: readonly T[]) => sortRows(rows, sorted ? key : null, direction),
  };
}
