import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { projects, scoreSnapshots, watchlists } from '../../server/db/schema/index';
import { useTestApp } from '../helpers/app';
import { projectRow, subScoresAt } from '../helpers/projects';
import { anonymous, signIn, type Client } from '../helpers/signed-in';

const t = useTestApp();
let owner: Client;
let other: Client;
const ids: string[] = Array.from({ length: 501 }, (_, i) => `proj-${String(i).padStart(3, '0')}`);

beforeAll(async () => {
  const rows = ids.map((id, i) =>
    projectRow(id, {
      name: i === 1 ? '=HYPERLINK("x")' : `Project ${i}`,
      tokenTickers: [`T${i}`],
      logo: '/logos/x.svg',
      score: 50 + (i % 50),
      subScores: subScoresAt(50),
      rank: i + 1,
      tier: 'BB',
      auditStatus: 'audited',
    }),
  );
  for (let i = 0; i < rows.length; i += 100)
    await t.database.db.insert(projects).values(rows.slice(i, i + 100));
  owner = await signIn(t.app);
  other = await signIn(t.app);
});

const post = (c: Client, url: string, payload: unknown) =>
  c.inject({ method: 'POST', url, payload: payload as object });
const list = async (c: Client) => {
  const res = await c.inject({ method: 'GET', url: '/api/watchlist' });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; name: string; projects: string[]; version: number }[];
};
const create = async (c: Client, name: string, projectIds: (string | undefined)[] = []) => {
  const res = await post(c, '/api/watchlist/create', { name, projects: projectIds });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
};
const rowOf = async (id: string) =>
  (await t.database.db.select().from(watchlists).where(eq(watchlists.id, id)))[0];
/** Every call is answered with that status and error. */
const expectEachRefused = async (calls: Promise<LightMyRequestResponse>[], status: number, error: string) => {
  for (const res of await Promise.all(calls)) {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error });
  }
};

describe('watchlist routes: anonymous', () => {
  it('answers 401 on every route', async () => {
    const anon = anonymous(t.app);
    const id = await create(owner, 'Anon probe');
    const calls = [
      anon.inject({ method: 'GET', url: '/api/watchlist' }),
      anon.inject({ method: 'GET', url: `/api/watchlist/export?id=${id}&format=csv` }),
      post(anon, '/api/watchlist/create', { name: 'X' }),
      post(anon, '/api/watchlist/update', { id, name: 'X', projects: [] }),
      post(anon, '/api/watchlist/toggle', { id, projectId: ids[0] }),
      post(anon, '/api/watchlist/delete', { id }),
    ];
    await expectEachRefused(calls, 401, 'Unauthorized');
    expect(await rowOf(id)).toMatchObject({ name: 'Anon probe', projects: [], version: 1 });
    await post(owner, '/api/watchlist/delete', { id });
  });
});

