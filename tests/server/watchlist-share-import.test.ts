import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PROJECTS_PER_WATCHLIST } from '../../api/watchlist';
import { IMPORT_TEXT_MAX } from '../../api/watchlist.schemas';
import { projects } from '../../server/db/schema/index';
import type { TestApp } from '../helpers/app';
import { projectRow, subScoresAt } from '../helpers/projects';
import { createAppWithProjects } from '../helpers/seeded';
import { anonymous, signIn, type Client } from '../helpers/signed-in';

/** Shareable read-only watchlists and import with a preview, against the real server. */

let t: TestApp;
let owner: Client;
let friend: Client;
const project = (id: string, name: string, tickers: string[], score = 70) =>
  projectRow(id, {
    name,
    tokenTickers: tickers,
    logo: `/logos/${id}.svg`,
    score,
    subScores: subScoresAt(50),
    rank: 1,
    tier: 'A',
    auditStatus: 'audited',
  });

beforeAll(async () => {
  t = await createAppWithProjects([
    project('share-alpha', 'Share Alpha', ['SHA']),
    project('share-beta', 'Share Beta, Inc.', ['SHB']),
    project('share-gamma', 'Share Gamma', ['DUP']),
    project('share-delta', 'Share Delta', ['DUP']),
    project('share-formula', '=Share Formula', ['SHF']),
  ]);
  owner = await signIn(t.app);
  friend = await signIn(t.app);
});
afterAll(async () => t?.close());

const post = (c: Client, url: string, payload: object) => c.inject({ method: 'POST', url, payload });
async function createList(c: Client, name: string, ids: string[]) {
  const res = await post(c, '/api/watchlist/create', { name, projects: ids });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}
const share = (c: Client, id: string, shared: boolean) => post(c, '/api/watchlist/share', { id, shared });
const readShared = (token: string) =>
  anonymous(t.app).inject({ method: 'GET', url: `/api/shared-watchlist/${token}` });

describe('share links', () => {
  it('turns a link on, lets anyone read the list without signing in, and turns it off for good', async () => {
    const id = await createList(owner, 'Blue chips', ['share-alpha', 'share-beta']);
    const on = await share(owner, id, true);
    expect(on.statusCode).toBe(200);
    const token = on.json().shareToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // The owner's lists carry the token; a second "on" keeps the same link.
    const mine = (await owner.inject({ method: 'GET', url: '/api/watchlist' })).json() as {
      id: string;
      shareToken: string;
    }[];
    expect(mine.find((l) => l.id === id)?.shareToken).toBe(token);
    expect((await share(owner, id, true)).json().shareToken).toBe(token);

    const read = await readShared(token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ name: 'Blue chips', projects: ['share-alpha', 'share-beta'] });
    expect(read.headers['cache-control']).toBe('no-store');

    const off = await share(owner, id, false);
    expect(off.json()).toEqual({ id, shareToken: null });
    expect((await readShared(token)).statusCode).toBe(404);

    // Sharing again makes a new link; the revoked one stays dead.
    const again = (await share(owner, id, true)).json().shareToken as string;
    expect(again).not.toBe(token);
    expect((await readShared(again)).statusCode).toBe(200);
    expect((await readShared(token)).statusCode).toBe(404);
  });

  it('refuses to share another user’s list or to share signed out', async () => {
    const id = await createList(owner, 'Private', []);
    expect((await share(friend, id, true)).statusCode).toBe(404);
    expect((await share(anonymous(t.app), id, true)).statusCode).toBe(401);
    const mine = (await owner.inject({ method: 'GET', url: '/api/watchlist' })).json() as {
      id: string;
      shareToken: null;
    }[];
    expect(mine.find((l) => l.id === id)?.shareToken).toBeNull();
  });

  it('answers malformed, unknown and prototype-named tokens with the same 404', async () => {
    for (const token of ['x', 'A'.repeat(32), '__proto__', 'constructor', `${'A'.repeat(31)}%2F`]) {
      const res = await readShared(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().message).toBe('This share link does not exist or was turned off.');
    }
  });

  it('copies a shared list into a signed-in user’s watchlists under a free name', async () => {
    const id = await createList(owner, 'Copy me', ['share-beta', 'share-alpha']);
    const token = (await share(owner, id, true)).json().shareToken as string;
    expect((await post(anonymous(t.app), '/api/shared-watchlist/copy', { token })).statusCode).toBe(401);

    const first = await post(friend, '/api/shared-watchlist/copy', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: 'Copy me', projects: ['share-beta', 'share-alpha'] });
    const second = await post(friend, '/api/shared-watchlist/copy', { token });
    expect(second.json()).toMatchObject({ name: 'Copy me 2', projects: ['share-beta', 'share-alpha'] });

    const lists = (await friend.inject({ method: 'GET', url: '/api/watchlist' })).json() as {
      name: string;
      shareToken: string | null;
    }[];
    expect(lists.map((l) => l.name)).toEqual(expect.arrayContaining(['Copy me', 'Copy me 2']));
    // A copy is the friend's own list: not shared until they share it.
    expect(lists.every((l) => l.shareToken === null)).toBe(true);
    // The owner's list is untouched.
    expect((await readShared(token)).json().projects).toEqual(['share-beta', 'share-alpha']);
  });

  it('keeps a copied name within 20 characters', async () => {
    const id = await createList(owner, 'Twenty characters!!', ['share-alpha']);
    const token = (await share(owner, id, true)).json().shareToken as string;
    await createList(friend, 'Twenty characters!!', []);
    const copy = await post(friend, '/api/shared-watchlist/copy', { token });
    expect(copy.json().name).toBe('Twenty characters! 2');
  });
});

