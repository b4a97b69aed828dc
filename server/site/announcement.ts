import { desc, eq } from 'drizzle-orm';
import { ANNOUNCEMENT_ELEMENT_ID, type Announcement } from '../../api/site';
import type { Db } from '../db/client';
import { announcements } from '../db/schema/index';

/** The active announcement banner (the newest active one), or null. */
export async function activeAnnouncement(db: Db): Promise<Announcement | null> {
  const [row] = await db
    .select()
    .from(announcements)
    .where(eq(announcements.active, true))
    .orderBy(desc(announcements.updatedAt), desc(announcements.id))
    .limit(1);
  return row ? { content: row.content, link: row.link ?? '', linkText: row.linkText ?? '' } : null;
}

/**
 * The app's HTML with the announcement written in as a JSON data block, so the banner is decided before the first
 * paint and never pushes the page down (issue 11). A data block is never run, so the Content-Security-Policy's
 * script rules do not apply to it; `<` is escaped so no text can close the element.
 */
export function withAnnouncement(html: string, announcement: Announcement | null): string {
  const json = JSON.stringify(announcement).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${ANNOUNCEMENT_ELEMENT_ID}">${json}</script>`;
  return html.replace('</head>', `${block}</head>`);
}
