// wouter reports its own navigations as pushState / replaceState events on window.
const ADDRESS_EVENTS = ['popstate', 'pushState', 'replaceState', 'hashchange'] as const;

/**
 * Calls `changed` whenever the browser's address names another page or query (links, back and forward, the tour
 * dropping `?tour=true`); a change of hash alone is not one. Returns the function that stops watching. The
 * `fromCallback` actors that turn route changes into events (the app's location, the header's drawer and search)
 * are built on it.
 */
export function watchAddress(changed: () => void): () => void {
  let last = location.pathname + location.search;
  const report = () => {
    const here = location.pathname + location.search;
    if (here === last) return;
    last = here;
    changed();
  };
  for (const type of ADDRESS_EVENTS) window.addEventListener(type, report);
  return () => {
    for (const type of ADDRESS_EVENTS) window.removeEventListener(type, report);
  };
}
