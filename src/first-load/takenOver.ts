/**
 * Marks server HTML that React has taken over (`data-taken-over`): a page's `main` (its route hydrates in a pass after
 * the app starts) and each part that loads on view (src/first-load/partOnView.tsx, later still). The loader of a page that
 * loads the app on intent (src/first-load/loader.ts) hands typed text over and does a held click again only once these show.
 */
export const markTakenOver = (element: Element | null | undefined) =>
  element?.setAttribute('data-taken-over', '');
