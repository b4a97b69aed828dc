import type { z } from 'zod';
import type * as schemas from './notifications.schemas';
import type { Request } from './http';

/** How alert mail reaches a user: at once, in a daily or weekly digest, or not at all. */
export const ALERT_MAIL_MODES = ['instant', 'daily', 'weekly', 'off'] as const;
export type AlertMailMode = (typeof ALERT_MAIL_MODES)[number];
export const ALERT_MAIL_LABELS: Record<AlertMailMode, string> = {
  instant: 'As it happens',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
  off: 'No email',
};
/** A watched project's score must move at least this many points to notify. */
export const SCORE_ALERT_THRESHOLD = 2;
/** Notifications per page of /my/notifications. */
export const NOTIFICATIONS_PAGE = 20;

export const NOTIFICATION_KINDS = ['score', 'tier', 'badge', 'incident'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type Notification = z.infer<typeof schemas.Notification>;
export type NotificationList = z.infer<typeof schemas.NotificationList>;
export type UnreadCount = z.infer<typeof schemas.UnreadCount>;
export type MarkReadBody = z.infer<typeof schemas.MarkReadBody>;

export const listNotifications = (request: Request, before?: number) =>
  request<NotificationList>('/api/notifications', { query: { before } });
export const getUnreadCount = (request: Request) => request<UnreadCount>('/api/notifications/unread-count');
export const markNotificationsRead = (request: Request, body: MarkReadBody) =>
  request<UnreadCount>('/api/notifications/read', { method: 'POST', body });
