import { and, eq, gt, inArray, sql, type Column } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chunks } from '../lib/concurrency';
import { rows } from '../db/rows';
import {
  chainBlocks,
  chainLogs,
  chainState,
  chainTransactions,
  indexerCheckpoints,
  privilegedEvents,
  tokenBalances,
} from '../db/schema/chain';

/**
 * Writes what the indexer read. A block range goes in ONE transaction: its blocks' hashes, logs, transactions, the
 * checkpoints' advance and the monitoring hook. A crash before the commit leaves none of it (the range is read
 * again), after it all of it (the checkpoint is past it); inserts ignore rows already there.
 */

export type LogRow = typeof chainLogs.$inferSelect;
export type TransactionRow = typeof chainTransactions.$inferSelect;
export type BlockRow = typeof chainBlocks.$inferSelect;

/** A stored log: its row, plus what the hook may want without a query (raw topics and data, the transaction). */
export type StoredLog = LogRow & {
  blockHash: string;
  topics: string[];
  data: string;
  /** Sender of the transaction that emitted it. */
  from: string;
  /** The transaction's `to` (the contract itself, or a router, a Safe, a timelock calling it). */
  txTo: string | null;
  /** The transaction's 4-byte selector and its decoded signature (from the `to` contract's point of view). */
  selector: string;
  functionName: string | null;
};
export type StoredTransaction = TransactionRow;

export type OnStored = (
  tx: Db,
  chainId: number,
  stored: { logs: StoredLog[]; transactions: StoredTransaction[] },
) => Promise<void>;

/** The chain no longer has a block the indexer stored (or read a moment ago): undo and read again. */
export class ReorgError extends Error {
  override name = 'ReorgError';
  constructor(
    /** A block number at or below which the divergence is (the walk back starts here). */
    readonly atBlock: number,
    message: string,
  ) {
    super(message);
  }
}

/** A checkpoint moved while a range was read (a rollback, another runner): the range is dropped and read anew. */
export class CheckpointMovedError extends Error {
  override name = 'CheckpointMovedError';
}

export type RangeData = {
  chainId: number;
  from: number;
  to: number;
  /** Contracts whose checkpoint is `from`-or-later and ≤ `to`: each moves to to + 1. Key address, value expected nextBlock. */
  checkpoints: Map<string, number>;
  blocks: BlockRow[];
  logs: StoredLog[];
  transactions: StoredTransaction[];
};

const CHUNK = 500;
const LOG_CHUNK = 5_000;

/** Stores one range (see the module comment). Throws ReorgError when a stored hash disagrees with the range's. */
export async function storeRange(
  db: Db,
  data: RangeData,
  onStored?: OnStored,
): Promise<{ logs: number; transactions: number }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const numbers = data.blocks.map((b) => b.number);
    if (data.from > 0) numbers.push(data.from - 1);
    const stored = numbers.length
      ? await t
          .select({ number: chainBlocks.number, hash: chainBlocks.hash })
          .from(chainBlocks)
          .where(and(eq(chainBlocks.chainId, data.chainId), inArray(chainBlocks.number, numbers)))
      : [];
    const storedHash = new Map(stored.map((r) => [Number(r.number), r.hash]));
    const first = data.blocks.find((b) => b.number === data.from);
    const before = storedHash.get(data.from - 1);
    if (first && before && before !== first.parentHash)
      throw new ReorgError(
        data.from - 1,
        `block ${data.from - 1} changed: stored ${before}, chain ${first.parentHash}`,
      );
    for (const b of data.blocks) {
      const known = storedHash.get(b.number);
      if (known && known !== b.hash)
        throw new ReorgError(b.number, `block ${b.number} changed: stored ${known}, read ${b.hash}`);
    }
    for (const part of chunks(data.blocks, CHUNK))
      await t.insert(chainBlocks).values(part).onConflictDoNothing();
    // Logs are most of a backfill: one statement per 5,000 rows, passed as one JSON parameter (building a drizzle
    // multi-row insert of 9 parameters a row cost more than the insert itself; bench/indexer.ts).
    const insertedLogs = new Set<string>();
    for (let i = 0; i < data.logs.length; i += LOG_CHUNK) {
      const part = data.logs.slice(i, i + LOG_CHUNK).map((l) => ({
        chain_id: l.chainId,
        block_number: l.blockNumber,
        log_index: l.logIndex,
        transaction_hash: l.transactionHash,
        address: l.address,
        topic0: l.topic0,
        event_name: l.eventName,
        args: l.args,
        timestamp: l.timestamp,
      }));
      const result = await t.execute(sql`
        INSERT INTO chain_logs (chain_id, block_number, log_index, transaction_hash, address, topic0, event_name, args,
          "timestamp")
        SELECT chain_id, block_number, log_index, transaction_hash, address, topic0, event_name, args, "timestamp"
        FROM jsonb_populate_recordset(NULL::chain_logs, ${JSON.stringify(part)}::jsonb)
        ON CONFLICT DO NOTHING
        RETURNING block_number, log_index`);
      for (const r of rows<{ block_number: number | string; log_index: number }>(result))
        insertedLogs.add(`${Number(r.block_number)}:${r.log_index}`);
    }
    const insertedTxs = new Set<string>();
    for (const part of chunks(data.transactions, CHUNK)) {
      const rows = await t
        .insert(chainTransactions)
        .values(part)
        .onConflictDoNothing()
        .returning({ hash: chainTransactions.hash });
      for (const r of rows) insertedTxs.add(r.hash);
    }
    // Compare-and-set: each checkpoint must still be where the range was read from.
    for (const [address, expected] of data.checkpoints) {
      const moved = await t
        .update(indexerCheckpoints)
        .set({ nextBlock: data.to + 1, updatedAt: new Date() })
        .where(
          and(
            eq(indexerCheckpoints.chainId, data.chainId),
            eq(indexerCheckpoints.address, address),
            eq(indexerCheckpoints.nextBlock, expected),
          ),
        )
        .returning({ address: indexerCheckpoints.address });
      if (moved.length === 0)
        throw new CheckpointMovedError(`checkpoint of ${address} on ${data.chainId} moved`);
    }
    const logs = data.logs.filter((l) => insertedLogs.has(`${l.blockNumber}:${l.logIndex}`));
    const transactions = data.transactions.filter((x) => insertedTxs.has(x.hash));
    if (onStored && (logs.length || transactions.length))
      await onStored(t, data.chainId, { logs, transactions });
    return { logs: logs.length, transactions: transactions.length };
  });
}

