import { asc, desc, eq, isNotNull } from 'drizzle-orm';
import { getAddress, isAddress } from 'viem';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAIN_KIND, CHAINS, MARKET_SNAPSHOT_DATE, type Chain } from '../../api/projects';
import { Chain as ChainSchema } from '../../api/projects.schemas';
import { alerts, contracts, projectMonitoring, projects } from '../../server/db/schema/index';
import { decodeBase58, isTronAddress } from '../../server/seed/addresses';
import { EVM_CHAIN_IDS } from '../../server/seed/chains';
import { KNOWN_INCIDENTS } from '../../server/seed/facts/incidents';
import { MARKET_SNAPSHOT, SNAPSHOT_MIN_CAP_USD } from '../../server/seed/facts/market-snapshot';
import { KNOWN_LIST } from '../../server/seed/known-projects';
import { projectIdentities } from '../../server/seed/generate';
import { seedIfEmpty } from '../../server/seed/index';
import { ChainIcon } from '../../src/components/ChainIcon';
import { CHAIN_ICONS, CHAIN_NAMES, chainInitials } from '../../src/components/chains';
import { useTestApp } from '../helpers/app';
import { SEED_DAY } from '../helpers/seeded';

/**
 * Realism invariants over a seeded database (docs/monitoring.md, "Where each figure comes from"): what a crypto user knows to be true holds
 * for every known asset, and demo figures keep the market's shape.
 */

const COUNT = 500;
const t = useTestApp();
type ProjectRow = typeof projects.$inferSelect;
let rows: ProjectRow[];
const byId = (id: string) => rows.find((r) => r.id === id)!;
/** Ids of the known real projects in the seed (the rest are invented). */
const realIds = new Set(
  projectIdentities(COUNT)
    .filter((i) => i.known)
    .map((i) => i.id),
);

beforeAll(async () => {
  await seedIfEmpty(t.database.db, COUNT, { today: SEED_DAY });
  rows = await t.app.db.select().from(projects).orderBy(asc(projects.id));
}, 180_000);

/** Whether `address` has the format of an address (or contract) on `chain`. */
function hasChainFormat(chain: Chain, address: string): boolean {
  if (CHAIN_KIND[chain] === 'evm')
    return isAddress(address, { strict: false }) && getAddress(address) === address;
  if (chain === 'Solana') {
    const bytes = decodeBase58(address);
    return !!bytes && bytes.length === 32 && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address);
  }
  if (chain === 'Tron') return isTronAddress(address);
  if (chain === 'Near') return /^[a-z0-9]([a-z0-9-_.]*[a-z0-9])?\.near$/.test(address);
  return false;
}

describe('chains', () => {
  it('lets a project be on today’s major chains, with the spec’s icon set still among them', () => {
    for (const c of [
      'Ethereum',
      'Arbitrum',
      'Base',
      'Optimism',
      'BNB Chain',
      'Polygon',
      'Avalanche',
      'Solana',
      'Bitcoin',
    ]) {
      expect(CHAINS).toContain(c);
      expect(ChainSchema.safeParse(c).success).toBe(true);
    }
    for (const c of [
      'Cosmos',
      'Crypto',
      'Ethereum',
      'Fantom',
      'Heco',
      'Okex',
      'Polygon',
      'Solana',
      'Substrate',
      'Terra',
    ]) {
      expect(CHAINS).toContain(c);
    }
    for (const c of ['Cronos', 'Ferrum', 'Harmony', 'IoTeX', 'Near', 'Polkadot', 'Tron'])
      expect(CHAINS).toContain(c);
  });

  it('draws a chain outside the icon set as a neutral badge with its initials, never as another chain’s icon', () => {
    expect(CHAIN_NAMES).toHaveLength(17);
    expect(['BNB Chain', 'XRP Ledger', 'Bitcoin', 'TON', 'Base'].map(chainInitials)).toEqual([
      'BC',
      'XL',
      'Bi',
      'TO',
      'Ba',
    ]);
    for (const weight of ['fill', 'fillWithBackground']) {
      const html = renderToStaticMarkup(
        createElement(ChainIcon, { name: 'Arbitrum', weight, title: 'Arbitrum' }),
      );
      expect(html).toContain('data-chain="Arbitrum"');
      expect(html).toContain('>Ar</text>');
      expect(html).not.toContain(CHAIN_ICONS.Ethereum.path);
      expect(html).not.toContain(CHAIN_ICONS.Ethereum.color);
    }
    // The spec's seventeen keep their glyphs.
    const eth = renderToStaticMarkup(createElement(ChainIcon, { name: 'Ethereum', weight: 'fill' }));
    expect(eth).toContain(CHAIN_ICONS.Ethereum.path);
  });

  it('knows each EVM chain’s id and no id for the others', () => {
    for (const c of CHAINS) expect(c in EVM_CHAIN_IDS).toBe(CHAIN_KIND[c] === 'evm');
    expect(EVM_CHAIN_IDS).toMatchObject({
      Ethereum: 1,
      Arbitrum: 42161,
      Base: 8453,
      Optimism: 10,
      'BNB Chain': 56,
    });
    expect(EVM_CHAIN_IDS).toMatchObject({ Polygon: 137, Avalanche: 43114 });
  });

  it('has projects on Arbitrum, Base, Optimism, BNB Chain and Avalanche', async () => {
    const used = new Set(rows.flatMap((r) => r.chains));
    for (const c of ['Arbitrum', 'Base', 'Optimism', 'BNB Chain', 'Avalanche', 'Bitcoin', 'Solana'])
      expect(used).toContain(c);
    const arbitrum = await t.app.inject({ method: 'GET', url: '/api/leaderboard?chain=Arbitrum&pageSize=5' });
    expect(arbitrum.statusCode).toBe(200);
    expect(arbitrum.json().total).toBeGreaterThan(0);
  });
});

