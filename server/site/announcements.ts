import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminAnnouncement } from '../../api/admin';
import type { AnnouncementUpdateBody } from '../../api/admin.schemas';
import type { Db } from '../db/client';
import { announcements } from '../db/schema/index';

/** The announcement banner as staff edit it (the public read of the active one is in pageData.ts). */

export type AnnouncementRow = typeof announcements.$inferSelect;

/** The newest announcement, active or not. */
export async function latestAnnouncement(db: Db): Promise<AnnouncementRow | undefined> {
  const [row] = await db.select().from(announcements).orderBy(desc(announcements.id)).limit(1);
  return row;
}

/**
 * Stores a new announcement and deactivates every earlier one, in one transaction, so the public banner is the new
 * one (or none when it is inactive). Earlier rows stay as history.
 */
export function publishAnnouncement(
  db: Db,
  body: z.output<typeof AnnouncementUpdateBody>,
  updatedBy: string,
  now: Date,
): Promise<AnnouncementRow> {
  return db.transaction(async (tx) => {
    await tx.update(announcements).set({ active: false }).where(eq(announcements.active, true));
    const [created] = await tx
      .insert(announcements)
      .values({
        content: body.content,
        link: body.link,
        linkText: body.linkText,
        active: body.active,
        updatedBy,
        updatedAt: now,
      })
      .returning();
    return created!;
  });
}

/** An announcement as the admin page shows it. */
export const toAdminAnnouncement = (row: AnnouncementRow): AdminAnnouncement => ({
  content: row.content,
  link: row.link,
  linkText: row.linkText,
  active: row.active,
  updatedAt: row.updatedAt.toISOString(),
});
