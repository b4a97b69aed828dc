import { and, eq, type Column } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PublicClient } from 'viem';
import type { Db } from '../db/client';
import {
  chainLogs,
  chainTransactions,
  contracts,
  indexerCheckpoints,
  privilegedEvents,
  tokenBalances,
} from '../db/schema/index';
import { ensureFollowJob, ensureLocateJob, startMonitoring } from '../indexer/index';
import { enqueueRefresh } from '../monitoring/refresh';
import type { ChainConfig } from './config';
import { createChainRpc, type ChainRpc } from './rpc';

/** A chain this instance reads over JSON-RPC: configured (CHAINS / CHAINS_FILE) or the embedded devnet. */
export type ChainEntry = ChainConfig & {
  kind: 'evm';
  /** The embedded devnet (loopback, never in production): its RPC URL is shown to testers. */
  devnet?: boolean;
};

export type NewContract = {
  projectId: string;
  chain: ChainEntry;
  /** Lower-case hex. */
  address: string;
  label: string;
  abi: unknown[] | null;
  /** Where reading starts; default the deployment block when found, else the head. */
  fromBlock?: number;
};

export type Chains = {
  list: readonly ChainEntry[];
  get: (chainId: number) => ChainEntry | undefined;
  /**
   * The one RPC access of a configured chain (failover, retries, timeouts: server/chains/rpc.ts): the indexer, the
   * monitoring rules and refreshes all call through it.
   */
  rpc: (chainId: number) => ChainRpc | undefined;
  /** Its viem client. */
  client: (chainId: number) => PublicClient | undefined;
  /**
   * Monitors a contract of a project: its row, then its checkpoint and backfill job and a surface refresh. Without
   * `fromBlock` no RPC call is made here: a job finds the deployment block (and retries while the node is down).
   */
  addContract: (contract: NewContract) => Promise<void>;
  /** Stops monitoring a contract and removes it with everything read from it. */
  removeContract: (chainId: number, address: string) => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The chains this instance reads (server/chains/). */
    chains: Chains;
  }
}

/** Decorates `app.chains` with the chains main.ts configured (none in API tests unless a test gives some). */
export const chains = fp(
  async (app: FastifyInstance, opts: { chains?: ChainEntry[] }) => {
    const list = Object.freeze([...(opts.chains ?? [])]);
    const byId = new Map(list.map((c) => [c.id, c]));
    // Contracts `npm run import` adds (with or without a start block) are picked up by the follow job's rounds
    // (syncMonitoredContracts), while the server runs.
    const rpcs = new Map<number, ChainRpc>(list.map((c) => [c.id, createChainRpc(c)]));
    app.decorate('chains', {
      list,
      get: (chainId: number) => byId.get(chainId),
      rpc: (chainId: number) => rpcs.get(chainId),
      client: (chainId: number) => rpcs.get(chainId)?.client,
      addContract: (contract: NewContract) => addContract(app.db, contract),
      removeContract: (chainId: number, address: string) => removeContract(app.db, chainId, address),
    });
  },
  { name: 'chains' },
);

async function addContract(db: Db, c: NewContract): Promise<void> {
  const fromBlock = c.fromBlock ?? null;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t
      .insert(contracts)
      .values({
        address: c.address,
        projectId: c.projectId,
        chain: c.chain.name,
        label: c.label,
        privilegedAddresses: [],
        privilegedFunctions: [],
        privilegedTransactions: [],
        chainId: c.chain.id,
        abi: c.abi,
        monitoredSince: new Date(),
        deploymentBlock: fromBlock,
        source: 'chain',
      })
      .onConflictDoUpdate({
        target: contracts.address,
        set: {
          chain: c.chain.name,
          label: c.label,
          chainId: c.chain.id,
          ...(c.abi ? { abi: c.abi } : {}),
          monitoredSince: new Date(),
          ...(fromBlock !== null ? { deploymentBlock: fromBlock } : {}),
          source: 'chain',
        },
      });
    if (fromBlock === null) {
      // The deployment block is searched on the chain by the `index-locate` job, which then starts reading.
      await ensureLocateJob(t, c.chain.id, c.address);
      await ensureFollowJob(t, c.chain.id);
      return;
    }
    await startMonitoring(t, { address: c.address, chainId: c.chain.id, deploymentBlock: fromBlock });
    await enqueueRefresh(t, c.chain.id, c.address, 'start');
  });
}

async function removeContract(db: Db, chainId: number, address: string): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // The contract's rows of a table: its chain id, and its address in the given column (`to` for transactions).
    const at = (table: { chainId: Column }, addressColumn: Column) =>
      and(eq(table.chainId, chainId), eq(addressColumn, address));
    await t.delete(privilegedEvents).where(at(privilegedEvents, privilegedEvents.address));
    await t.delete(chainLogs).where(at(chainLogs, chainLogs.address));
    await t.delete(tokenBalances).where(at(tokenBalances, tokenBalances.address));
    await t.delete(chainTransactions).where(at(chainTransactions, chainTransactions.to));
    await t.delete(indexerCheckpoints).where(at(indexerCheckpoints, indexerCheckpoints.address));
    await t.delete(contracts).where(at(contracts, contracts.address));
  });
}
