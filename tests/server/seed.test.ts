import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAINS, TIERS } from '../../api/projects';
import { alerts, contracts, projectMonitoring, projects, socialActivity } from '../../server/db/schema/index';
import { UNAUDITED_CODE_SECURITY_MAX } from '../../server/ratings/methodology';
import { generateProject, projectIdentities } from '../../server/seed/generate';
import { seedIfEmpty } from '../../server/seed/index';
import { ProjectRecord } from '../../server/seed/shape';
import { createTestApp, useTestApp } from '../helpers/app';
import { SEED_DAY } from '../helpers/seeded';

const iconDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('cryptocurrency-icons/package.json')),
  'svg',
  'color',
);

describe('seed generator (2,000 projects, the default)', () => {
  const t = useTestApp();
  beforeAll(async () => {
    expect(await seedIfEmpty(t.database.db, 2000, { today: SEED_DAY })).toEqual({ seeded: true });
  }, 180_000);

  it('makes 2,000 projects ranked 1..2,000 by score, with tiers from the score', async () => {
    const rows = await t.app.db.select().from(projects).orderBy(asc(projects.rank));
    expect(rows).toHaveLength(2000);
    expect(rows.map((r) => r.rank)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.score).toBeLessThanOrEqual(rows[i - 1]!.score);
    const tiers = new Set(rows.map((r) => r.tier));
    expect([...tiers].every((x) => (TIERS as readonly string[]).includes(x))).toBe(true);
    expect(tiers.size).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((r) => r.id)).size).toBe(2000);
    expect(new Set(rows.map((r) => r.name.toLowerCase())).size).toBe(2000);
  });

  it('uses real names for the known projects (icons where the icon package has them) and listed chains', async () => {
    const rows = await t.app.db.select().from(projects);
    const btc = rows.find((r) => r.id === 'bitcoin')!;
    expect(btc).toMatchObject({
      name: 'Bitcoin',
      tokenTickers: ['BTC'],
      logo: '/logos/btc.svg',
      chains: ['Bitcoin'],
    });
    const real = rows.filter((r) => !r.logo.startsWith('/logos/gen/'));
    expect(real.length).toBeGreaterThan(120);
    for (const r of real) expect(existsSync(path.join(iconDir, path.basename(r.logo)))).toBe(true);
    for (const r of rows) {
      expect(r.chains.length).toBeGreaterThan(0);
      for (const c of r.chains) expect(CHAINS).toContain(c);
      expect(r.tokenTickers.length).toBeGreaterThan(0);
    }
    const used = new Set(rows.flatMap((r) => r.chains));
    // Today's major chains, the first nine CHAINS (Ethereum … Avalanche), are all in use.
    for (const c of CHAINS.slice(0, CHAINS.indexOf('Avalanche') + 1)) expect(used).toContain(c);
    // The spec's icon set is still in use.
    for (const c of ['Cosmos', 'Polkadot', 'Near', 'Tron', 'Fantom', 'Cronos', 'Harmony', 'IoTeX'])
      expect(used).toContain(c);
  });

  it('mixes audit statuses with dates only on audited projects, and KYC badges', async () => {
    const rows = await t.app.db.select().from(projects);
    const count = (s: string) => rows.filter((r) => r.auditStatus === s).length;
    expect(count('audited')).toBeGreaterThan(800);
    expect(count('in_progress')).toBeGreaterThan(50);
    expect(count('none')).toBeGreaterThan(400);
    for (const r of rows) expect(r.auditDate === null).toBe(r.auditStatus !== 'audited');
    expect(rows.filter((r) => r.kyc).length).toBeGreaterThan(400);
    // Without a completed audit, code security stays below the cap; nobody reads 100 in every category.
    for (const r of rows.filter((x) => x.auditStatus !== 'audited')) {
      expect(r.subScores.codeSecurity).toBeLessThanOrEqual(UNAUDITED_CODE_SECURITY_MAX);
    }
    expect(rows.some((r) => Object.values(r.subScores).every((v) => v === 100))).toBe(false);
  });

  it('gives every project with a token contract its privileged data, monitoring and 90 days of social activity', async () => {
    // Coins native to a chain that is not EVM (Bitcoin, XRP, …) have no contract; invented projects all have one.
    const withContracts = projectIdentities(2000)
      .map((identity, i) => generateProject(identity, i, SEED_DAY))
      .filter((r) => r.contracts.length > 0).length;
    expect(withContracts).toBeGreaterThan(1800);
    const [c] = await t.app.db
      .select({ projectsWithContracts: sql<number>`count(DISTINCT ${contracts.projectId})::int` })
      .from(contracts);
    expect(c!.projectsWithContracts).toBe(withContracts);
    const sampleContracts = await t.app.db.select().from(contracts).limit(50);
    for (const k of sampleContracts) {
      expect(k.privilegedAddresses.length).toBeGreaterThan(0);
      expect(k.privilegedFunctions.length).toBeGreaterThan(0);
      expect(k.privilegedTransactions.length).toBeGreaterThan(0);
    }
    const [m] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(projectMonitoring);
    expect(m!.n).toBe(2000);
    const series = await t.app.db.select().from(socialActivity);
    expect(series).toHaveLength(6000);
    for (const s of series.slice(0, 30)) {
      expect(s.values).toHaveLength(90);
      expect(s.startDay).toBe('2026-08-23');
    }
    const [a] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(alerts);
    expect(a!.n).toBeGreaterThan(50);
  });

  it('does not seed again when projects exist', async () => {
    expect(await seedIfEmpty(t.database.db, 50, { today: SEED_DAY })).toEqual({ seeded: false });
    const [n] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(projects);
    expect(n!.n).toBe(2000);
  });
});

describe('generated records', () => {
  it('have the shape npm run import accepts', () => {
    const ids = projectIdentities(600);
    ids.forEach((identity, i) => {
      const record = generateProject(identity, i, SEED_DAY);
      expect(ProjectRecord.safeParse(record).error).toBeUndefined();
    });
  });
});

describe('determinism', () => {
  it('makes the same data for the same count and day', async () => {
    const snapshot = async () => {
      const t = await createTestApp();
      try {
        await seedIfEmpty(t.database.db, 150, { today: SEED_DAY });
        const p = await t.app.db.select().from(projects).orderBy(asc(projects.id));
        const c = await t.app.db.select().from(contracts).orderBy(asc(contracts.address));
        const s = await t.app.db
          .select()
          .from(socialActivity)
          .orderBy(asc(socialActivity.projectId), asc(socialActivity.type));
        return JSON.stringify([p.map(({ createdAt: _c, ...rest }) => rest), c, s]);
      } finally {
        await t.close();
      }
    };
    expect(await snapshot()).toBe(await snapshot());
  }, 120_000);
});
