import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useId, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { WatchlistItem } from '../../machines/watchlist/list/watchlist.machine';
import type { WatchlistActorRef } from '../app/hooks';
import { dismissOnOutside } from '../../machines/ui/nav-dropdown/navDropdown.dom';
import { watchlistChooserMachine } from '../../machines/watchlist/chooser/watchlistChooser.machine';
import { inspect } from '../lib/inspect';
import { ToggleButton } from './AddToWatchlistButton';

/**
 * A leaderboard star for a user with several watchlists: it opens a menu of the lists (a checked item holds the
 * project); choosing one toggles the project in that list. A chunk of its own: a guest's home never needs it.
 */
export default function WatchlistStarChooser({
  projectId,
  projectName,
  lists,
  disabled,
  watchlist,
}: {
  projectId: string;
  projectName: string;
  lists: WatchlistItem[];
  disabled: boolean;
  watchlist: WatchlistActorRef;
}) {
  const root = useRef<HTMLSpanElement>(null);
  const menuId = useId();
  const logic = useMemo(
    () =>
      watchlistChooserMachine.provide({
        actors: { dismissWatcher: dismissOnOutside(root, '[data-part="toggle"]') },
        actions: {
          toggle: (_, { listId }) => watchlist.send({ type: 'TOGGLE', projectId, listId }),
        },
      }),
    [watchlist, projectId],
  );
  const chooser = useActorRef(logic, { inspect });
  const open = useSelector(chooser, (s) => s.hasTag('open'));
  // Fixed, so the leaderboard's card (overflow hidden) does not cut the menu of a row near its bottom.
  const floating = useFloating({
    open,
    placement: 'bottom-end',
    strategy: 'fixed',
    middleware: [offset(4), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { setReference } = floating.refs;
  // One callback for the whole life of the star: a new one each render would unset `root` for a moment, and the
  // first list taking the focus in that moment would look like focus leaving the menu (which closes it).
  const setRoot = useCallback(
    (el: HTMLSpanElement | null) => {
      root.current = el;
      setReference(el);
    },
    [setReference],
  );
  const holding = lists.filter((l) => l.projects.includes(projectId));
  const label =
    holding.length > 0
      ? `${projectName} is in ${holding.map((l) => l.name).join(', ')}: choose a watchlist`
      : `Add ${projectName} to a watchlist`;

  // Arrow keys, Home and End move between the lists, as in any menu; Escape and Tab out close it (dismissWatcher).
  const moveFocus = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitemcheckbox"]')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next =
      e.key === 'ArrowDown'
        ? (at + 1) % items.length
        : e.key === 'ArrowUp'
          ? (at - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    items[next]?.focus();
  };
  const choose = (e: MouseEvent, listId: string) => {
    // The row around the menu may be a link.
    e.preventDefault();
    e.stopPropagation();
    chooser.send({ type: 'CHOOSE', listId });
    root.current?.querySelector<HTMLElement>('[data-part="toggle"]')?.focus();
  };

  return (
    <span ref={setRoot} className="watchlist-star-chooser">
      <ToggleButton
        variant="icon"
        inList={holding.length > 0}
        label={label}
        disabled={disabled}
        menu={{ id: menuId, open }}
        onClick={() => chooser.send({ type: 'STAR' })}
      />
      {open && (
        <div
          id={menuId}
          ref={floating.refs.setFloating}
          style={floating.floatingStyles}
          role="menu"
          aria-label={`Watchlists for ${projectName}`}
          className="watchlist-chooser-menu"
          data-scope="watchlist"
          data-part="chooser"
          onKeyDown={moveFocus}
        >
          {lists.map((list, i) => {
            const held = list.projects.includes(projectId);
            return (
              <button
                key={list.id}
                type="button"
                role="menuitemcheckbox"
                aria-checked={held}
                className="watchlist-chooser-item"
                tabIndex={i === 0 ? 0 : -1}
                // The menu opens from a click or a key on the star: the first list takes the focus.
                autoFocus={i === 0}
                onClick={(e) => choose(e, list.id)}
              >
                <span aria-hidden="true" className="watchlist-chooser-check">
                  {held ? '✓' : ''}
                </span>
                {list.name}
              </button>
            );
          })}
        </div>
      )}
    </span>
  );
}
