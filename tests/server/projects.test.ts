import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Alert,
  LeaderboardPage,
  ProjectDetail,
  ProjectRow,
  ProjectSummary,
  Votes,
} from '../../api/projects';
import {
  ProjectDetail as ProjectDetailSchema,
  ProjectRow as ProjectRowSchema,
  ProjectSummary as ProjectSummarySchema,
} from '../../api/projects.schemas';
import type { TestApp } from '../helpers/app';
import { createSeededApp } from '../helpers/seeded';
import { sql } from 'drizzle-orm';
import { loadIndex, SearchService, searchDatabase, searchService } from '../../server/search/index';
import { encodeResponse } from '../../server/cache/response';

let t: TestApp;
beforeAll(async () => {
  t = await createSeededApp(120);
});
afterAll(async () => t.close());

/** A GET as the site's own pages send it (a vote is taken only with `Sec-Fetch-Site: same-origin` or a CSRF token). */
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'sec-fetch-site': 'same-origin', ...headers } });

/**
 * Records the statements the database client is sent until `stop()`: a text (PGlite) or a named query's config
 * (pg's pool), with its parameters.
 */
function watchQueries() {
  const client = (t.database.db as unknown as { $client: Record<string, unknown> }).$client;
  const send = client.query as (query: unknown, ...rest: unknown[]) => unknown;
  const sent: { text: string; params: unknown[] }[] = [];
  client.query = function (this: unknown, query: unknown, ...rest: unknown[]) {
    const text = typeof query === 'string' ? query : (query as { text?: string } | null)?.text;
    sent.push({ text: text ?? '', params: Array.isArray(rest[0]) ? rest[0] : [] });
    return send.call(this, query, ...rest);
  };
  return {
    sent,
    stop: () => {
      client.query = send;
    },
  };
}

