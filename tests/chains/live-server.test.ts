import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  createPublicClient,
  encodeFunctionData,
  http,
  keccak256,
  toBytes,
  type Address,
  type Hex,
} from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAsOwner, type DemoContract, type Devnet } from '../../server/chains/devnet';
import {
  chainLogs,
  chainTransactions,
  indexerCheckpoints,
  tokenBalances,
} from '../../server/db/schema/index';
import { chainSignals } from '../../server/monitoring/index';
import { advanceBalances } from '../../server/monitoring/signals';
import type { TestApp } from '../helpers/app';
import { eventually, jsonRpc } from '../helpers/chain';
import { startDevnetApp, type DevnetApp } from '../helpers/devnet-app';
import { startRpcProxy, type RpcProxy } from '../helpers/rpcProxy';
import { anonymous, signIn, type Client } from '../helpers/signed-in';

/**
 * The server reading the devnet through two RPC URLs, each behind a fault proxy (the first one cuts every
 * connection): one RPC access per chain for every job, an admin adding a contract while the node is unreachable,
 * and calls that leave no log (a no-op grantRole, a reverted pause) seen by the head follower.
 */
let chain: DevnetApp;
let devnet: Devnet;
let t: TestApp;
let admin: Client;
let first: RpcProxy;
let second: RpcProxy;

const contract = (key: string): DemoContract => chain.contract(key);

type Listed = {
  address: string;
  deploymentBlock: number | null;
  progress: { backfillPercent: number; nextBlock: number } | null;
};
const contractsOf = async (projectId: string) =>
  (
    await anonymous(t.app).inject({ method: 'GET', url: `/api/projects/${projectId}/contracts` })
  ).json() as Listed[];

beforeAll(async () => {
  chain = await startDevnetApp({
    dataDirPrefix: 'sentinel-live-chain-',
    env: { ADMIN_EMAILS: 'chain-admin@example.com' },
    backoffMs: 200,
    rpcUrls: async (node) => {
      first = await startRpcProxy(node.rpcUrl, { cut: 1 });
      second = await startRpcProxy(node.rpcUrl);
      return [first.url, second.url];
    },
  });
  ({ devnet, t } = chain);
  admin = await signIn(t.app, { email: 'chain-admin@example.com' });
}, 120_000);

afterAll(async () => {
  if (chain) await chain.close(first, second);
  else await Promise.all([first?.close(), second?.close()]);
});

describe('the server on a chain with a dead first URL', () => {
  it('reads through one RPC access per chain: every job calls the chain through app.chains', async () => {
    await eventually(async () => {
      const list = await contractsOf('tidemark-usd');
      return list.length > 0 && list.every((c) => c.progress?.backfillPercent === 100) ? list : undefined;
    }, 'backfill of the demo contracts');
    // Backfill, follow, monitoring-refresh reads and the rules' classifications all went through app.chains' one
    // access: every request the two URLs received is one it sent (at most a few in flight between the two reads).
    const received = first.stats.requests + second.stats.requests;
    const sent = t.app.chains.rpc(devnet.chainId)!.stats.requests;
    expect(second.stats.requests).toBeGreaterThan(20);
    expect(sent - received).toBeGreaterThanOrEqual(0);
    expect(sent - received).toBeLessThan(8);
    // The dead URL was tried only until the access moved to the one that answers, not by each job on its own.
    expect(first.stats.requests).toBeLessThan(8);
  });

  it('an admin adds a contract while the node is unreachable: stored at once, read once the node is back', async () => {
    const implementation = contract('tmusd-implementation');
    first.setFaults({ cut: 1 });
    second.setFaults({ cut: 1 });
    const started = Date.now();
    const res = await admin.inject({
      method: 'POST',
      url: '/api/admin/projects/tidemark-usd/contracts',
      payload: { chainId: devnet.chainId, address: implementation.address, label: 'Implementation' },
    });
    expect(res.statusCode, res.body).toBe(201);
    // No call to the chain on the request's path: the answer does not wait for the node's retries.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.json()).toMatchObject({
      address: implementation.address,
      source: 'chain',
      deploymentBlock: null,
      progress: null,
    });
    second.setFaults({});
    const listed = await eventually(async () => {
      const c = (await contractsOf('tidemark-usd')).find((x) => x.address === implementation.address);
      return c?.progress?.backfillPercent === 100 ? c : undefined;
    }, 'the added contract read from its deployment block');
    expect(listed.deploymentBlock).toBe(implementation.deploymentBlock);
  });

  it('stores calls to a monitored contract that emit no log: a no-op grantRole and a reverted pause', async () => {
    const tmusd = contract('tmusd');
    const { owner, holders } = devnet.deployment.accounts;
    const outsider = holders[4]!;
    const top = async (what: 'callers' | 'function-calls') =>
      (
        await anonymous(t.app).inject({
          method: 'GET',
          url: `/api/skynet/top-${what}?projectId=tidemark-usd&count=50`,
        })
      ).json() as {
        name: string;
        count: number;
        address?: string;
      }[];
    const grants = async () =>
      (await top('function-calls')).find((f) => f.name === 'grantRole(bytes32,address)')?.count ?? 0;
    const grantsBefore = await grants();
    expect((await top('callers')).some((c) => c.address === outsider.toLowerCase())).toBe(false);

    const send = async (from: Address, data: Hex) => {
      // An explicit gas limit: the node mines the call even when it reverts (no estimate that would refuse it).
      const hash = await rpc<Hex>('eth_sendTransaction', [{ from, to: tmusd.address, data, gas: '0x50000' }]);
      const receipt = await rpc<{ status: Hex; logs: unknown[] }>('eth_getTransactionReceipt', [hash]);
      return { hash: hash.toLowerCase(), receipt };
    };
    // The owner already holds MINTER_ROLE: granting it again changes nothing and emits no RoleGranted.
    const noop = await send(
      owner,
      encodeFunctionData({
        abi: tmusd.abi,
        functionName: 'grantRole',
        args: [keccak256(toBytes('MINTER_ROLE')), owner],
      }),
    );
    expect(noop.receipt).toMatchObject({ status: '0x1', logs: [] });
    // An account without PAUSER_ROLE: the call reverts.
    const reverted = await send(outsider, encodeFunctionData({ abi: tmusd.abi, functionName: 'pause' }));
    expect(reverted.receipt).toMatchObject({ status: '0x0', logs: [] });

    const callers = await eventually(async () => {
      const list = await top('callers');
      return list.some((c) => c.address === outsider.toLowerCase()) ? list : undefined;
    }, 'the reverted call among the top callers');
    expect(callers.find((c) => c.address === outsider.toLowerCase())?.count).toBe(1);
    expect(await grants()).toBe(grantsBefore + 1);
    expect(await top('function-calls')).toContainEqual({ name: 'pause()', count: 1 });
    const stored = await t.app.db
      .select({
        hash: chainTransactions.hash,
        success: chainTransactions.success,
        from: chainTransactions.from,
      })
      .from(chainTransactions)
      .where(
        and(
          eq(chainTransactions.chainId, devnet.chainId),
          inArray(chainTransactions.hash, [noop.hash, reverted.hash]),
        ),
      );
    expect(new Map(stored.map((s) => [s.hash, s.success]))).toEqual(
      new Map([
        [noop.hash, true],
        [reverted.hash, false],
      ]),
    );
  });
});

