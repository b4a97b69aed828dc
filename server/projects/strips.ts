import { desc, eq, sql } from 'drizzle-orm';
import { HOME_STRIP_ROWS, type ServedStrips } from '../../api/projects';
import type { Database, Db } from '../db/client';
import { projects } from '../db/schema/index';
import { cacheFor } from '../cache/versionedCache';
import { toProjectRow, type ProjectRecordRow } from './rows';

export type Strip = keyof ServedStrips;

/** The first `limit` projects of one of home's strips (GET /api/trending, /recently-audited, /audits-in-progress). */
export function stripRows(db: Db, strip: Strip, limit: number): Promise<ProjectRecordRow[]> {
  const rows = db.select().from(projects);
  const byRank = sql`${projects.rank} ASC NULLS LAST`;
  switch (strip) {
    case 'trending':
      return rows.orderBy(desc(projects.trendScore), byRank).limit(limit);
    case 'recentlyAudited':
      return rows
        .where(eq(projects.auditStatus, 'audited'))
        .orderBy(sql`${projects.auditDate} DESC NULLS LAST`, byRank)
        .limit(limit);
    case 'auditsInProgress':
      return rows
        .where(eq(projects.auditStatus, 'in_progress'))
        .orderBy(desc(projects.trendScore), byRank)
        .limit(limit);
  }
}

/** Home's strips as the page shows them, cached until the projects change (the server writes them into home's HTML). */
export function homeStrips(database: Database): Promise<ServedStrips> {
  return cacheFor(database).homeStrips.get('home', async () => {
    const [trending, recentlyAudited, auditsInProgress] = await Promise.all(
      (['trending', 'recentlyAudited', 'auditsInProgress'] as const).map(async (strip) =>
        (await stripRows(database.db, strip, HOME_STRIP_ROWS)).map(toProjectRow),
      ),
    );
    return { trending: trending!, recentlyAudited: recentlyAudited!, auditsInProgress: auditsInProgress! };
  });
}
