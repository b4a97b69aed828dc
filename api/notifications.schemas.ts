/** Zod schemas of the notifications contract (see api/notifications.ts). */
import { z } from 'zod';
import { NOTIFICATION_KINDS } from './notifications';
import { intFromQuery } from './projects.schemas';

export const Notification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  projectId: z.string(),
  projectName: z.string(),
  projectLogo: z.string(),
  title: z.string(),
  body: z.string(),
  /** ISO date-time */
  createdAt: z.string(),
  read: z.boolean(),
});

/** GET /api/notifications?before= — newest first; `before` is the last id of the previous page. */
export const NotificationListQuery = z.object({
  before: intFromQuery(1, Number.MAX_SAFE_INTEGER).optional(),
});
export const NotificationList = z.object({
  items: z.array(Notification),
  unread: z.number().int(),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});

/** GET /api/notifications/unread-count */
export const UnreadCount = z.object({ unread: z.number().int() });

/** POST /api/notifications/read — the given ids, or every notification with `all: true`. */
export const MarkReadBody = z
  .object({
    ids: z.array(z.number().int().positive()).max(100).optional(),
    all: z.boolean().optional(),
  })
  .refine((b) => b.all === true || (b.ids?.length ?? 0) > 0, {
    message: 'Give ids or all: true',
    path: ['ids'],
  });
