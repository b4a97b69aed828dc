/** Zod schemas of chains and monitored contracts: the server validates with these (the browser uses api/chains.ts). */
import { z } from 'zod';

/** GET /api/chains — the chains this instance reads over JSON-RPC. */
export const ChainInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['evm', 'other']),
  /** Latest block the indexer saw. */
  head: z.number().int().optional(),
  /** Only for the embedded devnet (loopback, never in production): where a tester sends transactions. */
  rpcUrl: z.string().optional(),
  /** Block explorer base URL, when configured. */
  explorer: z.string().optional(),
});
export const ChainList = z.array(ChainInfo);

/** Indexing progress of one monitored contract. */
export const MonitoringProgress = z.object({
  /** 0–100: share of the blocks from the deployment block to the head (minus confirmations) read so far. */
  backfillPercent: z.number(),
  /** First block not yet read. */
  nextBlock: z.number().int(),
  headBlock: z.number().int(),
  /** Blocks between the head and what is read. */
  lagBlocks: z.number().int(),
  /** When the last read block was mined (ISO), if any. */
  lastBlockAt: z.string().nullable(),
});

/** A project's contract, with where its figures come from. */
export const MonitoredContract = z.object({
  chainId: z.number().int().nullable(),
  chain: z.string(),
  address: z.string(),
  label: z.string(),
  /** 'chain': read by the indexer; 'demo': generated figures. */
  source: z.enum(['chain', 'demo']),
  monitoredSince: z.string().nullable(),
  deploymentBlock: z.number().int().nullable(),
  progress: MonitoringProgress.nullable(),
});
export const MonitoredContractList = z.array(MonitoredContract);

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** POST /api/admin/projects/:id/contracts (admin only) — monitor a contract; monitoring starts at once. */
export const AddContractBody = z.object({
  chainId: z.number({ error: 'Choose a chain' }).int('Choose a chain').positive('Choose a chain'),
  address: z.string().trim().regex(EVM_ADDRESS, 'Enter a contract address: 0x followed by 40 hex characters'),
  label: z.string().trim().min(1, 'Enter a label').max(80, 'At most 80 characters').optional(),
  /** The contract's ABI (JSON array); without one the indexer reads what it can from the bytecode. */
  abi: z
    .array(z.record(z.string(), z.unknown()), { error: 'The ABI must be a JSON array' })
    .max(2000, 'At most 2000 ABI entries')
    .optional(),
  /** Block to start reading from (default: the deployment block when found, else the current head). */
  fromBlock: z.number().int().nonnegative('Enter a block number of 0 or more').optional(),
});

export const ContractParams = z.object({
  id: z.string().min(1).max(200),
  chainId: z.coerce.number().int().positive(),
  address: z.string().regex(EVM_ADDRESS, 'Enter a contract address: 0x followed by 40 hex characters'),
});
