import { sendParent } from 'xstate';
import { watchlistMachine } from '../../../machines/watchlist/list/watchlist.machine';
import { watchlistActors } from './actors';

/**
 * The watchlist inside the app: a signed-out watchlist action asks for the login through its parent (the app's
 * watchlist host, which passes it on to the app).
 */
export const watchlistInApp = (logic: typeof watchlistMachine) =>
  logic.provide({ actions: { requestLogin: sendParent({ type: 'OPEN_AUTH', view: 'login' }) } });

/** The watchlist with the real API calls: a chunk of its own, loaded by the host on first use. */
export const liveWatchlistMachine = watchlistInApp(watchlistMachine.provide({ actors: watchlistActors }));