describe('import preview', () => {
  const preview = (text: string, c: Client = owner) => post(c, '/api/watchlist/import/preview', { text });

  it('reads our own CSV export back, row by row', async () => {
    const id = await createList(owner, 'Export CSV', ['share-alpha', 'share-beta', 'share-formula']);
    const csv = (await owner.inject({ method: 'GET', url: `/api/watchlist/export?id=${id}&format=csv` }))
      .body;
    const res = await preview(csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.projects).toEqual(['share-alpha', 'share-beta', 'share-formula']);
    expect(body.rows.map((r: { line: number; error: string | null }) => [r.line, r.error])).toEqual([
      [2, null],
      [3, null],
      [4, null],
    ]);
    expect(body.rows[1].project).toMatchObject({
      id: 'share-beta',
      name: 'Share Beta, Inc.',
      tier: 'A',
      score: 70,
    });
  });

  it('reads our own JSON export back, with its name', async () => {
    const id = await createList(owner, 'Export JSON', ['share-gamma', 'share-alpha']);
    const json = (await owner.inject({ method: 'GET', url: `/api/watchlist/export?id=${id}&format=json` }))
      .body;
    const body = (await preview(json)).json();
    expect(body).toMatchObject({ name: 'Export JSON', projects: ['share-gamma', 'share-alpha'] });
  });

  it('matches a plain list by id, name or ticker and names the problem of every other row', async () => {
    const body = (await preview('share-alpha\nshare beta, inc.\nshf\n\nNope Coin\nDUP\nSHA\n')).json();
    expect(body.rows).toEqual([
      { line: 1, input: 'share-alpha', project: expect.objectContaining({ id: 'share-alpha' }), error: null },
      { line: 2, input: 'share beta', project: null, error: 'No project matches “share beta”.' },
      { line: 3, input: 'shf', project: expect.objectContaining({ id: 'share-formula' }), error: null },
      { line: 5, input: 'Nope Coin', project: null, error: 'No project matches “Nope Coin”.' },
      {
        line: 6,
        input: 'DUP',
        project: null,
        error: 'DUP is the ticker of 2 projects (Share Gamma, Share Delta): use the name.',
      },
      {
        line: 7,
        input: 'SHA',
        project: expect.objectContaining({ id: 'share-alpha' }),
        error: 'Share Alpha is already on line 1.',
      },
    ]);
    expect(body.projects).toEqual(['share-alpha', 'share-formula']);
  });

  it('takes a CSV with a header in any column order, and quoted names', async () => {
    const body = (await preview('Ticker,Name\r\nSHB,"Share Beta, Inc."\r\n,Share Delta\r\n')).json();
    expect(body.projects).toEqual(['share-beta', 'share-delta']);
  });

  it('reads a semicolon-delimited CSV, as Excel writes it where the decimal mark is a comma', async () => {
    const body = (await preview('Name;Ticker\r\nShare Alpha;SHA\r\nShare Gamma;DUP\r\n')).json();
    expect(body.rows.map((r: { line: number; error: string | null }) => [r.line, r.error])).toEqual([
      [2, null],
      [3, null],
    ]);
    expect(body.projects).toEqual(['share-alpha', 'share-gamma']);
  });

  it('keeps a quoted cell’s line break inside the cell: no extra row, later rows keep their line', async () => {
    const body = (
      await preview('Id,Name,Note\nshare-alpha,Share Alpha,"first line\nsecond line"\nshare-beta,x,\n')
    ).json();
    expect(body.rows.map((r: { line: number; input: string }) => [r.line, r.input])).toEqual([
      [2, 'Share Alpha'],
      [4, 'x'],
    ]);
    expect(body.projects).toEqual(['share-alpha', 'share-beta']);
  });

  it('against a list, says which rows it already holds and leaves them out of what will be added', async () => {
    const id = await createList(owner, 'Has alpha', ['share-alpha']);
    const res = await post(owner, '/api/watchlist/import/preview', { text: 'SHA\nSHB', id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows.map((r: { error: string | null }) => r.error)).toEqual([
      'Share Alpha is already in Has alpha.',
      null,
    ]);
    expect(body.projects).toEqual(['share-beta']);
    const other = await post(friend, '/api/watchlist/import/preview', { text: 'SHA', id });
    expect(other.statusCode).toBe(404);
  });

  it('answers input it cannot read with a 400 naming the text field', async () => {
    for (const [text, message] of [
      ['', 'Paste or choose a file with at least one project.'],
      ['{"projects": ', 'The file is not valid JSON.'],
      ['{"list": []}', 'The JSON holds no list of projects (an array, or an object with "projects").'],
      [Array.from({ length: 1001 }, (_, i) => `p${i}`).join('\n'), 'An import can have at most 1000 rows.'],
    ] as const) {
      const res = await preview(text);
      expect(res.statusCode, text.slice(0, 20)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ValidationError', message, fields: { text: message } });
    }
    const huge = await preview('x'.repeat(IMPORT_TEXT_MAX + 1));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().fields).toHaveProperty('text');
  });

  it('needs a signed-in user', async () => {
    expect((await preview('SHA', anonymous(t.app))).statusCode).toBe(401);
  });
});

describe('import', () => {
  it('adds the previewed projects the list does not have yet, and says how many', async () => {
    const id = await createList(owner, 'Import into', ['share-alpha']);
    const res = await post(owner, '/api/watchlist/import', {
      id,
      projects: ['share-alpha', 'share-beta', 'share-gamma'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      added: 2,
      projects: ['share-alpha', 'share-beta', 'share-gamma'],
    });
  });

  it('refuses another user’s list, unknown projects and a list that would pass the limit', async () => {
    const id = await createList(owner, 'Import guard', []);
    expect((await post(friend, '/api/watchlist/import', { id, projects: ['share-alpha'] })).statusCode).toBe(
      404,
    );
    const unknown = await post(owner, '/api/watchlist/import', { id, projects: ['no-such-project'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('projects');

    const many = Array.from({ length: MAX_PROJECTS_PER_WATCHLIST }, (_, i) =>
      project(`bulk-${i}`, `Bulk ${i}`, [`BK${i}`]),
    );
    for (let i = 0; i < many.length; i += 100)
      await t.database.db.insert(projects).values(many.slice(i, i + 100));
    await post(owner, '/api/watchlist/import', { id, projects: ['share-alpha'] });
    const over = await post(owner, '/api/watchlist/import', { id, projects: many.map((p) => p.id) });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      `A watchlist can hold at most ${MAX_PROJECTS_PER_WATCHLIST} projects; Import guard has room for ${MAX_PROJECTS_PER_WATCHLIST - 1} more.`,
    );
  });
});
