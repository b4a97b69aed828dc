import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import type { WatchlistItem } from '../../machines/watchlist/list/watchlist.types';
import type { WatchlistActorRef } from '../app/hooks';
import { dismissOnOutside } from '../../machines/ui/nav-dropdown/navDropdown.dom';
import { watchlistChooserMachine } from '../../machines/watchlist/chooser/watchlistChooser.machine';
import { connectWatchlistChooser } from '../../machines/watchlist/chooser/watchlistChooser.connect';
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
  const snapshot = useSelector(chooser, (s) => s);
  const view = connectWatchlistChooser(snapshot, chooser.send, {
    projectId,
    projectName,
    lists,
    menuId,
    disabled,
  });
  const { open } = view;
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
  // After a choice the focus goes back to the star, as the menu it was in closes.
  const focusStar = () => root.current?.querySelector<HTMLElement>('[data-part="toggle"]')?.focus();

  const { id: menuElementId, ...menuProps } = view.getMenuProps();

  return (
    <span ref={setRoot} className="watchlist-star-chooser">
      <ToggleButton {...view.getStarProps()} />
      {open && (
        <div
          // The id first, as before: the element's attributes keep their order.
          id={menuElementId}
          ref={floating.refs.setFloating}
          style={floating.floatingStyles}
          {...menuProps}
          onKeyDown={moveFocus}
        >
          {view.items.map((item) => {
            const { onClick, ...props } = item.getItemProps();
            return (
              <button
                key={item.key}
                {...props}
                onClick={(e) => {
                  onClick(e);
                  focusStar();
                }}
              >
                <span {...item.getCheckProps()}>{item.checkText}</span>
                {item.name}
              </button>
            );
          })}
        </div>
      )}
    </span>
  );
}
