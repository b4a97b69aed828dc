import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { incidentReports, quoteRequests } from '../../server/db/schema/index';
import { scratchDatabase } from '../fleet/harness';
import { Client, type Body } from '../helpers/httpClient';
import { startServer, type RunningServer } from './harness';

/**
 * "A restart on the same DATA_DIR loses nothing; no acknowledged write is lost when the server is killed"
 * (design notes §5). Writes go through the public API of the real server (`server/main.ts` on PGlite
 * in DATA_DIR, and on PostgreSQL too when TEST_DATABASE_URL is set); the server is stopped with SIGTERM, or
 * killed with SIGKILL right after the last write was acknowledged, then started again on the same folder and
 * database, and every write is read back.
 */

const SEED = '300';
const PASSWORD = 'Durable-Passw0rd!';
/** Votes sent at once before the second kill; the kill comes when half are acknowledged. */
const BURST = 40;
const dirs: string[] = [];
const scratchDatabases: { drop: () => Promise<void> }[] = [];
const servers: RunningServer[] = [];
const BASE_URL = process.env.TEST_DATABASE_URL || undefined;

afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => undefined);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const database of scratchDatabases) await database.drop();
});

/** Where the product keeps its data: a DATA_DIR, plus a fresh PostgreSQL database for that driver. */
type Store = { dataDir: string; databaseUrl?: string };

async function newStore(driver: 'pglite' | 'postgres'): Promise<Store> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sentinel-durable-'));
  dirs.push(dataDir);
  if (driver === 'pglite' || !BASE_URL) return { dataDir };
  const database = await scratchDatabase(BASE_URL, 'durable');
  scratchDatabases.push(database);
  return { dataDir, databaseUrl: database.url };
}

/** The product on the store, logging at info so the seed message can be seen. */
async function start(store: Store): Promise<RunningServer> {
  const server = await startServer(
    // An empty DATABASE_URL means PGlite in DATA_DIR, whatever the environment says.
    { SEED_PROJECTS: SEED, LOG_LEVEL: 'info', DATABASE_URL: store.databaseUrl ?? '' },
    { dataDir: store.dataDir },
  );
  servers.push(server);
  return server;
}

async function kill(server: RunningServer): Promise<void> {
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGKILL');
  await exited;
}

const seededOnThisStart = (server: RunningServer) => /Seeded \d+ projects/.test(server.output());

/** The shared test browser, talking to the server that is up now (`base` moves to the one started next). */
class Visitor {
  readonly browser = new Client();
  constructor(public base: string) {}

  ok<T>(method: string, url: string, body?: Body): Promise<T> {
    return this.browser.ok<T>(this.base, method, url, body);
  }

  signIn(email: string): Promise<void> {
    return this.browser.signIn(this.base, email, PASSWORD);
  }

  /** Signs up, reads the code from the development outbox, verifies and signs in. */
  signUp(email: string): Promise<void> {
    return this.browser.signUp(this.base, email, PASSWORD);
  }
}

/** Every project id, page by page through the public leaderboard, and the total it reports. */
async function allProjects(client: Visitor): Promise<{ total: number; ids: string[] }> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await client.ok<{ items: { id: string }[]; total: number }>(
      'GET',
      `/api/leaderboard?page=${page}&pageSize=100`,
    );
    ids.push(...res.items.map((p) => p.id));
    if (res.items.length === 0 || ids.length >= res.total) return { total: res.total, ids: ids.sort() };
  }
}

type Written = {
  watchlist: { id: string; name: string; projects: string[] };
  votes: Record<string, 'yes' | 'no'>;
  incidents: { id: number; projectName: string }[];
  quote: { id: number; company: string };
};

/** The acknowledged writes of a visit: a watchlist with projects, a vote, an incident report, a quote request. */
async function writeEverything(client: Visitor, ids: string[], tag: string): Promise<Written> {
  const projects = [ids[3]!, ids[1]!, ids[2]!];
  const name = `Keep ${tag}`;
  const { id } = await client.ok<{ id: string }>('POST', '/api/watchlist/create', {
    json: { name, projects },
  });
  const vote = await client.ok<{ myVote: string }>('GET', `/api/projects/vote?id=${ids[0]}&vote=yes`);
  expect(vote.myVote).toBe('yes');
  const projectName = `Incident ${tag}`;
  const incident = await client.ok<{ id: number }>('POST', '/api/incidents', {
    json: { projectName, description: 'Funds drained through a reentrancy bug.', txHash: '0xabc' },
  });
  const company = `Company ${tag}`;
  const quote = await client.ok<{ id: number }>('POST', '/api/quote', {
    json: {
      name: 'Ada',
      email: 'ada@example.com',
      company,
      services: ['security-audit'],
      budget: '$10k',
      message: 'Please audit us.',
    },
  });
  return {
    watchlist: { id, name, projects },
    votes: { [ids[0]!]: 'yes' },
    incidents: [{ id: incident.id, projectName }],
    quote: { id: quote.id, company },
  };
}

/** Reads every write back through the API of the restarted server. */
async function expectEverything(client: Visitor, written: Written): Promise<void> {
  const lists = await client.ok<{ id: string; name: string; projects: string[] }[]>('GET', '/api/watchlist');
  expect(lists.find((l) => l.id === written.watchlist.id)).toMatchObject(written.watchlist);
  for (const [projectId, vote] of Object.entries(written.votes)) {
    const tally = await client.ok<{ yes: number; no: number; myVote: string | null }>(
      'GET',
      `/api/projects/vote?id=${projectId}`,
    );
    expect(tally.myVote, `my vote on ${projectId}`).toBe(vote);
    expect(tally[vote], `${vote} votes on ${projectId}`).toBe(1);
  }
}

