import type { SnapshotFrom } from 'xstate';
import type { MarkReadBody, Notification } from '../../../api/notifications';
import type { Tags } from '../../core/tags';
import type { connectNotifications } from './notifications.connect';
import type { notificationsMachine } from './notifications.machine';

export type NotificationsInput = { pollInterval?: number } | undefined;

/** A mark-read write in flight: what was sent, and what the list and count were before the optimistic change. */
export type PendingRead = {
  body: MarkReadBody;
  previousItems: Notification[];
  previousUnread: number;
};

export type NotificationsContext = {
  pollInterval: number;
  unread: number;
  items: Notification[];
  /** `before` for the next page; null on the last page (or before the first load). */
  nextBefore: number | null;
  pendingRead: PendingRead | null;
  /** The last failure the user should see (load, load more, mark read); null when none. */
  error: string | null;
  /** LOAD arrived before the session did (the page opened while it loads): the list loads on sign-in. */
  listWanted: boolean;
  /** Mark-read writes begun since sign-in. */
  readWrites: number;
  /**
   * `readWrites` when the count in flight was asked for, or null when a write was in flight then. Its answer is shown
   * only when no write began or was pending meanwhile: otherwise the server may have counted before the write, and
   * the stale count would undo the optimistic one (the write's own answer brings the true count).
   */
  countBase: number | null;
};

export type NotificationsEvent =
  | { type: 'SIGNED_IN' }
  | { type: 'SIGNED_OUT' }
  /** Load (or reload) the first page: the page opened, the bell's popover opened. */
  | { type: 'LOAD' }
  | { type: 'RETRY' }
  | { type: 'LOAD_MORE' }
  | { type: 'MARK_READ'; id: number }
  | { type: 'MARK_ALL_READ' }
  /** The tab became visible again (from `visibilityWatcher`). */
  | { type: 'VISIBLE' }
  | { type: 'DISMISS' };

/**
 * `signedOut` no session; `countFetching` the unread count is asked for; the list is `listUnloaded` (not asked for
 * yet), `listLoading`, `listError` or `listReady`; `busy` a load more (`loadingMore`) or a mark read (`marking`) is
 * on the way.
 */
export type NotificationsTag = Tags<
  'busy',
  | 'signedOut'
  | 'countFetching'
  | 'listUnloaded'
  | 'listLoading'
  | 'listError'
  | 'listReady'
  | 'loadingMore'
  | 'marking'
>;

export type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;
/** What the bell and the notifications page render (notifications.connect). */
export type NotificationsView = ReturnType<typeof connectNotifications>;
