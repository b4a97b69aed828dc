import { fromPromise } from 'xstate';
import type { MarkReadBody, NotificationList, UnreadCount } from '../../../api/notifications';
import { request } from '../../lib/client';

// The calls load with the first one (signed-in users only), not with every page.
const api = () => import('../../../api/notifications');

/** The notification centre's calls, over the app's request helper (api/notifications.ts). */
export const notificationsActors = {
  getUnreadCount: fromPromise<UnreadCount>(async () => (await api()).getUnreadCount(request)),
  listNotifications: fromPromise<NotificationList, { before?: number }>(async ({ input }) =>
    (await api()).listNotifications(request, input.before),
  ),
  markRead: fromPromise<UnreadCount, MarkReadBody>(async ({ input }) =>
    (await api()).markNotificationsRead(request, input),
  ),
};
