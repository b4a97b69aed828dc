import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_SNAPSHOT_DATE, type LeaderboardPage } from '../../api/projects';
import { PROJECT_CATEGORIES } from '../../api/leaderboard';
import { LeaderboardRow as LeaderboardRowSchema } from '../../api/projects.schemas';
import { projects, scoreSnapshots } from '../../server/db/schema/index';
import { scoreChanges } from '../../server/projects/scoreChange';
import { type TestApp, useTestApp } from '../helpers/app';
import { snapshotRow, subScoresAt } from '../helpers/projects';
import { createSeededApp } from '../helpers/seeded';

const SUB = subScoresAt(50);

const NOW = new Date('2026-11-20T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

describe('scoreChanges', () => {
  const t = useTestApp();
  beforeAll(async () => {
    const project = (id: string, score: number) => ({
      id,
      name: id,
      tokenTickers: [id.toUpperCase()],
      chains: ['Ethereum'],
      logo: '/logos/x.svg',
      score,
      subScores: SUB,
      tier: 'A',
      auditStatus: 'none' as const,
    });
    await t.database.db
      .insert(projects)
      .values([
        project('moved', 80.04),
        project('young', 70),
        project('still', 60),
        project('fell', 50),
        project('rose', 65),
      ]);
    const snap = (projectId: string, at: Date, score: number) =>
      snapshotRow(projectId, at, score, {
        subScores: SUB,
        tier: 'A',
        methodologyVersion: 'test',
        reason: 'seed',
      });
    await t.database.db.insert(scoreSnapshots).values([
      snap('moved', daysAgo(40), 70),
      snap('moved', daysAgo(30), 72.5), // exactly 30 days: counts for d30
      snap('moved', daysAgo(10), 75),
      snap('moved', daysAgo(3), 78.96),
      snap('moved', daysAgo(0.5), 80.04), // newer than a day: not the 24 h baseline
      snap('young', daysAgo(2), 71),
      snap('fell', daysAgo(8), 55),
      snap('rose', daysAgo(20), 63),
    ]);
  });

  it('answers current minus the latest snapshot at or before 24 h, 7 d and 30 d, null when none is that old', async () => {
    const changes = await scoreChanges(t.database, ['moved', 'young', 'still', 'missing'], NOW);
    // 80.04 and 78.96 show as 80.0 and 79.0: the change is 1, as a reader would work it out.
    expect(changes.get('moved')).toEqual({ d1: 1, d7: 5, d30: 7.5 });
    expect(changes.get('young')).toEqual({ d1: -1, d7: null, d30: null });
    expect(changes.get('still')).toEqual({ d1: null, d7: null, d30: null });
    expect(changes.has('missing')).toBe(false);
  });

  it('orders GET /api/leaderboard and its CSV by the change over 24 h, 7 d or 30 d, both ways, projects without one last', async () => {
    t.app.clock.set(NOW);
    const board = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/leaderboard?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<LeaderboardPage>().items.map((r) => [r.id, r.scoreChange] as const);
    };
    const idsOn = async (query: string) => (await board(query)).map(([id]) => id);
    const d7 = (ids: string[]) =>
      ids.map((id) => (id === 'moved' ? 5 : id === 'rose' ? 2 : id === 'fell' ? -5 : null));
    const desc7 = await board('sort=change7d&order=desc');
    expect(desc7.map(([id]) => id)).toEqual(['moved', 'rose', 'fell', 'still', 'young']);
    expect(desc7.map(([, c]) => c.d7)).toEqual(d7(['moved', 'rose', 'fell', 'still', 'young']));
    // Ascending starts with the largest fall; the projects with no snapshot a week old stay last.
    expect(await idsOn('sort=change7d&order=asc')).toEqual(['fell', 'rose', 'moved', 'still', 'young']);
    const desc1 = await board('sort=change24h&order=desc');
    expect(desc1.map(([id, c]) => [id, c.d1])).toEqual([
      ['rose', 2],
      ['moved', 1],
      ['young', -1],
      ['fell', -5],
      ['still', null],
    ]);
    expect(await idsOn('sort=change24h&order=asc')).toEqual(['fell', 'young', 'moved', 'rose', 'still']);
    // Only `moved` has a snapshot 30 days old; the others follow by rank, then id.
    const desc30 = await board('sort=change30d');
    expect(desc30.map(([id, c]) => [id, c.d30])).toEqual([
      ['moved', 7.5],
      ['fell', null],
      ['rose', null],
      ['still', null],
      ['young', null],
    ]);
    // The CSV export holds the same order (its last column is the id).
    const csv = await t.app.inject({ method: 'GET', url: '/api/leaderboard.csv?sort=change7d&order=desc' });
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',').at(-1)),
    ).toEqual(['moved', 'rose', 'fell', 'still', 'young']);
  });

  it('takes the drizzle handle as well, and answers an empty map for no ids', async () => {
    expect((await scoreChanges(t.database.db, ['young'], NOW)).get('young')?.d1).toBe(-1);
    expect((await scoreChanges(t.database, [], NOW)).size).toBe(0);
  });
});

