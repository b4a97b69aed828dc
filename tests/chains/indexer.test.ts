import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { encodeFunctionData, type Abi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startAnvil, type Anvil } from '../../server/chains/anvil';
import type { ChainConfig } from '../../server/chains/config';
import { createChainRpc } from '../../server/chains/rpc';
import { openDatabase, type Db } from '../../server/db/client';
import {
  chainBlocks,
  chainLogs,
  chainState,
  chainTransactions,
  privilegedEvents,
} from '../../server/db/schema/chain';
import { JobRunner } from '../../server/jobs/runner';
import {
  createIndexer,
  indexerProgress,
  readBytecode,
  startMonitoring,
  type StoredLog,
} from '../../server/indexer/index';
import { eventually, jsonRpc } from '../helpers/chain';
import { migratedPgliteDumpFile, openScratchDatabase as openPgliteScratch } from '../helpers/database';
import { startRpcProxy } from '../helpers/rpcProxy';
import { compileSolidity } from './solidity';

/**
 * The indexer against a real chain (anvil) and a real database: every stored log is compared with the node's own
 * eth_getLogs over the whole chain (ground truth), directly, through a fault proxy, across a reorg and across a
 * SIGKILL of a backfill midway.
 */

const TOKEN_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract TestToken {
    event Transfer(address indexed from, address indexed to, uint256 value);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    mapping(address => uint256) public balanceOf;
    address public owner;
    uint256 public pokes;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = 1e30;
        emit OwnershipTransferred(address(0), msg.sender);
        emit Transfer(address(0), msg.sender, 1e30);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value, "balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }

    function spray(uint256 count, uint256 value) external {
        for (uint256 i = 0; i < count; i++) {
            address to = address(uint160(0x1000 + i));
            balanceOf[msg.sender] -= value;
            balanceOf[to] += value;
            emit Transfer(msg.sender, to, value);
        }
    }

    function transferOwnership(address newOwner) external {
        require(msg.sender == owner, "owner");
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    function poke() external {
        pokes += 1;
    }
}
`;

const compileToken = () => compileSolidity('TestToken.sol', TOKEN_SOURCE, 'TestToken');

const CHAIN_ID = 31337;

type Receipt = {
  contractAddress: string | null;
  blockNumber: string;
  status: string;
  transactionHash: string;
};

/** The chain under test: anvil with the token deployed and a history of transfers. */
class Chain {
  accounts: string[] = [];
  token = '';
  deployBlock = 0;
  constructor(
    readonly url: string,
    readonly abi: Abi,
  ) {}

  async send(data: `0x${string}`, opts: { from?: string; to?: string; gas?: string } = {}): Promise<Receipt> {
    const hash = await jsonRpc<string>(this.url, 'eth_sendTransaction', [
      {
        from: opts.from ?? this.accounts[0],
        ...(opts.to === '' ? {} : { to: opts.to ?? this.token }),
        data,
        ...(opts.gas ? { gas: opts.gas } : {}),
      },
    ]);
    for (;;) {
      const receipt = await jsonRpc<Receipt | null>(this.url, 'eth_getTransactionReceipt', [hash]);
      if (receipt) return receipt;
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  async deploy(bytecode: `0x${string}`) {
    this.accounts = await jsonRpc<string[]>(this.url, 'eth_accounts');
    const r = await this.send(bytecode, { to: '' });
    this.token = r.contractAddress!.toLowerCase();
    this.deployBlock = Number.parseInt(r.blockNumber, 16);
  }

  transfer(to: string, value: bigint, from?: string) {
    return this.send(encodeFunctionData({ abi: this.abi, functionName: 'transfer', args: [to, value] }), {
      from,
    });
  }
  spray(count: number, value: bigint) {
    return this.send(
      encodeFunctionData({ abi: this.abi, functionName: 'spray', args: [BigInt(count), value] }),
    );
  }
  poke() {
    return this.send(encodeFunctionData({ abi: this.abi, functionName: 'poke', args: [] }));
  }
  /** A transfer the token refuses (account 6 never holds any): mined, reverted, no log. */
  async failedTransfer() {
    const r = await this.send(
      encodeFunctionData({ abi: this.abi, functionName: 'transfer', args: [this.accounts[3], 1n] }),
      {
        from: this.accounts[6],
        gas: '0x30000',
      },
    );
    if (r.status !== '0x0') throw new Error('the failed transfer succeeded');
    return r;
  }
  mine(blocks: number) {
    return jsonRpc(this.url, 'anvil_mine', [`0x${blocks.toString(16)}`]);
  }
  async head() {
    return Number.parseInt(await jsonRpc<string>(this.url, 'eth_blockNumber'), 16);
  }
  /** `block:logIndex:tx` of every log of the token up to `toBlock`, from the node itself. */
  async truth(toBlock?: number): Promise<string[]> {
    const logs = await jsonRpc<{ blockNumber: string; logIndex: string; transactionHash: string }[]>(
      this.url,
      'eth_getLogs',
      [
        {
          address: this.token,
          fromBlock: '0x0',
          toBlock: toBlock === undefined ? 'latest' : `0x${toBlock.toString(16)}`,
        },
      ],
    );
    return logs
      .map(
        (l) =>
          `${Number.parseInt(l.blockNumber, 16)}:${Number.parseInt(l.logIndex, 16)}:${l.transactionHash.toLowerCase()}`,
      )
      .sort();
  }
}

async function stored(db: Db, address: string, toBlock = Number.MAX_SAFE_INTEGER): Promise<string[]> {
  const logs = await db
    .select()
    .from(chainLogs)
    .where(and(eq(chainLogs.chainId, CHAIN_ID), eq(chainLogs.address, address)))
    .orderBy(asc(chainLogs.blockNumber), asc(chainLogs.logIndex));
  return logs
    .filter((l) => Number(l.blockNumber) <= toBlock)
    .map((l) => `${l.blockNumber}:${l.logIndex}:${l.transactionHash}`)
    .sort();
}

/** Missed and extra entries of `got` against `want` (both lists of keys). */
function diff(want: string[], got: string[]) {
  const w = new Set(want);
  const g = new Set(got);
  return {
    missed: want.filter((x) => !g.has(x)).length,
    extra: got.filter((x) => !w.has(x)).length,
    duplicated: got.length - g.size,
  };
}

const chainConfig = (rpcUrls: string[]): ChainConfig => ({
  id: CHAIN_ID,
  name: 'anvil',
  rpcUrls,
  confirmations: 0,
  pollMs: 100,
});

/** How long and how often the tests look for what the indexer stores. */
const SOON = { ms: 20_000, everyMs: 25 };

/** A migrated in-memory PGlite of its own (the indexer's tests do not run on PostgreSQL). */
const openScratchDatabase = () => openPgliteScratch('pglite');

let anvil: Anvil;
let chain: Chain;
const figures: Record<string, unknown> = {};

beforeAll(async () => {
  const { abi, bytecode } = compileToken();
  anvil = await startAnvil({ chainId: CHAIN_ID });
  chain = new Chain(anvil.rpcUrl, abi);
  await chain.mine(20);
  await chain.deploy(bytecode);
  await chain.mine(300); // anvil mines ~200 empty blocks a second
  for (let i = 0; i < 60; i++) await chain.transfer(chain.accounts[1 + (i % 5)]!, BigInt(1_000 + i));
  await chain.mine(300);
  for (let i = 0; i < 4; i++) await chain.spray(60, 7n);
  for (let i = 0; i < 40; i++) await chain.transfer(chain.accounts[1 + (i % 5)]!, BigInt(5_000 + i));
  await chain.poke();
  await chain.failedTransfer();
});

afterAll(async () => {
  await anvil?.stop();
  console.log('indexer figures', JSON.stringify(figures));
});

describe('indexer against anvil', () => {
  it('backfills through the job queue with 0 missed and 0 duplicated logs, then follows new blocks within a second or two', async () => {
    const { database, close } = await openScratchDatabase();
    const db = database.db;
    const hooked: StoredLog[] = [];
    const indexer = createIndexer({
      chains: [chainConfig([anvil.rpcUrl])],
      followRunMs: 1_500,
      backfillSliceMs: 1_000,
      onStored: async (_tx, _chainId, s) => void hooked.push(...s.logs),
    });
    const runner = new JobRunner(db, indexer.handlers, {
      pollMs: 20,
      schedule: false,
      batch: 4,
      backoffMs: 50,
    });
    try {
      const head = await chain.head();
      const started = Date.now();
      await startMonitoring(db, {
        address: chain.token,
        chainId: CHAIN_ID,
        deploymentBlock: chain.deployBlock,
      });
      runner.start();
      await eventually(
        async () => {
          const p = await indexerProgress(db, CHAIN_ID, chain.token);
          return p && p.backfillPercent === 100 && p.nextBlock > head;
        },
        'the backfill',
        SOON,
      );
      const backfillMs = Date.now() - started;
      const truth = await chain.truth(head);
      const got = await stored(db, chain.token, head);
      expect(diff(truth, got)).toEqual({ missed: 0, extra: 0, duplicated: 0 });
      expect(got.length).toBe(truth.length);
      expect(hooked.filter((l) => l.blockNumber <= head)).toHaveLength(truth.length);
      figures.backfill = { blocks: head - chain.deployBlock + 1, logs: truth.length, ms: backfillMs };

      // Decoded from the bytecode (no ABI given): whatsabi + the table of well-known events.
      const [first] = await db
        .select()
        .from(chainLogs)
        .where(and(eq(chainLogs.address, chain.token), eq(chainLogs.eventName, 'Transfer')))
        .orderBy(asc(chainLogs.blockNumber))
        .limit(1);
      expect(first?.args).toEqual({
        from: '0x0000000000000000000000000000000000000000',
        to: chain.accounts[0],
        value: (10n ** 30n).toString(),
      });
      // whatsabi reads the token's selectors and event topics from its bytecode.
      const found = await readBytecode(
        await jsonRpc<string>(chain.url, 'eth_getCode', [chain.token, 'latest']),
      );
      expect(found?.selectors).toEqual(expect.arrayContaining(['0xa9059cbb', '0xf2fde38b']));
      const owner = hooked.find((l) => l.eventName === 'OwnershipTransferred');
      expect(owner?.args).toMatchObject({ newOwner: chain.accounts[0] });
      const transfers = await db
        .select()
        .from(chainTransactions)
        .where(eq(chainTransactions.to, chain.token));
      expect(transfers.find((t) => t.selector === '0xa9059cbb')?.functionName).toBe(
        'transfer(address,uint256)',
      );
      // Backfill sees the transactions behind logs only: the poke and the failed transfer emitted none.
      expect(transfers.every((t) => t.success)).toBe(true);

      // Follow: each transfer is stored once mined (how fast is the bench's figure, printed here, not asserted).
      const latencies: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await chain.transfer(chain.accounts[7]!, BigInt(9_000 + i));
        const mined = Date.now();
        await eventually(
          async () => {
            const [row] = await db
              .select({ hash: chainLogs.transactionHash })
              .from(chainLogs)
              .where(eq(chainLogs.transactionHash, r.transactionHash.toLowerCase()));
            return row;
          },
          'the followed transfer',
          SOON,
        );
        latencies.push(Date.now() - mined);
      }
      figures.followLatencyMs = latencies;
      // Calls that emit no log are seen from the head on: a poke and a reverted transfer.
      const poke = await chain.poke();
      const failed = await chain.failedTransfer();
      const followed = await eventually(
        async () => {
          const rows = await db.select().from(chainTransactions).where(eq(chainTransactions.to, chain.token));
          const p = rows.find((t) => t.hash === poke.transactionHash.toLowerCase());
          const f = rows.find((t) => t.hash === failed.transactionHash.toLowerCase());
          return p && f ? { p, f } : undefined;
        },
        'the follow of calls without logs',
        SOON,
      );
      expect(followed.p).toMatchObject({
        success: true,
        selector: encodeFunctionData({ abi: chain.abi, functionName: 'poke' }),
      });
      expect(followed.f).toMatchObject({ success: false, functionName: 'transfer(address,uint256)' });
      const end = await chain.head();
      await eventually(
        async () => ((await indexerProgress(db, CHAIN_ID, chain.token))?.nextBlock ?? 0) > end,
        'the head',
        SOON,
      );
      expect(diff(await chain.truth(end), await stored(db, chain.token, end))).toEqual({
        missed: 0,
        extra: 0,
        duplicated: 0,
      });
      const progress = await indexerProgress(db, CHAIN_ID, chain.token);
      expect(progress).toMatchObject({ backfillPercent: 100, lagBlocks: 0 });
    } finally {
      await runner.stop();
      await close();
    }
  });

  it('gives exactly the ground truth through a proxy that drops, delays, answers 429/500, cuts connections and refuses big log ranges', async () => {
    const { database, close } = await openScratchDatabase();
    const db = database.db;
    const faulty = await startRpcProxy(
      anvil.rpcUrl,
      { drop: 0.03, cut: 0.05, rate429: 0.08, rate500: 0.08, delay: 0.1, delayMs: 150, maxLogRange: 100 },
      7,
    );
    const flaky = await startRpcProxy(anvil.rpcUrl, { rate429: 0.2, maxLogRange: 100 }, 11);
    try {
      // A dead URL first, then the two proxies: failover moves past it.
      const rpc = createChainRpc(chainConfig(['http://127.0.0.1:9', faulty.url, flaky.url]), {
        timeoutMs: 400,
        backoffMs: 10,
        maxBackoffMs: 200,
        attempts: 12,
      });
      const indexer = createIndexer({ chains: [rpc] });
      const head = await chain.head();
      await startMonitoring(db, {
        address: chain.token,
        chainId: CHAIN_ID,
        deploymentBlock: chain.deployBlock,
      });
      await indexer.checkGenesis(db, rpc);
      const started = Date.now();
      while ((await indexer.backfillStep(db, CHAIN_ID, chain.token)) !== 'done');
      figures.faultyBackfillMs = Date.now() - started;
      expect(diff(await chain.truth(head), await stored(db, chain.token, head))).toEqual({
        missed: 0,
        extra: 0,
        duplicated: 0,
      });
      for (let i = 0; i < 3; i++) await chain.transfer(chain.accounts[8]!, BigInt(20_000 + i));
      await chain.spray(30, 3n);
      const end = await chain.head();
      while ((await indexer.followStep(db, CHAIN_ID)) !== 'caught-up');
      expect(diff(await chain.truth(end), await stored(db, chain.token, end))).toEqual({
        missed: 0,
        extra: 0,
        duplicated: 0,
      });
      const s = faulty.stats;
      figures.proxy = { faulty: { ...s, byMethod: undefined }, flaky: flaky.stats.tooMany, rpc: rpc.stats };
      expect(s.dropped + s.cut + s.tooMany + s.serverErrors + s.delayed).toBeGreaterThan(0);
      expect(s.refusedRanges + flaky.stats.refusedRanges).toBeGreaterThan(0);
      expect(rpc.stats.splits).toBeGreaterThan(0);
      expect(rpc.stats.retries).toBeGreaterThan(0);
    } finally {
      await faulty.close();
      await flaky.close();
      await close();
    }
  });

  it('rolls back a 3-block reorg (with the privileged events the hook stored) and reads the new blocks', async () => {
    const { database, close } = await openScratchDatabase();
    const db = database.db;
    // The hook records a privileged event per Transfer to account 9, in the store transaction.
    const indexer = createIndexer({
      chains: [chainConfig([anvil.rpcUrl])],
      onStored: async (tx, chainId, s) => {
        for (const l of s.logs) {
          if (l.eventName !== 'Transfer' || !l.args || l.args.to !== chain.accounts[9]) continue;
          await tx.insert(privilegedEvents).values({
            chainId,
            address: l.address,
            blockNumber: l.blockNumber,
            logIndex: l.logIndex,
            transactionHash: l.transactionHash,
            kind: 'mint',
            severity: 'low',
            function: l.functionName ?? '',
            from: l.from,
            sentence: `transfer of ${String(l.args.value)}`,
            occurredAt: l.timestamp,
          });
        }
      },
    });
    const rpc = indexer.rpcOf(CHAIN_ID);
    try {
      await startMonitoring(db, {
        address: chain.token,
        chainId: CHAIN_ID,
        deploymentBlock: chain.deployBlock,
      });
      await indexer.checkGenesis(db, rpc);
      while ((await indexer.backfillStep(db, CHAIN_ID, chain.token)) !== 'done');
      while ((await indexer.followStep(db, CHAIN_ID)) !== 'caught-up');
      const snapshot = await jsonRpc<string>(chain.url, 'evm_snapshot');
      const before = await chain.head();
      const old: string[] = [];
      for (let i = 0; i < 3; i++)
        old.push((await chain.transfer(chain.accounts[9]!, BigInt(111 + i))).transactionHash.toLowerCase());
      while ((await indexer.followStep(db, CHAIN_ID)) !== 'caught-up');
      expect(await db.select().from(privilegedEvents)).toHaveLength(3);
      const oldBlocks = await db
        .select()
        .from(chainBlocks)
        .where(eq(chainBlocks.number, before + 3));

      // The reorg: the same heights, other blocks (other amounts, one transfer more).
      await jsonRpc(chain.url, 'evm_revert', [snapshot]);
      const fresh: string[] = [];
      for (let i = 0; i < 3; i++)
        fresh.push((await chain.transfer(chain.accounts[9]!, BigInt(222 + i))).transactionHash.toLowerCase());
      expect(await chain.head()).toBe(before + 3);
      while ((await indexer.followStep(db, CHAIN_ID)) !== 'caught-up');
      const end = await chain.head();
      expect(diff(await chain.truth(end), await stored(db, chain.token, end))).toEqual({
        missed: 0,
        extra: 0,
        duplicated: 0,
      });
      const hashes = (await db.select().from(chainLogs)).map((l) => l.transactionHash);
      expect(old.filter((h) => hashes.includes(h))).toEqual([]);
      expect(fresh.every((h) => hashes.includes(h))).toBe(true);
      const events = await db.select().from(privilegedEvents).orderBy(asc(privilegedEvents.blockNumber));
      expect(events.map((e) => e.sentence)).toEqual([
        'transfer of 222',
        'transfer of 223',
        'transfer of 224',
      ]);
      const [newTip] = await db
        .select()
        .from(chainBlocks)
        .where(eq(chainBlocks.number, before + 3));
      const onChain = await jsonRpc<{ hash: string }>(chain.url, 'eth_getBlockByNumber', [
        `0x${(before + 3).toString(16)}`,
        false,
      ]);
      expect(newTip?.hash).toBe(onChain.hash.toLowerCase());
      expect(newTip?.hash).not.toBe(oldBlocks[0]?.hash);
    } finally {
      await close();
    }
  });

  // Two indexer processes boot one after the other (tsx, PGlite): a minute or more on a loaded two-core machine.
  it(
    'survives a SIGKILL midway through a backfill: the run after it gives exactly the ground truth',
    { timeout: 240_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'indexer-kill-'));
      // Every request a little late, so the backfill is still running when it is killed.
      const slow = await startRpcProxy(anvil.rpcUrl, { delay: 1, delayMs: 15 });
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        CHAINS: JSON.stringify([{ id: CHAIN_ID, name: 'anvil', rpcUrls: [slow.url], confirmations: 0 }]),
        CHAIN_ID: String(CHAIN_ID),
        ADDRESS: chain.token,
        DEPLOYMENT_BLOCK: String(chain.deployBlock),
        BACKFILL_RANGE: '40',
        BACKFILL_ADAPTIVE: 'off',
        LOAD_DATA_DIR: await migratedPgliteDumpFile(),
      };

      const run = (killAfter?: number) =>
        new Promise<{ code: number | null; signal: string | null; steps: number; stderr: string }>(
          (resolve) => {
            // node itself with tsx's loader (the tsx launcher would leave its node child running when killed).
            const child = spawn(process.execPath, ['--import', 'tsx', 'server/indexer/cli.ts'], {
              env,
              stdio: ['ignore', 'pipe', 'pipe'],
            });
            let steps = 0;
            let stderr = '';
            child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
            child.stdout.on('data', (c: Buffer) => {
              steps += c
                .toString()
                .split('\n')
                .filter((l) => l === 'more').length;
              if (killAfter !== undefined && steps >= killAfter) child.kill('SIGKILL');
            });
            child.on('exit', (code, signal) => resolve({ code, signal, steps, stderr }));
          },
        );
      try {
        const head = await chain.head();
        const killed = await run(3);
        expect(killed.signal, killed.stderr).toBe('SIGKILL');
        const finished = await run();
        expect(finished.code, finished.stderr).toBe(0);
        figures.sigkill = { stepsBeforeKill: killed.steps, stepsAfter: finished.steps };
        expect(finished.steps).toBeGreaterThan(0);
        const database = await openDatabase({ dataDir });
        try {
          const got = await stored(database.db, chain.token, head);
          expect(diff(await chain.truth(head), got)).toEqual({ missed: 0, extra: 0, duplicated: 0 });
        } finally {
          await database.close();
        }
      } finally {
        await slow.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('notices a chain reset (the node restarted with another genesis), drops its rows and indexes the new chain', async () => {
    const { abi, bytecode } = compileToken();
    const port = await freePort();
    let node = await startAnvil({ chainId: CHAIN_ID, port, args: ['--timestamp', '1700000000'] });
    const { database, close } = await openScratchDatabase();
    const db = database.db;
    try {
      let c = new Chain(node.rpcUrl, abi);
      await c.deploy(bytecode);
      for (let i = 0; i < 8; i++) await c.transfer(c.accounts[1]!, BigInt(100 + i));
      const indexer = createIndexer({ chains: [chainConfig([node.rpcUrl])] });
      const rpc = indexer.rpcOf(CHAIN_ID);
      await startMonitoring(db, { address: c.token, chainId: CHAIN_ID, deploymentBlock: c.deployBlock });
      await indexer.checkGenesis(db, rpc);
      while ((await indexer.backfillStep(db, CHAIN_ID, c.token)) !== 'done');
      while ((await indexer.followStep(db, CHAIN_ID)) !== 'caught-up');
      const oldGenesis = (await db.select().from(chainState))[0]?.genesisHash;
      const oldHashes = (await db.select().from(chainLogs)).map((l) => l.transactionHash);
      expect(oldHashes).toHaveLength(10);

      // The same port, a new chain: shorter, other transfers, the token at the same address (same deployer nonce).
      await node.stop();
      node = await startAnvil({ chainId: CHAIN_ID, port, args: ['--timestamp', '1800000000'] });
      c = new Chain(node.rpcUrl, abi);
      await c.deploy(bytecode);
      for (let i = 0; i < 3; i++) await c.transfer(c.accounts[2]!, BigInt(700 + i));
      // The follow step finds its tip gone and nothing stored on the new chain: a reset.
      await indexer.followStep(db, CHAIN_ID);
      const [state] = await db.select().from(chainState);
      expect(state?.genesisHash).not.toBe(oldGenesis);
      expect(await indexerProgress(db, CHAIN_ID, c.token)).toMatchObject({
        nextBlock: c.deployBlock,
        backfillPercent: 0,
      });
      while ((await indexer.backfillStep(db, CHAIN_ID, c.token)) !== 'done');
      while ((await indexer.followStep(db, CHAIN_ID)) !== 'caught-up');
      const end = await c.head();
      const got = await stored(db, c.token, end);
      expect(diff(await c.truth(end), got)).toEqual({ missed: 0, extra: 0, duplicated: 0 });
      const hashes = (await db.select().from(chainLogs)).map((l) => l.transactionHash);
      expect(hashes.filter((h) => oldHashes.includes(h) && !got.some((g) => g.endsWith(h)))).toEqual([]);
      expect(hashes).toHaveLength(5);
    } finally {
      await node.stop();
      await close();
    }
  });
});
