import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Methodology, Peers, ScoreBreakdown, ScoreHistory } from '../../api/ratings';
import {
  Methodology as MethodologySchema,
  Peers as PeersSchema,
  ScoreBreakdown as BreakdownSchema,
  ScoreHistory as HistorySchema,
} from '../../api/ratings.schemas';
import { projectSignals, scoreSnapshots } from '../../server/db/schema/index';
import {
  CATEGORIES,
  epochDay,
  METHODOLOGY_VERSION,
  rate,
  SIGNALS,
  signalDefinition,
  UNAUDITED_CODE_SECURITY_MAX,
} from '../../server/ratings/methodology';
import type { TestApp } from '../helpers/app';
import { projectRow, snapshotRow, subScoresAt } from '../helpers/projects';
import { createAppWithProjects } from '../helpers/seeded';

/** The public ratings routes read the stored signals and snapshots (the source of truth). */

const DAY = 86_400_000;
const NOW = Date.now();
const ago = (days: number) => new Date(NOW - days * DAY);
const dex = (id: string, score: number, market: number, chains = ['Ethereum']) =>
  projectRow(id, {
    name: id.toUpperCase(),
    kind: 'DEX',
    chains,
    score,
    tier: 'BBB',
    subScores: { ...subScoresAt(score), marketStability: market },
  });

/** An unaudited project whose code security would be above the cap; its last audit 12 months ago. */
const VALUES = {
  auditCount: 0,
  lastAuditDay: epochDay(ago(370)),
  openFindings: 0,
  bugBountyUsd: 10_000_000,
  highRiskFunctions: 0,
  marketCapUsd: 5e8,
  teamKyc: 1,
} as Record<string, number | null>;

/** What the stored audit day normalises to 60 days ago (the marker below moved to it). */
const FRESHNESS_60D =
  Math.round(signalDefinition('lastAuditDay')!.normalise(VALUES.lastAuditDay!, ago(60)) * 10) / 10;

/** Unaudited but otherwise spotless code: above the cap before it applies. */
const CAPPED = { ...VALUES, lastAuditDay: epochDay(ago(20)) };

