/** A sort's direction: smallest first or largest first. */
export type SortOrder = 'asc' | 'desc';

/**
 * What a sortable column's header shows, the same in every table (leaderboard, incidents, watchlist): the order
 * for screen readers (`aria-sort`) and the arrow beside its label (an Icon name), both only when the table is
 * sorted by that column.
 */
export function sortColumn(inForce: boolean, order: SortOrder) {
  if (!inForce) return { ariaSort: undefined, arrow: null } as const;
  return order === 'asc'
    ? ({ ariaSort: 'ascending', arrow: 'arrowUp' } as const)
    : ({ ariaSort: 'descending', arrow: 'arrowDown' } as const);
}
