import { lazy, Suspense, type MouseEvent } from 'react';
import { TEMP_WATCHLIST_ID } from '../../api/watchlist';
import { useOpenAuthModal, usePrepareAuthModal, useSessionStatus, useWatchlistView } from '../app/hooks';

const WatchlistStarChooser = lazy(() => import('./WatchlistStarChooser'));

export type AddToWatchlistButtonProps = {
  projectId: string;
  projectName: string;
  /** 'icon' for dense rows (a star only), 'full' for page headers (star and text). */
  variant?: 'icon' | 'full';
};

/**
 * Adds the project to, or removes it from, the selected watchlist (an optimistic toggle through the app-wide
 * watchlist actor); on a project page, a choice of the user's lists sits beside it. A guest's star is drawn as not in
 * a list and opens the login straight away (spec §4: watchlist actions need a signed-in user): the watchlist's code
 * is of no use before it, and the login's code loads as the pointer or the focus reaches the star, so the click
 * usually loads nothing. It is one button either way, so React keeps it (and its focus) when the watchlist arrives.
 */
export function AddToWatchlistButton({
  projectId,
  projectName,
  variant = 'full',
}: AddToWatchlistButtonProps) {
  const { actorRef, view } = useWatchlistView();
  const openAuth = useOpenAuthModal();
  const prepareAuth = usePrepareAuthModal();
  const guest = useSessionStatus() === 'unauthenticated';
  const inList = view?.isInSelected(projectId) ?? false;
  const listName = view?.selected?.name ?? 'watchlist';
  const label = inList ? `Remove ${projectName} from ${listName}` : `Add ${projectName} to ${listName}`;
  const toggle = () => {
    if (guest) openAuth('login');
    else actorRef?.send({ type: 'TOGGLE', projectId });
  };
  // Until the session is known a click would ask a signed-in user to log in; signed in, the lists are loading.
  const disabled = view ? view.checkingSession || (view.signedIn && view.busy) : !guest;
  const button = (
    <ToggleButton
      variant={variant}
      inList={inList}
      label={label}
      disabled={disabled}
      onClick={toggle}
      onIntent={guest ? prepareAuth : undefined}
    />
  );
  // In a leaderboard row a user with several lists chooses the list the star adds to (or removes from).
  const realLists = view?.lists.filter((l) => l.id !== TEMP_WATCHLIST_ID) ?? [];
  if (actorRef && view?.signedIn && variant === 'icon' && realLists.length >= 2) {
    return (
      <Suspense fallback={button}>
        <WatchlistStarChooser
          projectId={projectId}
          projectName={projectName}
          lists={realLists}
          disabled={disabled}
          watchlist={actorRef}
        />
      </Suspense>
    );
  }
  // On a project page a user with several lists chooses which one the button adds to (the app-wide selection).
  if (!actorRef || !view || variant !== 'full' || !view.signedIn || view.lists.length < 2) return button;
  return (
    <span className="watchlist-choice">
      {button}
      <label className="visually-hidden" htmlFor={`watchlist-choice-${projectId}`}>
        Watchlist
      </label>
      <select
        id={`watchlist-choice-${projectId}`}
        className="watchlist-choice-select"
        value={view.selectedIndex}
        disabled={view.busy}
        onChange={(e) => actorRef.send({ type: 'SELECT', index: Number(e.target.value) })}
      >
        {view.lists.map((list, index) => (
          <option key={list.id} value={index}>
            {list.name}
            {list.projects.includes(projectId) ? ' ✓' : ''}
          </option>
        ))}
      </select>
    </span>
  );
}

export function ToggleButton({
  variant,
  inList,
  label,
  disabled,
  menu,
  onClick,
  onIntent,
}: {
  variant: 'icon' | 'full';
  inList: boolean;
  label: string;
  disabled: boolean;
  /** When the button opens a menu of lists instead of toggling: the menu's id and whether it is open. */
  menu?: { id: string; open: boolean };
  onClick: () => void;
  /** The pointer or the focus reached the button: what a click needs can load. */
  onIntent?: () => void;
}) {
  const click = (e: MouseEvent) => {
    // Rows and cards around the button are often links.
    e.preventDefault();
    e.stopPropagation();
    onClick();
  };
  return (
    <button
      type="button"
      className={`watchlist-toggle watchlist-toggle-${variant}${inList ? ' is-added' : ''}`}
      aria-pressed={menu ? undefined : inList}
      aria-haspopup={menu ? 'menu' : undefined}
      aria-expanded={menu?.open}
      aria-controls={menu?.open ? menu.id : undefined}
      aria-label={variant === 'icon' ? label : undefined}
      title={label}
      disabled={disabled}
      onClick={click}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      data-scope="watchlist"
      data-part="toggle"
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="m12 3.5 2.6 5.4 5.9.8-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.8Z"
          fill={inList ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {variant === 'full' && <span>{inList ? 'In Watchlist' : 'Add to Watchlist'}</span>}
    </button>
  );
}