describe('identity of known assets', () => {
  it('lists the well-known projects that were missing, with their true kind and chains', () => {
    expect(byId('lido-dao')).toMatchObject({
      name: 'Lido DAO',
      kind: 'Liquid staking',
      tokenTickers: ['LDO'],
    });
    expect(byId('arbitrum')).toMatchObject({ kind: 'Layer 2', tokenTickers: ['ARB'] });
    expect(byId('arbitrum').chains[0]).toBe('Arbitrum');
    expect(byId('optimism')).toMatchObject({ kind: 'Layer 2', tokenTickers: ['OP'], chains: ['Optimism'] });
    expect(byId('pepe')).toMatchObject({ kind: 'Meme', tokenTickers: ['PEPE'] });
    expect(byId('shiba-inu')).toMatchObject({ kind: 'Meme', tokenTickers: ['SHIB'] });
    expect(byId('aave').name).toBe('Aave');
  });

  it('shows a non-EVM asset on its own chain, with no 0x contract', async () => {
    const own: [string, Chain][] = [
      ['bitcoin', 'Bitcoin'],
      ['xrp', 'XRP Ledger'],
      ['dogecoin', 'Dogecoin'],
      ['litecoin', 'Litecoin'],
      ['monero', 'Monero'],
      ['solana', 'Solana'],
      ['cardano', 'Cardano'],
    ];
    for (const [id, chain] of own) {
      const p = byId(id);
      expect(p.chains, id).toEqual([chain]);
      expect(p.logo).not.toBe('/logos/eth.svg');
      const cs = await t.app.db.select().from(contracts).where(eq(contracts.projectId, id));
      expect(cs, id).toEqual([]);
      const detail = (await t.app.inject({ method: 'GET', url: `/api/projects/${id}` })).json();
      expect(detail.chains).toEqual([chain]);
      expect(detail.contracts).toEqual([]);
    }
  });

  it('gives known tokens their true addresses per chain (EIP-55 as shown; EVM keys stored lower-case)', async () => {
    // The contracts table keys EVM contracts lower-case (the indexer and skynet routes look them up so); shown
    // EIP-55 checksummed.
    const shown = (chain: string, address: string) =>
      CHAIN_KIND[chain as Chain] === 'evm' ? getAddress(address) : address;
    const of = async (id: string) =>
      Object.fromEntries(
        (await t.app.db.select().from(contracts).where(eq(contracts.projectId, id))).map((c) => [
          c.chain,
          shown(c.chain, c.address),
        ]),
      );
    expect(await of('usd-coin')).toMatchObject({
      Ethereum: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      Base: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      Arbitrum: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      Solana: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    });
    expect(await of('tether')).toMatchObject({
      Ethereum: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      Tron: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    expect(await of('uniswap')).toMatchObject({ Ethereum: '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984' });
    expect(await of('optimism')).toEqual({ Optimism: '0x4200000000000000000000000000000000000042' });
    const usdc = await t.app.db
      .select()
      .from(contracts)
      .where(eq(contracts.address, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'.toLowerCase()));
    expect(usdc[0]!.label).toBe('USDC token, 6 decimals');
  });

  it('writes every contract and account address in its chain’s format', async () => {
    const all = await t.app.db.select().from(contracts);
    expect(all.length).toBeGreaterThan(COUNT / 2);
    for (const c of all) {
      const chain = c.chain as Chain;
      if (CHAIN_KIND[chain] === 'evm') expect(c.address).toMatch(/^0x[0-9a-f]{40}$/);
      const address = CHAIN_KIND[chain] === 'evm' ? getAddress(c.address) : c.address;
      expect(hasChainFormat(chain, address), `${c.projectId} ${chain} ${c.address}`).toBe(true);
      for (const a of c.privilegedAddresses)
        expect(hasChainFormat(chain, a.address), `${chain} ${a.address}`).toBe(true);
      for (const tx of c.privilegedTransactions) expect(hasChainFormat(chain, tx.from)).toBe(true);
      // A contract is on one of its project's chains.
      expect(byId(c.projectId).chains).toContain(chain);
    }
  });

  it('never puts an EVM contract on an asset native to a chain that is not EVM', async () => {
    const natives = KNOWN_LIST.filter((k) => k.native && CHAIN_KIND[k.chains[0]!] === 'other');
    expect(natives.length).toBeGreaterThan(15);
    const ids = new Set(rows.filter((r) => natives.some((k) => k.name === r.name)).map((r) => r.id));
    expect(ids.size).toBeGreaterThan(15);
    const all = await t.app.db.select({ projectId: contracts.projectId }).from(contracts);
    for (const c of all) expect(ids.has(c.projectId)).toBe(false);
  });
});

describe('market snapshot', () => {
  it('is dated, and orders the largest assets as the market does', () => {
    expect(MARKET_SNAPSHOT_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(MARKET_SNAPSHOT.length).toBeGreaterThanOrEqual(50);
    expect(MARKET_SNAPSHOT.slice(0, 3).map((e) => e.symbol)).toEqual(['BTC', 'ETH', 'USDT']);
    for (const e of MARKET_SNAPSHOT.filter((x) => x.peg === 'USD')) {
      expect(Math.abs(e.priceUsd - 1), e.symbol).toBeLessThanOrEqual(0.01);
    }
  });

  it('sets the market caps of the seed’s largest projects, and keeps every other one below them', async () => {
    const top = await t.app.db
      .select()
      .from(projects)
      .where(isNotNull(projects.marketCapUsd))
      .orderBy(desc(projects.marketCapUsd))
      .limit(3);
    expect(top.map((p) => p.id)).toEqual(['bitcoin', 'ethereum', 'tether']);
    expect(byId('bitcoin').marketCapUsd).toBeGreaterThan(byId('ethereum').marketCapUsd! * 2);
    expect(byId('usd-coin').marketCapUsd).toBeLessThan(byId('ethereum').marketCapUsd!);
    expect(byId('chainlink').marketCapUsd).toBeLessThan(50e9);
    const inSnapshot = new Set(MARKET_SNAPSHOT.map((e) => e.name));
    for (const r of rows) {
      if (!inSnapshot.has(r.name) && r.marketCapUsd != null)
        expect(r.marketCapUsd, r.id).toBeLessThan(SNAPSHOT_MIN_CAP_USD);
    }
  });

  it('says where market figures come from: the snapshot’s date, or demo data', async () => {
    const btc = (await t.app.inject({ method: 'GET', url: '/api/projects/bitcoin' })).json();
    expect(btc.marketDataAsOf).toBe(MARKET_SNAPSHOT_DATE);
    expect(btc.demo).toEqual({ market: false, social: true, monitoring: true });
    const invented = rows.find((r) => !realIds.has(r.id))!;
    const page = (await t.app.inject({ method: 'GET', url: `/api/projects/${invented.id}` })).json();
    expect(page.marketDataAsOf).toBeNull();
    expect(page.demo).toEqual({ market: true, social: true, monitoring: true });
  });

  it('keeps stablecoins near their peg: low volatility and slippage', async () => {
    const res = (await t.app.inject({ method: 'GET', url: '/api/projects/tether' })).json();
    expect(res.name).toBe('Tether');
    const stables = rows.filter((r) => r.kind === 'Stablecoin');
    expect(stables.length).toBeGreaterThan(3);
    const { projectSignals } = await import('../../server/db/schema/index');
    for (const s of stables) {
      const [sig] = await t.app.db.select().from(projectSignals).where(eq(projectSignals.projectId, s.id));
      expect(sig!.values.volatility30dPct, s.id).toBeLessThanOrEqual(3);
    }
  });
});

describe('demo figures that respect reality', () => {
  it('pins no incident on a real project unless it is on the shipped list, with its source', async () => {
    const all = await t.app.db
      .select({ a: alerts, p: projects })
      .from(alerts)
      .innerJoin(projects, eq(projects.id, alerts.projectId));
    expect(all.length).toBeGreaterThan(0);
    const listed = new Set(KNOWN_INCIDENTS.map((i) => i.title));
    for (const { a, p } of all) {
      if (!realIds.has(p.id)) continue;
      expect(listed.has(a.title), `${p.name}: ${a.title}`).toBe(true);
      expect(a.description).toMatch(/Source: https:\/\//);
    }
    expect(all.some(({ p }) => !realIds.has(p.id))).toBe(true);
    expect(all.some(({ a }) => a.title === 'Curve: Vyper re-entrancy exploit')).toBe(true);
    for (const { p } of all) expect(p.name).not.toBe('LBRY Credits');
  });

  it('gives invented projects invented names, and real projects their curated ones', () => {
    const invented = rows.filter((r) => !realIds.has(r.id));
    const real = new Set<string>();
    for (const k of KNOWN_LIST) if (k.name) real.add(k.name.toLowerCase());
    expect(invented.length).toBeGreaterThan(COUNT / 2);
    for (const r of invented) {
      expect(r.website === null || r.website.endsWith('.example')).toBe(true);
      expect(real.has(r.name.toLowerCase())).toBe(false);
      expect(r.logo).toBe(`/logos/gen/${r.id}.svg`);
    }
    expect(byId('bitcoin').website).toBe('https://bitcoin.org');
  });

  it('shows monitoring figures that fit the project’s kind and chain', async () => {
    const m = async (id: string) =>
      (await t.app.db.select().from(projectMonitoring).where(eq(projectMonitoring.projectId, id)))[0]!;
    const uni = await m('uniswap');
    const uniEvents = uni.topEvents.map((e) => e.name);
    for (const e of ['Paused', 'Upgraded', 'Borrow', 'Repay']) expect(uniEvents).not.toContain(e);
    expect(uniEvents).toContain('Transfer');
    const uniCalls = uni.topFunctionCalls.map((c) => c.name).join(' ');
    expect(uniCalls).not.toMatch(/borrow|repay/);
    const venues = uni.exchanges.map((e) => e.exchange);
    for (const v of ['Raydium', 'Orca', 'Meteora']) expect(venues).not.toContain(v);
    // A coin of its own chain has no contract activity to show.
    const btc = await m('bitcoin');
    expect(btc.topEvents).toEqual([]);
    expect(btc.topFunctionCalls).toEqual([]);
    for (const v of btc.exchanges.map((e) => e.exchange))
      expect(v).not.toMatch(/Uniswap|Curve|Raydium|Orca|PancakeSwap/);
    // Lending calls only on lending projects.
    const all = await t.app.db
      .select({ m: projectMonitoring, p: projects })
      .from(projectMonitoring)
      .innerJoin(projects, eq(projects.id, projectMonitoring.projectId));
    for (const { m: x, p } of all) {
      if (p.kind !== 'Lending')
        expect(x.topFunctionCalls.some((c) => c.name.startsWith('borrow('))).toBe(false);
      if (!p.chains.includes('Solana')) expect(x.exchanges.some((e) => e.exchange === 'Raydium')).toBe(false);
    }
  });

  it('dates known assets from their launch year', async () => {
    const { projectSignals } = await import('../../server/db/schema/index');
    const age = async (id: string) =>
      (await t.app.db.select().from(projectSignals).where(eq(projectSignals.projectId, id)))[0]!.values
        .projectAgeDays!;
    const years = (d: number) => d / 365.25;
    expect(years(await age('uniswap'))).toBeGreaterThan(5);
    expect(years(await age('uniswap'))).toBeLessThan(7);
    expect(years(await age('bitcoin'))).toBeGreaterThan(16);
    expect(years(await age('pepe'))).toBeLessThan(4);
  });
});
