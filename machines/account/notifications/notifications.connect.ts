import type { Notification } from '../../../api/notifications';
import { BELL_PREVIEW_COUNT } from './notifications.machine';
import type { NotificationsSnapshot } from './notifications.types';

/** "Notifications" or "Notifications, 3 unread": the bell's accessible name. */
export const bellLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

/** The badge text: the count, or "99+" beyond. */
export const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago" (English, like the rest of the product). */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(-1, 'minute');
}

/** The view of the notification centre that components render: booleans and data, no state names. */
export function connectNotifications(snapshot: NotificationsSnapshot) {
  const { unread, items, nextBefore, error } = snapshot.context;
  const signedIn = !snapshot.hasTag('signedOut');
  const ready = snapshot.hasTag('listReady');
  const loading = snapshot.hasTag('listLoading');
  const busy = snapshot.hasTag('busy');
  const shown: Notification[] = ready || loading ? items : [];
  return {
    signedIn,
    unread: signedIn ? unread : 0,
    showBadge: signedIn && unread > 0,
    badge: badgeText(unread),
    bellLabel: bellLabel(signedIn ? unread : 0),
    /** The first load (nothing to show yet), or the list not asked for yet. */
    loading: (loading || snapshot.hasTag('listUnloaded')) && items.length === 0,
    /** A reload over items already shown. */
    refreshing: loading && items.length > 0,
    loadFailed: snapshot.hasTag('listError'),
    ready,
    busy,
    items: shown,
    preview: shown.slice(0, BELL_PREVIEW_COUNT),
    empty: ready && items.length === 0,
    hasMore: ready && nextBefore !== null,
    loadingMore: snapshot.hasTag('loadingMore'),
    marking: snapshot.hasTag('marking'),
    canMarkAll: snapshot.can({ type: 'MARK_ALL_READ' }),
    /** A failure of load more or mark read, shown over the list (the load failure has its own state). */
    error: snapshot.hasTag('listError') ? null : error,
  };
}