describe('GET /api/leaderboard tabs, category, keyword and sorts; GET /api/leaderboard.csv', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp(120);
  }, 90_000);
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const page = async (query: string) => {
    const res = await get(`/api/leaderboard?pageSize=100&${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<LeaderboardPage>();
  };
  const all = async () => (await page('')).items.concat((await page('page=2')).items);

  it('answers each row with its category, score changes and market figures; TVL only for DeFi kinds', async () => {
    const rows = await all();
    expect(rows).toHaveLength(120);
    const DEFI = ['DEX', 'Lending', 'Liquid staking', 'Yield', 'Bridge', 'Derivatives'];
    for (const r of rows) {
      expect(LeaderboardRowSchema.strict().parse(r)).toEqual(r);
      expect(PROJECT_CATEGORIES).toContain(r.category);
      if (!DEFI.includes(r.category)) expect(r.tvlUsd).toBeNull();
      else expect(r.tvlUsd).toBeGreaterThan(0);
      // A price goes with a market cap.
      expect(r.priceUsd === null).toBe(r.marketCapUsd === null);
    }
    // 180 days of seeded history: most projects have a score 30 days ago.
    expect(rows.filter((r) => r.scoreChange.d30 !== null).length).toBeGreaterThan(100);
    expect(rows.some((r) => r.bugBountyUsd !== null)).toBe(true);
    expect(rows.some((r) => r.bugBountyUsd === null)).toBe(true);
  });

  it('gives the snapshot assets their dated price and USD stablecoins a price within 0.5 % of $1', async () => {
    const rows = await all();
    const bitcoin = rows.find((r) => r.id === 'bitcoin')!;
    expect(bitcoin).toMatchObject({
      priceUsd: 93_400,
      marketCapUsd: 1850e9,
      marketDataAsOf: MARKET_SNAPSHOT_DATE,
    });
    const stable = (await page('tab=stablecoins')).items;
    expect(stable.length).toBeGreaterThan(0);
    for (const r of stable.filter((s) => s.name !== 'PAX Gold' && s.priceUsd !== null))
      expect(Math.abs(r.priceUsd! - 1)).toBeLessThanOrEqual(0.005);
    for (const r of rows.filter((s) => s.marketDataAsOf === null && s.marketCapUsd !== null))
      expect(r.priceChange24hPct).not.toBeNull();
  });

  it('filters and orders per tab on the server', async () => {
    const rows = await all();
    const stable = await page('tab=stablecoins');
    expect(stable.total).toBe(rows.filter((r) => r.category === 'Stablecoin').length);
    expect(stable.items.every((r) => r.category === 'Stablecoin')).toBe(true);

    const kyc = await page('tab=kyc');
    expect(kyc.total).toBe(rows.filter((r) => r.kyc).length);
    expect(kyc.items.map((r) => r.rank)).toEqual(rows.filter((r) => r.kyc).map((r) => r.rank));

    const bounty = await page('tab=bugBounty');
    expect(bounty.total).toBe(rows.filter((r) => r.bugBountyUsd !== null).length);
    const rewards = bounty.items.map((r) => r.bugBountyUsd!);
    expect(rewards).toEqual([...rewards].sort((a, b) => b - a));

    const audited = await page('tab=recentlyAudited');
    expect(audited.items.every((r) => r.auditStatus === 'audited' && r.auditDate !== null)).toBe(true);
    const dates = audited.items.map((r) => r.auditDate!);
    expect(dates).toEqual([...dates].sort().reverse());

    // Trending: the projects with the most activity first, whatever their rank.
    const [low1, low2] = rows.slice(-2);
    await t.database.db.execute(sql`UPDATE projects SET trend_score = 5 WHERE id = ${low1!.id}`);
    await t.database.db.execute(sql`UPDATE projects SET trend_score = 9 WHERE id = ${low2!.id}`);
    const trending = await page('tab=trending');
    expect(trending.items.slice(0, 2).map((r) => r.id)).toEqual([low2!.id, low1!.id]);
    expect(trending.total).toBe(120);
    // A chosen column wins over the tab's order.
    const byName = (await page('tab=trending&sort=name')).items.map((r) => r.name.toLowerCase());
    expect(byName).toEqual([...byName].sort());
  });

  it('filters by category and keyword (name or ticker), with the tab', async () => {
    const rows = await all();
    const dex = await page('category=DEX');
    expect(dex.total).toBe(rows.filter((r) => r.category === 'DEX').length);
    expect(dex.items.every((r) => r.category === 'DEX')).toBe(true);
    const sample = rows.find((r) => r.kyc && r.category !== '')!;
    const word = sample.tokenTickers[0]!.toLowerCase();
    const found = await page(
      `tab=kyc&category=${encodeURIComponent(sample.category)}&keyword=${encodeURIComponent(word)}`,
    );
    expect(found.items.map((r) => r.id)).toContain(sample.id);
    for (const r of found.items) {
      expect(r).toMatchObject({ kyc: true, category: sample.category });
      expect([r.name, ...r.tokenTickers].some((k) => k.toLowerCase().includes(word))).toBe(true);
    }
  });

  it('sorts by market cap, price, 24 h change, TVL and bug bounty, unknown figures last', async () => {
    const fields = {
      marketCap: 'marketCapUsd',
      price: 'priceUsd',
      priceChange24h: 'priceChange24hPct',
      tvl: 'tvlUsd',
      bugBounty: 'bugBountyUsd',
    } as const;
    for (const [sort, field] of Object.entries(fields)) {
      for (const order of ['asc', 'desc'] as const) {
        const items = (await page(`sort=${sort}&order=${order}`)).items;
        const values = items.map((r) => r[field]);
        const known = values.filter((v): v is number => v !== null);
        expect(values.slice(0, known.length), `${sort} ${order}`).toEqual(known);
        expect(known).toEqual([...known].sort((a, b) => (order === 'asc' ? a - b : b - a)));
      }
    }
  });

  it('refuses an unknown tab, category or sort with a 400 naming the field', async () => {
    for (const path of ['/api/leaderboard', '/api/leaderboard.csv']) {
      const res = await get(`${path}?tab=hot&category=Casino&sort=volume`);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields).sort()).toEqual(['category', 'sort', 'tab']);
    }
  });

  it('exports the whole view as a CSV attachment, in the view’s order, with formula cells made text', async () => {
    const rows = await all();
    const dex = (await page('category=DEX&sort=name&order=desc')).items;
    const res = await get('/api/leaderboard.csv?category=DEX&sort=name&order=desc&page=2&pageSize=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.csv"/);
    expect(res.headers['x-total-count']).toBe(String(dex.length));
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Rank,Project,Tickers,Category,Chains,Security score,Tier,Score change 24h/);
    // Every page of the view, whatever page the link carried.
    expect(lines).toHaveLength(dex.length + 1);
    expect(lines.slice(1).map((l) => l.split(',').at(-1))).toEqual(dex.map((r) => r.id));

    const whole = await get('/api/leaderboard.csv');
    expect(whole.body.trimEnd().split('\r\n')).toHaveLength(rows.length + 1);

    // Names a spreadsheet would run as formulas stay text.
    const sample = rows[0]!;
    const evil = ['=HYPERLINK("http://x.example")', '+1', '-2', '@SUM(A1)', '\tTab', '\rCr'];
    for (const [i, name] of evil.entries())
      await t.database.db.execute(sql`
        INSERT INTO projects (id, name, token_tickers, chains, logo, score, sub_scores, tier, audit_status, kind)
        SELECT ${`zz-evil-${i}`}, ${name}, ARRAY['=1+1'], chains, logo, score, sub_scores, tier, audit_status, 'Meme'
        FROM projects WHERE id = ${sample.id}`);
    const csv = (await get('/api/leaderboard.csv?keyword=&category=Meme&sort=name')).body;
    for (const name of evil) {
      const cell = `'${name}`;
      const quoted = /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
      expect(csv).toContain(`,${quoted},'=1+1,Meme,`);
    }
  });
});
