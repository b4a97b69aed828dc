import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { projects, projectSignals, scoreSnapshots } from '../../server/db/schema/index';
import { epochDay, rate, SIGNAL_KEYS } from '../../server/ratings/methodology';
import { HISTORY_DAYS } from '../../server/seed/history';
import { useTestApp } from '../helpers/app';
import { SEED_DAY } from '../helpers/seeded';
import { seedIfEmpty } from '../../server/seed/index';

const t = useTestApp();
beforeAll(async () => {
  await seedIfEmpty(t.database.db, 1000, { today: SEED_DAY });
}, 180_000);

describe('seeded ratings', () => {
  it('are exactly what the methodology computes from the stored signals, for every project', async () => {
    const all = await t.app.db
      .select({ p: projects, s: projectSignals })
      .from(projects)
      .innerJoin(projectSignals, eq(projectSignals.projectId, projects.id));
    expect(all).toHaveLength(1000);
    for (const { p, s } of all) {
      const r = rate(s.values, SEED_DAY);
      expect({ id: p.id, score: p.score, subScores: p.subScores, tier: p.tier, kyc: p.kyc }).toEqual({
        id: p.id,
        score: r.score,
        subScores: r.subScores,
        tier: r.tier,
        kyc: r.kyc,
      });
      expect(p.auditStatus === 'audited').toBe(r.audited);
      expect(p.trendScore).toBe(0);
      for (const k of SIGNAL_KEYS) expect(k in s.values).toBe(true);
    }
  });

  it('puts the real blue chips at the top with their real kind and chains', async () => {
    const top = await t.app.db.select().from(projects).orderBy(asc(projects.rank)).limit(25);
    const names = top.map((p) => p.name);
    for (const n of ['Bitcoin', 'Ethereum', 'USD Coin', 'Uniswap']) expect(names).toContain(n);
    const byName = async (name: string) =>
      (await t.app.db.select().from(projects).where(eq(projects.name, name)))[0]!;
    expect(await byName('USD Coin')).toMatchObject({ kind: 'Stablecoin' });
    const uni = await byName('Uniswap');
    expect(uni.kind).toBe('DEX');
    expect(uni.chains[0]).toBe('Ethereum');
    expect(uni.description).toMatch(/a decentralized exchange on Ethereum/);
    expect(uni.chains).not.toContain('Substrate');
    expect((await byName('Solana')).chains).toEqual(['Solana']);
    const kinds = await t.app.db.execute(sql`SELECT count(*)::int AS n FROM projects WHERE kind = ''`);
    expect((kinds as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('has 180 days of history per project whose last point is the current rating', async () => {
    const snaps = await t.app.db
      .select()
      .from(scoreSnapshots)
      .orderBy(asc(scoreSnapshots.projectId), asc(scoreSnapshots.computedAt));
    const byProject = new Map<string, (typeof snaps)[number][]>();
    for (const s of snaps) byProject.set(s.projectId, [...(byProject.get(s.projectId) ?? []), s]);
    expect(byProject.size).toBe(1000);
    const current = new Map((await t.app.db.select().from(projects)).map((p) => [p.id, p]));
    for (const [id, list] of byProject) {
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.length).toBeLessThanOrEqual(11);
      expect(epochDay(list[0]!.computedAt)).toBe(epochDay(SEED_DAY) - HISTORY_DAYS);
      expect(list[0]!.moves).toEqual([]);
      for (const s of list.slice(1)) expect(s.moves.length).toBeGreaterThan(0);
      const last = list[list.length - 1]!;
      const p = current.get(id)!;
      expect({ score: last.score, subScores: last.subScores, tier: last.tier, kyc: last.kyc === 1 }).toEqual({
        score: p.score,
        subScores: p.subScores,
        tier: p.tier,
        kyc: p.kyc,
      });
      expect(last.audited === 1).toBe(p.auditStatus === 'audited');
    }
    // The incidents of the window are dated changes with reason 'incident', named by the incident signal.
    const incidents = snaps.filter((s) => s.reason === 'incident');
    expect(incidents.length).toBeGreaterThan(0);
    for (const s of incidents) expect(s.moves.map((m) => m.signal)).toContain('incidents12m');
  });
});
