import { TEMP_WATCHLIST_ID } from '../../../api/watchlist';
import { tempList } from './watchlist.temp';
import type { WatchlistItem, WatchlistSnapshot } from './watchlist.types';

// Callers that import the view's types from here keep working.
export type { WatchlistSnapshot, WatchlistView } from './watchlist.types';

/** The view of the watchlist flow that components render: booleans and data, no state names. */
export function connectWatchlist(snapshot: WatchlistSnapshot) {
  const { lists, selectedIndex, message } = snapshot.context;
  const checkingSession = snapshot.hasTag('checkingSession');
  const signedIn = !checkingSession && !snapshot.hasTag('signedOut');
  const ready = snapshot.hasTag('ready');
  const visibleLists: WatchlistItem[] = ready ? lists : [];
  const selected = ready ? (lists[selectedIndex] ?? tempList()) : null;
  return {
    /** The session is not known yet: the toggles are disabled, a page shows its loading state. */
    checkingSession,
    signedIn,
    loading: snapshot.hasTag('loading'),
    loadFailed: snapshot.hasTag('error'),
    ready,
    busy: snapshot.hasTag('busy'),
    confirmingDelete: snapshot.hasTag('confirmingDelete'),
    lists: visibleLists,
    selectedIndex,
    selected,
    selectedIsTemp: selected?.id === TEMP_WATCHLIST_ID,
    /** Delete is refused while only the temp list exists (spec §4). */
    canDelete: ready && !snapshot.hasTag('busy') && lists.some((l) => l.id !== TEMP_WATCHLIST_ID),
    message,
    isInSelected: (projectId: string) => selected?.projects.includes(projectId) ?? false,
  };
}
