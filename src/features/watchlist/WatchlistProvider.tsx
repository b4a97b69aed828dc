import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { connectWatchlist, type WatchlistView } from '../../../machines/watchlist/watchlist.connect';
import type { watchlistMachine } from '../../../machines/watchlist/watchlist.machine';
import { useWatchlistActor } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import './watchlist.css';

export type WatchlistActorRef = ActorRefFrom<typeof watchlistMachine>;

/** The app-wide watchlist actor (spec §4 'Watchlists'), a child of the app actor fed by the session. */
export { useWatchlistActor };

/** The watchlist view model for a component. */
export function useWatchlistView(actorRef: WatchlistActorRef): WatchlistView {
  return useSelector(actorRef, connectWatchlist);
}

/** The watchlist's message as a toast; the machine dismisses it after a while, the button at once. */
export function WatchlistToast() {
  const actorRef = useWatchlistActor();
  const message = useSelector(actorRef, (s) => s.context.message);
  return (
    <div className="watchlist-toast-region" aria-live="polite" role="status">
      {message && (
        <div
          className={`watchlist-toast watchlist-toast-${message.kind}`}
          data-scope="watchlist"
          data-part="message"
        >
          <span>{message.text}</span>
          <button
            type="button"
            className="watchlist-toast-close"
            aria-label="Dismiss"
            onClick={() => actorRef.send({ type: 'DISMISS' })}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
    </div>
  );
}
