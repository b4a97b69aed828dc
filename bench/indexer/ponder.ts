import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Abi } from 'viem';
import { freePort } from '../../server/chains/anvil';
import type { Token } from './chain';
import { sleep } from '../../server/lib/concurrency';

/**
 * Ponder (npm `ponder`) indexing the same Transfer events into its own store, for comparison. Current Ponder wants
 * Node >= 22 and this project runs on Node 20, so the bench installs Node 22 (npm's `node` package, which carries the
 * binary) and Ponder into a cache folder outside the project's dependencies (node_modules/.cache/bench-indexer),
 * writes a minimal Ponder app there at run time (config with the devnet and the tokens, a transfers table, an
 * indexing function storing each Transfer, one route counting them) and runs `ponder start` with that Node.
 *
 * Ponder 0.16.10 is the newest release whose dependencies all resolve here (0.17.7 asks for an @ponder/utils
 * version the registry does not have); BENCH_PONDER_VERSION picks another. Ponder gets its best case: one contract
 * entry with the tokens' address list (one eth_getLogs filter), its RPC cache off (a devnet).
 */

export const PONDER_VERSION = process.env.BENCH_PONDER_VERSION ?? '0.16.10';

const require = createRequire(import.meta.url);

/** node_modules/.cache/bench-indexer of the checkout. */
export function cacheRoot(): string {
  const viemDir = path.dirname(require.resolve('viem/package.json'));
  return path.join(viemDir, '..', '.cache', 'bench-indexer');
}

export type PonderInstall = { dir: string; node: string; bin: string; version: string; installMs: number };

/** Installs Node 22, ponder, hono and viem into the cache folder once. */
export function installPonder(): PonderInstall {
  const dir = path.join(cacheRoot(), `ponder-${PONDER_VERSION}`);
  const node = path.join(dir, 'node_modules', 'node', 'bin', 'node');
  const bin = path.join(dir, 'node_modules', 'ponder', 'dist', 'esm', 'bin', 'ponder.js');
  const started = performance.now();
  if (!existsSync(node) || !existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: 'bench-indexer-ponder', private: true, type: 'module' }, null, 2),
    );
    const viemVersion = (require('viem/package.json') as { version: string }).version;
    const result = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        'node@22',
        `ponder@${PONDER_VERSION}`,
        'hono@4',
        `viem@${viemVersion}`,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (result.status !== 0) throw new Error(`npm install of ponder@${PONDER_VERSION} and node@22 failed`);
    if (!existsSync(node)) throw new Error(`the node package put no binary at ${node}`);
  }
  const version = (
    JSON.parse(readFileSync(path.join(dir, 'node_modules', 'ponder', 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  return { dir, node, bin, version, installMs: performance.now() - started };
}

/** Writes the Ponder app (config, schema, indexing function, one count route) into `appDir`. */
export function writePonderApp(
  appDir: string,
  opts: { rpcUrl: string; chainId: number; abi: Abi; tokens: Token[]; database: PonderDatabase },
): void {
  mkdirSync(path.join(appDir, 'src', 'api'), { recursive: true });
  writeFileSync(
    path.join(appDir, 'package.json'),
    JSON.stringify({ name: 'bench-ponder-app', private: true, type: 'module' }),
  );
  const transferOnly = opts.abi.filter((item) => item.type === 'event' && item.name === 'Transfer');
  const startBlock = Math.min(...opts.tokens.map((t) => t.deploymentBlock));
  const database =
    opts.database.kind === 'pglite'
      ? `{ kind: "pglite", directory: ${JSON.stringify(opts.database.directory)} }`
      : `{ kind: "postgres", connectionString: ${JSON.stringify(opts.database.url)} }`;
  writeFileSync(
    path.join(appDir, 'ponder.config.ts'),
    `import { createConfig } from "ponder";

const abi = ${JSON.stringify(transferOnly)} as const;

export default createConfig({
  database: ${database},
  chains: {
    devnet: { id: ${opts.chainId}, rpc: ${JSON.stringify(opts.rpcUrl)}, disableCache: true, pollingInterval: 250 },
  },
  contracts: {
    BenchToken: {
      chain: "devnet",
      abi,
      address: ${JSON.stringify(opts.tokens.map((t) => t.address))},
      startBlock: ${startBlock},
    },
  },
});
`,
  );
  writeFileSync(
    path.join(appDir, 'ponder.schema.ts'),
    `import { onchainTable } from "ponder";

export const transfer = onchainTable("transfer", (t) => ({
  id: t.text().primaryKey(),
  token: t.hex().notNull(),
  from: t.hex().notNull(),
  to: t.hex().notNull(),
  amount: t.bigint().notNull(),
  blockNumber: t.bigint().notNull(),
  logIndex: t.integer().notNull(),
  timestamp: t.bigint().notNull(),
}));
`,
  );
  writeFileSync(
    path.join(appDir, 'src', 'index.ts'),
    `import { ponder } from "ponder:registry";
import { transfer } from "ponder:schema";

ponder.on("BenchToken:Transfer", async ({ event, context }) => {
  await context.db.insert(transfer).values({
    id: event.id,
    token: event.log.address,
    from: event.args.from,
    to: event.args.to,
    amount: event.args.value,
    blockNumber: event.block.number,
    logIndex: event.log.logIndex,
    timestamp: event.block.timestamp,
  });
});
`,
  );
  writeFileSync(
    path.join(appDir, 'src', 'api', 'index.ts'),
    `import { db } from "ponder:api";
import { transfer } from "ponder:schema";
import { count } from "ponder";
import { Hono } from "hono";

const app = new Hono();
app.get("/bench/count", async (c) => {
  const rows = await db.select({ n: count() }).from(transfer);
  return c.json({ n: Number(rows[0]?.n ?? 0) });
});
export default app;
`,
  );
}

export type PonderDatabase = { kind: 'pglite'; directory: string } | { kind: 'postgres'; url: string };

export type PonderRun = {
  /** Spawn → the HTTP server answers /health (Ponder built the app and opened its database). */
  startMs: number;
  /** /health up → /ready 200 (historical backfill done) and the stored count reaches `expected`. */
  backfillMs: number;
  /** Spawn → all stored. */
  totalMs: number;
  stored: number;
  peakRssKb: number;
  logTail: string;
};

/** VmHWM (peak resident set) of a process, in kB, from /proc; 0 where there is no /proc. */
export function peakRssKb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmHWM:\s+(\d+)\s+kB/.exec(status);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Peak RSS over a process and its descendants (Ponder may run workers), summed per process. */
function treeRssKb(pid: number): number {
  let total = peakRssKb(pid);
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    for (const child of children) total += treeRssKb(Number(child));
  } catch {
    // no /proc
  }
  return total;
}


async function get(url: string): Promise<{ status: number; body: string } | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return { status: response.status, body: await response.text() };
  } catch {
    return null;
  }
}

