import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigintNumber, serialId, timestamptz, updatedAt } from './columns';

/**
 * What the indexer (server/indexer/) reads from chains over JSON-RPC, and what monitoring (server/monitoring/) makes
 * of it. Chain ids are EIP-155 ids; addresses and hashes are stored lower-case hex.
 */

/** One row per chain the indexer has read. A different genesis hash means the chain was reset: its rows are dropped. */
export const chainState = pgTable('chain_state', {
  chainId: integer('chain_id').primaryKey(),
  genesisHash: text('genesis_hash').notNull(),
  /** Latest head seen, and when. */
  headBlock: bigintNumber('head_block').notNull().default(0),
  headAt: timestamptz('head_at'),
});

/**
 * Progress per monitored contract: blocks below `nextBlock` are read and stored. Backfill starts at `fromBlock`
 * (the contract's deployment block when known); after it the contract follows the head behind the chain's
 * confirmation depth.
 */
export const indexerCheckpoints = pgTable(
  'indexer_checkpoints',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    fromBlock: bigintNumber('from_block').notNull(),
    nextBlock: bigintNumber('next_block').notNull(),
    /** The head (minus confirmations) when backfill began: backfill % = (next − from) / (target − from). */
    backfillTarget: bigintNumber('backfill_target').notNull(),
    /** Last block whose Transfer logs are summed into token_balances (−1: none yet; a rollback above it resets). */
    balancesThrough: bigintNumber('balances_through').notNull().default(-1),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

/**
 * Running ERC-20 balances per holder of a monitored contract, summed from its indexed Transfer logs up to its
 * checkpoint's `balancesThrough` (the zero address and the token itself left out): a holder-signal refresh adds the
 * logs indexed since, not the whole history (server/monitoring/signals.ts).
 */
export const tokenBalances = pgTable(
  'token_balances',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    holder: text('holder').notNull(),
    balance: numeric('balance').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.address, t.holder] }),
    index('token_balances_balance_idx').on(t.chainId, t.address, t.balance),
  ],
);

/** Hashes of the blocks the indexer has read, to notice a reorg (a stored hash that the chain no longer has). */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    chainId: integer('chain_id').notNull(),
    number: bigintNumber('number').notNull(),
    hash: text('hash').notNull(),
    parentHash: text('parent_hash').notNull(),
    timestamp: timestamptz('timestamp').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.number] })],
);

/** Transactions sent to a monitored contract. */
export const chainTransactions = pgTable(
  'chain_transactions',
  {
    chainId: integer('chain_id').notNull(),
    hash: text('hash').notNull(),
    blockNumber: bigintNumber('block_number').notNull(),
    transactionIndex: integer('transaction_index').notNull(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    /** First 4 bytes of the input (`0x` + 8 hex), or '0x' for a plain transfer. */
    selector: text('selector').notNull(),
    /** Decoded name (`transfer(address,uint256)` style signature) when the ABI, bytecode or a known selector tells. */
    functionName: text('function_name'),
    success: boolean('success').notNull(),
    timestamp: timestamptz('timestamp').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.hash] }),
    index('chain_transactions_to_idx').on(t.chainId, t.to, t.blockNumber),
  ],
);

/** Logs emitted by a monitored contract, decoded when its ABI (given, or read from bytecode) knows the event. */
export const chainLogs = pgTable(
  'chain_logs',
  {
    chainId: integer('chain_id').notNull(),
    blockNumber: bigintNumber('block_number').notNull(),
    logIndex: integer('log_index').notNull(),
    transactionHash: text('transaction_hash').notNull(),
    address: text('address').notNull(),
    topic0: text('topic0'),
    /** Event name (`Transfer`), null when unknown. */
    eventName: text('event_name'),
    /** Decoded arguments by name; bigints as decimal strings. */
    args: jsonb('args').$type<Record<string, unknown>>(),
    timestamp: timestamptz('timestamp').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    index('chain_logs_address_idx').on(t.chainId, t.address, t.blockNumber),
  ],
);

export type PrivilegedEventKind =
  | 'ownership-transfer'
  | 'role-grant'
  | 'role-revoke'
  | 'upgrade'
  | 'admin-change'
  | 'pause'
  | 'unpause'
  | 'mint'
  | 'timelock-schedule'
  | 'timelock-execute'
  | 'safe-owners-change'
  | 'safe-threshold-change';

/**
 * Privileged transactions found in the indexed logs (server/monitoring/). One row per log, so a re-read after a
 * reorg or a crash cannot add it twice; its alert job has the same key (exactly once).
 */
export const privilegedEvents = pgTable(
  'privileged_events',
  {
    id: serialId(),
    chainId: integer('chain_id').notNull(),
    /** The monitored contract that emitted it. */
    address: text('address').notNull(),
    blockNumber: bigintNumber('block_number').notNull(),
    logIndex: integer('log_index').notNull(),
    transactionHash: text('transaction_hash').notNull(),
    kind: text('kind').$type<PrivilegedEventKind>().notNull(),
    severity: text('severity').$type<'low' | 'medium' | 'high' | 'critical'>().notNull(),
    /** Called function, as the skynet API shows it (`transferOwnership(address)`). */
    function: text('function').notNull(),
    /** Sender of the transaction. */
    from: text('from').notNull(),
    /** A plain sentence: "Ownership of USDX moved from 0x12…ab (EOA) to 0x34…cd (Safe 2 of 3)". */
    sentence: text('sentence').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamptz('occurred_at').notNull(),
  },
  (t) => [
    uniqueIndex('privileged_events_log_idx').on(t.chainId, t.blockNumber, t.logIndex),
    index('privileged_events_address_idx').on(t.address, t.occurredAt),
  ],
);
