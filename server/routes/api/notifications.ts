import type { FastifyInstance } from 'fastify';
import {
  NOTIFICATIONS_PAGE,
  type Notification,
  type NotificationList,
  type UnreadCount,
} from '../../../api/notifications';
import { MarkReadBody, NotificationListQuery } from '../../../api/notifications.schemas';
import { markNotificationsRead, notificationsPage, unreadCount } from '../../notifications/inbox';
import { requireUser } from '../../plugins/app/session';
import { replies, signedIn, signedInPost, typed } from '../../routing/schemas';
import * as N from '../../../api/notifications.schemas';

/**
 * The signed-in user's notifications: the list (newest first, NOTIFICATIONS_PAGE per page, keyset by
 * id), the unread count for the header bell, and mark-read. Every query is scoped to the caller's user id, so
 * another user's ids are never read or touched. Writes take the CSRF token (the /api/ write default).
 */
export default async function notificationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/notifications',
    {
      preValidation: signedIn,
      schema: {
        summary: 'My notifications',
        querystring: NotificationListQuery,
        response: replies(N.NotificationList),
      },
    },
    async (request): Promise<NotificationList> => {
      const user = requireUser(request);
      const { before } = request.query;
      const found = await notificationsPage(app.db, user.username, before, NOTIFICATIONS_PAGE + 1);
      const page = found.slice(0, NOTIFICATIONS_PAGE);
      const items: Notification[] = page.map(({ readAt, createdAt, ...n }) => ({
        ...n,
        createdAt: createdAt.toISOString(),
        read: readAt !== null,
      }));
      return {
        items,
        unread: await unreadCount(app.db, user.username),
        nextBefore: found.length > NOTIFICATIONS_PAGE ? (page.at(-1)?.id ?? null) : null,
      };
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        summary: 'How many of my notifications are unread',
        response: replies(N.UnreadCount),
      },
    },
    async (request): Promise<UnreadCount> => {
      const user = requireUser(request);
      return { unread: await unreadCount(app.db, user.username) };
    },
  );

  signedInPost(
    app,
    '/notifications/read',
    { summary: 'Mark notifications read', body: MarkReadBody, response: N.UnreadCount },
    async (user, body): Promise<UnreadCount> => {
      await markNotificationsRead(
        app.db,
        user.username,
        body.all === true ? 'all' : (body.ids ?? []),
        app.clock.now(),
      );
      return { unread: await unreadCount(app.db, user.username) };
    },
  );
}