describe('holder signals', () => {
  it('keep running balances equal to the chain, and a refresh adds only the Transfers indexed since', async () => {
    const tmusd = contract('tmusd');
    const address = tmusd.address.toLowerCase();
    const chainId = devnet.chainId;
    const client = createPublicClient({ chain: foundry, transport: http(devnet.rpcUrl) });
    const balancesOf = async () =>
      new Map(
        (
          await t.app.db
            .select({ holder: tokenBalances.holder, balance: tokenBalances.balance })
            .from(tokenBalances)
            .where(and(eq(tokenBalances.chainId, chainId), eq(tokenBalances.address, address)))
        )
          .filter((b) => BigInt(b.balance) > 0n)
          .map((b) => [b.holder, BigInt(b.balance)]),
      );
    const checkpoint = async () =>
      (
        await t.app.db
          .select()
          .from(indexerCheckpoints)
          .where(and(eq(indexerCheckpoints.chainId, chainId), eq(indexerCheckpoints.address, address)))
      )[0]!;
    expect(await advanceBalances(t.app.db, chainId, address)).toBe(true);
    const first = await balancesOf();
    expect(first.size).toBeGreaterThan(5);
    for (const [holder, balance] of first)
      expect(
        await client.readContract({
          address: tmusd.address,
          abi: tmusd.abi,
          functionName: 'balanceOf',
          args: [holder as Address],
        }),
      ).toBe(balance);
    const before = await chainSignals(t.app.db, 'tidemark-usd');
    expect(before?.holderCount).toBe(first.size);

    // The history is not read again: an old Transfer row gone from the table changes nothing already summed.
    const cp = await checkpoint();
    expect(cp.balancesThrough).toBe(cp.nextBlock - 1);
    const [minted] = await t.app.db
      .select()
      .from(chainLogs)
      .where(
        and(
          eq(chainLogs.chainId, chainId),
          eq(chainLogs.address, address),
          eq(chainLogs.eventName, 'Transfer'),
          sql`${chainLogs.args} ->> 'to' <> ${devnet.deployment.accounts.owner}`,
        ),
      )
      .orderBy(chainLogs.blockNumber, chainLogs.logIndex)
      .limit(1);
    const mintedTo = String(minted!.args!.to).toLowerCase();
    expect(first.get(mintedTo)).toBeGreaterThan(0n);
    await t.app.db
      .delete(chainLogs)
      .where(
        and(
          eq(chainLogs.chainId, chainId),
          eq(chainLogs.blockNumber, minted!.blockNumber),
          eq(chainLogs.logIndex, minted!.logIndex),
        ),
      );

    const newcomer = '0x00000000000000000000000000000000000000bb';
    const sender = devnet.deployment.accounts.holders.find((h) => h.toLowerCase() !== mintedTo)!;
    const receipt = await sendAsOwner(devnet.rpcUrl, {
      to: tmusd.address,
      abi: tmusd.abi,
      functionName: 'transfer',
      args: [newcomer, 1_000_000n],
      from: sender,
    });
    await eventually(
      async () => ((await checkpoint()).nextBlock > Number(receipt.blockNumber) ? true : undefined),
      'the transfer indexed',
    );
    const after = await chainSignals(t.app.db, 'tidemark-usd');
    expect(after?.holderCount).toBe(first.size + 1);
    const second = await balancesOf();
    expect(second.get(newcomer)).toBe(1_000_000n);
    expect(second.get(sender.toLowerCase())).toBe(first.get(sender.toLowerCase())! - 1_000_000n);
    expect(second.get(mintedTo)).toBe(first.get(mintedTo));
    expect((await checkpoint()).balancesThrough).toBeGreaterThanOrEqual(Number(receipt.blockNumber));
  });
});

const rpc = <T>(method: string, params: unknown[]) => jsonRpc<T>(devnet.rpcUrl, method, params);
