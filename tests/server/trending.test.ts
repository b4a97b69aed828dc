import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { projectActivity, projects } from '../../server/db/schema/index';
import { enqueue } from '../../server/jobs/queue';
import { computeTrending, trendScore } from '../../server/ratings/trending';
import { searchService } from '../../server/search/index';
import { useTestApp } from '../helpers/app';
import { subScoresAt } from '../helpers/projects';
import { signIn, type Client } from '../helpers/signed-in';

const t = useTestApp();
let db: Db;
let user: Client;
const ids = ['tr-a', 'tr-b', 'tr-c'];

beforeAll(async () => {
  db = t.database.db;
  await db.insert(projects).values(
    ids.map((id, i) => ({
      id,
      name: `Trend ${id}`,
      tokenTickers: [`TR${i}`],
      chains: ['Ethereum'],
      logo: '/logos/x.svg',
      score: 60,
      subScores: subScoresAt(60),
      rank: i + 1,
      tier: 'BBB',
      auditStatus: 'audited' as const,
      trendScore: 999, // a stale seeded value: trending overwrites it
    })),
  );
  user = await signIn(t.app);
});

const activity = async (id: string) =>
  db.select().from(projectActivity).where(eq(projectActivity.projectId, id));
const trendOf = async (id: string) =>
  (await db.select({ s: projects.trendScore }).from(projects).where(eq(projects.id, id)))[0]!.s;

describe('trending from activity', () => {
  it('the formula: views + 5 × adds, halved every 2 days, over 7 days', () => {
    expect(trendScore([{ age: 0, views: 10, watchlistAdds: 2 }])).toBe(20);
    expect(trendScore([{ age: 2, views: 10, watchlistAdds: 0 }])).toBe(5);
    expect(trendScore([{ age: 7, views: 1000, watchlistAdds: 0 }])).toBe(0);
  });

  it('records page views and watchlist adds per day, and the trending job ranks by them', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (let i = 0; i < 3; i++) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/projects/page-view?projectId=tr-b' })).statusCode,
      ).toBe(200);
    }
    expect(await activity('tr-b')).toEqual([{ projectId: 'tr-b', day: today, views: 3, watchlistAdds: 0 }]);
    // A new list with tr-c, then a toggle adding tr-a and removing it (a removal is not an add).
    const created = await user.inject({
      method: 'POST',
      url: '/api/watchlist/create',
      payload: { name: 'T', projects: ['tr-c'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const listId = created.json().id as string;
    const toggle = () =>
      user.inject({
        method: 'POST',
        url: '/api/watchlist/toggle',
        payload: { id: listId, projectId: 'tr-a' },
      });
    expect((await toggle()).json().added).toBe(true);
    expect((await toggle()).json().added).toBe(false);
    // An update that keeps tr-c and adds tr-a again.
    const list = (await user.inject({ method: 'GET', url: '/api/watchlist' })).json()[0];
    const upd = await user.inject({
      method: 'POST',
      url: '/api/watchlist/update',
      payload: { id: listId, name: 'T', projects: ['tr-c', 'tr-a'], version: list.version },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect((await activity('tr-c'))[0]).toMatchObject({ watchlistAdds: 1, views: 0 });
    expect((await activity('tr-a'))[0]).toMatchObject({ watchlistAdds: 2, views: 0 });

    // Older activity decays: tr-b had 40 views 4 days ago (worth 10), 100 views 8 days ago (not counted).
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    await db.insert(projectActivity).values([
      { projectId: 'tr-b', day: daysAgo(4), views: 40, watchlistAdds: 0 },
      { projectId: 'tr-b', day: daysAgo(8), views: 100, watchlistAdds: 0 },
    ]);
    await enqueue(db, 'trending', {});
    await t.app.jobs.drain();
    expect(await trendOf('tr-a')).toBe(10); // 2 adds × 5
    expect(await trendOf('tr-b')).toBe(13); // 3 + 40 × 0.25
    expect(await trendOf('tr-c')).toBe(5);
    const trending = (await t.app.inject({ method: 'GET', url: '/api/trending?limit=3' })).json() as {
      id: string;
    }[];
    expect(trending.map((p) => p.id)).toEqual(['tr-b', 'tr-a', 'tr-c']);
    // The job refreshed this instance's search index: a short keyword answers the trending list.
    const search = await t.app.inject({ method: 'GET', url: '/api/search-project?keyword=' });
    expect(search.statusCode, search.body).toBe(200);
    const found = (search.json() as { id: string }[]).map((p) => p.id);
    expect(found.slice(0, 3)).toEqual(['tr-b', 'tr-a', 'tr-c']);
    // Nothing new: computing again changes no row.
    expect(await computeTrending(db)).toBe(0);
    // A week later everything has aged out.
    expect(await computeTrending(db, new Date(Date.now() + 8 * 86_400_000))).toBe(3);
    const left = await db.execute(sql`SELECT max(trend_score) AS m FROM projects`);
    expect(Number((left as unknown as { rows: { m: number }[] }).rows[0]!.m)).toBe(0);
  });

  it('rebuilds the search index only after a run that changed a score', async () => {
    const runJob = async () => {
      await enqueue(db, 'trending', {});
      await t.app.jobs.drain();
    };
    const search = searchService(t.database);
    await runJob(); // today's activity counts again after the test above aged it out
    expect(await trendOf('tr-b')).toBe(13);
    const index = search.current();
    expect(index).toBeDefined();
    await runJob(); // nothing new
    expect(search.current()).toBe(index);
    for (let i = 0; i < 20; i++)
      await t.app.inject({ method: 'GET', url: '/api/projects/page-view?projectId=tr-c' });
    await runJob();
    expect(await trendOf('tr-c')).toBe(25);
    expect(search.current()).not.toBe(index);
    const found = (await t.app.inject({ method: 'GET', url: '/api/search-project?keyword=' })).json() as {
      id: string;
    }[];
    expect(found[0]!.id).toBe('tr-c');
  });

  it('reads the trending order through an index, not by sorting every project; audits in progress through their own', async () => {
    // Disabling plain scans makes the planner take any index that gives this order; without one it still sorts.
    const planOf = (query: SQL) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const result = await tx.execute(sql`EXPLAIN ${query}`);
        return (result as unknown as { rows: Record<string, string>[] }).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      });
    const trending = await planOf(
      sql`SELECT id FROM projects ORDER BY trend_score DESC, rank ASC NULLS LAST LIMIT 10`,
    );
    expect(trending).toContain('projects_trend_idx');
    expect(trending).not.toMatch(/\bSort\b/);
    // As the route asks it: the status is a parameter.
    const inProgress = await planOf(
      sql`SELECT id FROM projects WHERE audit_status = ${'in_progress'}
          ORDER BY trend_score DESC, rank ASC NULLS LAST LIMIT 10`,
    );
    expect(inProgress).toContain('projects_in_progress_trend_idx');
    expect(inProgress).not.toMatch(/\bSort\b|Filter/);
  });
});