let t: TestApp;
beforeAll(async () => {
  t = await createAppWithProjects([
    dex('rt-main', 60, 55),
    dex('rt-low', 40, 20),
    dex('rt-high', 80, 90),
    dex('rt-base', 70, 60, ['Base', 'Ethereum']),
    { ...dex('rt-l1', 50, 50), kind: 'Layer 1' },
    { ...dex('rt-bare', 30, 30), kind: 'Layer 1' },
  ]);
  await t.app.db.insert(projectSignals).values([
    { projectId: 'rt-main', values: VALUES, computedAt: ago(1) },
    { projectId: 'rt-high', values: CAPPED, computedAt: ago(1) },
  ]);
  const snap = (
    days: number,
    score: number,
    moves: { signal: string; from: number; to: number; delta: number }[],
  ) => snapshotRow('rt-main', ago(days), score, { tier: 'BBB', moves });
  await t.app.db.insert(scoreSnapshots).values([
    snap(200, 50, []),
    snap(120, 55, [{ signal: 'sentiment', from: 40, to: 60, delta: 1.2 }]),
    snap(60, 58, [
      { signal: 'devCommits90d', from: 40, to: 45, delta: 0.3 },
      { signal: 'lastAuditDay', from: 100, to: FRESHNESS_60D, delta: -6.2 },
    ]),
    snap(10, 60, [{ signal: 'liquidityUsd', from: 50, to: 60, delta: 0.5 }]),
    snap(5, 60, []),
  ]);
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** A public read: answered 200, cacheable for a minute, and in the shape its schema gives. */
async function publicRead<T>(url: string, schema: { parse: (body: unknown) => unknown }): Promise<T> {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=60');
  return schema.parse(res.json()) as T;
}

describe('GET /api/projects/:id/score-history', () => {
  it('starts with the last snapshot before the range, then every snapshot inside it, oldest first', async () => {
    const body = await publicRead<ScoreHistory>(
      '/api/projects/rt-main/score-history?range=90d',
      HistorySchema,
    );
    expect(body.range).toBe('90d');
    expect(body.points.map((p) => p.score)).toEqual([55, 58, 60, 60]);
    expect(body.points[0]!.at).toBe(ago(120).toISOString());
  });

  it('names the signal that moved most at each snapshot with moves, in words', async () => {
    const body = (await get('/api/projects/rt-main/score-history?range=90d')).json() as ScoreHistory;
    expect(body.markers).toHaveLength(2);
    expect(body.markers[0]).toMatchObject({ signal: 'lastAuditDay', category: 'codeSecurity', delta: -6.2 });
    // Described as of the snapshot: 370 − 60 days after the audit is 10 months.
    expect(body.markers[0]!.label).toBe('Audit freshness −6.2: no audit for 10 months');
    // The stored liquidity is unknown now (normalised 0), not the 60 it moved to: the label says the move itself.
    expect(body.markers[1]!.label).toBe('Liquidity +0.5: normalised 50 → 60');
  });

  it('defaults to 90 days, and narrows to 30 and widens to 180', async () => {
    const d = (await get('/api/projects/rt-main/score-history')).json() as ScoreHistory;
    expect(d.range).toBe('90d');
    const m = (await get('/api/projects/rt-main/score-history?range=30d')).json() as ScoreHistory;
    expect(m.points.map((p) => p.score)).toEqual([58, 60, 60]);
    const h = (await get('/api/projects/rt-main/score-history?range=180d')).json() as ScoreHistory;
    expect(h.points.map((p) => p.score)).toEqual([50, 55, 58, 60, 60]);
    expect(h.markers.map((x) => x.signal)).toEqual(['sentiment', 'lastAuditDay', 'liquidityUsd']);
  });

  it('is empty for a project without snapshots', async () => {
    const body = (await get('/api/projects/rt-low/score-history?range=30d')).json() as ScoreHistory;
    expect(body).toEqual({ projectId: 'rt-low', range: '30d', points: [], markers: [] });
  });

  it('refuses an unknown range with a 400 naming the field, and an unknown project with a 404', async () => {
    const bad = await get('/api/projects/rt-main/score-history?range=7d');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'ValidationError', fields: { range: expect.any(String) } });
    const missing = await get('/api/projects/nope/score-history?range=30d');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'NotFound' });
    expect(missing.headers['cache-control']).not.toBe('public, max-age=60');
  });
});

describe('GET /api/projects/:id/score-breakdown', () => {
  it('computes every category and signal from the stored signals, as of their computation', async () => {
    const body = await publicRead<ScoreBreakdown>('/api/projects/rt-main/score-breakdown', BreakdownSchema);
    const rating = rate(VALUES, ago(1));
    expect(body.score).toBe(rating.score);
    expect(body.tier).toBe(rating.tier);
    expect(body.methodologyVersion).toBe(METHODOLOGY_VERSION);
    expect(body.computedAt).toBe(ago(1).toISOString());
    expect(body.categories.map((c) => c.key)).toEqual(CATEGORIES.map((c) => c.key));
    expect(body.categories.flatMap((c) => c.signals.map((s) => s.key))).toEqual(
      CATEGORIES.flatMap((c) => SIGNALS.filter((s) => s.category === c.key).map((s) => s.key)),
    );
    for (const c of body.categories) expect(c.score).toBe(rating.subScores[c.key]);
    const code = body.categories[0]!;
    expect(code.label).toBe('Code Security');
    expect(code.weight).toBe(0.25);
    const freshness = code.signals.find((s) => s.key === 'lastAuditDay')!;
    expect(freshness).toMatchObject({ label: 'Audit freshness', display: 'no audit for 12 months' });
    expect(freshness.contribution).toBe(rating.signals.find((s) => s.key === 'lastAuditDay')!.contribution);
    const unknown = body.categories.flatMap((c) => c.signals).find((s) => s.key === 'sentiment')!;
    expect(unknown).toMatchObject({ raw: null, display: 'not known', normalized: 50 });
  });

  it('says when a category is capped (unaudited code)', async () => {
    const body = (await get('/api/projects/rt-high/score-breakdown')).json() as ScoreBreakdown;
    const rating = rate(CAPPED, ago(1));
    expect(rating.capped).toContain('codeSecurity');
    expect(body.categories[0]!.score).toBe(UNAUDITED_CODE_SECURITY_MAX);
    const uncapped = (await get('/api/projects/rt-main/score-breakdown')).json() as ScoreBreakdown;
    expect(uncapped.categories[0]!.cap).toBeNull();
    expect(body.categories[0]!.cap).toBe(
      `Capped at ${UNAUDITED_CODE_SECURITY_MAX} until an audit is completed`,
    );
    expect(body.categories.slice(1).every((c) => c.cap === null)).toBe(true);
  });

  it('is a 404 for an unknown project and for one without signals', async () => {
    expect((await get('/api/projects/nope/score-breakdown')).statusCode).toBe(404);
    expect((await get('/api/projects/rt-low/score-breakdown')).statusCode).toBe(404);
  });
});

