/**
 * The shared-list page's view model: a snapshot, a send function and whether the visitor is signed in; what
 * SharedWatchlistPage shows (loading, the missing link, the failure with Retry, or the list with its count, the Copy
 * button or the link to the copy, and the message) and the Copy button's props out. Read from tags and context,
 * never state names.
 */
import type { SnapshotFrom } from 'xstate';
import { SHARED_MESSAGES, type sharedWatchlistMachine } from './sharedWatchlist.machine';
import type { SharedWatchlistEvent, SharedWatchlistViewOptions } from './sharedWatchlist.types';

export type SharedWatchlistStatus = 'loading' | 'notFound' | 'failed' | 'ready';

export function connectSharedWatchlist(
  snapshot: SnapshotFrom<typeof sharedWatchlistMachine>,
  send: (event: SharedWatchlistEvent) => void,
  { signedIn }: SharedWatchlistViewOptions,
) {
  const { list, message } = snapshot.context;
  const status: SharedWatchlistStatus = snapshot.hasTag('notFound')
    ? 'notFound'
    : snapshot.hasTag('error')
      ? 'failed'
      : snapshot.hasTag('ready')
        ? 'ready'
        : 'loading';
  const count = list?.projects.length ?? 0;
  return {
    status,
    /** The document's title: the list's name once loaded. */
    documentTitle: list ? `${list.name} (shared watchlist)` : 'Shared watchlist',
    notFoundTitle: 'Link not found',
    notFoundText: SHARED_MESSAGES.notFound,
    browseText: 'Browse the leaderboard',
    browseHref: '/',
    loadFailedText: SHARED_MESSAGES.loadFailed,
    retry: () => send({ type: 'RETRY' }),
    /** The list, once the page shows it (else null). */
    list: status === 'ready' && list ? { name: list.name, projects: list.projects } : null,
    sharedLabel: 'Shared watchlist · read-only',
    /** '1 project', '3 projects' */
    countText: count === 1 ? '1 project' : `${count} projects`,
    empty: count === 0,
    emptyTitle: 'This watchlist is empty',
    /** Copied once: the page links to the copy instead of offering Copy again. */
    copied: snapshot.hasTag('copied'),
    openCopyText: 'Open my watchlists',
    openCopyHref: '/my/watchlists',
    copyText: 'Copy to my watchlists',
    /** Copy: signed out it asks for a login; while a copy is made it starts no other. */
    getCopyButtonProps: () => ({
      type: 'button' as const,
      className: 'btn btn-primary',
      disabled: snapshot.hasTag('busy'),
      onClick: () => send({ type: 'COPY', signedIn }),
    }),
    /** The last message (login needed, copied, the failure), '' when none. */
    messageText: message ?? '',
    getMessageProps: () => ({ className: 'shared-message', role: 'status' as const }),
  };
}
