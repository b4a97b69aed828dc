/**
 * `npm run bench:fleet [-- --no-pg-restart]` — load and faults on a fleet. Prints figures; asserts
 * nothing about time.
 *
 * Two real instances (`server/main.ts`, API only) on one fresh PostgreSQL database (a scratch database on
 * BENCH_DATABASE_URL, TEST_DATABASE_URL or the local server) and Redis (when one answers on 127.0.0.1:6379), behind
 * a small TCP round-robin balancer in this process that, like a load balancer, sends a new connection to the other
 * instance when one refuses it. autocannon drives three loads at once: search, the project page API and
 * watchlist toggles of signed-in users (each toggle adds a project that list has never had, so every acknowledged
 * toggle must be in its list afterwards). Phases, all in one run:
 *   1. one instance behind the balancer, BENCH_SECONDS (default 20);
 *   2. both instances, BENCH_SECONDS — the scaling ratio is phase 2 over phase 1;
 *   3. both instances for BENCH_FAULT_SECONDS (default 60): at 15 % one instance is SIGKILLed and started again;
 *      at 55 % PostgreSQL is restarted (`pg_ctlcluster … restart`; skipped with --no-pg-restart).
 * Then the audit: every acknowledged toggle is read back. Answers are counted by status inside and outside the
 * fault windows (a window runs from the fault until /api/ready is 200 on both instances again, plus 2 s for
 * requests that were already under way). Loopback only; bounded in time (BENCH_MAX_MINUTES, default 15).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { freePort } from '../server/chains/anvil';
import { startServer, type RunningServer } from '../tests/e2e/harness';
import { fleetEnvironment, fleetSettings, scratchDatabase } from '../tests/fleet/harness';
import { Client } from '../tests/helpers/httpClient';

type Histogram = { p50: number; p99: number };
type Result = {
  latency: Histogram;
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
};
type Context = Record<string, unknown>;
type Request = {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: Request, context: Context) => Request;
  onResponse?: (status: number, body: string, context: Context) => void;
};
type Instance = PromiseLike<Result> & { on(event: 'reqError', listener: (err: Error) => void): void };
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  requests: Request[];
}) => Instance;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const FAULT_SECONDS = Number(process.env.BENCH_FAULT_SECONDS ?? 60);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 2000);
const MAX_MINUTES = Number(process.env.BENCH_MAX_MINUTES ?? 15);
const PG_RESTART = !process.argv.includes('--no-pg-restart');
/** Connections per load: search, project page API, watchlist toggles. */
const CONNECTIONS = { search: 16, project: 16, toggle: 8 } as const;
type Load = keyof typeof CONNECTIONS;
/** Sign-ups are limited per address (10 a minute): 8 users × 20 lists × 500 projects leaves room for 80,000 toggles. */
const USERS = 8;
const LISTS_PER_USER = 20;
const PROJECTS_PER_LIST = 500;
const PASSWORD = 'Bench-Fleet-Passw0rd!';
const TAIL_MS = 2_000;

// ---- the balancer ----

/** Round robin per connection; a refused connection is tried on the next instance (as a load balancer does). */
async function balancer(initial: number[]) {
  let upstreams = initial;
  let next = 0;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    const attempt = (tries: number) => {
      if (tries >= upstreams.length) return client.destroy();
      const port = upstreams[next++ % upstreams.length]!;
      const upstream = net.connect(port, '127.0.0.1');
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        upstream.on('error', () => client.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
      });
      upstream.once('error', () => attempt(tries + 1));
    };
    attempt(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    route(ports: number[]) {
      upstreams = ports;
      for (const socket of open) socket.destroy(); // new connections follow the new routing
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// ---- the fleet ----

type Member = { name: string; port: number; dataDir: string; server: RunningServer };

async function startMember(
  member: Omit<Member, 'server'>,
  settings: Record<string, string>,
): Promise<Member> {
  const server = await startServer(
    // PARTNER_ANONYMOUS_PER_HOUR=0: the load is one address reading without a key (it measures the fleet).
    {
      ...settings,
      PORT: String(member.port),
      SEED_PROJECTS: String(PROJECTS),
      LOG_LEVEL: 'warn',
      PARTNER_ANONYMOUS_PER_HOUR: '0',
      CHAINS: 'off',
    },
    { dataDir: member.dataDir },
  );
  return { ...member, server };
}

async function readyStatus(port: number): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(2_000) })).status;
  } catch {
    return 0;
  }
}