describe('watchlist routes: owner', () => {
  it('creates (name trimmed, projects default empty), lists, renames, toggles and deletes', async () => {
    const res = await post(owner, '/api/watchlist/create', { name: '  Blue chips  ' });
    expect(res.statusCode).toBe(200);
    const { id } = res.json() as { id: string };
    let mine = await list(owner);
    expect(mine.find((w) => w.id === id)).toMatchObject({ name: 'Blue chips', projects: [], version: 1 });

    const upd = await post(owner, '/api/watchlist/update', {
      id,
      name: 'Majors',
      projects: [ids[2], ids[0]],
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ id, name: 'Majors', projects: [ids[2], ids[0]], version: 2 });

    const add = await post(owner, '/api/watchlist/toggle', { id, projectId: ids[3] });
    expect(add.json()).toMatchObject({ added: true, projects: [ids[2], ids[0], ids[3]], version: 3 });
    const remove = await post(owner, '/api/watchlist/toggle', { id, projectId: ids[2] });
    expect(remove.json()).toMatchObject({ added: false, projects: [ids[0], ids[3]], version: 4 });

    mine = await list(owner);
    expect(mine.find((w) => w.id === id)).toMatchObject({ name: 'Majors', projects: [ids[0], ids[3]] });
    expect((await list(other)).some((w) => w.id === id)).toBe(false);

    const del = await post(owner, '/api/watchlist/delete', { id });
    expect(del.statusCode).toBe(200);
    expect((await list(owner)).some((w) => w.id === id)).toBe(false);
    expect((await post(owner, '/api/watchlist/delete', { id })).statusCode).toBe(404);
  });

  it('exports CSV and JSON as downloads in list order', async () => {
    const id = await create(owner, 'Export me', [ids[1], ids[0]]);
    const csv = await owner.inject({ method: 'GET', url: `/api/watchlist/export?id=${id}&format=csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="Export-me\.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Rank,Name,Tickers,Score,Tier,Chains,Audit Status,Audit Date,Id');
    // A name a spreadsheet would run as a formula stays text.
    expect(lines[1]).toBe(`2,"'=HYPERLINK(""x"")",T1,51,BB,Ethereum,audited,,${ids[1]}`);
    expect(lines[2]).toBe(`1,Project 0,T0,50,BB,Ethereum,audited,,${ids[0]}`);

    const json = await owner.inject({ method: 'GET', url: `/api/watchlist/export?id=${id}&format=json` });
    expect(json.headers['content-disposition']).toMatch(/filename="Export-me\.json"/);
    const body = json.json() as { name: string; projects: { id: string; tier: string }[] };
    expect(body.name).toBe('Export me');
    expect(body.projects.map((p) => p.id)).toEqual([ids[1], ids[0]]);

    const bad = await owner.inject({ method: 'GET', url: `/api/watchlist/export?id=${id}&format=xls` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('format');
    await post(owner, '/api/watchlist/delete', { id });
  });
});

describe('watchlist routes: another user', () => {
  it("gets 404 for someone else's list on every route and changes nothing", async () => {
    const id = await create(owner, 'Private', [ids[0]]);
    const before = await rowOf(id);
    const calls = [
      other.inject({ method: 'GET', url: `/api/watchlist/export?id=${id}&format=json` }),
      post(other, '/api/watchlist/update', { id, name: 'Hijacked', projects: [] }),
      post(other, '/api/watchlist/toggle', { id, projectId: ids[0] }),
      post(other, '/api/watchlist/delete', { id }),
    ];
    await expectEachRefused(calls, 404, 'NotFound');
    expect(await rowOf(id)).toEqual(before);
    // The same name is free for another user.
    const theirs = await create(other, 'Private');
    await post(other, '/api/watchlist/delete', { id: theirs });
    await post(owner, '/api/watchlist/delete', { id });
  });

  it('answers 404 for malformed and unknown ids', async () => {
    for (const id of ['temp', '00000000-0000-0000-0000-000000000000']) {
      expect((await post(owner, '/api/watchlist/delete', { id })).statusCode).toBe(404);
      expect((await post(owner, '/api/watchlist/toggle', { id, projectId: ids[0] })).statusCode).toBe(404);
    }
  });
});

describe('watchlist validation and limits', () => {
  it('refuses empty and too-long names, naming the field', async () => {
    for (const name of ['', '   ', 'x'.repeat(21)]) {
      const res = await post(owner, '/api/watchlist/create', { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('name');
    }
    const missing = await post(owner, '/api/watchlist/create', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('name');
    expect((await post(owner, '/api/watchlist/create', { name: 'x'.repeat(20) })).statusCode).toBe(200);
    const mine = await list(owner);
    await post(owner, '/api/watchlist/delete', { id: mine.find((w) => w.name === 'x'.repeat(20))!.id });
  });

  it('refuses a name already used by the same user on create and rename', async () => {
    const a = await create(owner, 'Alpha');
    const b = await create(owner, 'Beta');
    const dup = await post(owner, '/api/watchlist/create', { name: ' Alpha ' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'NameTaken', message: 'The name is already used' });
    const rename = await post(owner, '/api/watchlist/update', { id: b, name: 'Alpha', projects: [] });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error).toBe('NameTaken');
    expect(await rowOf(b)).toMatchObject({ name: 'Beta', version: 1 });
    // Keeping one's own name is no clash.
    expect(
      (await post(owner, '/api/watchlist/update', { id: a, name: 'Alpha', projects: [ids[0]] })).statusCode,
    ).toBe(200);
    await post(owner, '/api/watchlist/delete', { id: a });
    await post(owner, '/api/watchlist/delete', { id: b });
  });

  it('refuses unknown project ids, naming them', async () => {
    const res = await post(owner, '/api/watchlist/create', {
      name: 'Unknowns',
      projects: [ids[0], 'nope-1', 'nope-2'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'UnknownProjects' });
    expect(res.json().message).toContain('nope-1, nope-2');
    expect(res.json().fields.projects).toContain('nope-1');
    expect((await list(owner)).some((w) => w.name === 'Unknowns')).toBe(false);

    const id = await create(owner, 'Knowns', [ids[0]]);
    const upd = await post(owner, '/api/watchlist/update', {
      id,
      name: 'Knowns',
      projects: [ids[0], 'ghost'],
    });
    expect(upd.statusCode).toBe(400);
    expect(upd.json().message).toContain('ghost');
    const tog = await post(owner, '/api/watchlist/toggle', { id, projectId: 'ghost' });
    expect(tog.statusCode).toBe(400);
    expect(await rowOf(id)).toMatchObject({ projects: [ids[0]], version: 1 });
    await post(owner, '/api/watchlist/delete', { id });
  });

  it('holds at most 500 projects per list', async () => {
    const tooMany = await post(owner, '/api/watchlist/create', { name: 'Huge', projects: ids });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toHaveProperty('projects');
    const id = await create(owner, 'Full', ids.slice(0, 500));
    const add = await post(owner, '/api/watchlist/toggle', { id, projectId: ids[500] });
    expect(add.statusCode).toBe(409);
    expect(add.json()).toMatchObject({ error: 'LimitExceeded' });
    // Removing still works on a full list.
    expect((await post(owner, '/api/watchlist/toggle', { id, projectId: ids[0] })).json().added).toBe(false);
    await post(owner, '/api/watchlist/delete', { id });
  });

  it('keeps at most 20 lists per user, even when created at once', async () => {
    const user = await signIn(t.app);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => post(user, '/api/watchlist/create', { name: `List ${i}` })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(20);
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error).toBe('LimitExceeded');
    }
    expect(await list(user)).toHaveLength(20);
  });

  it('refuses a stale version on update', async () => {
    const id = await create(owner, 'Versioned');
    await post(owner, '/api/watchlist/toggle', { id, projectId: ids[0] });
    /** Empties the list, as a client that last read it at `version`. */
    const emptyAt = (version: number) =>
      post(owner, '/api/watchlist/update', { id, name: 'Versioned', projects: [], version });
    const stale = await emptyAt(1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('VersionConflict');
    expect(await rowOf(id)).toMatchObject({ projects: [ids[0]], version: 2 });
    const fresh = await emptyAt(2);
    expect(fresh.statusCode).toBe(200);
    await post(owner, '/api/watchlist/delete', { id });
  });

  it('answers malformed bodies with 4xx, never 5xx', async () => {
    const bodies = [null, [], { id: 5 }, { id: 'x', projectId: {} }, { name: 3 }, 'text'];
    for (const url of [
      '/api/watchlist/create',
      '/api/watchlist/update',
      '/api/watchlist/toggle',
      '/api/watchlist/delete',
    ]) {
      for (const payload of bodies) {
        const res = await owner.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
  });
});

describe('watchlist concurrency', () => {
  it('50 concurrent toggles end in the state of their acknowledgements applied in order', async () => {
    const id = await create(owner, 'Concurrent', [ids[0], ids[1]]);
    const picks = Array.from({ length: 50 }, (_, i) => ids[(i * 7) % 9]!);
    const results = await Promise.all(
      picks.map((projectId) => post(owner, '/api/watchlist/toggle', { id, projectId })),
    );
    const acks = results.map((r, i) => {
      expect(r.statusCode, r.body).toBe(200);
      const body = r.json() as { projects: string[]; version: number; added: boolean };
      return { projectId: picks[i]!, ...body };
    });
    // Every acknowledged write has its own version: 2..51, no write lost or applied twice.
    acks.sort((a, b) => a.version - b.version);
    expect(acks.map((a) => a.version)).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    // Replaying the toggles serially in acknowledgement order gives each answer and the final state.
    let state: string[] = [ids[0]!, ids[1]!];
    for (const ack of acks) {
      const had = state.includes(ack.projectId);
      state = had ? state.filter((p) => p !== ack.projectId) : [...state, ack.projectId];
      expect(ack.added).toBe(!had);
      expect(ack.projects).toEqual(state);
    }
    const final = (await list(owner)).find((w) => w.id === id)!;
    expect(final.projects).toEqual(state);
    expect(final.version).toBe(51);
    await post(owner, '/api/watchlist/delete', { id });
  });
});

describe('watchlist table rows', () => {
  it('answers each project’s row with audit, KYC and score changes over 24 h, 7 d and 30 d, in the order asked, to anyone', async () => {
    const now = Date.now();
    const day = 86_400_000;
    const subScores = {
      codeSecurity: 50,
      fundamentalHealth: 50,
      operationalResilience: 50,
      governanceStrength: 50,
      marketStability: 50,
      communityTrust: 50,
    };
    const snapshot = (projectId: string, daysAgo: number, score: number) => ({
      projectId,
      computedAt: new Date(now - daysAgo * day),
      score,
      subScores,
      tier: 'BB',
      methodologyVersion: 'test',
      moves: [],
      reason: 'signals' as const,
    });
    // proj-002 scores 52 now: 50 two days ago (the latest at or before 24 h ago), 55 ten days ago, nothing older.
    await t.database.db
      .insert(scoreSnapshots)
      .values([snapshot(ids[2]!, 10, 55), snapshot(ids[2]!, 2, 50), snapshot(ids[2]!, 0.5, 51)]);
    // proj-003 scores 53 now, 60.4 forty days ago: every window reaches back to it.
    await t.database.db.insert(scoreSnapshots).values([snapshot(ids[3]!, 40, 60.4)]);
    await t.database.db.update(projects).set({ kyc: true }).where(eq(projects.id, ids[3]!));

    const res = await post(anonymous(t.app), '/api/watchlist/projects', {
      projectIds: [ids[3], 'no-such-project', ids[2], ids[4], ids[3]],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      id: string;
      score: number;
      auditStatus: string;
      kyc: boolean;
      scoreChange: { d1: number | null; d7: number | null; d30: number | null };
    }[];
    expect(body.map((r) => r.id)).toEqual([ids[3], ids[2], ids[4]]);
    expect(body.map((r) => [r.auditStatus, r.kyc])).toEqual([
      ['audited', true],
      ['audited', false],
      ['audited', false],
    ]);
    expect(body.map((r) => r.scoreChange)).toEqual([
      { d1: -7.4, d7: -7.4, d30: -7.4 },
      { d1: 2, d7: -3, d30: null },
      { d1: null, d7: null, d30: null },
    ]);
  });

  it('refuses a malformed body or too many ids with a 400 naming the field', async () => {
    for (const payload of [{}, { projectIds: 'x' }, { projectIds: [''] }, { projectIds: ids }]) {
      const res = await post(owner, '/api/watchlist/projects', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain('projectIds');
    }
  });
});