/** Runs `ponder start` on the app until its backfill is ready and `expected` transfers are stored, then stops it. */
export async function runPonder(
  install: PonderInstall,
  appDir: string,
  expected: number,
  opts: { timeoutMs?: number; schema?: string } = {},
): Promise<PonderRun> {
  const port = await freePort();
  const args = [
    install.bin,
    'start',
    '--port',
    String(port),
    '--hostname',
    '127.0.0.1',
    '--log-format',
    'json',
  ];
  args.push('--schema', opts.schema ?? 'public');
  const started = performance.now();
  const child: ChildProcess = spawn(install.node, args, {
    cwd: appDir,
    env: { ...process.env, NODE_ENV: 'production', PONDER_TELEMETRY_DISABLED: 'true', CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssKb(child.pid ?? 0))), 250);
  const base = `http://127.0.0.1:${port}`;
  const deadline = started + (opts.timeoutMs ?? 15 * 60_000);
  try {
    let up = 0;
    while (!up) {
      if (child.exitCode !== null) throw new Error(`ponder exited with ${child.exitCode}:\n${log}`);
      if (performance.now() > deadline) throw new Error(`ponder did not start:\n${log}`);
      if ((await get(`${base}/health`))?.status === 200) up = performance.now();
      else await sleep(50);
    }
    let ready = false;
    let stored = 0;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`ponder exited with ${child.exitCode}:\n${log}`);
      if (performance.now() > deadline)
        throw new Error(`ponder stored ${stored} of ${expected} in time:\n${log}`);
      if (!ready) ready = (await get(`${base}/ready`))?.status === 200;
      if (ready) {
        const answer = await get(`${base}/bench/count`);
        if (answer?.status === 200) stored = (JSON.parse(answer.body) as { n: number }).n;
        if (stored >= expected) break;
      }
      await sleep(25);
    }
    const done = performance.now();
    peak = Math.max(peak, treeRssKb(child.pid ?? 0));
    return {
      startMs: up - started,
      backfillMs: done - up,
      totalMs: done - started,
      stored,
      peakRssKb: peak,
      logTail: log.slice(-2000),
    };
  } finally {
    clearInterval(sampler);
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  }
}
