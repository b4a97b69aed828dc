/**
 * The project search box's view model: a snapshot, a send function and the page's ids in; flags, texts, the results
 * and prop getters (a combobox over a listbox) out. Components read this (tags and context underneath), never
 * state names.
 */
import type { SnapshotFrom } from 'xstate';
import type { searchMachine } from './search.machine';
import type { SearchEvent, SearchOptionView, SearchView, SearchViewOptions } from './search.types';

/** Skeleton rows while the results load (the dropdown keeps its height). */
const SKELETON_ROWS = 6;

export function connectSearch(
  snapshot: SnapshotFrom<typeof searchMachine>,
  send: (event: SearchEvent) => void,
  { id, canCompare, compareHref }: SearchViewOptions,
): SearchView {
  const { keyword, highlighted, minLength } = snapshot.context;
  const open = snapshot.hasTag('open');
  const loading = snapshot.hasTag('loading');
  const error = snapshot.hasTag('error');
  const trending = keyword.trim().length < minLength;
  const options: SearchOptionView[] = loading
    ? []
    : snapshot.context.options.map((project, i) => ({
        project,
        rankText: project.rank === null ? 'N/A' : `#${project.rank}`,
        ticker: project.tokenTickers[0],
        highlighted: i === highlighted,
      }));
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;
  const compared = canCompare ? options[highlighted] : undefined;

  return {
    open,
    loading,
    error,
    keyword,
    trending,
    title: trending ? 'Trending Search' : null,
    skeletonRows: loading ? SKELETON_ROWS : 0,
    options,
    emptyText: !loading && !error && options.length === 0 ? `No project matches “${keyword.trim()}”.` : null,
    errorText: error ? 'Search is unavailable right now. Please try again.' : null,
    comparable: compared !== undefined,
    compared,
    compareText: compared ? `Compare ${compared.project.name}` : '',
    getRootProps: () => ({
      'data-scope': 'search',
      'data-part': 'root',
      onBlur: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) send({ type: 'CLOSE' });
      },
    }),
    getLabelProps: () => ({ htmlFor: `${id}-input` }),
    getInputProps: () => ({
      id: `${id}-input`,
      type: 'text',
      role: 'combobox',
      autoComplete: 'off',
      spellCheck: false,
      'aria-autocomplete': 'list',
      'aria-expanded': open,
      'aria-controls': listId,
      'aria-activedescendant': open && options.length > 0 ? optionId(highlighted) : undefined,
      value: keyword,
      onFocus: () => send({ type: 'FOCUS' }),
      onChange: (event) => send({ type: 'TYPE', keyword: event.target.value }),
      onKeyDown: (event) => {
        switch (event.key) {
          case 'ArrowDown':
            event.preventDefault();
            send(open ? { type: 'NEXT' } : { type: 'FOCUS' });
            break;
          case 'ArrowUp':
            event.preventDefault();
            send({ type: 'PREV' });
            break;
          case 'Enter':
            if (open) {
              event.preventDefault();
              send({ type: 'CHOOSE' });
            }
            break;
          case 'Escape':
            if (open) {
              event.preventDefault();
              send({ type: 'CLOSE' });
            }
            break;
        }
      },
      'data-part': 'input',
    }),
    getPopupProps: () => ({ hidden: !open, 'data-part': 'popup' }),
    getTitleProps: () => ({ id: `${id}-title` }),
    getListProps: () => ({
      id: listId,
      role: 'listbox',
      'aria-label': trending ? 'Trending Search' : 'Search results',
      'aria-busy': loading,
    }),
    getOptionProps: (index) => ({
      id: optionId(index),
      role: 'option',
      'aria-selected': index === highlighted,
      'data-part': 'option',
      onMouseDown: (event) => event.preventDefault(),
      onClick: () => send({ type: 'SELECT', index }),
    }),
    getOptionCompareProps: (index) => ({
      'aria-hidden': true,
      'data-part': 'compare',
      onClick: (event) => {
        // The row's own click would choose the project.
        event.stopPropagation();
        send({ type: 'COMPARE', index });
      },
    }),
    getCompareLinkProps: () => ({
      href: compared ? compareHref(compared.project.id) : '',
      'data-part': 'compare-link',
      onClick: (event) => {
        // A new tab or window follows the address itself.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        send({ type: 'COMPARE', index: highlighted });
      },
    }),
  };
}
