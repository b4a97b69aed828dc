import { and, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { ChainConfig } from '../chains/config';
import { findDeploymentBlock } from '../chains/deployment';
import {
  createChainRpc,
  fromHex,
  RpcError,
  toHex,
  type ChainRpc,
  type RpcBlock,
  type RpcLog,
  type RpcOptions,
  type RpcReceipt,
  type RpcTransaction,
} from '../chains/rpc';
import type { Db } from '../db/client';
import { mapLimit, sleep } from '../lib/concurrency';
import { chainBlocks, chainState, indexerCheckpoints } from '../db/schema/chain';
import { contracts } from '../db/schema/projects';
import { enqueue } from '../jobs/queue';
import type { Handlers, Job, JobLog } from '../jobs/runner';
import { createDecoder, readBytecode, selectorOf, type Decoder } from './decode';
import {
  CheckpointMovedError,
  ReorgError,
  resetChain,
  rollbackTo,
  storeRange,
  type BlockRow,
  type OnStored,
  type StoredLog,
  type StoredTransaction,
} from './store';

/**
 * The indexer: reads monitored contracts' logs and transactions over JSON-RPC into chain_logs / chain_transactions,
 * on the job queue so a fleet shares the work.
 *
 * - BACKFILL (queue `index-backfill`, one job per contract, singleton key `index-backfill:<chain>:<address>`): from
 *   the deployment block (or 0) up to head − confirmations, in ranges of adaptive size (2,000 blocks first; halved
 *   when the node had to split a range, doubled while ranges are quick). A job works for a slice of time, then hands
 *   its singleton key to its successor in one transaction (so at most one job per contract is ever live).
 *   Backfill stores the transactions behind the contract's logs; a call that emits no log is seen from the head on.
 * - FOLLOW (queue `index-follow`, one job per chain, key `index-follow:<chain>`): every pollMs reads the new blocks
 *   (full, with receipts) for all caught-up contracts of the chain at once, for a bounded time, then hands over.
 * - Each range is stored in one transaction with the checkpoints' advance and the `onStored` hook (store.ts).
 * - Reorgs: a range is stored only when its first block's parent is the stored block before it, and the followed tip
 *   is compared every poll; on a mismatch the indexer walks back over its stored block hashes to the common ancestor
 *   and rolls back above it. Another genesis hash (a reset chain) drops the chain's rows and starts again.
 */

export const BACKFILL_QUEUE = 'index-backfill';
export const FOLLOW_QUEUE = 'index-follow';
/** Finds the deployment block of a monitored contract added without one, then starts reading it. */
export const LOCATE_QUEUE = 'index-locate';

export const backfillKey = (chainId: number, address: string) =>
  `${BACKFILL_QUEUE}:${chainId}:${address.toLowerCase()}`;
export const followKey = (chainId: number) => `${FOLLOW_QUEUE}:${chainId}`;
export const locateKey = (chainId: number, address: string) =>
  `${LOCATE_QUEUE}:${chainId}:${address.toLowerCase()}`;

export type IndexerDeps = {
  /** The chains to read: configurations (an RPC access is made for each) or ready RPC accesses. */
  chains: (ChainConfig | ChainRpc)[];
  /** Runs inside each range's store transaction (monitoring inserts privileged events and queues alerts there). */
  onStored?: OnStored;
  /** Runs in the transaction that starts reading a contract the locate job found (monitoring queues its refresh). */
  onStart?: (tx: Db, chainId: number, address: string) => Promise<void>;
  /** Runs when a contract's backfill is done (monitoring brings its running balances up to date). */
  onCaughtUp?: (db: Db, chainId: number, address: string) => Promise<void>;
  /** How often the follow job looks for monitored contracts it does not read yet (default 2 s). */
  syncMs?: number;
  log?: JobLog;
  /** Options of the RPC accesses made from configurations. */
  rpc?: RpcOptions;
  /** First backfill range (blocks; default 2,000). */
  backfillRange?: number;
  /** Grow and shrink the backfill range with the node's answers (default true); false keeps backfillRange. */
  adaptive?: boolean;
  /** How long a backfill job works before handing over (default 20 s). */
  backfillSliceMs?: number;
  /** How long a follow job runs before handing over (default 30 s). */
  followRunMs?: number;
  /** Most blocks a follow step reads (default 50); further behind, the next step goes on. */
  followMaxBlocks?: number;
  /** Parallel requests for headers, transactions and receipts (default 8). */
  concurrency?: number;
};

const silent: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

/** Above this many blocks behind, a finished backfill extends its target instead of leaving them to follow. */
const FOLLOW_WINDOW = 1_000;
const MAX_RANGE = 100_000;

const lower = (s: string) => s.toLowerCase();

/** Throws a ReorgError when a log names another block than the one read at its number: the chain moved while read. */
function checkLogBlocks(logs: readonly RpcLog[], byNumber: ReadonlyMap<number, { hash: string }>) {
  for (const l of logs) {
    const b = byNumber.get(fromHex(l.blockNumber));
    if (!b || lower(b.hash) !== lower(l.blockHash))
      throw new ReorgError(fromHex(l.blockNumber) - 1, `block ${fromHex(l.blockNumber)} changed while read`);
  }
}

type Checkpoint = typeof indexerCheckpoints.$inferSelect;

export type IndexerProgress = {
  backfillPercent: number;
  nextBlock: number;
  headBlock: number;
  lagBlocks: number;
};

/** How far a contract's indexing is: backfill % (100 once following), next block to read, the head, blocks behind. */
export async function indexerProgress(
  db: Db,
  chainId: number,
  address: string,
): Promise<IndexerProgress | null> {
  const [cp] = await db
    .select()
    .from(indexerCheckpoints)
    .where(and(eq(indexerCheckpoints.chainId, chainId), eq(indexerCheckpoints.address, lower(address))));
  if (!cp) return null;
  const [state] = await db.select().from(chainState).where(eq(chainState.chainId, chainId));
  const headBlock = Number(state?.headBlock ?? 0);
  const from = Number(cp.fromBlock);
  const next = Number(cp.nextBlock);
  const target = Number(cp.backfillTarget);
  const backfillPercent =
    target < 0
      ? 0
      : next > target
        ? 100
        : Math.min(100, Math.floor(((next - from) / (target - from + 1)) * 1000) / 10);
  return { backfillPercent, nextBlock: next, headBlock, lagBlocks: Math.max(0, headBlock - (next - 1)) };
}

/** Frees a job's singleton key (its successor, or a later startMonitoring, may take it). */
async function releaseKey(db: Db, jobId: number) {
  await db.execute(sql`UPDATE jobs SET singleton_key = NULL WHERE id = ${jobId}`);
}

/** Queues `queue` under `key` unless a live job holds the key; a queued one is brought forward. */
async function ensureJob(
  db: Db,
  queue: string,
  payload: Record<string, unknown>,
  key: string,
  bringForward = true,
) {
  await db.execute(
    sql`UPDATE jobs SET singleton_key = NULL WHERE singleton_key = ${key} AND status IN ('done', 'failed')`,
  );
  const id = await enqueue(db, queue, payload, { singletonKey: key, maxAttempts: 1_000 });
  if (id === null && bringForward)
    await db.execute(
      sql`UPDATE jobs SET run_at = now() WHERE singleton_key = ${key} AND status = 'queued' AND run_at > now()`,
    );
}

/** The job's successor under the same key, in one transaction with freeing it. */
async function handOver(db: Db, job: Job, runAt?: Date) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await releaseKey(t, job.id);
    await enqueue(t, job.queue, job.payload, {
      singletonKey: job.singletonKey ?? undefined,
      maxAttempts: 1_000,
      runAt,
    });
  });
}

