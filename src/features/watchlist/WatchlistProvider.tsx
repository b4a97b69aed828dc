import { useSelector } from '@xstate/react';
import { useWatchlistActor, type WatchlistActorRef } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import './watchlist.css';

/**
 * The watchlist's message as a toast; the machine dismisses it after a while, the button at once. The live region is
 * there from the start (a screen reader announces what appears in it), the message once the watchlist is loaded.
 */
export function WatchlistToast() {
  const actorRef = useWatchlistActor();
  return (
    <div className="watchlist-toast-region" aria-live="polite" role="status">
      {actorRef && <WatchlistMessage actorRef={actorRef} />}
    </div>
  );
}

function WatchlistMessage({ actorRef }: { actorRef: WatchlistActorRef }) {
  const message = useSelector(actorRef, (s) => s.context.message);
  if (!message) return null;
  return (
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
  );
}
