/**
 * The leaderboard star's list chooser as a view model: a snapshot, a send function and the row's project with the
 * user's lists in; the star's props (label naming the lists that hold the project), the menu's props and one item
 * per list (checked when it holds the project) out. Read from tags, never state names.
 */
import type { SnapshotFrom } from 'xstate';
import type { watchlistChooserMachine } from './watchlistChooser.machine';
import type { WatchlistChooserEvent, WatchlistChooserViewOptions } from './watchlistChooser.types';

/** What a click on an item gets: the row around the menu may be a link, so the click goes no further. */
type ClickEvent = { preventDefault: () => void; stopPropagation: () => void };

export function connectWatchlistChooser(
  snapshot: SnapshotFrom<typeof watchlistChooserMachine>,
  send: (event: WatchlistChooserEvent) => void,
  { projectId, projectName, lists, menuId, disabled }: WatchlistChooserViewOptions,
) {
  const open = snapshot.hasTag('open');
  const holding = lists.filter((l) => l.projects.includes(projectId));
  const label =
    holding.length > 0
      ? `${projectName} is in ${holding.map((l) => l.name).join(', ')}: choose a watchlist`
      : `Add ${projectName} to a watchlist`;
  return {
    open,
    /** Some list holds the project: the star shows as added. */
    inList: holding.length > 0,
    label,
    /** The star's props (ToggleButton's): it opens and closes the menu. */
    getStarProps: () => ({
      variant: 'icon' as const,
      inList: holding.length > 0,
      label,
      disabled,
      menu: { id: menuId, open },
      onClick: () => send({ type: 'STAR' }),
    }),
    getMenuProps: () => ({
      id: menuId,
      role: 'menu' as const,
      'aria-label': `Watchlists for ${projectName}`,
      className: 'watchlist-chooser-menu',
      'data-scope': 'watchlist',
      'data-part': 'chooser',
    }),
    /** One item per list, in the lists' order; the first takes the focus when the menu opens. */
    items: lists.map((list, i) => {
      const held = list.projects.includes(projectId);
      return {
        key: list.id,
        name: list.name,
        held,
        checkText: held ? '✓' : '',
        getCheckProps: () => ({ 'aria-hidden': 'true' as const, className: 'watchlist-chooser-check' }),
        getItemProps: () => ({
          type: 'button' as const,
          role: 'menuitemcheckbox' as const,
          'aria-checked': held,
          className: 'watchlist-chooser-item',
          tabIndex: i === 0 ? 0 : -1,
          autoFocus: i === 0,
          onClick: (e: ClickEvent) => {
            e.preventDefault();
            e.stopPropagation();
            send({ type: 'CHOOSE', listId: list.id });
          },
        }),
      };
    }),
  };
}
