/**
 * `npm run bench:indexer` — the indexer on real chain data (docs/monitoring.md, "Benchmark").
 *
 * 1. A devnet (anvil, loopback) with BENCH_CONTRACTS (10) ERC-20 tokens (bench/indexer/BenchToken.sol: OpenZeppelin's
 *    ERC20 + Ownable, compiled with solc-js) and BENCH_EVENTS (200,000) Transfer events, BENCH_BATCH (500) per
 *    transaction and BENCH_TXS_PER_BLOCK (2) transactions per block, then 64 empty blocks so every event is final
 *    for both indexers. The ground truth is counted back from the chain with eth_getLogs.
 * 2. Our backfill: the server's app (buildApp) on a real database (PGlite in a temporary DATA_DIR, or PostgreSQL at
 *    BENCH_DATABASE_URL) with the devnet as its chain; each token added as an admin adds a contract
 *    (app.chains.addContract), the server's job runner (app.jobs) started (bench/indexer/ours.ts). Timed from adding
 *    the contracts to every checkpoint past the last event block; the stored Transfer logs per token must equal the
 *    ground truth.
 * 3. Ponder (npm `ponder` with Node 22, installed into node_modules/.cache/bench-indexer; bench/indexer/ponder.ts)
 *    indexing the same events into its own store (PGlite, or the same PostgreSQL in a schema of its own). Timed from
 *    its HTTP server's first answer (app built, database open) to /ready answering 200 (historical backfill done)
 *    with its stored transfers equal to the ground truth; its start-up is shown apart.
 * 4. Head lag under steady traffic: a transfer every BENCH_TRANSFER_MS (100) ms and an ownership transfer every
 *    BENCH_PRIVILEGED_MS (1,000) ms on the first token, for BENCH_LAG_SAMPLES (60) ownership transfers; the lag of a
 *    transaction is from sending it (anvil mines it before answering) to its row being visible in the database
 *    (privileged_events for the ownership transfers — the alert — and chain_logs for the transfers), polled every
 *    20 ms. BENCH_CONFIRMATIONS (default 2, the indexer's default for a chain) blocks behind the head.
 * 5. Peak RSS: this process (our indexer runs in it; it also holds the generator's JSON-RPC client) from
 *    process.resourceUsage().maxRSS, Ponder's process tree from /proc/<pid>/status VmHWM.
 *
 * BENCH_SKIP_PONDER=1 skips Ponder (no install). Goal: ≥ 1.5× Ponder's events/s, head lag p99 ≤ 2 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { encodeFunctionData, type Hex } from 'viem';
import { startAnvil } from '../server/chains/anvil';
import { rows } from '../server/db/rows';
import {
  compileBenchTokenApart,
  countTransfers,
  deployTokens,
  generateTransfers,
  jsonRpc,
  TRANSFER_TOPIC,
  type Compiled,
  type Rpc,
  type Token,
} from './indexer/chain';
import { lowestCheckpoint, startIndexing, startOurs, storedTransfers, type Ours } from './indexer/ours';
import { installPonder, runPonder, writePonderApp, type PonderRun } from './indexer/ponder';
import { sleep } from '../server/lib/concurrency';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const EVENTS = env('BENCH_EVENTS', 200_000);
const CONTRACTS = env('BENCH_CONTRACTS', 10);
const BATCH = env('BENCH_BATCH', 500);
const TXS_PER_BLOCK = env('BENCH_TXS_PER_BLOCK', 2);
const CONFIRMATIONS = env('BENCH_CONFIRMATIONS', 2);
const TRANSFER_MS = env('BENCH_TRANSFER_MS', 100);
const PRIVILEGED_MS = env('BENCH_PRIVILEGED_MS', 1_000);
const LAG_SAMPLES = env('BENCH_LAG_SAMPLES', 60);
const END_WAIT_MS = env('BENCH_END_WAIT_MS', 60_000);
const SKIP_PONDER = process.env.BENCH_SKIP_PONDER === '1';
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;
const CHAIN_ID = 31337;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

type OurBackfill = { ms: number; stored: number; perToken: Map<string, number> };

async function ourBackfill(
  ours: Ours,
  tokens: Token[],
  abi: Compiled['abi'],
  lastEventBlock: number,
): Promise<OurBackfill> {
  const started = performance.now();
  await startIndexing(ours, abi, tokens);
  const deadline = started + 30 * 60_000;
  while ((await lowestCheckpoint(ours)) <= lastEventBlock) {
    if (performance.now() > deadline) throw new Error('our backfill did not finish in 30 minutes');
    await sleep(20);
  }
  const ms = performance.now() - started;
  const perToken = await storedTransfers(ours, TRANSFER_TOPIC);
  const stored = [...perToken.values()].reduce((a, b) => a + b, 0);
  return { ms, stored, perToken };
}

type Lag = {
  transfers: number[];
  privileged: number[];
  privilegedStored: boolean;
  sentTransfers: number;
  sentPrivileged: number;
  /** From the first transaction sent to the last row seen. */
  spanMs: number;
};

