import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_HOLDINGS, type Portfolio, type WalletImport } from '../../api/portfolio';
import { holdings, projects } from '../../server/db/schema/index';
import { DEMO_WALLETS, seedWalletTokensIfEmpty } from '../../server/seed/wallets';
import { createTestApp, type TestApp } from '../helpers/app';
import { projectRow } from '../helpers/projects';
import { createAppWithProjects } from '../helpers/seeded';
import { anonymous, signIn, type Client } from '../helpers/signed-in';

/** Holdings, their exposure by tier and risk band, riskiest first, and the wallet import. */

const flagsFile = (on: boolean) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'flags-')), 'flags.json');
  writeFileSync(
    file,
    JSON.stringify({
      flags: {
        portfolio: {
          state: 'ENABLED',
          variants: { on: true, off: false },
          defaultVariant: on ? 'on' : 'off',
        },
      },
    }),
  );
  return file;
};

const PROJECTS = [
  projectRow('pf-safe', { name: 'Safe', score: 90, tier: 'AAA', rank: 1 }),
  projectRow('pf-mid', { name: 'Middle', score: 60, tier: 'BBB', rank: 2 }),
  projectRow('pf-risky', { name: 'Risky', score: 20, tier: 'CCC', rank: 3 }),
];

let t: TestApp;
let user: Client;
beforeAll(async () => {
  t = await createAppWithProjects(PROJECTS, { FLAGS_FILE: flagsFile(true) });
  await seedWalletTokensIfEmpty(t.app.db);
  user = await signIn(t.app);
});
afterAll(async () => t?.close());

const set = (client: Client, payload: unknown) =>
  client.inject({ method: 'POST', url: '/api/portfolio/holdings', payload: payload as object });
const portfolio = async (client: Client) =>
  (await client.inject({ method: 'GET', url: '/api/portfolio' })).json() as Portfolio;