async function untilAllReady(ports: number[], maxMs = 120_000): Promise<void> {
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    const statuses = await Promise.all(ports.map(readyStatus));
    if (statuses.every((s) => s === 200)) return;
    await sleep(200);
  }
  throw new Error(`instances on ${ports.join(', ')} not ready after ${maxMs / 1000} s`);
}

// ---- what is measured ----

type Answer = { at: number; load: Load; status: number | 'error' };
const answers: Answer[] = [];
/** Toggles acknowledged with 200: list id → projects that must be in it afterwards. */
const acknowledged = new Map<string, Set<string>>();
let ackCount = 0;
/** Requests sent per load (an answer, an error, or nothing when a killed instance took the connection down). */
const sent: Record<Load, number> = { search: 0, project: 0, toggle: 0 };

type User = { client: Client; lists: string[] };

function loads(
  url: string,
  users: User[],
  projectIds: string[],
  keywords: string[],
  nextToggle: () => number,
) {
  let s = 0;
  let p = 0;
  const record = (load: Load) => (status: number) => answers.push({ at: Date.now(), load, status });
  const search: Request = {
    method: 'GET',
    setupRequest: (req) => ({
      ...req,
      path: `/api/search-project?keyword=${encodeURIComponent(keywords[s++ % keywords.length]!)}`,
    }),
    onResponse: record('search'),
  };
  const project: Request = {
    method: 'GET',
    setupRequest: (req) => ({ ...req, path: `/api/projects/${projectIds[p++ % projectIds.length]}` }),
    onResponse: record('project'),
  };
  const lists = users.flatMap((u) => u.lists.map((id) => ({ id, user: u })));
  const toggle: Request = {
    method: 'POST',
    path: '/api/watchlist/toggle',
    setupRequest: (req, context) => {
      const k = nextToggle();
      const { id, user } = lists[k % lists.length]!;
      const projectId = projectIds[Math.floor(k / lists.length) % PROJECTS_PER_LIST]!;
      context.pair = [id, projectId];
      return {
        ...req,
        headers: {
          'content-type': 'application/json',
          cookie: user.client.cookie,
          'x-csrf-token': user.client.csrf!,
        },
        body: JSON.stringify({ id, projectId }),
      };
    },
    onResponse: (status, _body, context) => {
      record('toggle')(status);
      if (status !== 200) return;
      const [id, projectId] = context.pair as [string, string];
      const set = acknowledged.get(id) ?? new Set<string>();
      set.add(projectId);
      acknowledged.set(id, set);
      ackCount++;
    },
  };
  const run = (load: Load, request: Request, duration: number) => {
    const setup = request.setupRequest!;
    const counted: Request = {
      ...request,
      setupRequest: (req, context) => {
        sent[load]++;
        return setup(req, context);
      },
    };
    const instance = autocannon({
      url,
      connections: CONNECTIONS[load],
      duration,
      timeout: 10,
      requests: [counted],
    });
    instance.on('reqError', () => answers.push({ at: Date.now(), load, status: 'error' }));
    return instance;
  };
  return async (duration: number) => {
    const [searchResult, projectResult, toggleResult] = await Promise.all([
      run('search', search, duration),
      run('project', project, duration),
      run('toggle', toggle, duration),
    ]);
    return { search: searchResult!, project: projectResult!, toggle: toggleResult! };
  };
}

type Window = { label: string; from: number; to: number };

function statusTable(from: number, to: number, windows: Window[]) {
  const inside = new Map<string, number>();
  const outside = new Map<string, number>();
  for (const a of answers) {
    if (a.at < from || a.at > to) continue;
    const key = String(a.status);
    const within = windows.some((w) => a.at >= w.from && a.at <= w.to + TAIL_MS);
    const table = within ? inside : outside;
    table.set(key, (table.get(key) ?? 0) + 1);
  }
  const show = (m: Map<string, number>) =>
    [...m]
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ') || '—';
  const failures = (m: Map<string, number>) =>
    [...m].filter(([k]) => k === 'error' || Number(k) >= 500).reduce((n, [, v]) => n + v, 0);
  return { inside: show(inside), outside: show(outside), outsideFailures: failures(outside) };
}

/** Runs one phase, prints its figures per load, and returns the total throughput and when it ran. */
async function phase(
  label: string,
  run: (duration: number) => Promise<Record<Load, Result>>,
  duration: number,
) {
  const sentBefore = { ...sent };
  const from = Date.now();
  const results = await run(duration);
  const total = printPhase(label, results);
  const answered = (load: Load) => answers.filter((a) => a.at >= from && a.load === load).length;
  const unanswered = (Object.keys(CONNECTIONS) as Load[]).map(
    (load) => `${load} ${sent[load] - sentBefore[load] - answered(load)}`,
  );
  console.log(
    `  sent without an answer or error (in flight at the end, or on a killed instance's connection): ${unanswered.join(', ')}`,
  );
  return { total, from, to: Date.now() };
}

