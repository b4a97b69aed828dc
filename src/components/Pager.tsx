import { Icon } from './Icon';

export type PagerProps = {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The `<nav>`'s accessible name ("Leaderboard pages", …). */
  label: string;
  /**
   * Chevrons around the page numbers (the first, the last and those beside the current one), as on the
   * leaderboard; otherwise "Previous", "Page 2 of 9" and "Next" buttons.
   */
  numbered?: boolean;
};

/** The page numbers a numbered pager shows, with a gap ('…') where it skips some. */
function pageList(page: number, pages: number): (number | '…')[] {
  const out: (number | '…')[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 1) out.push(p);
    else if (out[out.length - 1] !== '…') out.push('…');
  }
  return out;
}

/** Previous / Next around a list's page position, each disabled at its end; nothing when the list fits on one page. */
export function Pager({ page, pages, onPage, label, numbered = false }: PagerProps) {
  if (pages <= 1) return null;
  const buttonClassName = numbered ? 'page-btn' : 'btn btn-secondary';
  return (
    <nav className={numbered ? 'pagination' : 'incidents-pages'} aria-label={label}>
      <button
        type="button"
        className={buttonClassName}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={numbered ? 'Previous page' : undefined}
      >
        {numbered ? <Icon name="chevronLeft" size={18} /> : 'Previous'}
      </button>
      {numbered ? (
        pageList(page, pages).map((p, i) =>
          p === '…' ? (
            <span key={`gap${i}`} className="page-gap" aria-hidden="true">
              …
            </span>
          ) : (
            <button
              key={p}
              type="button"
              className={`page-btn${p === page ? ' is-current' : ''}`}
              aria-current={p === page ? 'page' : undefined}
              aria-label={`Page ${p}`}
              onClick={() => onPage(p)}
            >
              {p}
            </button>
          ),
        )
      ) : (
        <span>
          Page {page} of {pages}
        </span>
      )}
      <button
        type="button"
        className={buttonClassName}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={numbered ? 'Next page' : undefined}
      >
        {numbered ? <Icon name="chevronRight" size={18} /> : 'Next'}
      </button>
    </nav>
  );
}
