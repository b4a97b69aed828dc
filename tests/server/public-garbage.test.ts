import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { createSeededApp } from '../helpers/seeded';

/**
 * Garbage at every public data endpoint (projects, skynet, site): wrong types, huge values, missing fields,
 * malformed JSON, wrong content types and a 2 MB body. Every answer must be a 4xx with a JSON error body.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createSeededApp(30);
});
afterAll(async () => t.close());

const HUGE = '9'.repeat(400);
const LONG = 'x'.repeat(5000);

const GETS: Record<string, string[]> = {
  '/api/search-project': [`keyword=${LONG}`, 'keyword=a&keyword=b'],
  '/api/leaderboard': [
    `page=${HUGE}`,
    'page=0',
    'page=1.5',
    'pageSize=-1',
    'pageSize=abc',
    'order=sideways',
    'tier=Z',
    'audit=maybe',
    'minScore=1e400',
    'maxScore=-5',
    `keyword=${LONG}`,
    'chain=a&chain=b',
  ],
  '/api/trending': [`limit=${HUGE}`, 'limit=NaN'],
  '/api/recently-audited': ['limit=-3', 'limit=Infinity'],
  '/api/audits-in-progress': ['limit=1e3', 'limit='],
  '/api/alerts': ['limit=0x10', 'limit=abc', 'limit=+5'],
  '/api/projects/vote': ['', 'id=bitcoin&vote=1', 'vote=yes', `id=${LONG}&vote=yes`, 'id=a&id=b&vote=yes'],
  '/api/projects/page-view': ['', `projectId=${LONG}`, 'projectId[]=x'],
  '/api/skynet/metric-latest': [
    '',
    'name=exchanges',
    `name=exchanges(projectId=${LONG})`,
    'name=exchanges(projectId=)',
  ],
  '/api/skynet/top-callers': ['', 'projectId=bitcoin&count=abc', `projectId=bitcoin&count=${HUGE}`],
  '/api/skynet/top-events': ['projectId=bitcoin&count=-1', 'count=5'],
  '/api/skynet/top-function-calls': ['projectId=bitcoin&count=1.5', 'projectId='],
  '/api/skynet/privileged-address': ['', `address=${LONG}`, 'address=a&address=b'],
  '/api/skynet/privileged-function': ['', 'address='],
  '/api/skynet/privileged-transaction': ['address=0x1&limit=abc', `address=0x1&limit=${HUGE}`, 'limit=5'],
  '/api/skynet/twitter-activity-by-dates': [
    '',
    'projectId=bitcoin',
    'projectId=bitcoin&type=tweets',
    'projectId=bitcoin&type=tweets&dates=yesterday',
    'projectId=bitcoin&type=tweets&dates=2026-02-30x',
    'projectId=bitcoin&type=TWEETS&dates=2026-01-01',
    `projectId=bitcoin&type=tweets&dates=${Array.from({ length: 400 }, () => '2026-01-01').join(',')}`,
  ],
  '/img/logos/eth.svg': ['w=0', `w=${HUGE}`, 'q=500', `auto=${LONG}`],
};

const POSTS: Record<string, unknown[]> = {
  '/api/projects-list': [
    {},
    { projectIds: 'bitcoin' },
    { projectIds: [1, 2] },
    { projectIds: Array(500).fill('x') },
    [],
    null,
    42,
  ],
  '/api/incidents': [
    {},
    { projectName: 'x' },
    { projectName: 1, description: [] },
    { projectName: 'x', description: LONG + LONG },
  ],
  '/api/quote': [{}, { name: 'a', email: 'a@b.co', company: 'c', services: [], budget: 'b', message: 'm' }],
  '/api/user/events': [
    {},
    { eventName: '' },
    { eventName: 'x', properties: 'nope' },
    { eventName: 'x', properties: { big: LONG + LONG + LONG } },
  ],
  '/api/errors': [
    {},
    { title: 1, description: 2, trace: 3 },
    { title: 'x', description: 'y', trace: 'z'.repeat(30_000) },
  ],
};

function expectJson4xx(res: { statusCode: number; json: () => unknown; body: string }, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, what).toBeLessThan(500);
  expect(res.json(), what).toEqual(
    expect.objectContaining({ error: expect.any(String), message: expect.any(String) }),
  );
}

describe('garbage in, 4xx JSON out', () => {
  for (const [path, queries] of Object.entries(GETS)) {
    it(`GET ${path}`, async () => {
      for (const q of queries) {
        const url = q ? `${path}?${q}` : path;
        expectJson4xx(await t.app.inject({ method: 'GET', url }), url.slice(0, 120));
      }
    });
  }

  it('GET unknown project, contract and logo paths', async () => {
    for (const url of [
      '/api/projects/%E0%A4%A',
      `/api/projects/${'x'.repeat(300)}`,
      '/api/projects/nope',
      '/logos/%00.svg',
      '/img/%E0%A4%A.svg',
      '/img/logos/%E0%A4%A.svg?w=28',
      '/img/logos/gen/UPPER.svg',
      '/api/skynet/privileged-transaction?address=0xnothing',
    ]) {
      expectJson4xx(await t.app.inject({ method: 'GET', url }), url.slice(0, 120));
    }
  });

  for (const [path, bodies] of Object.entries(POSTS)) {
    it(`POST ${path}`, async () => {
      for (const body of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expectJson4xx(res, `${path} ${JSON.stringify(body).slice(0, 80)}`);
      }
      for (const [type, payload] of [
        ['application/json', '{"projectIds": ['],
        ['application/json', ''],
        ['text/plain', 'hello'],
        ['application/json', `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}`],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': type },
          payload,
        });
        expectJson4xx(res, `${path} ${type} ${payload.length} bytes`);
        if (payload.length > 1024 * 1024) expect(res.statusCode).toBe(413);
      }
    });
  }
});