export const ensureBackfillJob = (db: Db, chainId: number, address: string) =>
  ensureJob(db, BACKFILL_QUEUE, { chainId, address: lower(address) }, backfillKey(chainId, address));
export const ensureFollowJob = (db: Db, chainId: number) =>
  ensureJob(db, FOLLOW_QUEUE, { chainId }, followKey(chainId));
/** `bringForward` false keeps a queued retry's backoff (the follow job's rounds must not retry it every 2 s). */
export const ensureLocateJob = (db: Db, chainId: number, address: string, bringForward = true) =>
  ensureJob(
    db,
    LOCATE_QUEUE,
    { chainId, address: lower(address) },
    locateKey(chainId, address),
    bringForward,
  );

/**
 * Starts indexing a contract: its checkpoint (from its deployment block, or 0) and its backfill job, and the chain's
 * follow job. Does nothing more when it is already indexed.
 */
export async function startMonitoring(
  db: Db,
  contract: { address: string; chainId: number | null; deploymentBlock?: number | null },
): Promise<void> {
  if (contract.chainId === null) throw new Error(`contract ${contract.address} has no chain id`);
  const chainId = contract.chainId;
  const address = lower(contract.address);
  const from = Math.max(0, contract.deploymentBlock ?? 0);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const created = await t
      .insert(indexerCheckpoints)
      .values({ chainId, address, fromBlock: from, nextBlock: from, backfillTarget: -1 })
      .onConflictDoNothing()
      .returning({ address: indexerCheckpoints.address });
    if (created.length) await ensureBackfillJob(t, chainId, address);
    await ensureFollowJob(t, chainId);
  });
}

