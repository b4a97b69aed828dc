/**
 * The tour's contact with the page: targets by `[data-tour=…]`, their visibility, the saved progress in
 * the tab's session storage and the `tour=true` query flag. Every function is a no-op outside a browser.
 */
import { targetSelector } from './tour.steps';
import type { SavedTour, StepId, TargetProblem } from './tour.types';
import { storage, TOUR_QUERY, TOUR_STORAGE_KEY } from './tour.address';

// What the app shell reads before the tour's code loads lives in tour.address (kept out of the tour's chunk).
export {
  loadedAtThisAddress,
  loadSavedTour,
  TOUR_QUERY,
  TOUR_STORAGE_KEY,
  tourRequested,
} from './tour.address';

export { problemMessage, targetSelector } from './tour.steps';

const hasDocument = () => typeof document !== 'undefined';

/**
 * The step's target: the first visible element carrying the anchor (a layout may carry the same anchor twice,
 * e.g. a desktop account area and a phone menu button, one of them hidden), else the first one.
 */
export function findTarget(anchor: StepId, root?: ParentNode): HTMLElement | null {
  if (!hasDocument()) return null;
  const all = [...(root ?? document).querySelectorAll<HTMLElement>(targetSelector(anchor))];
  return all.find(isVisible) ?? all[0] ?? null;
}

/** A target is visible when it is laid out with a size and not hidden by CSS (itself or an ancestor). */
export function isVisible(el: HTMLElement): boolean {
  if (!el.isConnected) return false;
  if (typeof el.checkVisibility === 'function') {
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: false } as CheckVisibilityOptions))
      return false;
  } else {
    for (let node: HTMLElement | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden') return false;
    }
  }
  const rect = el.getBoundingClientRect();
  // jsdom lays nothing out: there a connected, displayed element counts as visible.
  return rect.width > 0 || rect.height > 0 || isJsdom();
}

function isJsdom(): boolean {
  return typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent);
}

/** Checks a step's target: the element, or why it cannot be used. */
export function checkTarget(
  anchor: StepId,
  root?: ParentNode,
): { element: HTMLElement } | { problem: TargetProblem } {
  const element = findTarget(anchor, root);
  if (!element) return { problem: 'not-mounted' };
  if (!isVisible(element)) return { problem: 'not-visible' };
  return { element };
}

export function saveTour(saved: SavedTour) {
  try {
    storage()?.setItem(TOUR_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or denied: the tour still runs, it just does not survive a reload.
  }
}

export function forgetTour() {
  storage()?.removeItem(TOUR_STORAGE_KEY);
}

/** Removes `tour=true` from the address without a reload or a new history entry. */
export function removeTourFlag() {
  if (typeof location === 'undefined' || typeof history === 'undefined') return;
  const url = new URL(location.href);
  if (!url.searchParams.has(TOUR_QUERY)) return;
  url.searchParams.delete(TOUR_QUERY);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
