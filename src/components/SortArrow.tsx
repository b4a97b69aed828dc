import { Icon } from './Icon';

/**
 * The arrow beside a sorted column's label (machines/core/sortColumn.ts); the slot keeps its width when there is
 * none, so labels do not move as the sort changes. Hidden from screen readers: the header's aria-sort says it.
 */
export function SortArrow({ arrow }: { arrow: 'arrowUp' | 'arrowDown' | null }) {
  return (
    <span className="sort-icon" aria-hidden="true">
      {arrow ? <Icon name={arrow} size={14} /> : null}
    </span>
  );
}
