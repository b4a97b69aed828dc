// wouter reports its own navigations as pushState / replaceState events on window.
const ADDRESS_EVENTS = ['popstate', 'pushState', 'replaceState', 'hashchange'] as const;

/** Calls `changed` whenever `keyOf()` (a part of the address) changes. Returns the function that stops watching. */
function watch(keyOf: () => string, changed: () => void): () => void {
  let last = keyOf();
  const report = () => {
    const here = keyOf();
    if (here === last) return;
    last = here;
    changed();
  };
  for (const type of ADDRESS_EVENTS) window.addEventListener(type, report);
  return () => {
    for (const type of ADDRESS_EVENTS) window.removeEventListener(type, report);
  };
}

/*
 * The `fromCallback` actors that turn route changes into events are built on these two: the app's location
 * observer on the address, the header's drawer and search reveal on the page.
 */

/**
 * Calls `changed` whenever the address names another page or query (links, back and forward, the tour dropping
 * `?tour=true`); a change of hash alone is not one.
 */
export const watchAddress = (changed: () => void) =>
  watch(() => location.pathname + location.search, changed);

/** Calls `changed` whenever the address names another page (not only another query or hash). */
export const watchPage = (changed: () => void) => watch(() => location.pathname, changed);
