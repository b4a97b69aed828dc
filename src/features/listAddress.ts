import { fromCallback } from 'xstate';

/**
 * A list page keeps its query (filters, sort, page) in the address's search. Back and Forward change only the
 * search, so the page stays mounted: this actor tells its machine the query the address now names.
 */
export const addressWatcher = <Query>(queryFromSearch: (search: string) => Query) =>
  fromCallback(({ sendBack }) => {
    const onPop = () => sendBack({ type: 'URL_CHANGED', query: queryFromSearch(location.search) });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  });

/** Shows a query's search in the address when it differs: a new history entry, or in place of the current one. */
export function showSearch(search: string, how: 'push' | 'replace' = 'push') {
  if (search === location.search) return;
  const url = `${location.pathname}${search}`;
  if (how === 'push') history.pushState(history.state, '', url);
  else history.replaceState(history.state, '', url);
}
