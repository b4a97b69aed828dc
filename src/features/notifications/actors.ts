import { fromPromise } from 'xstate';
import {
  getUnreadCount,
  listNotifications,
  markNotificationsRead,
  type MarkReadBody,
  type NotificationList,
  type UnreadCount,
} from '../../../api/notifications';
import { request } from '../../lib/client';

/** The notification centre's calls, over the app's request helper (api/notifications.ts). */
export const notificationsActors = {
  getUnreadCount: fromPromise<UnreadCount>(() => getUnreadCount(request)),
  listNotifications: fromPromise<NotificationList, { before?: number }>(({ input }) =>
    listNotifications(request, input.before),
  ),
  markRead: fromPromise<UnreadCount, MarkReadBody>(({ input }) => markNotificationsRead(request, input)),
};
