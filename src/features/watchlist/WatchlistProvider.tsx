import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { connectWatchlist, type WatchlistView } from '../../../machines/watchlist/watchlist.connect';
import { watchlistMachine } from '../../../machines/watchlist/watchlist.machine';
import { Icon } from '../../components/Icon';
import { watchlistActors } from './actors';
import './watchlist.css';
import { inspect } from '../../lib/inspect';

export type WatchlistActorRef = ActorRefFrom<typeof watchlistMachine>;

const WatchlistActorContext = createContext<WatchlistActorRef | null>(null);

/** Without a handler, a signed-out watchlist action asks whoever listens for 'auth:open' to show the login. */
const dispatchAuthOpen = () =>
  window.dispatchEvent(new CustomEvent('auth:open', { detail: { view: 'login' } }));

export type WatchlistProviderProps = {
  children: ReactNode;
  /** true signed in, false signed out, null while the session loads. */
  signedIn: boolean | null;
  /** Opens the login (the auth modal); called when a signed-out user tries a watchlist action. */
  onLoginRequired?: () => void;
  /** Replaces the machine with its real calls (tests). */
  logic?: typeof watchlistMachine;
};

/** The app-wide watchlist actor (spec §4 'Watchlists'), fed by the session, plus its message toast. */
export function WatchlistProvider({ children, signedIn, onLoginRequired, logic }: WatchlistProviderProps) {
  const loginRef = useRef(onLoginRequired ?? dispatchAuthOpen);
  useEffect(() => {
    loginRef.current = onLoginRequired ?? dispatchAuthOpen;
  }, [onLoginRequired]);
  const actorRef = useActorRef(
    (logic ?? watchlistMachine.provide({ actors: watchlistActors })).provide({
      actions: { requestLogin: () => loginRef.current() },
    }),
    { inspect },
  );
  useEffect(() => {
    if (signedIn === true) actorRef.send({ type: 'SIGNED_IN' });
    else if (signedIn === false) actorRef.send({ type: 'SIGNED_OUT' });
  }, [signedIn, actorRef]);
  return (
    <WatchlistActorContext.Provider value={actorRef}>
      {children}
      <WatchlistToast actorRef={actorRef} />
    </WatchlistActorContext.Provider>
  );
}

/** The watchlist actor, or null outside a WatchlistProvider (the add buttons then render nothing). */
export const useWatchlistActor = () => useContext(WatchlistActorContext);

/** The watchlist view model for a component under the provider. */
export function useWatchlistView(actorRef: WatchlistActorRef): WatchlistView {
  const snapshot = useSelector(actorRef, (s) => s);
  return connectWatchlist(snapshot);
}

const TOAST_MS = 5000;

function WatchlistToast({ actorRef }: { actorRef: WatchlistActorRef }) {
  const message = useSelector(actorRef, (s) => s.context.message);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => actorRef.send({ type: 'DISMISS' }), TOAST_MS);
    return () => clearTimeout(timer);
  }, [message, actorRef]);
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
