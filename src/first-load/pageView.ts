import type { PageViews } from '../../api/projects';

/** The analytics page view's properties: where the visitor is, and where from. */
export const pageViewProperties = () => ({
  path: location.pathname,
  search: location.search,
  referrer: document.referrer || undefined,
});

const here = () => location.pathname + location.search;

/** What the loader counted, and at which address: the app takes each part once (a later visit counts again). */
let counted:
  { address: string; tracked: boolean; projectId?: string; views?: Promise<PageViews> } | undefined;

/**
 * Counts the page the browser loaded as soon as it is shown, before the app runs (src/first-load/loader.ts): its analytics
 * page view and, on a project page, the project's view, which trending is computed from. A reader who never moves
 * the mouse is counted too. Plain `fetch`: the app's request helper is part of the app, which is not loaded yet.
 * (This module is in every guest's first download: it stays small.)
 */
export function countShownPage(projectId: string | undefined) {
  const body = JSON.stringify({ eventName: 'page_view', properties: pageViewProperties() });
  const headers = { 'content-type': 'application/json' };
  // keepalive: a visitor who leaves at once is still counted.
  void fetch('/api/user/events', { method: 'POST', headers, body, keepalive: true }).catch(() => undefined);
  const views = projectId
    ? fetch(`/api/projects/page-view?projectId=${encodeURIComponent(projectId)}`).then(
        (response): Promise<PageViews> => (response.ok ? response.json() : Promise.reject(response)),
      )
    : undefined;
  // The app takes it once it runs; nobody waits for it if the visitor never acts.
  views?.catch(() => undefined);
  counted = { address: here(), tracked: true, projectId, views };
}

/** Whether the loader sent this page's analytics page view (true once). */
export function takeShownPageView(): boolean {
  const tracked = counted?.address === here() && counted.tracked;
  if (counted) counted.tracked = false;
  return tracked;
}

/** Project `id`'s view count as the loader asked for it (once), else undefined. */
export function takeShownProjectViews(id: string): Promise<PageViews> | undefined {
  const views = counted?.address === here() && counted.projectId === id ? counted.views : undefined;
  if (counted) counted.views = undefined;
  return views;
}
