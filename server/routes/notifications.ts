import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import {
  NOTIFICATIONS_PAGE,
  type Notification,
  type NotificationList,
  type UnreadCount,
} from '../../api/notifications';
import { MarkReadBody, NotificationListQuery } from '../../api/notifications.schemas';
import type { Db } from '../db/client';
import { notifications, projects } from '../db/schema/index';

import { requireUser } from '../plugins/session';
import { replies, signedIn, typed } from './schemas';
import * as N from '../../api/notifications.schemas';

const unreadOf = async (db: Db, userId: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
};

/**
 * The signed-in user's notifications: the list (newest first, NOTIFICATIONS_PAGE per page, keyset by
 * id), the unread count for the header bell, and mark-read. Every query is scoped to the caller's user id, so
 * another user's ids are never read or touched. Writes take the CSRF token (the /api/ write default).
 */
export async function notificationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/api/notifications',
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
      const where = [eq(notifications.userId, user.username)];
      if (before !== undefined) where.push(lt(notifications.id, before));
      const found = await app.db
        .select({
          id: notifications.id,
          kind: notifications.kind,
          projectId: notifications.projectId,
          projectName: projects.name,
          projectLogo: projects.logo,
          title: notifications.title,
          body: notifications.body,
          createdAt: notifications.createdAt,
          readAt: notifications.readAt,
        })
        .from(notifications)
        .innerJoin(projects, eq(projects.id, notifications.projectId))
        .where(and(...where))
        .orderBy(desc(notifications.id))
        .limit(NOTIFICATIONS_PAGE + 1);
      const page = found.slice(0, NOTIFICATIONS_PAGE);
      const items: Notification[] = page.map(({ readAt, createdAt, ...n }) => ({
        ...n,
        createdAt: createdAt.toISOString(),
        read: readAt !== null,
      }));
      return {
        items,
        unread: await unreadOf(app.db, user.username),
        nextBefore: found.length > NOTIFICATIONS_PAGE ? (page.at(-1)?.id ?? null) : null,
      };
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        summary: 'How many of my notifications are unread',
        response: replies(N.UnreadCount),
      },
    },
    async (request): Promise<UnreadCount> => {
      const user = requireUser(request);
      return { unread: await unreadOf(app.db, user.username) };
    },
  );

  app.post(
    '/api/notifications/read',
    {
      preValidation: signedIn,
      schema: { summary: 'Mark notifications read', body: MarkReadBody, response: replies(N.UnreadCount) },
    },
    async (request): Promise<UnreadCount> => {
      const user = requireUser(request);
      const body = request.body;
      const mine = [eq(notifications.userId, user.username), isNull(notifications.readAt)];
      if (body.all !== true) mine.push(inArray(notifications.id, body.ids ?? []));
      await app.db
        .update(notifications)
        .set({ readAt: app.clock.now() })
        .where(and(...mine));
      return { unread: await unreadOf(app.db, user.username) };
    },
  );
}