/**
 * Steady traffic while our indexer follows the head: returns the lags (ms) of the transfers (chain_logs) and of
 * the ownership transfers (privileged_events; chain_logs when the monitoring hook stored none).
 */
async function headLag(
  ours: Ours,
  rpc: Rpc,
  compiled: Compiled,
  tokens: Token[],
  accounts: Hex[],
): Promise<Lag> {
  const db = ours.database.db;
  const [a, b] = accounts as [Hex, Hex];
  const owned = tokens[0]!;
  let owner = a;
  type Sent = { key: string; sentAt: number; kind: 'transfer' | 'privileged'; hash: string; block?: number };
  const sent: Sent[] = [];
  const seenLogs = new Map<string, number>();
  const seenPrivileged = new Map<string, number>();
  let stop = false;

  // The poller: what became visible since the last poll, and when.
  let lastBlock = Number.parseInt(await rpc<string>('eth_blockNumber'), 16);
  let lastPrivilegedId = Number(
    rows<{ n: number | string }>(
      await db.execute(sql`SELECT coalesce(max(id), 0) AS n FROM privileged_events`),
    )[0]?.n ?? 0,
  );
  const poller = (async () => {
    while (!stop) {
      const now = performance.now();
      const logs = rows<{ transaction_hash: string; block_number: number | string }>(
        await db.execute(
          sql`SELECT transaction_hash, block_number FROM chain_logs WHERE chain_id = ${CHAIN_ID} AND block_number > ${lastBlock}`,
        ),
      );
      for (const l of logs) {
        if (!seenLogs.has(l.transaction_hash)) seenLogs.set(l.transaction_hash, now);
        lastBlock = Math.max(lastBlock, Number(l.block_number) - 1);
      }
      const privileged = rows<{ id: number | string; transaction_hash: string }>(
        await db.execute(
          sql`SELECT id, transaction_hash FROM privileged_events WHERE id > ${lastPrivilegedId} ORDER BY id`,
        ),
      );
      for (const p of privileged) {
        if (!seenPrivileged.has(p.transaction_hash)) seenPrivileged.set(p.transaction_hash, now);
        lastPrivilegedId = Math.max(lastPrivilegedId, Number(p.id));
      }
      await sleep(20);
    }
  })();

  const send = async (kind: Sent['kind'], from: Hex, to: Hex, data: Hex) => {
    const sentAt = performance.now();
    const hash = await rpc<string>('eth_sendTransaction', [{ from, to, data, gas: '0x30000' }]);
    sent.push({ key: hash, sentAt, kind, hash });
  };

  const started = performance.now();
  let privilegedSent = 0;
  let transfersSent = 0;
  let nextPrivileged = started + PRIVILEGED_MS / 2;
  let next = started;
  while (privilegedSent < LAG_SAMPLES) {
    const now = performance.now();
    if (now >= nextPrivileged) {
      const newOwner = owner === a ? b : a;
      await send(
        'privileged',
        owner,
        owned.address,
        encodeFunctionData({ abi: compiled.abi, functionName: 'transferOwnership', args: [newOwner] }),
      );
      owner = newOwner;
      privilegedSent++;
      nextPrivileged += PRIVILEGED_MS;
    }
    const token = tokens[transfersSent % tokens.length]!;
    const to = `0x${(0x1000 + (transfersSent % 97)).toString(16).padStart(40, '0')}` as Hex;
    await send(
      'transfer',
      a,
      token.address,
      encodeFunctionData({ abi: compiled.abi, functionName: 'transfer', args: [to, 1n] }),
    );
    transfersSent++;
    next += TRANSFER_MS;
    await sleep(Math.max(0, next - performance.now()));
  }
  // The last transactions are confirmed by further blocks: mine them, and wait for the rows (a backlog too: a
  // transaction never seen counts as missing, not as fast).
  const waitUntil = performance.now() + END_WAIT_MS;
  while (performance.now() < waitUntil && sent.some((s) => !seenLogs.has(s.hash))) {
    await rpc('anvil_mine', ['0x1']);
    await sleep(200);
  }
  stop = true;
  await poller;

  const privilegedStored = seenPrivileged.size > 0;
  const transfers: number[] = [];
  const privileged: number[] = [];
  let missing = 0;
  const lastSeen = Math.max(...seenLogs.values(), ...seenPrivileged.values());
  for (const s of sent) {
    if (s.kind === 'transfer') {
      const at = seenLogs.get(s.hash);
      if (at === undefined) missing++;
      else transfers.push(at - s.sentAt);
    } else {
      const at = privilegedStored ? seenPrivileged.get(s.hash) : seenLogs.get(s.hash);
      if (at === undefined) missing++;
      else privileged.push(at - s.sentAt);
    }
  }
  if (missing)
    console.log(
      `  (${missing} of ${sent.length} transactions were not seen stored ${END_WAIT_MS / 1000} s after the last)`,
    );
  return {
    transfers,
    privileged,
    privilegedStored,
    sentTransfers: sent.filter((s) => s.kind === 'transfer').length,
    sentPrivileged: sent.filter((s) => s.kind === 'privileged').length,
    spanMs: lastSeen - started,
  };
}

