import type { InspectionEvent } from 'xstate';

/**
 * `?inspect` in development attaches the Stately inspector to every app-wide actor: pass `{ inspect }` in the
 * actor options. Events are buffered until the inspector (loaded lazily, dev only) is ready, so the actors'
 * registration is not lost. In production this is a no-op and the inspector is never bundled.
 */
type Observer = { next?: (event: InspectionEvent) => void };
let observer: Observer | undefined;
const buffered: InspectionEvent[] = [];
const enabled = import.meta.env.DEV && typeof location !== 'undefined' && new URLSearchParams(location.search).has('inspect');

if (enabled) {
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    observer = createBrowserInspector().inspect as Observer;
    for (const event of buffered.splice(0)) observer.next?.(event);
  });
}

export function inspect(event: InspectionEvent): void {
  if (!enabled) return;
  if (observer) observer.next?.(event);
  else buffered.push(event);
}
