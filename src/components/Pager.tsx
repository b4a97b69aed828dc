import type { ReactNode } from 'react';

export type PagerProps = {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The `<nav>`'s class and accessible name ("Leaderboard pages", …). */
  className: string;
  label: string;
  /** The class of the Previous and Next buttons. */
  buttonClassName: string;
  /** What the Previous and Next buttons show, and their accessible names where that is an icon. */
  previous: ReactNode;
  next: ReactNode;
  previousLabel?: string;
  nextLabel?: string;
  /** What stands between Previous and Next: the page numbers, or where the visitor is. */
  children: ReactNode;
};

/**
 * Previous / Next around a list's page position, each disabled at its end; nothing at all when the list fits on
 * one page.
 */
export function Pager({
  page,
  pages,
  onPage,
  className,
  label,
  buttonClassName,
  previous,
  next,
  previousLabel,
  nextLabel,
  children,
}: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className={className} aria-label={label}>
      <button
        type="button"
        className={buttonClassName}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={previousLabel}
      >
        {previous}
      </button>
      {children}
      <button
        type="button"
        className={buttonClassName}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={nextLabel}
      >
        {next}
      </button>
    </nav>
  );
}
