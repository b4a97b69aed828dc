import type { Tags } from '../../core/tags';
import type { connectWatchlistChooser } from './watchlistChooser.connect';

export type WatchlistChooserEvent =
  /** The star: opens the menu, or closes it when open. */
  | { type: 'STAR' }
  /** A pointer or focus outside, Escape, or Tab out of the menu. */
  | { type: 'CLOSE' }
  | { type: 'CHOOSE'; listId: string };

/** `open` while the menu of lists shows. */
export type WatchlistChooserTag = Tags<'open'>;

/** A list as the menu shows it: the projects it holds say whether the row's project is in it. */
export type ChooserList = { id: string; name: string; projects: string[] };
/**
 * What the view needs besides the machine (the lists live in the watchlist actor, not here): the row's project, the
 * user's lists, the menu's element id and whether the star is disabled.
 */
export type WatchlistChooserViewOptions = {
  projectId: string;
  projectName: string;
  lists: ChooserList[];
  menuId: string;
  disabled: boolean;
};
/** What WatchlistStarChooser renders (watchlistChooser.connect). */
export type WatchlistChooserView = ReturnType<typeof connectWatchlistChooser>;
