import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDetail, ProjectSummary } from '../../api/projects';
import { importProjects, formatError } from '../../server/cli/import';
import { projects } from '../../server/db/schema/index';
import { searchService } from '../../server/search/index';
import type { ProjectRecordInput } from '../../server/seed/shape';
import type { TestApp } from '../helpers/app';
import { createSeededApp, SEED_DAY } from '../helpers/seeded';
import { perfectSignals } from '../helpers/projects';
import { epochDay } from '../../server/ratings/methodology';

let t: TestApp;
beforeAll(async () => {
  t = await createSeededApp(30);
});
afterAll(async () => t.close());

// Signals perfect in every respect (score 100), as of any day up to three months after SEED_DAY's audit.
const perfect = perfectSignals(epochDay(new Date('2026-10-01')));
const newProject: ProjectRecordInput = {
  id: 'zyxwv-protocol',
  name: 'Zyxwv Protocol',
  tokenTickers: ['ZYX'],
  chains: ['Near', 'Tron'],
  description: 'Imported.',
  website: 'https://zyxwv.example',
  signals: { ...perfect, openFindings: 1 },
  marketCapUsd: 1234,
  contracts: [
    {
      address: '0x00000000000000000000000000000000000000aa',
      chain: 'Near',
      label: 'Vault',
      privilegedAddresses: [{ address: '0x01', role: 'owner', isContract: false }],
      privilegedFunctions: [{ signature: 'pause()', modifier: 'onlyOwner', risk: 'medium' }],
      privilegedTransactions: [
        { hash: '0xff', function: 'pause()', from: '0x01', timestamp: '2026-11-01T10:00:00Z' },
      ],
    },
  ],
  monitoring: {
    topCallers: [{ name: 'Whale', count: 7, address: '0x02' }],
    exchanges: [{ exchange: 'Kraken', volumeUsd: 5, liquidityUsd: 6, pairs: 1 }],
  },
  socialActivity: [
    { type: 'tweets', date: '2026-11-01', value: 4 },
    { type: 'tweets', date: '2026-11-03', value: 9 },
  ],
  alerts: [
    {
      severity: 'high',
      title: 'Imported alert',
      description: 'd',
      lossUsd: null,
      occurredAt: '2030-01-01T00:00:00Z',
    },
  ],
};

describe('importProjects', () => {
  it('loads valid records, upserts existing ones, reranks, and reports each bad record with index and field', async () => {
    const result = await importProjects(
      t.app.db,
      {
        projects: [
          newProject,
          { ...newProject, id: 'no-name', name: undefined },
          { ...newProject, id: 'bad-chain', contracts: [{ ...newProject.contracts![0]!, chain: 'Mars' }] },
          { ...newProject, id: 'scored', subScores: { codeSecurity: 100 } },
          {
            id: 'tether',
            name: 'Tether',
            tokenTickers: ['USDT'],
            chains: ['Ethereum'],
            signals: perfect,
          },
          { ...newProject, name: 'Duplicate' },
          'not an object',
          { ...newProject, id: 'odd-signal', signals: { tvlUsd: 5 } },
        ],
      },
      { asOf: SEED_DAY },
    );
    expect(result.imported).toBe(2);
    expect(result.errors.map(formatError)).toEqual([
      expect.stringMatching(/^record 1 \(id "no-name"\): name: /),
      expect.stringMatching(/^record 2 \(id "bad-chain"\): contracts\.0\.chain: /),
      'record 3 (id "scored"): subScores: Scores are computed from signals and cannot be imported: send "signals" instead (see /resources/methodology)',
      'record 5 (id "zyxwv-protocol"): id: Duplicate of record 0',
      expect.stringMatching(/^record 6: \(record\): /),
      expect.stringMatching(/^record 7 \(id "odd-signal"\): signals\.tvlUsd: Unknown signal "tvlUsd"/),
    ]);

    const [btc] = await t.app.db.select().from(projects).where(eq(projects.id, 'tether'));
    // Scores, tier and badges are computed from the imported signals.
    expect(btc).toMatchObject({
      rank: 1,
      score: 100,
      tier: 'AAA',
      chains: ['Ethereum'],
      auditStatus: 'audited',
      auditDate: '2026-10-01',
      kyc: true,
    });
    // Sections the record did not carry are kept.
    const btcPage = (
      await t.app.inject({ method: 'GET', url: '/api/projects/tether' })
    ).json<ProjectDetail>();
    expect(btcPage.contracts.length).toBeGreaterThan(0);

    const page = (
      await t.app.inject({ method: 'GET', url: '/api/projects/zyxwv-protocol' })
    ).json<ProjectDetail>();
    expect(page).toMatchObject({
      rank: 2,
      logo: '/logos/gen/zyxwv-protocol.svg',
      kyc: true,
      auditDate: '2026-10-01',
    });
    expect(page.contracts).toEqual([
      { address: '0x00000000000000000000000000000000000000aa', chain: 'Near', label: 'Vault' },
    ]);
    const tweets = await t.app.inject({
      method: 'GET',
      url: '/api/skynet/twitter-activity-by-dates?projectId=zyxwv-protocol&type=tweets&dates=2026-11-01,2026-11-02,2026-11-03',
    });
    expect(tweets.json()).toEqual([
      { date: '2026-11-01', value: 4 },
      { date: '2026-11-02', value: 0 },
      { date: '2026-11-03', value: 9 },
    ]);
    const callers = await t.app.inject({
      method: 'GET',
      url: '/api/skynet/top-callers?projectId=zyxwv-protocol',
    });
    expect(callers.json()).toEqual([{ name: 'Whale', count: 7, address: '0x02' }]);
    const alerts = await t.app.inject({ method: 'GET', url: '/api/alerts?limit=1' });
    expect(alerts.json()[0]).toMatchObject({ projectId: 'zyxwv-protocol', title: 'Imported alert' });

    // The search index picks the import up on refresh.
    await searchService(t.database).refresh();
    const found = (await t.app.inject({ method: 'GET', url: '/api/search-project?keyword=zyx' })).json<
      ProjectSummary[]
    >();
    expect(found[0]).toEqual({
      id: 'zyxwv-protocol',
      rank: 2,
      logo: '/logos/gen/zyxwv-protocol.svg',
      name: 'Zyxwv Protocol',
      tokenTickers: ['ZYX'],
    });
  });

  it('rejects a file that is not a list of projects', async () => {
    const result = await importProjects(t.app.db, { items: [] });
    expect(result).toEqual({
      imported: 0,
      errors: [{ index: -1, field: '(file)', message: expect.any(String) }],
      changes: [],
      newAlertIds: [],
    });
  });
});

describe('npm run import', () => {
  it('imports a file into the DATA_DIR database and exits 1 naming the bad record', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sentinel-import-'));
    const file = path.join(dir, 'projects.json');
    writeFileSync(file, JSON.stringify([newProject, { ...newProject, id: 'x', tokenTickers: [] }]));
    const env = { ...process.env, DATA_DIR: dir, NODE_ENV: 'test', DATABASE_URL: '' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/import.ts', file], {
      env,
      encoding: 'utf8',
    });
    expect(run.stderr).toContain('record 1 (id "x"): tokenTickers: ');
    expect(run.stdout).toContain('Imported 1 project; rejected 1 record.');
    expect(run.status).toBe(1);

    writeFileSync(file, '{"projects": [');
    const broken = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/import.ts', file], {
      env,
      encoding: 'utf8',
    });
    expect(broken.stderr).toContain(`Cannot read ${file}`);
    expect(broken.status).toBe(2);
  }, 120_000);
});
