import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import {
  copySharedWatchlist,
  getSharedWatchlist,
  type CopySharedResult,
  type SharedWatchlist,
} from '../../api/watchlist';
import { sharedWatchlistMachine } from '../../machines/watchlist/shared/sharedWatchlist.machine';
import { connectSharedWatchlist } from '../../machines/watchlist/shared/sharedWatchlist.connect';
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
  const snapshot = useSelector(actorRef, (s) => s);
  const view = connectSharedWatchlist(snapshot, actorRef.send, { signedIn });
  useTitle(view.documentTitle);

  return (
    <main className="page container watchlists-page shared-watchlist-page" id="main">
      {view.status === 'loading' && (
        <div aria-busy="true">
          <span className="skeleton" style={{ display: 'block', height: 40, maxWidth: 320 }} />
          <span className="skeleton" style={{ display: 'block', height: 240, marginTop: 16 }} />
        </div>
      )}
      {view.status === 'notFound' && (
        <div className="watchlist-empty card">
          <h1>{view.notFoundTitle}</h1>
          <p className="muted">{view.notFoundText}</p>
          <Link href={view.browseHref} className="btn btn-primary">
            {view.browseText}
          </Link>
        </div>
      )}
      {view.status === 'failed' && (
        <div className="watchlist-empty card" role="alert">
          <p>{view.loadFailedText}</p>
          <RetryButton onRetry={view.retry} className="btn btn-secondary" />
        </div>
      )}
      {view.list && (
        <>
          <header className="watchlist-header">
            <div>
              <p className="shared-label">{view.sharedLabel}</p>
              <h1>{view.list.name}</h1>
              <p className="muted">{view.countText}</p>
            </div>
            <div className="watchlist-actions">
              {view.copied ? (
                <Link href={view.openCopyHref} className="btn btn-primary">
                  {view.openCopyText}
                </Link>
              ) : (
                <button {...view.getCopyButtonProps()}>{view.copyText}</button>
              )}
            </div>
          </header>
          <p {...view.getMessageProps()}>{view.messageText}</p>
          {view.empty ? (
            <div className="watchlist-empty">
              <h2>{view.emptyTitle}</h2>
            </div>
          ) : (
            <WatchlistProjectsTable projectIds={view.list.projects} disabled={false} />
          )}
        </>
      )}
    </main>
  );
}
