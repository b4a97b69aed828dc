import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comparison } from '../../api/compare';
import { Comparison as ComparisonSchema } from '../../api/compare.schemas';
import { projectSignals, scoreSnapshots } from '../../server/db/schema/index';
import { epochDay } from '../../server/ratings/methodology';
import type { TestApp } from '../helpers/app';
import { projectRow, snapshotRow, subScoresAt } from '../helpers/projects';
import { createAppWithProjects } from '../helpers/seeded';

const DAY = 86_400_000;
const NOW = Date.now();
const ago = (days: number) => new Date(NOW - days * DAY);
const row = (id: string, name: string, score: number, tier: string) =>
  projectRow(id, {
    name,
    kind: 'DEX',
    tokenTickers: [id.toUpperCase()],
    score,
    tier,
    subScores: { ...subScoresAt(score), codeSecurity: score - 5 },
  });

/** Two projects that differ most on audits and the bug bounty, and agree on team KYC. */
const AUDITED = { auditCount: 3, lastAuditDay: epochDay(ago(30)), bugBountyUsd: 5_000_000, teamKyc: 1 };
const BARE = { auditCount: 0, lastAuditDay: null, bugBountyUsd: 0, teamKyc: 1 };

let t: TestApp;
beforeAll(async () => {
  t = await createAppWithProjects([
    row('cmp-a', 'Alpha', 81.2, 'AA'),
    row('cmp-b', 'Beta', 55, 'BB'),
    row('cmp-c', 'Gamma', 62, 'BBB'),
  ]);
  await t.app.db.insert(projectSignals).values([
    { projectId: 'cmp-a', values: AUDITED, computedAt: ago(1) },
    { projectId: 'cmp-b', values: BARE, computedAt: ago(1) },
  ]);
  const snap = (projectId: string, days: number, score: number, tier: string) =>
    snapshotRow(projectId, ago(days), score, { tier });
  await t.app.db
    .insert(scoreSnapshots)
    .values([
      snap('cmp-a', 200, 70, 'A'),
      snap('cmp-a', 40, 78, 'A'),
      snap('cmp-a', 5, 81.2, 'AA'),
      snap('cmp-b', 20, 55, 'BB'),
    ]);
});
afterAll(async () => t?.close());

const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/compare${query}` });

describe('GET /api/compare', () => {
  it('answers the projects in the order asked, with their scores, tiers, categories and 90-day histories', async () => {
    const res = await get('?ids=cmp-b,cmp-a');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Comparison;
    expect(ComparisonSchema.safeParse(body).success).toBe(true);
    expect(body.projects.map((p) => [p.id, p.name, p.score, p.tier])).toEqual([
      ['cmp-b', 'Beta', 55, 'BB'],
      ['cmp-a', 'Alpha', 81.2, 'AA'],
    ]);
    expect(body.projects[1]!.subScores.codeSecurity).toBe(76.2);
    // The computation before the range starts the line (70), then the two inside it.
    expect(body.projects[1]!.history.map((p) => p.score)).toEqual([70, 78, 81.2]);
    expect(body.projects[0]!.history.map((p) => p.score)).toEqual([55]);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('lists the signals that differ most, largest spread first, leaving out those they agree on', async () => {
    const body = (await get('?ids=cmp-a,cmp-b')).json() as Comparison;
    const keys = body.signals.map((s) => s.key);
    expect(keys).toEqual(expect.arrayContaining(['auditCount', 'lastAuditDay', 'bugBountyUsd']));
    expect(keys).not.toContain('teamKyc');
    expect(body.signals.length).toBeLessThanOrEqual(8);
    const audits = body.signals.find((s) => s.key === 'auditCount')!;
    expect(audits).toMatchObject({ label: 'Audits completed', categoryLabel: 'Code Security', spread: 90 });
    expect(audits.values).toEqual([
      expect.objectContaining({ projectId: 'cmp-a', raw: 3, normalized: 90, display: '3 completed audits' }),
      expect.objectContaining({ projectId: 'cmp-b', raw: 0, normalized: 0, display: 'no completed audit' }),
    ]);
    for (let i = 1; i < body.signals.length; i++)
      expect(body.signals[i - 1]!.spread).toBeGreaterThanOrEqual(body.signals[i]!.spread);
  });

  it('shows no signals when fewer than two of the projects have stored signals', async () => {
    const body = (await get('?ids=cmp-a,cmp-c')).json() as Comparison;
    expect(body.projects).toHaveLength(2);
    expect(body.signals).toEqual([]);
  });

  it.each([
    ['one id', '?ids=cmp-a', 'at least 2'],
    ['five ids', '?ids=cmp-a,cmp-b,cmp-c,x,y', 'at most 4'],
    ['a duplicated id', '?ids=cmp-a,cmp-a', 'once'],
    ['an empty id', '?ids=cmp-a,,cmp-b', 'separated by commas'],
    ['a control character', '?ids=cmp-a,cmp%01b', 'separated by commas'],
    ['a NUL byte', '?ids=cmp-a,cmp%00b', 'NUL'],
    ['no ids', '', ''],
  ])('refuses %s with a 400 naming ids', async (_label, query, words) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { error: string; message: string; fields: Record<string, string> };
    expect(Object.keys(body.fields)).toEqual(['ids']);
    expect(body.message).toContain('ids');
    expect(body.fields.ids).toContain(words);
  });

  it('answers 404 naming the unknown id', async () => {
    const res = await get('?ids=cmp-a,no-such-project');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      error: 'NotFound',
      message: 'No project with id "no-such-project".',
      fields: { ids: 'No project with id "no-such-project"' },
    });
  });

  it('is in the OpenAPI document with its query and answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        { get?: { operationId?: string; parameters?: { name: string }[]; tags?: string[] } }
      >;
    };
    const op = doc.paths['/api/compare']?.get;
    expect(op?.operationId).toBe('compareProjects');
    expect(op?.parameters?.map((p) => p.name)).toContain('ids');
    expect(op?.tags).toContain('Ratings');
  });
});
