import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ANNOUNCEMENT_ELEMENT_ID, type Announcement } from '../../api/site';
import { FLAGS_ELEMENT_ID, type InlinedFlags } from '../../api/flags';
import { PROJECT_ELEMENT_ID, STRIPS_ELEMENT_ID, type ServedProject } from '../../api/projects';
import type { PAGE_PATHS } from '../../api/pages';
import type { Database } from '../db/client';
import { announcements } from '../db/schema/index';
import { flagContextFor } from '../flags/service';
import { cacheFor } from '../cache/versionedCache';
import { homeStrips } from '../projects/strips';
import { averageYesPercentage, projectDetail } from '../projects/detail';

/** The newest active announcement's read, as one prepared query per database (built once, not per page). */
const announcementReads = new WeakMap<Database, () => Promise<Announcement | null>>();
function announcementRead({ db }: Database) {
  const query = db
    .select()
    .from(announcements)
    .where(eq(announcements.active, true))
    .orderBy(desc(announcements.updatedAt), desc(announcements.id))
    .limit(1)
    .prepare('active_announcement');
  return async (): Promise<Announcement | null> => {
    const [row] = await query.execute();
    return row ? { content: row.content, link: row.link ?? '', linkText: row.linkText ?? '' } : null;
  };
}

/**
 * The active announcement banner (the newest active one), or null. Every page asks for it, so it is cached until the
 * announcements change (server/cache/versionedCache.ts): on PGlite, where queries run on the server's own thread, a
 * page then reads nothing of it from the database.
 */
export async function activeAnnouncement(database: Database): Promise<Announcement | null> {
  let read = announcementReads.get(database);
  if (!read) announcementReads.set(database, (read = announcementRead(database)));
  return cacheFor(database).announcement.get('active', read);
}

/** The flags as OFREP would answer this request's session, with the identity they were evaluated for. */
export function flagsFor(app: FastifyInstance, request: FastifyRequest): InlinedFlags {
  const user = request.user;
  const values: InlinedFlags['values'] = {};
  for (const flag of app.flags.evaluateAll(flagContextFor(user))) {
    if ('value' in flag && flag.value !== undefined) values[flag.key] = flag.value;
  }
  return { identity: user ? { targetingKey: user.username, email: user.email } : null, values };
}

/**
 * The app's HTML with data written in as JSON data blocks (`<script type="application/json" id=…>`): what the first
 * render needs, so nothing on screen changes when an answer arrives later. A data block is never run, so
 * the Content-Security-Policy's script rules do not apply to it; `<` is escaped so no text can close the element.
 */
export function writePageData(html: string, blocks: Record<string, unknown>): string {
  const written = Object.entries(blocks)
    .map(([id, value]) => {
      const json = JSON.stringify(value).replace(/</g, '\\u003c');
      return `<script type="application/json" id="${id}">${json}</script>`;
    })
    .join('');
  // A function, not a string: `$&` or `$'` in the data must arrive as written, not as replacement patterns.
  return html.replace('</head>', () => `${written}</head>`);
}

export type PageData = {
  /** The data blocks written into the page, by element id. */
  blocks: Record<string, unknown>;
  /** The page names what does not exist (an unknown project): the app shows its not-found page, served as a 404. */
  missing: boolean;
};

/**
 * The page data of one request: the session's flags, the announcement, on home its strips and on a project page its
 * project. If the
 * database cannot say, the page goes without them and the browser asks the API, as on the dev server.
 */
export async function pageDataFor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  page: keyof typeof PAGE_PATHS | undefined,
): Promise<PageData> {
  const blocks: Record<string, unknown> = { [FLAGS_ELEMENT_ID]: flagsFor(app, request) };
  let missing = false;
  try {
    blocks[ANNOUNCEMENT_ELEMENT_ID] = await activeAnnouncement(app.database);
  } catch (err) {
    request.log.warn({ err }, 'announcement not written into the page');
  }
  if (page === 'home') {
    try {
      blocks[STRIPS_ELEMENT_ID] = await homeStrips(app.database);
    } catch (err) {
      request.log.warn({ err }, 'home strips not written into the page');
    }
  }
  if (page === 'project') {
    const { id } = request.params as { id: string };
    try {
      blocks[PROJECT_ELEMENT_ID] = {
        id,
        project: await projectDetail(app, request, reply, id),
        // Beside the project's own tally, so the page never shows a vote that the average leaves out.
        averageYesPercentage: await averageYesPercentage(app.database),
      } satisfies ServedProject;
    } catch (err) {
      // An unknown project: the page shows its not-found once the browser's fetch says so.
      if ((err as { statusCode?: number }).statusCode === 404) missing = true;
      else request.log.warn({ err }, 'project not written into the page');
    }
  }
  return { blocks, missing };
}