function printPhase(label: string, results: Record<Load, Result>) {
  let total = 0;
  console.log(`\n${label}`);
  for (const load of Object.keys(CONNECTIONS) as Load[]) {
    const r = results[load];
    total += r.requests.average;
    console.log(
      `  ${load.padEnd(8)} ${Math.round(r.requests.average).toString().padStart(6)} req/s   p50 ${r.latency.p50
        .toFixed(1)
        .padStart(
          6,
        )} ms   p99 ${r.latency.p99.toFixed(1).padStart(7)} ms   (${CONNECTIONS[load]} connections)`,
    );
  }
  console.log(`  ${'all'.padEnd(8)} ${Math.round(total).toString().padStart(6)} req/s`);
  return total;
}

// ---- the run ----

async function restartPostgres(): Promise<void> {
  const version = readdirSync('/etc/postgresql')[0];
  if (!version) throw new Error('no cluster under /etc/postgresql');
  await promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart']);
}

async function main() {
  const environment = await fleetEnvironment();
  if (environment.skip) {
    console.log(`fleet bench cannot run: ${environment.skip}`);
    return;
  }
  const baseUrl = process.env.BENCH_DATABASE_URL || environment.postgres!;
  console.log(
    `Fleet bench on ${os.cpus().length} CPU(s), load average ${os.loadavg()[0]!.toFixed(1)}; ` +
      `PostgreSQL ${new URL(baseUrl).host}, ${environment.redis ? `Redis ${new URL(environment.redis).host}` : environment.note}; ` +
      `${PROJECTS} projects; ${SECONDS} s per clean phase, ${FAULT_SECONDS} s with faults` +
      `${PG_RESTART ? '' : ' (no PostgreSQL restart)'}`,
  );
  const database = await scratchDatabase(baseUrl, 'bench_fleet');
  const settings = fleetSettings(environment, database.url);
  const members: Member[] = [];
  let lb: Awaited<ReturnType<typeof balancer>> | undefined;
  const watchdog = setTimeout(() => {
    console.error(`bench stopped after ${MAX_MINUTES} minutes`);
    for (const m of members) m.server.process.kill('SIGKILL');
    process.exit(1);
  }, MAX_MINUTES * 60_000);
  watchdog.unref();
  try {
    const started = Date.now();
    const specs = await Promise.all(
      ['A', 'B'].map(async (name) => ({
        name,
        port: await freePort(),
        dataDir: mkdtempSync(path.join(os.tmpdir(), `sentinel-fleet-${name}-`)),
      })),
    );
    members.push(...(await Promise.all(specs.map((s) => startMember(s, settings)))));
    const [a, b] = [members[0]!, members[1]!];
    console.log(
      `  two instances up in ${((Date.now() - started) / 1000).toFixed(1)} s (ports ${a.port}, ${b.port})`,
    );
    lb = await balancer([a.port]);

    // Data for the loads: project ids, search words, signed-in users with their lists.
    const anon = new Client();
    const projectIds: string[] = [];
    for (let page = 1; projectIds.length < Math.min(PROJECTS, 1000); page++) {
      const res = await anon.ok<{ items: { id: string; name: string }[] }>(
        lb.url,
        'GET',
        `/api/leaderboard?sort=name&page=${page}&pageSize=100`,
      );
      if (res.items.length === 0) break;
      projectIds.push(...res.items.map((p) => p.id));
    }
    if (projectIds.length < PROJECTS_PER_LIST)
      throw new Error(`need ${PROJECTS_PER_LIST} projects, have ${projectIds.length}`);
    const names = await anon.ok<{ items: { name: string; tokenTickers: string[] }[] }>(
      lb.url,
      'GET',
      '/api/leaderboard?pageSize=100',
    );
    const keywords = names.items.flatMap((p, i) => [
      p.name,
      p.name.slice(0, 2 + (i % 3)),
      p.tokenTickers[0] ?? 'eth',
    ]);
    const users: User[] = [];
    for (let i = 0; i < USERS; i++) {
      const client = new Client();
      await client.signUp(lb.url, `bench-${i}-${Date.now()}@example.com`, PASSWORD);
      const lists: string[] = [];
      for (let l = 0; l < LISTS_PER_USER; l++) {
        const { id } = await client.ok<{ id: string }>(lb.url, 'POST', '/api/watchlist/create', {
          json: { name: `Bench ${l}` },
        });
        lists.push(id);
      }
      users.push({ client, lists });
    }
    let toggles = 0;
    const capacity = USERS * LISTS_PER_USER * PROJECTS_PER_LIST;
    const nextToggle = () => {
      if (toggles >= capacity)
        throw new Error('more toggles than fresh (list, project) pairs: lower BENCH_SECONDS');
      return toggles++;
    };
    const run = loads(lb.url, users, projectIds, keywords, nextToggle);

    // Warm up both instances, then the clean phases.
    lb.route([a.port, b.port]);
    await run(3);
    lb.route([a.port]);
    const one = await phase('Phase 1 — one instance', run, SECONDS);
    const oneTable = statusTable(one.from, one.to, []);
    console.log(`  answers by status: ${oneTable.outside}`);

    lb.route([a.port, b.port]);
    const two = await phase('Phase 2 — two instances', run, SECONDS);
    const twoTable = statusTable(two.from, two.to, []);
    console.log(`  answers by status: ${twoTable.outside}`);
    console.log(`  scaling: two instances / one = ${(two.total / one.total).toFixed(2)}`);

    // Phase 3: the same load with faults.
    const windows: Window[] = [];
    const faultFrom = Date.now();
    const faults = (async () => {
      await sleep(FAULT_SECONDS * 150);
      const killAt = Date.now();
      const exited = new Promise((resolve) => a.server.process.once('exit', resolve));
      a.server.process.kill('SIGKILL');
      await exited;
      const restarted = await startMember(a, settings);
      members[0] = restarted;
      await untilAllReady([a.port, b.port]);
      windows.push({ label: `instance A SIGKILLed and restarted`, from: killAt, to: Date.now() });
      if (!PG_RESTART) return;
      const wait = FAULT_SECONDS * 550 - (Date.now() - faultFrom);
      if (wait > 0) await sleep(wait);
      const pgAt = Date.now();
      await restartPostgres();
      await untilAllReady([a.port, b.port]);
      windows.push({ label: 'PostgreSQL restarted', from: pgAt, to: Date.now() });
    })();
    await phase('Phase 3 — two instances with faults', run, FAULT_SECONDS);
    await faults;
    const faultTo = Date.now();
    for (const w of windows) {
      console.log(
        `  fault: ${w.label} at +${((w.from - faultFrom) / 1000).toFixed(1)} s, ready again after ${((w.to - w.from) / 1000).toFixed(1)} s`,
      );
    }
    const threeTable = statusTable(faultFrom, faultTo + TAIL_MS, windows);
    console.log(`  answers by status inside the fault windows:  ${threeTable.inside}`);
    console.log(`  answers by status outside the fault windows: ${threeTable.outside}`);
    for (const m of members) {
      const lines = m.server
        .output()
        .split('\n')
        .filter((l) => /is unreachable|reachable again/.test(l))
        .map((l) => (JSON.parse(l) as { msg: string }).msg);
      for (const line of lines) console.log(`  log of ${m.name}: ${line}`);
    }

    // The audit: every acknowledged toggle is in its list.
    let lost = 0;
    let present = 0;
    for (const user of users) {
      const lists = await user.client.ok<{ id: string; projects: string[] }[]>(
        lb.url,
        'GET',
        '/api/watchlist',
      );
      for (const list of lists) {
        present += list.projects.length;
        const stored = new Set(list.projects);
        for (const projectId of acknowledged.get(list.id) ?? []) if (!stored.has(projectId)) lost++;
      }
    }
    console.log('\nAudit of acknowledged writes');
    console.log(
      `  toggles sent: ${toggles}; acknowledged (200): ${ackCount}; in the lists afterwards: ${present}`,
    );
    console.log(`  acknowledged but missing: ${lost}`);
    console.log(
      `  committed without an acknowledgement (answer lost in a fault): ${present - ackCount + lost}`,
    );
    const outside5xx = oneTable.outsideFailures + twoTable.outsideFailures + threeTable.outsideFailures;
    console.log(`\n5xx and connection errors outside the fault windows: ${outside5xx}`);
    console.log(lost === 0 && outside5xx === 0 ? 'Goals met.' : 'Goals NOT met (see above).');
  } finally {
    clearTimeout(watchdog);
    await lb?.close();
    await Promise.all(members.map((m) => m.server.stop().catch(() => undefined)));
    for (const m of members) rmSync(m.dataDir, { recursive: true, force: true });
    await database.drop().catch((err: unknown) => console.error('dropping the scratch database failed', err));
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