describe('holdings', () => {
  it('adds, replaces and deletes holdings, and adds up the exposure, riskiest first', async () => {
    expect((await set(user, { projectId: 'pf-safe', amountUsd: 6000 })).statusCode).toBe(200);
    expect((await set(user, { projectId: 'pf-risky', amountUsd: 1000 })).statusCode).toBe(200);
    const res = await set(user, { projectId: 'pf-mid', amountUsd: 3000 });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Portfolio;
    // At risk: Safe 6000×0.1 = 600, Middle 3000×0.4 = 1200, Risky 1000×0.8 = 800.
    expect(body.holdings.map((h) => [h.id, h.amountUsd, h.atRiskUsd, h.share, h.source])).toEqual([
      ['pf-mid', 3000, 1200, 0.3, 'manual'],
      ['pf-risky', 1000, 800, 0.1, 'manual'],
      ['pf-safe', 6000, 600, 0.6, 'manual'],
    ]);
    expect(body.exposure).toMatchObject({
      totalUsd: 10000,
      atRiskUsd: 2600,
      valueWeightedScore: 74, // (90×6000 + 60×3000 + 20×1000) / 10000
      risk: 'medium',
    });
    expect(body.exposure.byTier).toEqual([
      { tier: 'AAA', amountUsd: 6000, share: 0.6 },
      { tier: 'AA', amountUsd: 0, share: 0 },
      { tier: 'A', amountUsd: 0, share: 0 },
      { tier: 'BBB', amountUsd: 3000, share: 0.3 },
      { tier: 'BB', amountUsd: 0, share: 0 },
      { tier: 'B', amountUsd: 0, share: 0 },
      { tier: 'CCC', amountUsd: 1000, share: 0.1 },
    ]);
    expect(body.exposure.byRisk).toEqual([
      { risk: 'high', amountUsd: 1000, share: 0.1 },
      { risk: 'medium', amountUsd: 3000, share: 0.3 },
      { risk: 'low', amountUsd: 6000, share: 0.6 },
    ]);

    // Setting a holding again replaces its amount; deleting removes it; both survive as stored rows.
    await set(user, { projectId: 'pf-risky', amountUsd: 4000 });
    const replaced = await portfolio(user);
    expect(replaced.holdings[0]).toMatchObject({ id: 'pf-risky', amountUsd: 4000, atRiskUsd: 3200 });
    const deleted = await user.inject({
      method: 'POST',
      url: '/api/portfolio/holdings/delete',
      payload: { projectId: 'pf-risky' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((deleted.json() as Portfolio).holdings.map((h) => h.id)).toEqual(['pf-mid', 'pf-safe']);
    const stored = await t.app.db.select().from(holdings).where(eq(holdings.userId, user.username));
    expect(stored.map((h) => h.projectId).sort()).toEqual(['pf-mid', 'pf-safe']);
  });

  it('answers bad input with a 4xx naming the field, and writes nothing', async () => {
    const fresh = await signIn(t.app);
    for (const [payload, status, field] of [
      [{ projectId: 'pf-safe' }, 400, 'amountUsd'],
      [{ projectId: 'pf-safe', amountUsd: 0 }, 400, 'amountUsd'],
      [{ projectId: 'pf-safe', amountUsd: -5 }, 400, 'amountUsd'],
      [{ projectId: 'pf-safe', amountUsd: '12' }, 400, 'amountUsd'],
      [{ projectId: 'pf-safe', amountUsd: 1e13 }, 400, 'amountUsd'],
      [{ projectId: '', amountUsd: 10 }, 400, 'projectId'],
      [{ projectId: '__proto__', amountUsd: 10 }, 404, undefined],
      [{ projectId: 'no-such-project', amountUsd: 10 }, 404, undefined],
    ] as const) {
      const res = await set(fresh, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      if (field) expect(res.json().fields, JSON.stringify(payload)).toHaveProperty(field);
    }
    expect(await t.app.db.select().from(holdings).where(eq(holdings.userId, fresh.username))).toEqual([]);
  });

  it("keeps each user's holdings to themselves", async () => {
    const other = await signIn(t.app);
    await set(other, { projectId: 'pf-safe', amountUsd: 1 });
    expect((await portfolio(other)).holdings.map((h) => h.amountUsd)).toEqual([1]);
    expect((await portfolio(user)).holdings.find((h) => h.id === 'pf-safe')?.amountUsd).toBe(6000);
    // Deleting "their" holding only ever touches your own.
    await other.inject({
      method: 'POST',
      url: '/api/portfolio/holdings/delete',
      payload: { projectId: 'pf-mid' },
    });
    expect((await portfolio(user)).holdings.map((h) => h.id)).toContain('pf-mid');
  });

  it('refuses writes without a session or without the CSRF token', async () => {
    const visitor = await anonymous(t.app).inject({
      method: 'POST',
      url: '/api/portfolio/holdings',
      payload: { projectId: 'pf-safe', amountUsd: 5 },
    });
    expect(visitor.statusCode).toBe(401);
    const cookie = [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio/holdings',
      headers: { cookie },
      payload: { projectId: 'pf-safe', amountUsd: 5 },
    });
    expect(noToken.statusCode).toBe(403);
    expect((await portfolio(user)).holdings.find((h) => h.id === 'pf-safe')?.amountUsd).toBe(6000);
  });
});

describe('importing from wallets', () => {
  it('imports what the token index knows of the demo wallets, reports unknown ones, and keeps entered amounts', async () => {
    const owner = await signIn(t.app);
    const demo = DEMO_WALLETS[0].toUpperCase().replace('0X', '0x');
    expect(
      (await owner.inject({ method: 'POST', url: '/api/user/wallets', payload: { walletAddress: demo } }))
        .statusCode,
    ).toBe(201);
    const unknown = '0x52908400098527886E0F7030069857D2E4169EE7';
    await owner.inject({ method: 'POST', url: '/api/user/wallets', payload: { walletAddress: unknown } });

    const known = await t.app.db.query.walletTokens.findMany({
      where: (w, { eq: is }) => is(w.walletAddress, DEMO_WALLETS[0]),
    });
    expect(known.length).toBeGreaterThanOrEqual(1);
    const [first] = known;
    await set(owner, { projectId: first!.projectId, amountUsd: 123 });

    const res = await owner.inject({ method: 'POST', url: '/api/portfolio/import-wallets', payload: {} });
    expect(res.statusCode).toBe(200);
    const body = res.json() as WalletImport;
    expect(body.unknownWallets).toEqual([unknown]);
    expect(body.imported).toBe(known.length - 1);
    const byId = new Map(body.portfolio.holdings.map((h) => [h.id, h]));
    expect(byId.get(first!.projectId)).toMatchObject({ amountUsd: 123, source: 'manual' });
    for (const token of known.slice(1))
      expect(byId.get(token.projectId)).toMatchObject({ amountUsd: token.amountUsd, source: 'wallet' });

    // Importing again replaces the imported holdings, it does not add them twice.
    const again = (
      await owner.inject({ method: 'POST', url: '/api/portfolio/import-wallets', payload: {} })
    ).json() as WalletImport;
    expect(again.portfolio.exposure.totalUsd).toBe(body.portfolio.exposure.totalUsd);
  });
});

describe('the holdings limit', () => {
  it(`refuses a holding past ${MAX_HOLDINGS} with a 409 and keeps the holdings as they were`, async () => {
    const owner = await signIn(t.app);
    const ids = Array.from({ length: MAX_HOLDINGS + 1 }, (_, i) => `pf-cap-${i}`);
    await t.app.db
      .insert(projects)
      .values(ids.map((id, i) => projectRow(id, { name: `Cap ${i}`, score: 50, tier: 'BB', rank: null })));
    await t.app.db.insert(holdings).values(
      ids.slice(0, MAX_HOLDINGS).map((projectId) => ({
        userId: owner.username,
        projectId,
        amountUsd: 1,
        source: 'manual' as const,
      })),
    );
    const refused = await set(owner, { projectId: ids[MAX_HOLDINGS], amountUsd: 5 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: `You can keep at most ${MAX_HOLDINGS} holdings.` });
    const after = await portfolio(owner);
    expect(after.holdings).toHaveLength(MAX_HOLDINGS);
    expect(after.holdings.map((h) => h.id)).not.toContain(ids[MAX_HOLDINGS]);
    // At the limit, a kept holding can still be changed: the limit counts holdings, not writes.
    expect((await set(owner, { projectId: ids[0], amountUsd: 7 })).statusCode).toBe(200);
  });
});

describe('without the portfolio flag', () => {
  it('answers every portfolio route with a 404', async () => {
    const off = await createTestApp({ FLAGS_FILE: flagsFile(false) });
    try {
      const u = await signIn(off.app);
      for (const [method, url] of [
        ['GET', '/api/portfolio'],
        ['POST', '/api/portfolio/holdings'],
        ['POST', '/api/portfolio/holdings/delete'],
        ['POST', '/api/portfolio/import-wallets'],
      ] as const) {
        const res = await u.inject({
          method,
          url,
          payload: method === 'POST' ? { projectId: 'x', amountUsd: 1 } : undefined,
        });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});