describe('GET /api/search-project', () => {
  it('finds a project by exact ticker first, with the shape of spec §3', async () => {
    const res = await get('/api/search-project?keyword=eth');
    expect(res.statusCode).toBe(200);
    const body = res.json<ProjectSummary[]>();
    expect(body[0]).toMatchObject({ name: 'Ethereum', tokenTickers: ['ETH'], logo: '/logos/eth.svg' });
    for (const p of body) expect(ProjectSummarySchema.strict().parse(p)).toEqual(p);
    expect(body.length).toBeLessThanOrEqual(10);
  });

  it('matches name substrings case-insensitively and puts prefixes before substrings', async () => {
    const body = (await get('/api/search-project?keyword=COIN')).json<ProjectSummary[]>();
    expect(body.length).toBeGreaterThan(0);
    const kinds = body.map((p) => {
      const keys = [p.name, ...p.tokenTickers].map((k) => k.toLowerCase());
      if (keys.includes('coin')) return 0;
      if (keys.some((k) => k.startsWith('coin'))) return 1;
      expect(keys.some((k) => k.includes('coin'))).toBe(true);
      return 2;
    });
    expect(kinds).toEqual([...kinds].sort());
  });

  it('orders ties by rank', async () => {
    const body = (await get('/api/search-project?keyword=an')).json<ProjectSummary[]>();
    const substringOnly = body.filter(
      (p) => ![p.name, ...p.tokenTickers].some((k) => k.toLowerCase().startsWith('an')),
    );
    const ranks = substringOnly.map((p) => p.rank ?? Infinity);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('returns the trending list for an empty or one-character keyword', async () => {
    const empty = (await get('/api/search-project')).json<ProjectSummary[]>();
    const one = (await get('/api/search-project?keyword=e')).json<ProjectSummary[]>();
    expect(empty).toHaveLength(10);
    expect(one).toEqual(empty);
    const trending = (await get('/api/trending?limit=10')).json<ProjectRow[]>();
    expect(empty.map((p) => p.id)).toEqual(trending.map((p) => p.id));
  });

  it('answers an unknown keyword with an empty list', async () => {
    const res = await get('/api/search-project?keyword=qqqqzzzz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  describe('compression (each answer is compressed once, not per request)', () => {
    const BROWSER = 'gzip, deflate, br, zstd';
    const decode = (body: Buffer, coding: string | undefined) =>
      JSON.parse(
        (coding === 'br'
          ? brotliDecompressSync(body)
          : coding === 'gzip'
            ? gunzipSync(body)
            : body
        ).toString(),
      ) as ProjectSummary[];

    it("answers a browser's Accept-Encoding with brotli, the same list as uncompressed, and varies on it", async () => {
      const plain = await get('/api/search-project?keyword=coin');
      expect(plain.headers['content-encoding']).toBeUndefined();
      const list = plain.json<ProjectSummary[]>();
      expect(plain.body.length).toBeGreaterThan(256);
      const br = await get('/api/search-project?keyword=coin', { 'accept-encoding': BROWSER });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(decode(br.rawPayload, 'br')).toEqual(list);
    });

    it('sends the same bytes for a repeated answer, and gzip to a client without brotli', async () => {
      const first = await get('/api/search-project?keyword=', { 'accept-encoding': BROWSER });
      const again = await get('/api/search-project?keyword=', { 'accept-encoding': BROWSER });
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      for (const header of ['gzip', 'br;q=0, gzip;q=0.8', 'gzip;q=1, br;q=0.5']) {
        const res = await get('/api/search-project?keyword=', { 'accept-encoding': header });
        expect(res.headers['content-encoding'], header).toBe('gzip');
        expect(decode(res.rawPayload, 'gzip')).toEqual(decode(first.rawPayload, 'br'));
      }
      const refused = await get('/api/search-project?keyword=', { 'accept-encoding': 'br;q=0, gzip;q=0' });
      expect(refused.headers['content-encoding']).toBeUndefined();
    });

    it('reads each Accept-Encoding alike however many distinct ones a client cycles through', async () => {
      // More distinct headers than the server remembers readings of (64), each asked twice, far apart.
      const cases = Array.from({ length: 70 }, (_, i) =>
        i % 2
          ? ([`identity;q=0.${i}, gzip;q=0`, undefined] as const)
          : ([`gzip;q=0.${i + 1}, deflate`, 'gzip'] as const),
      );
      for (const [header, coding] of [...cases, ...cases]) {
        const res = await get('/api/search-project?keyword=', { 'accept-encoding': header });
        expect(res.headers['content-encoding'], header).toBe(coding);
      }
    });

    it('leaves a small answer uncompressed', async () => {
      const res = await get('/api/search-project?keyword=qqqqzzzz', { 'accept-encoding': BROWSER });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toEqual([]);
    });
  });

  describe('before the index is built (the server listens without waiting for it)', () => {
    /** Names, fragments of names, tickers, short and unknown keywords, with case and spaces as people type them. */
    function keywords(projects: ProjectRow[]): string[] {
      const out = new Set(['', 'e', 'et', 'eth', 'ETH', '  coin ', 'an', 'swap', 'fi', 'qqqqzzzz', 'ai']);
      projects.forEach((p, i) => {
        out.add(p.name);
        out.add(p.name.slice(i % 3, (i % 3) + 2 + (i % 4)));
        for (const ticker of p.tokenTickers) out.add(ticker.toLowerCase());
      });
      return [...out];
    }

    it('answers every keyword from the database exactly as the index does', async () => {
      const projects = (await get('/api/leaderboard?pageSize=100&sort=name')).json<LeaderboardPage>().items;
      const index = searchService(t.database).current()!;
      expect(index.size).toBe(120);
      const words = keywords(projects);
      expect(words.length).toBeGreaterThan(200);
      let found = 0;
      for (const keyword of words) {
        const answer = await searchDatabase(t.database, keyword);
        expect(answer, keyword).toEqual(index.search(keyword));
        if (answer.length > 0) found++;
      }
      expect(found).toBeGreaterThan(words.length - 5);
    });

    it('is the same index when read a few rows at a time (as at 50,000 projects, with turns between reads)', async () => {
      const whole = searchService(t.database).current()!;
      const paged = await loadIndex(t.database, 7);
      expect(paged.size).toBe(120);
      const projects = (await get('/api/leaderboard?pageSize=100&sort=name')).json<LeaderboardPage>().items;
      for (const keyword of ['', 'eth', 'coin', ...keywords(projects).slice(0, 60)])
        expect(paged.search(keyword), keyword).toEqual(whole.search(keyword));
      for (const p of projects) expect(paged.get(p.id)?.name).toBe(p.name);
    });

    it('serves a search and a project before its first build, and takes in a write made during a build', async () => {
      const fresh = new SearchService(t.database);
      expect(fresh.current()).toBeUndefined();
      const response = await fresh.response('eth');
      expect(JSON.parse(response.text)[0]).toMatchObject({ name: 'Ethereum', tokenTickers: ['ETH'] });
      expect((await fresh.project('ethereum'))?.name).toBe('Ethereum');

      const first = fresh.refresh();
      await t.database.db.execute(sql`UPDATE projects SET name = 'Zebulon Quux' WHERE id = 'ethereum'`);
      try {
        await fresh.refresh();
        await first;
        expect(
          fresh
            .current()!
            .search('zebulon')
            .map((p) => p.id),
        ).toEqual(['ethereum']);
        expect(fresh.response('zebulon')).not.toBeInstanceOf(Promise);
      } finally {
        await t.database.db.execute(sql`UPDATE projects SET name = 'Ethereum' WHERE id = 'ethereum'`);
      }
    });
  });

  it('rejects a keyword over 100 characters naming the field', async () => {
    const res = await get(`/api/search-project?keyword=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'ValidationError', fields: { keyword: expect.any(String) } });
  });
});

describe('POST /api/projects-list', () => {
  it('returns rows in the given order and drops unknown ids', async () => {
    const top = (await get('/api/leaderboard?pageSize=3')).json<LeaderboardPage>().items;
    const ids = [top[2]!.id, 'no-such-project', top[0]!.id];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects-list',
      payload: { projectIds: ids },
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json<ProjectRow[]>();
    expect(rows.map((r) => r.id)).toEqual([top[2]!.id, top[0]!.id]);
    for (const r of rows) ProjectRowSchema.strict().parse(r);
  });

  it('rejects a body without projectIds', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/projects-list', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('projectIds');
  });
});

describe('GET /api/leaderboard', () => {
  it('pages through all projects by rank', async () => {
    const p1 = (await get('/api/leaderboard?page=1&pageSize=25')).json<LeaderboardPage>();
    const p2 = (await get('/api/leaderboard?page=2&pageSize=25')).json<LeaderboardPage>();
    expect(p1.total).toBe(120);
    expect(p1.items.map((r) => r.rank)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(p2.items[0]!.rank).toBe(26);
    // A page past the last answers the last one, named as such (120 projects: page 5 holds ranks 101-120).
    const last = (await get('/api/leaderboard?page=99&pageSize=25')).json<LeaderboardPage>();
    expect(last.page).toBe(5);
    expect(last.items.map((r) => r.rank)).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
    expect(last.total).toBe(120);
    // Nothing matching: page 1, empty.
    const none = (await get('/api/leaderboard?page=3&minScore=100&maxScore=100')).json<LeaderboardPage>();
    expect(none).toMatchObject({ items: [], total: 0, page: 1 });
  });

  it('ranks by score: a better score never has a worse rank, and the tier follows the score', async () => {
    const { items } = (await get('/api/leaderboard?pageSize=100')).json<LeaderboardPage>();
    for (let i = 1; i < items.length; i++) expect(items[i]!.score).toBeLessThanOrEqual(items[i - 1]!.score);
    const tierOf = (s: number) =>
      s >= 90
        ? 'AAA'
        : s >= 80
          ? 'AA'
          : s >= 70
            ? 'A'
            : s >= 60
              ? 'BBB'
              : s >= 50
                ? 'BB'
                : s >= 40
                  ? 'B'
                  : 'CCC';
    for (const r of items) expect(r.tier).toBe(tierOf(r.score));
  });

  it('sorts by name and by audit date in both directions', async () => {
    const byName = (await get('/api/leaderboard?sort=name&order=desc&pageSize=20')).json<LeaderboardPage>()
      .items;
    const names = byName.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    const byAudit = (
      await get('/api/leaderboard?sort=auditDate&order=desc&pageSize=10')
    ).json<LeaderboardPage>();
    const dates = byAudit.items.map((r) => r.auditDate);
    expect(dates.every((d) => d !== null)).toBe(true);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('filters by chain, tier, audit status, KYC, score range and keyword together', async () => {
    const all = (await get('/api/leaderboard?pageSize=100&page=1')).json<LeaderboardPage>().items;
    const sample = all.find((r) => r.kyc && r.auditStatus === 'audited')!;
    const url =
      `/api/leaderboard?chain=${sample.chains[0]}&tier=${sample.tier}&audit=audited&kyc=true` +
      `&minScore=${sample.score}&maxScore=${sample.score}&keyword=${encodeURIComponent(sample.name.slice(1, 4))}`;
    const { items, total } = (await get(url)).json<LeaderboardPage>();
    expect(items.map((r) => r.id)).toContain(sample.id);
    expect(total).toBe(items.length);
    for (const r of items) {
      expect(r.chains).toContain(sample.chains[0]);
      expect(r).toMatchObject({ tier: sample.tier, auditStatus: 'audited', kyc: true, score: sample.score });
    }
  });

  it('matches a keyword on tickers', async () => {
    const { items } = (await get('/api/leaderboard?keyword=btc')).json<LeaderboardPage>();
    expect(items.some((r) => r.tokenTickers.includes('BTC'))).toBe(true);
  });

  it('keeps its totals exact whoever writes the projects (another instance, the import command, plain SQL)', async () => {
    const total = async (filter = '') =>
      (await get(`/api/leaderboard?pageSize=1${filter}`)).json<LeaderboardPage>().total;
    const sample = (await get('/api/leaderboard?pageSize=1')).json<LeaderboardPage>().items[0]!;
    const tier = sample.tier === 'CCC' ? 'B' : 'CCC';
    const before = {
      all: await total(),
      tier: await total(`&tier=${tier}`),
      zzqx: await total('&keyword=zzqx'),
    };
    expect(before.all).toBe(120);
    expect(await total()).toBe(before.all); // asked again: the kept total
    const db = t.database.db;
    await db.execute(sql`
      INSERT INTO projects (id, name, token_tickers, chains, logo, score, sub_scores, tier, audit_status)
      SELECT 'zzqx-test', 'Zzqx Test', ARRAY['ZZQX'], chains, logo, score, sub_scores, ${tier}, audit_status
      FROM projects WHERE id = ${sample.id}`);
    expect(await total()).toBe(before.all + 1);
    expect(await total(`&tier=${tier}`)).toBe(before.tier + 1);
    expect(await total('&keyword=zzqx')).toBe(before.zzqx + 1);
    await db.execute(sql`UPDATE projects SET tier = ${sample.tier} WHERE id = 'zzqx-test'`);
    expect(await total(`&tier=${tier}`)).toBe(before.tier);
    await db.execute(sql`DELETE FROM projects WHERE id = 'zzqx-test'`);
    expect(await total()).toBe(before.all);
    expect(await total('&keyword=zzqx')).toBe(before.zzqx);
  });

  it('rejects bad values naming each field', async () => {
    const res = await get('/api/leaderboard?sort=height&pageSize=1000&chain=Mars&kyc=maybe&minScore=abc');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['chain', 'kyc', 'minScore', 'pageSize', 'sort']);
  });
});

describe('home sections', () => {
  it('lists recently audited projects, newest audit first', async () => {
    const rows = (await get('/api/recently-audited?limit=5')).json<ProjectRow[]>();
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.auditStatus === 'audited')).toBe(true);
    const dates = rows.map((r) => r.auditDate!);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('lists audits in progress', async () => {
    const rows = (await get('/api/audits-in-progress')).json<ProjectRow[]>();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.auditStatus === 'in_progress' && r.auditDate === null)).toBe(true);
  });

  it('lists security alerts newest first with their project', async () => {
    const alerts = (await get('/api/alerts?limit=50')).json<
      { occurredAt: string; projectName: string; severity: string }[]
    >();
    expect(alerts.length).toBeGreaterThan(0);
    const times = alerts.map((a) => a.occurredAt);
    expect(times).toEqual([...times].sort().reverse());
    for (const a of alerts) {
      expect(a.projectName).not.toBe('');
      expect(['low', 'medium', 'high', 'critical']).toContain(a.severity);
    }
  });

  it('rejects a limit out of range', async () => {
    for (const url of ['/api/trending?limit=0', '/api/alerts?limit=51', '/api/recently-audited?limit=x']) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('limit');
    }
  });
});

describe('the public lists, cached until the projects change', () => {
  const LISTS = [
    '/api/leaderboard?sort=score&order=desc&pageSize=10',
    '/api/trending?limit=10',
    '/api/recently-audited?limit=10',
    '/api/audits-in-progress?limit=10',
  ];
  const names = (body: LeaderboardPage | ProjectRow[]) =>
    (Array.isArray(body) ? body : body.items).map((r) => r.name);
  const read = async () => {
    const lists: string[][] = [];
    for (const url of LISTS) {
      const plain = await get(url);
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), url).toEqual(plain.json());
      lists.push(names(plain.json()));
    }
    return lists;
  };

  it('responds with what it cached until any statement writes the projects, whoever runs it', async () => {
    const db = t.database.db;
    const before = await read();
    for (const list of before) expect(list.length).toBeGreaterThan(0);
    // Renamed behind the version's trigger: the cached responses cannot know of it.
    await db.execute(sql`ALTER TABLE projects DISABLE TRIGGER projects_version`);
    try {
      await db.execute(sql`UPDATE projects SET name = name || ' (renamed)'`);
    } finally {
      await db.execute(sql`ALTER TABLE projects ENABLE TRIGGER projects_version`);
    }
    expect(await read()).toEqual(before);
    // Any statement on the table raises its version, even one that writes no row.
    await db.execute(sql`UPDATE projects SET name = name WHERE false`);
    expect(await read()).toEqual(before.map((list) => list.map((name) => `${name} (renamed)`)));
    await db.execute(sql`UPDATE projects SET name = left(name, -length(' (renamed)'))`);
    expect(await read()).toEqual(before);
  });

  it('keeps the alerts strip until the alerts or their projects change', async () => {
    const db = t.database.db;
    const latest = async () => (await get('/api/alerts?limit=3')).json<Alert[]>();
    const before = await latest();
    const projectId = before[0]!.projectId;
    await db.execute(sql`ALTER TABLE alerts DISABLE TRIGGER alerts_version`);
    try {
      await db.execute(sql`
        INSERT INTO alerts (project_id, severity, title, description, occurred_at)
        VALUES (${projectId}, 'critical', 'Kept strip test', 'New.', now() + interval '1 day')`);
    } finally {
      await db.execute(sql`ALTER TABLE alerts ENABLE TRIGGER alerts_version`);
    }
    expect(await latest()).toEqual(before);
    await db.execute(sql`UPDATE alerts SET title = title WHERE false`);
    const added = await latest();
    expect(added[0]).toMatchObject({ title: 'Kept strip test', projectId });
    expect(added.slice(1)).toEqual(before.slice(0, 2));
    const name = added[0]!.projectName;
    await db.execute(sql`UPDATE projects SET name = 'Renamed Project' WHERE id = ${projectId}`);
    expect((await latest())[0]!.projectName).toBe('Renamed Project');
    await db.execute(sql`UPDATE projects SET name = ${name} WHERE id = ${projectId}`);
    await db.execute(sql`DELETE FROM alerts WHERE title = 'Kept strip test'`);
    expect(await latest()).toEqual(before);
  });

  it("caches a project's page until it, its contracts or its votes change; the visitor's own vote is read each time", async () => {
    const db = t.database.db;
    const { id, chains } = (await get('/api/leaderboard?pageSize=1&sort=name')).json<LeaderboardPage>()
      .items[0]!;
    const page = async (headers: Record<string, string> = {}) =>
      (await get(`/api/projects/${id}`, headers)).json<ProjectDetail>();
    const before = await page();
    const contract = {
      address: '0xkept00000000000000000000000000000000test',
      chain: chains[0]!,
      label: 'Kept test',
    };
    // Written behind the counters' triggers (the tables' and the project's own): the cached page cannot know of it.
    await db.execute(sql`ALTER TABLE projects DISABLE TRIGGER USER`);
    await db.execute(sql`ALTER TABLE contracts DISABLE TRIGGER USER`);
    try {
      await db.execute(sql`UPDATE projects SET description = 'Kept page test' WHERE id = ${id}`);
      await db.execute(sql`
        INSERT INTO contracts (address, project_id, chain, label, privileged_addresses, privileged_functions,
          privileged_transactions)
        VALUES (${contract.address}, ${id}, ${contract.chain}, ${contract.label}, '[]', '[]', '[]')`);
    } finally {
      await db.execute(sql`ALTER TABLE projects ENABLE TRIGGER USER`);
      await db.execute(sql`ALTER TABLE contracts ENABLE TRIGGER USER`);
    }
    expect(await page()).toEqual(before);
    // A write of one of its contracts raises the project's counter.
    await db.execute(sql`UPDATE contracts SET label = label WHERE address = ${contract.address}`);
    const changed = await page();
    expect(changed.description).toBe('Kept page test');
    expect(changed.contracts).toContainEqual(contract);
    // A vote shows at once: to its voter as theirs, to anyone else in the tally.
    const vote = await get(`/api/projects/vote?id=${id}&vote=yes`);
    const cookie = `sr_visitor=${vote.cookies.find((c) => c.name === 'sr_visitor')!.value}`;
    expect((await page({ cookie })).votes).toMatchObject({ yes: before.votes.yes + 1, myVote: 'yes' });
    expect((await page()).votes).toMatchObject({ yes: before.votes.yes + 1, myVote: null });
    await db.execute(sql`DELETE FROM votes WHERE project_id = ${id}`);
    await db.execute(sql`DELETE FROM contracts WHERE address = ${contract.address}`);
    await db.execute(sql`UPDATE projects SET description = ${before.description} WHERE id = ${id}`);
    expect(await page()).toEqual(before);
  });

  it("keeps a project's page cached while another project gets a vote or changes; its own vote shows at once", async () => {
    const db = t.database.db;
    const [a, b] = (await get('/api/leaderboard?pageSize=2&sort=name')).json<LeaderboardPage>().items;
    const page = async (id: string) => (await get(`/api/projects/${id}`)).json<ProjectDetail>();
    const aBefore = await page(a!.id);
    const bBefore = await page(b!.id);
    // A project's page is made by reading its contracts: each read of them is one more page made.
    const queries = watchQueries();
    const pagesMade = (id: string) =>
      queries.sent.filter((q) => q.text.includes('"contracts"') && q.params.includes(id)).length;
    try {
      await get(`/api/projects/vote?id=${b!.id}&vote=yes`);
      await db.execute(sql`UPDATE projects SET description = 'Changed beside A' WHERE id = ${b!.id}`);
      expect(await page(a!.id)).toEqual(aBefore);
      expect(pagesMade(a!.id)).toBe(0);
      // B's own page shows its vote and its change at once.
      const bAfter = await page(b!.id);
      expect(bAfter.votes).toMatchObject({ yes: bBefore.votes.yes + 1 });
      expect(bAfter.description).toBe('Changed beside A');
      expect(pagesMade(b!.id)).toBe(1);
      // A vote on A is A's own change: its page is made again and shows it.
      await get(`/api/projects/vote?id=${a!.id}&vote=no`);
      expect((await page(a!.id)).votes).toMatchObject({ no: aBefore.votes.no + 1 });
      expect(pagesMade(a!.id)).toBe(1);
    } finally {
      queries.stop();
      await db.execute(sql`DELETE FROM votes WHERE project_id IN (${a!.id}, ${b!.id})`);
      await db.execute(sql`UPDATE projects SET description = ${bBefore.description} WHERE id = ${b!.id}`);
    }
    expect(await page(a!.id)).toEqual(aBefore);
    expect(await page(b!.id)).toEqual(bBefore);
  });

  it('responds to requests made at the same moment with coalesced version reads, each seeing the writes before it', async () => {
    const queries = watchQueries();
    const versionReads = () => queries.sent.filter((q) => q.text.includes('"table_versions"')).length;
    try {
      const url = '/api/trending?limit=5';
      const answers = await Promise.all(Array.from({ length: 20 }, () => get(url)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      // One read per request would be 20; requests that arrive while a read runs share the next one.
      expect(versionReads()).toBeGreaterThan(0);
      expect(versionReads()).toBeLessThanOrEqual(4);
      // A rename committed while requests are under way shows in every request made after it.
      const [top] = answers[0]!.json<ProjectRow[]>();
      const under = Array.from({ length: 10 }, () => get(url));
      await t.database.db.execute(sql`UPDATE projects SET name = name || ' (now)' WHERE id = ${top!.id}`);
      try {
        const after = await Promise.all(Array.from({ length: 10 }, () => get(url)));
        for (const answer of after) expect(answer.json<ProjectRow[]>()[0]!.name).toBe(`${top!.name} (now)`);
        await Promise.all(under);
      } finally {
        await t.database.db.execute(sql`UPDATE projects SET name = ${top!.name} WHERE id = ${top!.id}`);
      }
    } finally {
      queries.stop();
    }
  });

  it('encodes a response as its schema does: unknown keys dropped, a value off the contract refused', async () => {
    const row = (await get('/api/trending?limit=1')).json<ProjectRow[]>()[0]!;
    const json = encodeResponse(ProjectRowSchema, { ...row, passwordHash: 'x' } as ProjectRow).text;
    expect(JSON.parse(json)).toEqual(row);
    expect(() => encodeResponse(ProjectRowSchema, { ...row, tier: 'Z' } as unknown as ProjectRow)).toThrow();
  });
});

describe('GET /api/projects/:id', () => {
  it('returns the project page data', async () => {
    const res = await get('/api/projects/ethereum');
    expect(res.statusCode).toBe(200);
    const p = res.json<ProjectDetail>();
    ProjectDetailSchema.strict().parse(p);
    expect(p).toMatchObject({
      id: 'ethereum',
      name: 'Ethereum',
      chains: expect.arrayContaining(['Ethereum']),
    });
    // Ether is native to its chain: no token contract. A token (UNI) lists its contracts.
    expect(p.contracts).toEqual([]);
    expect(p.votes).toEqual({ yes: 0, no: 0, yesPercentage: 0, myVote: null });
    const uni = (await get('/api/projects/uniswap')).json<ProjectDetail>();
    expect(uni.contracts.length).toBeGreaterThan(0);
    expect(uni.contracts[0]).toMatchObject({ chain: 'Ethereum', label: 'UNI token, 18 decimals' });
  });

  it('answers an unknown project with a JSON 404', async () => {
    const res = await get('/api/projects/no-such-project');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NotFound' });
  });
});

describe('votes and page views', () => {
  it('keeps one vote per anonymous visitor and lets them change it', async () => {
    const first = await get('/api/projects/vote?id=bitcoin&vote=yes');
    expect(first.statusCode).toBe(200);
    expect(first.json<Votes>()).toEqual({ yes: 1, no: 0, yesPercentage: 100, myVote: 'yes' });
    const cookie = first.cookies.find((c) => c.name === 'sr_visitor')!;
    expect(cookie.httpOnly).toBe(true);
    const headers = { cookie: `sr_visitor=${cookie.value}` };
    const again = (await get('/api/projects/vote?id=bitcoin&vote=yes', headers)).json<Votes>();
    expect(again).toMatchObject({ yes: 1, no: 0 });
    const changed = (await get('/api/projects/vote?id=bitcoin&vote=no', headers)).json<Votes>();
    expect(changed).toEqual({ yes: 0, no: 1, yesPercentage: 0, myVote: 'no' });
    const other = (await get('/api/projects/vote?id=bitcoin&vote=yes')).json<Votes>();
    expect(other).toEqual({ yes: 1, no: 1, yesPercentage: 50, myVote: 'yes' });
    const page = (await get('/api/projects/bitcoin', headers)).json<ProjectDetail>();
    expect(page.votes).toEqual({ yes: 1, no: 1, yesPercentage: 50, myVote: 'no' });
  });

  it('averages the yes percentage over projects with votes', async () => {
    await get('/api/projects/vote?id=ethereum&vote=yes');
    // bitcoin 50 %, ethereum 100 %
    expect((await get('/api/projects/average-yes-percentage')).json()).toEqual({ averageYesPercentage: 75 });
  });

  it('rejects a vote other than yes or no, and a vote on an unknown project', async () => {
    const bad = await get('/api/projects/vote?id=bitcoin&vote=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('vote');
    expect((await get('/api/projects/vote?id=nope&vote=yes')).statusCode).toBe(404);
  });

  it('counts page views', async () => {
    expect((await get('/api/projects/page-view?projectId=tether')).json()).toEqual({ views: 1 });
    expect((await get('/api/projects/page-view?projectId=tether')).json()).toEqual({ views: 2 });
    expect((await get('/api/projects/page-view?projectId=nope')).statusCode).toBe(404);
    expect((await get('/api/projects/page-view')).json().fields).toHaveProperty('projectId');
  });
});