/**
 * Starts monitored contracts (`contracts` with monitored_since and chain_id) of these chains that have no checkpoint
 * (added by `npm run import` or straight in the database, while the server runs): a known deployment block starts
 * reading at once, an unknown one queues the locate job (one per contract: its singleton key). One query when
 * nothing is new.
 */
export async function syncMonitoredContracts(db: Db, chainIds: number[]): Promise<number> {
  if (chainIds.length === 0) return 0;
  const waiting = await db
    .select({
      address: contracts.address,
      chainId: contracts.chainId,
      deploymentBlock: contracts.deploymentBlock,
    })
    .from(contracts)
    .where(
      and(
        isNotNull(contracts.monitoredSince),
        inArray(contracts.chainId, chainIds),
        sql`NOT EXISTS (SELECT 1 FROM ${indexerCheckpoints} WHERE ${indexerCheckpoints.chainId} = ${contracts.chainId}
          AND ${indexerCheckpoints.address} = lower(${contracts.address}))`,
      ),
    );
  for (const c of waiting) {
    if (c.deploymentBlock === null) await ensureLocateJob(db, c.chainId!, c.address, false);
    else await startMonitoring(db, c);
  }
  return waiting.length;
}

export type Indexer = ReturnType<typeof createIndexer>;

/** The indexer over `deps.chains`: its steps (tests drive them) and its job handlers. */
export function createIndexer(deps: IndexerDeps) {
  const log = deps.log ?? silent;
  const concurrency = deps.concurrency ?? 8;
  const rpcs = new Map<number, ChainRpc>();
  for (const c of deps.chains) {
    const rpc = 'request' in c ? c : createChainRpc(c, deps.rpc);
    rpcs.set(rpc.chain.id, rpc);
  }
  const decoders = new Map<string, Promise<Decoder>>();
  /** Chains whose node lacks eth_getBlockReceipts. */
  const noBlockReceipts = new Set<number>();
  /** Adaptive backfill range per contract. */
  const rangeSize = new Map<string, number>();

  function rpcOf(chainId: number): ChainRpc {
    const rpc = rpcs.get(chainId);
    if (!rpc) throw new Error(`chain ${chainId} is not configured`);
    return rpc;
  }

  function decoderOf(db: Db, rpc: ChainRpc, address: string): Promise<Decoder> {
    const key = `${rpc.chain.id}:${address}`;
    let d = decoders.get(key);
    if (!d) {
      d = (async () => {
        const [row] = await db
          .select({ abi: contracts.abi })
          .from(contracts)
          .where(sql`lower(${contracts.address}) = ${address}`);
        if (row?.abi?.length) return createDecoder({ abi: row.abi });
        const code = await rpc.request<string>('eth_getCode', [address, 'latest']);
        return createDecoder({ found: await readBytecode(code) });
      })();
      d.catch(() => decoders.delete(key));
      decoders.set(key, d);
    }
    return d;
  }

  const header = (rpc: ChainRpc, n: number) =>
    rpc.request<RpcBlock<string> | null>('eth_getBlockByNumber', [toHex(n), false]).then((b) => {
      if (!b) throw new ReorgError(n - 1, `block ${n} is gone`);
      return b;
    });

  const blockRow = (chainId: number, b: RpcBlock): BlockRow => ({
    chainId,
    number: fromHex(b.number),
    hash: lower(b.hash),
    parentHash: lower(b.parentHash),
    timestamp: new Date(fromHex(b.timestamp) * 1000),
  });

  async function head(db: Db, rpc: ChainRpc): Promise<number> {
    const n = fromHex(await rpc.request<string>('eth_blockNumber'));
    await db
      .update(chainState)
      .set({ headBlock: n, headAt: new Date() })
      .where(eq(chainState.chainId, rpc.chain.id));
    return n;
  }

  /** Records the chain's genesis, or resets the chain's rows when it changed. */
  async function checkGenesis(db: Db, rpc: ChainRpc): Promise<void> {
    const chainId = rpc.chain.id;
    const genesis = lower((await header(rpc, 0)).hash);
    const [state] = await db.select().from(chainState).where(eq(chainState.chainId, chainId));
    if (!state) {
      await db.insert(chainState).values({ chainId, genesisHash: genesis }).onConflictDoNothing();
      return;
    }
    if (state.genesisHash === genesis) return;
    log.warn(
      { chainId, was: state.genesisHash, now: genesis },
      'chain reset: another genesis; indexing again',
    );
    await resetChain(db, chainId, genesis, (t, address) => ensureBackfillJob(t, chainId, address));
  }

  /**
   * A range whose write met a reorg (rolled back here first) or a checkpoint another writer moved is read again on the
   * next step; any other failure is the step's.
   */
  async function readAgainAfter(db: Db, rpc: ChainRpc, err: unknown): Promise<'more'> {
    if (err instanceof ReorgError) {
      await handleReorg(db, rpc, err.atBlock);
      return 'more';
    }
    if (err instanceof CheckpointMovedError) return 'more';
    throw err;
  }

  /** Walks back over the stored block hashes from `atBlock` to the one the chain still has, and rolls back above it. */
  async function handleReorg(db: Db, rpc: ChainRpc, atBlock: number): Promise<number> {
    const chainId = rpc.chain.id;
    let below = atBlock;
    for (;;) {
      const stored = await db
        .select({ number: chainBlocks.number, hash: chainBlocks.hash })
        .from(chainBlocks)
        .where(and(eq(chainBlocks.chainId, chainId), lte(chainBlocks.number, below)))
        .orderBy(desc(chainBlocks.number))
        .limit(32);
      if (stored.length === 0) break;
      const current = await mapLimit(stored, concurrency, (s) =>
        rpc
          .request<RpcBlock<string> | null>('eth_getBlockByNumber', [toHex(Number(s.number)), false])
          .then((b) => (b ? lower(b.hash) : null)),
      );
      const match = stored.findIndex((s, i) => current[i] === s.hash);
      if (match >= 0) {
        const ancestor = Number(stored[match]!.number);
        log.warn({ chainId, atBlock, ancestor }, 'reorg: rolled back to the common ancestor');
        await rollbackTo(db, chainId, ancestor);
        return ancestor;
      }
      below = Number(stored[stored.length - 1]!.number) - 1;
    }
    // Nothing stored is on the chain any more: as good as a reset.
    const genesis = lower((await header(rpc, 0)).hash);
    log.warn({ chainId, atBlock }, 'reorg below everything stored: indexing the chain again');
    await resetChain(db, chainId, genesis, (t, address) => ensureBackfillJob(t, chainId, address));
    return -1;
  }

  async function transactionsOf(rpc: ChainRpc, hashes: string[]) {
    const txs = await mapLimit(hashes, concurrency, (h) =>
      rpc.request<RpcTransaction | null>('eth_getTransactionByHash', [h]),
    );
    return new Map(txs.filter((t): t is RpcTransaction => t !== null).map((t) => [lower(t.hash), t]));
  }

  async function receiptsOf(rpc: ChainRpc, block: RpcBlock<RpcTransaction>, hashes: string[]) {
    const out = new Map<string, RpcReceipt>();
    if (!noBlockReceipts.has(rpc.chain.id)) {
      try {
        const receipts = await rpc.request<RpcReceipt[] | null>('eth_getBlockReceipts', [block.number]);
        for (const r of receipts ?? []) out.set(lower(r.transactionHash), r);
        if (hashes.every((h) => out.has(h))) return out;
      } catch (err) {
        if (!(err instanceof RpcError)) throw err;
        noBlockReceipts.add(rpc.chain.id);
      }
    }
    const receipts = await mapLimit(hashes, concurrency, (h) =>
      rpc.request<RpcReceipt | null>('eth_getTransactionReceipt', [h]),
    );
    for (const r of receipts) if (r) out.set(lower(r.transactionHash), r);
    return out;
  }

  /** A log row plus what the hook wants, decoded. */
  async function storedLog(
    db: Db,
    rpc: ChainRpc,
    l: RpcLog,
    timestamp: Date,
    tx: Pick<RpcTransaction, 'from' | 'to' | 'input'> | undefined,
  ): Promise<StoredLog> {
    const address = lower(l.address);
    const decoder = await decoderOf(db, rpc, address);
    const decoded = decoder.decodeLog(l);
    const selector = tx ? selectorOf(tx.input) : '0x';
    const txTo = tx?.to ? lower(tx.to) : null;
    const named = txTo ? (await decoderOf(db, rpc, txTo).catch(() => null))?.functionName(selector) : null;
    return {
      chainId: rpc.chain.id,
      blockNumber: fromHex(l.blockNumber),
      logIndex: fromHex(l.logIndex),
      transactionHash: lower(l.transactionHash),
      address,
      topic0: l.topics[0] ? lower(l.topics[0]) : null,
      eventName: decoded.eventName,
      args: decoded.args,
      timestamp,
      blockHash: lower(l.blockHash),
      topics: l.topics.map(lower),
      data: l.data,
      from: tx ? lower(tx.from) : '',
      txTo,
      selector,
      functionName: named ?? null,
    };
  }

  async function storedTransaction(
    db: Db,
    rpc: ChainRpc,
    t: RpcTransaction,
    success: boolean,
    timestamp: Date,
  ): Promise<StoredTransaction> {
    const to = lower(t.to ?? '');
    const selector = selectorOf(t.input);
    const decoder = await decoderOf(db, rpc, to);
    return {
      chainId: rpc.chain.id,
      hash: lower(t.hash),
      blockNumber: fromHex(t.blockNumber),
      transactionIndex: fromHex(t.transactionIndex),
      from: lower(t.from),
      to,
      selector,
      functionName: decoder.functionName(selector),
      success,
      timestamp,
    };
  }

  /** Reads and stores [from, to] of one contract's backfill. Returns the logs stored and whether the node split. */
  async function backfillRange(db: Db, rpc: ChainRpc, cp: Checkpoint, to: number) {
    const chainId = rpc.chain.id;
    const address = cp.address;
    const from = Number(cp.nextBlock);
    const splitsBefore = rpc.stats.splits;
    const logs = (await rpc.getLogs({ address, fromBlock: from, toBlock: to })).filter((l) => !l.removed);
    const numbers = [...new Set([from, to, ...logs.map((l) => fromHex(l.blockNumber))])];
    const headers = await mapLimit(numbers, concurrency, (n) => header(rpc, n));
    const byNumber = new Map(headers.map((h) => [fromHex(h.number), h]));
    checkLogBlocks(logs, byNumber);
    const txs = await transactionsOf(rpc, [...new Set(logs.map((l) => lower(l.transactionHash)))]);
    const stamp = (n: number) => new Date(fromHex(byNumber.get(n)!.timestamp) * 1000);
    const storedLogs = await Promise.all(
      logs.map((l) =>
        storedLog(db, rpc, l, stamp(fromHex(l.blockNumber)), txs.get(lower(l.transactionHash))),
      ),
    );
    // A transaction that emitted a log succeeded (a reverted one leaves none).
    const storedTxs = await Promise.all(
      [...txs.values()]
        .filter((t) => t.to && lower(t.to) === address)
        .map((t) => storedTransaction(db, rpc, t, true, stamp(fromHex(t.blockNumber)))),
    );
    const result = await storeRange(
      db,
      {
        chainId,
        from,
        to,
        checkpoints: new Map([[address, from]]),
        blocks: headers.map((h) => blockRow(chainId, h)),
        logs: storedLogs,
        transactions: storedTxs,
      },
      deps.onStored,
    );
    return { ...result, split: rpc.stats.splits > splitsBefore };
  }

  /** One backfill step of a contract: at most one range. 'done' once past its target (it then follows). */
  async function backfillStep(
    db: Db,
    chainId: number,
    address: string,
  ): Promise<'done' | 'more' | 'wait' | 'gone'> {
    const rpc = rpcOf(chainId);
    const [cp] = await db
      .select()
      .from(indexerCheckpoints)
      .where(and(eq(indexerCheckpoints.chainId, chainId), eq(indexerCheckpoints.address, lower(address))));
    if (!cp) return 'gone';
    const headBlock = await head(db, rpc);
    const safe = headBlock - rpc.chain.confirmations;
    const next = Number(cp.nextBlock);
    let target = Number(cp.backfillTarget);
    if (target < 0 || (next > target && safe - next > FOLLOW_WINDOW)) {
      target = Math.max(safe, Number(cp.fromBlock) - 1, 0);
      await db
        .update(indexerCheckpoints)
        .set({ backfillTarget: target })
        .where(and(eq(indexerCheckpoints.chainId, chainId), eq(indexerCheckpoints.address, cp.address)));
    }
    if (next > target) return 'done';
    if (next > safe) return 'wait';
    const key = `${chainId}:${cp.address}`;
    const size = rangeSize.get(key) ?? deps.backfillRange ?? 2_000;
    const to = Math.min(next + size - 1, target, safe);
    const started = Date.now();
    try {
      const r = await backfillRange(db, rpc, cp, to);
      const elapsed = Date.now() - started;
      if (deps.adaptive !== false) {
        if (r.split) rangeSize.set(key, Math.max(1, Math.floor(size / 2)));
        else if (elapsed < 1_000 && r.logs < 2_000) rangeSize.set(key, Math.min(MAX_RANGE, size * 2));
        else if (elapsed > 5_000) rangeSize.set(key, Math.max(1, Math.floor(size / 2)));
      }
    } catch (err) {
      return readAgainAfter(db, rpc, err);
    }
    return to >= target ? 'done' : 'more';
  }

  /** Checkpoints of a chain that follow the head (their backfill is done). */
  const following = (db: Db, chainId: number) =>
    db
      .select()
      .from(indexerCheckpoints)
      .where(
        and(
          eq(indexerCheckpoints.chainId, chainId),
          sql`${indexerCheckpoints.nextBlock} > ${indexerCheckpoints.backfillTarget}`,
          sql`${indexerCheckpoints.backfillTarget} >= 0`,
        ),
      );

  /**
   * One follow step of a chain: checks the indexed tip against the chain, then reads up to followMaxBlocks new
   * blocks (full, with receipts) for every following contract at once. 'idle' with no contract to follow, 'caught-up'
   * at the head, 'more' when further blocks wait.
   */
  async function followStep(db: Db, chainId: number): Promise<'idle' | 'caught-up' | 'more'> {
    const rpc = rpcOf(chainId);
    const cps = await following(db, chainId);
    if (cps.length === 0) return 'idle';
    const headBlock = await head(db, rpc);
    const lastIndexed = Math.max(...cps.map((c) => Number(c.nextBlock))) - 1;
    // The tip: the highest stored block at or below the head must still be the chain's.
    const [tip] = await db
      .select({ number: chainBlocks.number, hash: chainBlocks.hash })
      .from(chainBlocks)
      .where(and(eq(chainBlocks.chainId, chainId), lte(chainBlocks.number, Math.min(headBlock, lastIndexed))))
      .orderBy(desc(chainBlocks.number))
      .limit(1);
    if (tip) {
      const now = await rpc.request<RpcBlock<string> | null>('eth_getBlockByNumber', [
        toHex(Number(tip.number)),
        false,
      ]);
      if (!now || lower(now.hash) !== tip.hash) {
        await handleReorg(db, rpc, Number(tip.number));
        return 'more';
      }
    }
    const safe = headBlock - rpc.chain.confirmations;
    const from = Math.min(...cps.map((c) => Number(c.nextBlock)));
    if (from > safe) return 'caught-up';
    const to = Math.min(safe, from + (deps.followMaxBlocks ?? 50) - 1);
    const active = cps.filter((c) => Number(c.nextBlock) <= to);
    const nextOf = new Map(active.map((c) => [c.address, Number(c.nextBlock)]));
    const addresses = [...nextOf.keys()];
    try {
      const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
      const [logs, blocks] = await Promise.all([
        rpc.getLogs({ address: addresses, fromBlock: from, toBlock: to }),
        mapLimit(numbers, Math.min(concurrency, 4), async (n) => {
          const b = await rpc.request<RpcBlock<RpcTransaction> | null>('eth_getBlockByNumber', [
            toHex(n),
            true,
          ]);
          if (!b) throw new ReorgError(n - 1, `block ${n} is gone`);
          return b;
        }),
      ]);
      const byNumber = new Map(blocks.map((b) => [fromHex(b.number), b]));
      for (let i = 1; i < blocks.length; i++)
        if (lower(blocks[i]!.parentHash) !== lower(blocks[i - 1]!.hash))
          throw new ReorgError(from + i - 1, `blocks ${from + i - 1}..${from + i} changed while read`);
      const wanted = (address: string, n: number) => (nextOf.get(address) ?? Infinity) <= n;
      const kept = logs.filter((l) => !l.removed && wanted(lower(l.address), fromHex(l.blockNumber)));
      const txByHash = new Map<string, RpcTransaction>();
      for (const b of blocks) for (const t of b.transactions) txByHash.set(lower(t.hash), t);
      checkLogBlocks(kept, byNumber);
      const stamp = (n: number) => new Date(fromHex(byNumber.get(n)!.timestamp) * 1000);
      const storedLogs = await Promise.all(
        kept.map((l) =>
          storedLog(db, rpc, l, stamp(fromHex(l.blockNumber)), txByHash.get(lower(l.transactionHash))),
        ),
      );
      const storedTxs: StoredTransaction[] = [];
      for (const b of blocks) {
        const n = fromHex(b.number);
        const calls = b.transactions.filter((t) => t.to && wanted(lower(t.to), n));
        if (calls.length === 0) continue;
        const receipts = await receiptsOf(
          rpc,
          b,
          calls.map((t) => lower(t.hash)),
        );
        for (const t of calls) {
          const receipt = receipts.get(lower(t.hash));
          if (!receipt) throw new Error(`no receipt for ${t.hash}`);
          if (lower(receipt.blockHash) !== lower(b.hash))
            throw new ReorgError(n - 1, `receipt of ${t.hash} from another block`);
          storedTxs.push(await storedTransaction(db, rpc, t, fromHex(receipt.status) === 1, stamp(n)));
        }
      }
      await storeRange(
        db,
        {
          chainId,
          from,
          to,
          checkpoints: nextOf,
          blocks: blocks.map((b) => blockRow(chainId, b)),
          logs: storedLogs,
          transactions: storedTxs,
        },
        deps.onStored,
      );
    } catch (err) {
      return readAgainAfter(db, rpc, err);
    }
    return to < safe ? 'more' : 'caught-up';
  }

  /** Backfill job: ranges for a slice of time, then the successor (or the follow job once caught up). */
  async function backfillJob(job: Job, db: Db, signal: AbortSignal) {
    if (job.singletonKey === null) return; // handed over already (a crash after the hand-over)
    const chainId = Number(job.payload.chainId);
    const address = String(job.payload.address ?? '');
    const rpc = rpcOf(chainId);
    await checkGenesis(db, rpc);
    const until = Date.now() + (deps.backfillSliceMs ?? 20_000);
    for (;;) {
      if (signal.aborted) throw signal.reason as Error;
      const step = await backfillStep(db, chainId, address);
      if (step === 'gone') return releaseKey(db, job.id);
      if (step === 'done') {
        await db.transaction(async (tx) => {
          await releaseKey(tx as unknown as Db, job.id);
          await ensureFollowJob(tx as unknown as Db, chainId);
        });
        log.info({ chainId, address }, 'backfill done; following the head');
        // Work that sums the history once (running balances) is done here, in the backfill's lane, rather than by
        // the first refresh while the contract follows the head.
        await deps.onCaughtUp?.(db, chainId, lower(address));
        return;
      }
      if (step === 'wait') await sleep(rpc.chain.pollMs, signal);
      if (Date.now() >= until) return handOver(db, job);
    }
  }

  /** Follow job: polls the head every pollMs for a bounded time, then hands over to its successor. */
  async function followJob(job: Job, db: Db, signal: AbortSignal) {
    if (job.singletonKey === null) return;
    const chainId = Number(job.payload.chainId);
    const rpc = rpcOf(chainId);
    await checkGenesis(db, rpc);
    const until = Date.now() + (deps.followRunMs ?? 30_000);
    let synced = 0;
    while (Date.now() < until && !signal.aborted) {
      const roundStarted = Date.now();
      let state: 'idle' | 'caught-up' | 'more' = 'caught-up';
      try {
        // Contracts added meanwhile (an import, another instance) start without a restart.
        if (Date.now() - synced >= (deps.syncMs ?? 2_000)) {
          synced = Date.now();
          await syncMonitoredContracts(db, [chainId]);
        }
        state = await followStep(db, chainId);
      } catch (err) {
        if (signal.aborted) break;
        log.warn({ chainId, err: (err as Error).message }, 'follow step failed; trying again');
      }
      // Idle (nothing caught up yet) costs one query per poll: a contract whose backfill ends joins at once.
      // The next poll is pollMs after this one began: a slow step does not add its time to the wait.
      if (state !== 'more') await sleep(Math.max(0, rpc.chain.pollMs - (Date.now() - roundStarted)), signal);
    }
    if (signal.aborted) throw signal.reason as Error;
    await handOver(db, job);
  }

  /**
   * Locate job: the deployment block of a monitored contract added without one (bisection over eth_getCode; the
   * head when the address has no code), then its checkpoint and backfill. A node that is down fails the attempt and
   * the runner tries again with backoff; the contract is listed meanwhile, without progress.
   */
  async function locateJob(job: Job, db: Db) {
    const chainId = Number(job.payload.chainId);
    const address = lower(String(job.payload.address ?? ''));
    const rpc = rpcOf(chainId);
    const [row] = await db
      .select({ deploymentBlock: contracts.deploymentBlock, monitoredSince: contracts.monitoredSince })
      .from(contracts)
      .where(and(sql`lower(${contracts.address}) = ${address}`, eq(contracts.chainId, chainId)));
    if (!row?.monitoredSince) return; // removed meanwhile
    let from = row.deploymentBlock;
    if (from === null) {
      const found = await findDeploymentBlock(rpc.client, address as `0x${string}`);
      from = Number(found ?? (await rpc.client.getBlockNumber()));
    }
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await t
        .update(contracts)
        .set({ deploymentBlock: from })
        .where(and(sql`lower(${contracts.address}) = ${address}`, isNull(contracts.deploymentBlock)));
      await startMonitoring(t, { address, chainId, deploymentBlock: from });
      await deps.onStart?.(t, chainId, address);
    });
    log.info({ chainId, address, deploymentBlock: from }, 'deployment block found; reading the contract');
  }

  const handlers: Handlers = {
    [BACKFILL_QUEUE]: backfillJob,
    [FOLLOW_QUEUE]: followJob,
    [LOCATE_QUEUE]: locateJob,
  };

  return { rpcs, rpcOf, handlers, backfillStep, followStep, checkGenesis, handleReorg };
}

/** The indexer's job handlers (`index-backfill`, `index-follow`) for the queue map. */
export function indexerHandlers(deps: IndexerDeps): Handlers {
  return createIndexer(deps).handlers;
}

/** Ensures a follow job for each chain (call at start-up; it then runs on, handing over to itself every followRunMs). */
export async function ensureFollowJobs(db: Db, chainIds: number[]): Promise<void> {
  for (const id of chainIds) await ensureFollowJob(db, id);
}