describe('GET /api/projects/:id/peers', () => {
  it('places the project among its kind and its main chain', async () => {
    const body = await publicRead<Peers>('/api/projects/rt-main/peers', PeersSchema);
    expect(body).toMatchObject({ kind: 'DEX', chain: 'Ethereum', kindCount: 4, chainCount: 5 });
    // DEX scores 40, 60, 70, 80: rt-main (60) is at or above 2 of 4. Every kind with Ethereum first
    // (40, 60, 80, 50, 30; rt-base is on Base first): at or above 4 of 5.
    expect(body.kindPercentile).toBe(50);
    expect(body.chainPercentile).toBe(80);
    expect(body.points[0]).toEqual({ id: 'rt-main', name: 'RT-MAIN', score: 60, marketScore: 55 });
    expect(body.points.map((p) => p.id).sort()).toEqual(['rt-base', 'rt-high', 'rt-low', 'rt-main']);
    expect(body.points.find((p) => p.id === 'rt-high')!.marketScore).toBe(90);
  });

  it('keeps to the same kind, and 404s an unknown project', async () => {
    const body = (await get('/api/projects/rt-l1/peers')).json() as Peers;
    expect(body.points.map((p) => p.id).sort()).toEqual(['rt-bare', 'rt-l1']);
    expect(body.kindPercentile).toBe(100);
    expect((await get('/api/projects/nope/peers')).statusCode).toBe(404);
  });
});

describe('GET /api/methodology', () => {
  it('publishes every category and signal with its weight and normalisation, tiers and the cap', async () => {
    const body = await publicRead<Methodology>('/api/methodology', MethodologySchema);
    expect(body.version).toBe(METHODOLOGY_VERSION);
    expect(body.categories.map((c) => [c.key, c.weight])).toEqual(CATEGORIES.map((c) => [c.key, c.weight]));
    const signals = body.categories.flatMap((c) => c.signals);
    expect(signals).toHaveLength(SIGNALS.length);
    for (const c of body.categories) {
      expect(c.signals.length).toBeGreaterThanOrEqual(4);
      expect(c.signals.reduce((s, x) => s + x.weight, 0)).toBeCloseTo(1);
    }
    expect(signals.find((s) => s.key === 'lastAuditDay')).toMatchObject({
      label: 'Audit freshness',
      normalisation: expect.stringContaining('36 months'),
    });
    expect(body.tiers[0]).toEqual({ tier: 'AAA', min: 90 });
    expect(body.tiers.at(-1)).toEqual({ tier: 'CCC', min: 0 });
    expect(body.unauditedCodeSecurityMax).toBe(UNAUDITED_CODE_SECURITY_MAX);
  });
});
