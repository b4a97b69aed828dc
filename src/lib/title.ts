import { useEffect } from 'react';

/** Sets the document title for the page ('' is the site's own title; null leaves it to another component). */
export function useTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return;
    document.title = title
      ? `${title} — Sentinel Ratings`
      : 'Sentinel Ratings — blockchain security leaderboard';
  }, [title]);
}