/** Samples this process's memory every 250 ms: the peak RSS and its make-up at that moment. */
function memorySampler() {
  let peak = process.memoryUsage();
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) peak = now;
  }, 250);
  timer.unref();
  return {
    peak: () => peak,
    stop: () => clearInterval(timer),
  };
}

async function main() {
  console.log(
    `bench:indexer — ${fmt(EVENTS)} Transfer events over ${CONTRACTS} tokens, ${BATCH} per transaction, ` +
      `${TXS_PER_BLOCK} transactions per block; database ${DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite'}`,
  );
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}`);

  const install = SKIP_PONDER ? undefined : installPonder();
  if (install)
    console.log(
      `ponder ${install.version} with Node 22 in ${path.relative(process.cwd(), install.dir)}` +
        (install.installMs > 1000 ? ` (installed in ${secs(install.installMs)})` : ''),
    );

  const compiled = await compileBenchTokenApart();
  console.log(`compiled BenchToken with solc ${compiled.solcVersion} in ${secs(compiled.ms)}`);

  const anvil = await startAnvil({ chainId: CHAIN_ID, args: ['--gas-limit', '1000000000'] });
  const rpc = jsonRpc(anvil.rpcUrl);
  let ours: Ours | undefined;
  try {
    const accounts = await rpc<Hex[]>('eth_accounts');
    const deployer = accounts[0]!;
    const tokens = await deployTokens(rpc, compiled, deployer, CONTRACTS);
    const generated = await generateTransfers(rpc, compiled, tokens, deployer, {
      events: EVENTS,
      batch: BATCH,
      txsPerBlock: TXS_PER_BLOCK,
    });
    await rpc('anvil_mine', ['0x40']);
    const head = Number.parseInt(await rpc<string>('eth_blockNumber'), 16);
    const truthByToken = await countTransfers(rpc, tokens, head);
    const truth = [...truthByToken.values()].reduce((a, b) => a + b, 0);
    console.log(
      `generated ${fmt(generated.sprayed)} transfers in ${generated.transactions} transactions over ` +
        `${generated.blocks} blocks in ${secs(generated.ms)} (${fmt(generated.sprayed / (generated.ms / 1000))} events/s); ` +
        `on chain: ${fmt(truth)} Transfer events (with the ${CONTRACTS} constructors' mints), head ${head}`,
    );

    // Ours.
    const rssBefore = process.resourceUsage().maxRSS;
    const memory = memorySampler();
    ours = await startOurs({
      rpcUrl: anvil.rpcUrl,
      chainId: CHAIN_ID,
      confirmations: CONFIRMATIONS,
      abi: compiled.abi,
      tokens,
      databaseUrl: DATABASE_URL,
      batch: process.env.BENCH_RUNNER_BATCH ? Number(process.env.BENCH_RUNNER_BATCH) : undefined,
    });
    const backfill = await ourBackfill(ours, tokens, compiled.abi, generated.lastBlock);
    const wrong = [...truthByToken].filter(([address, n]) => backfill.perToken.get(address) !== n);
    console.log(
      `ours: ${fmt(backfill.stored)} stored in ${secs(backfill.ms)} (${fmt(backfill.stored / (backfill.ms / 1000))} events/s)` +
        (wrong.length ? ` — MISMATCH on ${wrong.length} tokens` : ' — equal to the chain, token by token'),
    );
    // Ponder gets the machine to itself: our runner pauses (the chain is idle meanwhile).
    await ours.runner.stop();

    let ponder: PonderRun | undefined;
    if (install) {
      const ponderDb = mkdtempSync(path.join(os.tmpdir(), 'bench-indexer-ponder-'));
      const appDir = path.join(install.dir, 'runs', `app-${process.pid}-${Date.now()}`);
      writePonderApp(appDir, {
        rpcUrl: anvil.rpcUrl,
        chainId: CHAIN_ID,
        abi: compiled.abi,
        tokens,
        database: DATABASE_URL
          ? { kind: 'postgres', url: DATABASE_URL }
          : { kind: 'pglite', directory: ponderDb },
      });
      try {
        ponder = await runPonder(install, appDir, truth, {
          schema: DATABASE_URL ? `bench_ponder_${Date.now()}` : 'public',
        });
      } finally {
        rmSync(ponderDb, { recursive: true, force: true });
        rmSync(appDir, { recursive: true, force: true });
      }
      console.log(
        `ponder: started in ${secs(ponder.startMs)}, ${fmt(ponder.stored)} stored in ${secs(ponder.backfillMs)} ` +
          `(${fmt(ponder.stored / (ponder.backfillMs / 1000))} events/s)` +
          (ponder.stored === truth ? ' — equal to the chain' : ' — MISMATCH'),
      );
    }

    // Head lag.
    ours.runner.start();
    await sleep(1_000);
    const lag = await headLag(ours, rpc, compiled, tokens, accounts);
    // What the server's runner did meanwhile (every queue shares it): jobs per queue and how long they took from
    // being queued to done.
    const jobs = rows<{ queue: string; status: string; n: number; avg_ms: number; max_ms: number }>(
      await ours.database.db.execute(sql`
        SELECT queue, status, count(*)::int AS n,
          coalesce(avg(extract(epoch FROM finished_at - created_at) * 1000), 0)::float8 AS avg_ms,
          coalesce(max(extract(epoch FROM finished_at - created_at) * 1000), 0)::float8 AS max_ms
        FROM jobs GROUP BY queue, status ORDER BY queue, status`),
    );
    console.log('jobs run by our runner (queued → done):');
    for (const j of jobs)
      console.log(
        `  ${j.queue.padEnd(22)} ${j.status.padEnd(7)} ${String(j.n).padStart(5)}  avg ${fmt(Number(j.avg_ms))} ms, max ${fmt(Number(j.max_ms))} ms`,
      );
    const ourRssKb = Math.max(process.resourceUsage().maxRSS, rssBefore);
    memory.stop();
    const at = memory.peak();
    const makeUp =
      `heap ${Math.round(at.heapUsed / 2 ** 20)} MB, external ${Math.round(at.external / 2 ** 20)} MB ` +
      `(array buffers ${Math.round(at.arrayBuffers / 2 ** 20)} MB) at the highest sample`;

    const ourRate = backfill.stored / (backfill.ms / 1000);
    const ponderRate = ponder ? ponder.stored / (ponder.backfillMs / 1000) : Number.NaN;
    const table: [string, string][] = [
      ['events (Transfer, on chain)', fmt(truth)],
      ['contracts', String(CONTRACTS)],
      ['blocks with events', `${generated.blocks} (${generated.transactions} transactions)`],
      ['generation', `${secs(generated.ms)}`],
      ['database', DATABASE_URL ? 'PostgreSQL' : 'PGlite'],
      ['ours: backfill', `${secs(backfill.ms)}, ${fmt(ourRate)} events/s, stored ${fmt(backfill.stored)}`],
      [
        'ponder: backfill',
        ponder
          ? `${secs(ponder.backfillMs)}, ${fmt(ponderRate)} events/s, stored ${fmt(ponder.stored)} (+${secs(ponder.startMs)} start-up)`
          : 'skipped',
      ],
      ['ratio (ours / ponder events/s)', ponder ? `${(ourRate / ponderRate).toFixed(2)}×` : '—'],
      [
        `head lag, ${lag.privilegedStored ? 'privileged_events' : 'chain_logs'} (ownership transfers)`,
        `p50 ${fmt(percentile(lag.privileged, 0.5))} ms, p99 ${fmt(percentile(lag.privileged, 0.99))} ms (${lag.privileged.length} of ${lag.sentPrivileged} seen)`,
      ],
      [
        'head lag, chain_logs (transfers)',
        `p50 ${fmt(percentile(lag.transfers, 0.5))} ms, p99 ${fmt(percentile(lag.transfers, 0.99))} ms (${lag.transfers.length} of ${lag.sentTransfers} seen)`,
      ],
      ['confirmations', String(CONFIRMATIONS)],
      ['traffic', `${secs(lag.spanMs)} from the first transaction to the last row seen`],
      ['peak RSS, ours (bench process)', `${mb(ourRssKb)}; ${makeUp}`],
      ['peak RSS, ponder (process tree)', ponder ? mb(ponder.peakRssKb) : '—'],
    ];
    const width = Math.max(...table.map(([k]) => k.length));
    console.log('');
    for (const [k, v] of table) console.log(`${k.padEnd(width)}  ${v}`);
    const goals = [
      ponder ? `events/s ≥ 1.5× Ponder: ${ourRate >= 1.5 * ponderRate ? 'met' : 'NOT met'}` : undefined,
      `head lag p99 ≤ 2 s: ${percentile(lag.privileged, 0.99) <= 2000 && lag.privileged.length === lag.sentPrivileged ? 'met' : 'NOT met'}`,
    ].filter(Boolean);
    console.log(`\n${goals.join('; ')}`);
    if (wrong.length || (ponder && ponder.stored !== truth)) process.exitCode = 1;
  } finally {
    await ours?.stop().catch(() => undefined);
    await anvil.stop();
  }
}

await main();
