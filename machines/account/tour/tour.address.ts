/**
 * What the app shell reads about the guided tour before the tour's code has loaded: whether the address asks for it
 * and whether this tab saved one mid-way. No step texts here (tour.dom and tour.steps load with the tour).
 */
import type { SavedTour } from './tour.types';

export const TOUR_STORAGE_KEY = 'guidedTour';
export const TOUR_QUERY = 'tour';

/**
 * The tab's own storage: a tour runs in the tab that started it and survives its reloads, but never covers the
 * site in another tab (where its overlay would block every click).
 */
export function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function loadSavedTour(): SavedTour | null {
  const raw = storage()?.getItem(TOUR_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SavedTour>;
    if (typeof value.stepId !== 'string') return null;
    return {
      stepId: value.stepId,
      ...(value.card === 'skip' || value.card === 'complete' ? { card: value.card } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * Whether the browser loaded this document at the current address (a reload or a direct visit), rather than
 * reaching it by a client-side navigation: a saved tour resumes only then, so 'Get Started' in Account
 * Settings restarts the tour instead of resuming an abandoned one.
 */
export function loadedAtThisAddress(): boolean {
  if (typeof performance === 'undefined' || typeof location === 'undefined') return true;
  const entry = performance.getEntriesByType?.('navigation')[0];
  return entry ? entry.name === location.href : true;
}

/** Whether the address asks for the tour (`?tour=true`). */
export function tourRequested(search = typeof location === 'undefined' ? '' : location.search): boolean {
  return new URLSearchParams(search).get(TOUR_QUERY) === 'true';
}
