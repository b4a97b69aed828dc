import { DEFAULT_WATCHLIST_NAME, TEMP_WATCHLIST_ID } from '../../../api/watchlist';
import type { WatchlistItem } from './watchlist.types';

/**
 * The list shown before the user has one (spec §4: 'My Watchlist', made real by the first add). A module of its own
 * so that the view model (watchlist.connect) does not bring the machine to pages that only draw stars: the machine
 * loads with the watchlist (machines/watchlist-host).
 */
export const tempList = (): WatchlistItem => ({
  id: TEMP_WATCHLIST_ID,
  name: DEFAULT_WATCHLIST_NAME,
  projects: [],
});