/**
 * Undoes everything above `ancestor` on a chain (a reorg's common ancestor; −1 for all of it): logs, transactions,
 * privileged events, block hashes and the running balances that counted them, in one transaction with the checkpoints' move back. A following contract stays
 * following (its backfill target moves down with it), so the follow job reads the new blocks.
 */
export async function rollbackTo(db: Db, chainId: number, ancestor: number): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // A table's rows of the chain in blocks above the ancestor.
    const above = (table: { chainId: Column }, blockColumn: Column) =>
      and(eq(table.chainId, chainId), gt(blockColumn, ancestor));
    await t.delete(chainLogs).where(above(chainLogs, chainLogs.blockNumber));
    await t.delete(chainTransactions).where(above(chainTransactions, chainTransactions.blockNumber));
    await t.delete(privilegedEvents).where(above(privilegedEvents, privilegedEvents.blockNumber));
    await t.delete(chainBlocks).where(above(chainBlocks, chainBlocks.number));
    // Running balances that summed rolled-back logs are summed again from the start at the next refresh (reorgs are
    // rare; undoing them log by log is not worth it).
    const stale = await t
      .update(indexerCheckpoints)
      .set({ balancesThrough: -1 })
      .where(and(eq(indexerCheckpoints.chainId, chainId), gt(indexerCheckpoints.balancesThrough, ancestor)))
      .returning({ address: indexerCheckpoints.address });
    if (stale.length > 0)
      await t.delete(tokenBalances).where(
        and(
          eq(tokenBalances.chainId, chainId),
          inArray(
            tokenBalances.address,
            stale.map((x) => x.address),
          ),
        ),
      );
    await t.execute(sql`
      UPDATE indexer_checkpoints SET
        backfill_target = CASE WHEN next_block > backfill_target AND backfill_target >= 0
          THEN LEAST(backfill_target, GREATEST(from_block, ${ancestor + 1}) - 1) ELSE backfill_target END,
        next_block = GREATEST(from_block, ${ancestor + 1}),
        updated_at = now()
      WHERE chain_id = ${chainId} AND next_block > ${ancestor + 1}`);
  });
}

/**
 * A chain reset (another genesis, e.g. a devnet started anew): drops all of the chain's indexed rows, records the
 * new genesis and sends every checkpoint back to its start with its backfill target unknown (−1: the backfill job
 * sets it). Returns the addresses whose backfill must be queued (the caller does, in `queue`).
 */
export async function resetChain(
  db: Db,
  chainId: number,
  genesisHash: string,
  queue: (tx: Db, address: string) => Promise<void>,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.delete(chainLogs).where(eq(chainLogs.chainId, chainId));
    await t.delete(chainTransactions).where(eq(chainTransactions.chainId, chainId));
    await t.delete(privilegedEvents).where(eq(privilegedEvents.chainId, chainId));
    await t.delete(chainBlocks).where(eq(chainBlocks.chainId, chainId));
    await t.delete(tokenBalances).where(eq(tokenBalances.chainId, chainId));
    await t
      .insert(chainState)
      .values({ chainId, genesisHash, headBlock: 0, headAt: null })
      .onConflictDoUpdate({ target: chainState.chainId, set: { genesisHash, headBlock: 0, headAt: null } });
    const moved = await t
      .update(indexerCheckpoints)
      .set({
        nextBlock: sql`${indexerCheckpoints.fromBlock}`,
        backfillTarget: -1,
        balancesThrough: -1,
        updatedAt: new Date(),
      })
      .where(eq(indexerCheckpoints.chainId, chainId))
      .returning({ address: indexerCheckpoints.address });
    for (const m of moved) await queue(t, m.address);
    return moved.map((m) => m.address);
  });
}
