import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications, projects } from '../db/schema/index';

/** One user's notifications as the list and the header bell read them; every query is scoped to the user. */

type NotificationRow = typeof notifications.$inferSelect;
export type InboxRow = Pick<
  NotificationRow,
  'id' | 'kind' | 'projectId' | 'title' | 'body' | 'createdAt' | 'readAt'
> & {
  projectName: string;
  projectLogo: string;
};

/** Up to `limit` of the user's notifications, newest first, with ids below `before` when given. */
export const notificationsPage = (
  db: Db,
  userId: string,
  before: number | undefined,
  limit: number,
): Promise<InboxRow[]> => {
  const where = [eq(notifications.userId, userId)];
  if (before !== undefined) where.push(lt(notifications.id, before));
  return db
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
    .limit(limit);
};

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks the user's unread notifications read: those of `ids`, or all of them when `ids` is 'all'. */
export async function markNotificationsRead(
  db: Db,
  userId: string,
  ids: number[] | 'all',
  at: Date,
): Promise<void> {
  const mine = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (ids !== 'all') mine.push(inArray(notifications.id, ids));
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(...mine));
}
