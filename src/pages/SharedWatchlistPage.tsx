import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import {
  copySharedWatchlist,
  getSharedWatchlist,
  type CopySharedResult,
  type SharedWatchlist,
} from '../../api/watchlist';
import {
  SHARED_MESSAGES,
  sharedWatchlistMachine,
} from '../../machines/watchlist/shared/sharedWatchlist.machine';
import { useOpenAuthModal } from '../app/hooks';
import { useSignedIn } from '../app/hooks';
import { WatchlistProjectsTable } from '../features/watchlist/WatchlistProjectsTable';
import '../features/watchlist/watchlist.css';
import { request } from '../lib/client';
import { useTitle } from '../lib/title';
import { inspect } from '../lib/inspect';
import { RetryButton } from '../components/RetryButton';

/** /w/{token}: a watchlist someone shared, read-only, for anyone with the link. */
export default function SharedWatchlistPage({ token }: { token: string }) {
  const openAuth = useOpenAuthModal();
  const signedIn = useSignedIn() === true;
  const actorRef = useActorRef(
    sharedWatchlistMachine.provide({
      actors: {
        load: fromPromise<SharedWatchlist, { token: string }>(({ input }) =>
          getSharedWatchlist(request, input.token),
        ),
        copy: fromPromise<CopySharedResult, { token: string }>(({ input }) =>
          copySharedWatchlist(request, input.token),
        ),
      },
      actions: { requestLogin: () => openAuth('login') },
    }),
    { input: { token }, inspect },
  );
  const state = useSelector(actorRef, (s) =>
    s.hasTag('notFound')
      ? 'notFound'
      : s.hasTag('error')
        ? 'failed'
        : s.hasTag('ready')
          ? 'ready'
          : 'loading',
  );
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const copied = useSelector(actorRef, (s) => s.hasTag('copied'));
  const { list, message } = useSelector(actorRef, (s) => s.context);
  useTitle(list ? `${list.name} (shared watchlist)` : 'Shared watchlist');

  return (
    <main className="page container watchlists-page shared-watchlist-page" id="main">
      {state === 'loading' && (
        <div aria-busy="true">
          <span className="skeleton" style={{ display: 'block', height: 40, maxWidth: 320 }} />
          <span className="skeleton" style={{ display: 'block', height: 240, marginTop: 16 }} />
        </div>
      )}
      {state === 'notFound' && (
        <div className="watchlist-empty card">
          <h1>Link not found</h1>
          <p className="muted">{SHARED_MESSAGES.notFound}</p>
          <Link href="/" className="btn btn-primary">
            Browse the leaderboard
          </Link>
        </div>
      )}
      {state === 'failed' && (
        <div className="watchlist-empty card" role="alert">
          <p>{SHARED_MESSAGES.loadFailed}</p>
          <RetryButton onRetry={() => actorRef.send({ type: 'RETRY' })} className="btn btn-secondary" />
        </div>
      )}
      {state === 'ready' && list && (
        <>
          <header className="watchlist-header">
            <div>
              <p className="shared-label">Shared watchlist · read-only</p>
              <h1>{list.name}</h1>
              <p className="muted">
                {list.projects.length === 1 ? '1 project' : `${list.projects.length} projects`}
              </p>
            </div>
            <div className="watchlist-actions">
              {copied ? (
                <Link href="/my/watchlists" className="btn btn-primary">
                  Open my watchlists
                </Link>
              ) : (
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={busy}
                  onClick={() => actorRef.send({ type: 'COPY', signedIn })}
                >
                  Copy to my watchlists
                </button>
              )}
            </div>
          </header>
          <p className="shared-message" role="status">
            {message ?? ''}
          </p>
          {list.projects.length === 0 ? (
            <div className="watchlist-empty">
              <h2>This watchlist is empty</h2>
            </div>
          ) : (
            <WatchlistProjectsTable projectIds={list.projects} disabled={false} />
          )}
        </>
      )}
    </main>
  );
}
