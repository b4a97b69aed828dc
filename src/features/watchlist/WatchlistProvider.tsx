import { useSelector } from '@xstate/react';
import { useWatchlistActor } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import './watchlist.css';

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