/** Incident reports and quote requests have no read API: look in the database once the server is down. */
async function expectStored(store: Store, written: Written): Promise<void> {
  const database = await openDatabase({ url: store.databaseUrl, dataDir: store.dataDir });
  try {
    for (const incident of written.incidents) {
      const rows = await database.db
        .select()
        .from(incidentReports)
        .where(eq(incidentReports.id, incident.id));
      expect(rows.map((r) => r.projectName)).toEqual([incident.projectName]);
    }
    const quotes = await database.db
      .select()
      .from(quoteRequests)
      .where(eq(quoteRequests.id, written.quote.id));
    expect(quotes.map((q) => q.company)).toEqual([written.quote.company]);
  } finally {
    await database.close();
  }
}

const DRIVERS = BASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(DRIVERS)('durability on the same DATA_DIR (%s)', (driver) => {
  it('keeps every write across a SIGTERM restart, without reseeding', async () => {
    const store = await newStore(driver);
    const first = await start(store);
    expect(seededOnThisStart(first)).toBe(true);
    const client = new Visitor(first.url);
    expect(await client.ok<{ database: string }>('GET', '/api/health')).toMatchObject({ database: driver });
    const email = `durable-term-${Date.now()}@example.com`;
    await client.signUp(email);
    const before = await allProjects(client);
    expect(before.total).toBe(Number(SEED));
    const written = await writeEverything(client, before.ids, 'term');

    await first.stop();
    expect(first.process.exitCode, first.output().slice(-500)).toBe(0);

    const second = await start(store);
    expect(seededOnThisStart(second)).toBe(false);
    client.base = second.url;
    // The session cookie still works (the generated secret lives in DATA_DIR), and so does the password.
    const session = await client.ok<{ user?: { email: string } }>('GET', '/api/auth/session');
    expect(session.user?.email).toBe(email);
    const fresh = new Visitor(second.url);
    await fresh.signIn(email);
    expect(await allProjects(client)).toEqual(before);
    await expectEverything(client, written);
    await expectEverything(fresh, written);

    await second.stop();
    await expectStored(store, written);
  }, 600_000);

  it('keeps every acknowledged write when the server is killed right after it (SIGKILL)', async () => {
    const store = await newStore(driver);
    const first = await start(store);
    const client = new Visitor(first.url);
    const email = `durable-kill-${Date.now()}@example.com`;
    await client.signUp(email);
    const before = await allProjects(client);
    const written = await writeEverything(client, before.ids, 'kill');
    await kill(first);

    const second = await start(store);
    expect(seededOnThisStart(second)).toBe(false);
    client.base = second.url;
    expect(await allProjects(client)).toEqual(before);
    await expectEverything(client, written);

    // A second round on the restarted server: change the watchlist and the vote, report again, and kill at once.
    const toggled = await client.ok<{ projects: string[] }>('POST', '/api/watchlist/toggle', {
      json: { id: written.watchlist.id, projectId: written.watchlist.projects[0] },
    });
    expect(toggled.projects).toEqual(written.watchlist.projects.slice(1));
    const renamed = await client.ok<{ name: string; projects: string[] }>('POST', '/api/watchlist/update', {
      json: {
        id: written.watchlist.id,
        name: 'Renamed kill',
        projects: [...toggled.projects, before.ids[5]],
      },
    });
    const changed = await client.ok<{ myVote: string }>(
      'GET',
      `/api/projects/vote?id=${before.ids[0]}&vote=no`,
    );
    expect(changed.myVote).toBe('no');
    const incident = await client.ok<{ id: number }>('POST', '/api/incidents', {
      json: { projectName: 'Incident kill 2', description: 'Oracle manipulation.' },
    });
    // Then a burst of votes on other projects, killed while some are still in flight: every acknowledged one
    // must survive.
    const burst: Record<string, 'yes'> = {};
    let acknowledged = 0;
    await new Promise<void>((resolve) => {
      let settled = 0;
      for (const id of before.ids.slice(10, 10 + BURST)) {
        client
          .ok<{ myVote: string }>('GET', `/api/projects/vote?id=${id}&vote=yes`)
          .then(() => {
            burst[id] = 'yes';
            if (++acknowledged === BURST / 2) resolve();
          })
          .catch(() => undefined)
          .finally(() => {
            if (++settled === BURST) resolve();
          });
      }
    });
    await kill(second);
    expect(Object.keys(burst).length).toBeGreaterThanOrEqual(BURST / 2);

    const third = await start(store);
    expect(seededOnThisStart(third)).toBe(false);
    client.base = third.url;
    const after: Written = {
      ...written,
      watchlist: { id: written.watchlist.id, name: renamed.name, projects: renamed.projects },
      votes: { [before.ids[0]!]: 'no', ...burst },
      incidents: [...written.incidents, { id: incident.id, projectName: 'Incident kill 2' }],
    };
    expect(renamed.name).toBe('Renamed kill');
    await expectEverything(client, after);
    expect(await allProjects(client)).toEqual(before);

    await third.stop();
    await expectStored(store, after);
  }, 600_000);
});
