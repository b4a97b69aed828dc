import { watchlistMachine } from '../../machines/watchlist/list/watchlist.machine';
import { pendingActors } from './harness';

/** The watchlist machine with its server calls left pending: their answers are the tests' events. */
export const stubbedWatchlistMachine = watchlistMachine.provide({
  actors: pendingActors(
    'loadWatchlists',
    'createWatchlist',
    'renameWatchlist',
    'deleteWatchlist',
    'toggleProject',
  ),
});
