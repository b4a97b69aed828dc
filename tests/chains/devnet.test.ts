import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createPublicClient,
  getAddress,
  http,
  parseAbiItem,
  sliceHex,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVNET_CHAIN_ID,
  expectedAddresses,
  sendAsOwner,
  startDevnet,
  startTraffic,
  type DemoContract,
  type Devnet,
} from '../../server/chains/devnet';

// Real anvil, real contracts: one devnet (in a temporary data directory) is started, restarted and traffic runs on it.

const IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
const ADMIN_SLOT = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';
const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

let dataDir: string;
let devnet: Devnet;

function client(rpcUrl: string) {
  return createPublicClient({ chain: foundry, transport: http(rpcUrl), pollingInterval: 50 });
}

function byKey(key: string): DemoContract {
  const found = devnet.deployment.contracts.find((c) => c.key === key);
  if (!found) throw new Error(`no ${key}`);
  return found;
}

async function read<T>(c: DemoContract, functionName: string, args: readonly unknown[] = []): Promise<T> {
  return (await client(devnet.rpcUrl).readContract({
    address: c.address,
    abi: c.abi,
    functionName,
    args,
  })) as T;
}

function slotAddress(word: Hex | undefined): Address {
  return getAddress(sliceHex(word ?? '0x', 12));
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'devnet-test-'));
  devnet = await startDevnet({ dataDir, port: 0 });
}, 30_000);

afterAll(async () => {
  await devnet?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('startDevnet', () => {
  it('deploys the demo contracts at their deterministic addresses, with code at each', async () => {
    expect(devnet.deployed).toBe(true);
    expect(devnet.chainId).toBe(DEVNET_CHAIN_ID);
    expect(devnet.deployment.chainId).toBe(DEVNET_CHAIN_ID);
    expect(devnet.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const expected = expectedAddresses();
    expect(byKey('tmusd').address).toBe(expected.proxy);
    expect(byKey('lfvt').address).toBe(expected.lfvt);
    expect(byKey('safe').address).toBe(expected.safe);
    const publicClient = client(devnet.rpcUrl);
    for (const c of devnet.deployment.contracts) {
      expect(c.address).toBe(getAddress(c.address));
      const code = await publicClient.getCode({ address: c.address });
      expect(code && code.length > 2, c.key).toBe(true);
      expect(c.deploymentBlock).toBeGreaterThan(0);
      const tx = await publicClient.getTransactionReceipt({ hash: c.deploymentTx });
      expect(Number(tx.blockNumber)).toBe(c.deploymentBlock);
    }
    // JSON-serialisable, data only
    expect(JSON.parse(JSON.stringify(devnet.deployment))).toEqual(devnet.deployment);
  });

  it('pins the addresses (documented in docs/monitoring.md): the same on every machine', () => {
    expect(expectedAddresses()).toEqual({
      implementation: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      timelock: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      proxy: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
      proxyAdmin: '0x75537828f2ce51be7289709686A69CbFDbB714F1',
      safeSingleton: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
      safeFactory: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
      safe: '0x6b43B6308ce9E9fD0C404543A45441f24B686316',
      lfvt: '0x0165878A594ca255338adfa4d48449f69242Eb8F',
    });
  });

  it('reads back the tokens, the Safe, the timelock and the proxy wiring', async () => {
    const { owner, safeOwners, holders } = devnet.deployment.accounts;
    const tmusd = byKey('tmusd');
    const lfvt = byKey('lfvt');
    expect(await read(tmusd, 'name')).toBe('Tidemark USD');
    expect(await read(tmusd, 'symbol')).toBe('TMUSD');
    expect(await read(tmusd, 'decimals')).toBe(6);
    expect(await read(lfvt, 'name')).toBe('Lumenfold Vault Token');
    expect(await read(lfvt, 'symbol')).toBe('LFVT');
    expect(await read(lfvt, 'decimals')).toBe(18);
    expect(await read<bigint>(tmusd, 'balanceOf', [holders[0]])).toBe(250_000n * 10n ** 6n);

    const minter = await read<Hex>(tmusd, 'MINTER_ROLE');
    const pauser = await read<Hex>(tmusd, 'PAUSER_ROLE');
    expect(await read(tmusd, 'hasRole', [minter, owner])).toBe(true);
    expect(await read(tmusd, 'hasRole', [pauser, owner])).toBe(true);

    const safe = byKey('safe');
    expect(await read(safe, 'getThreshold')).toBe(2n);
    expect(new Set(await read<Address[]>(safe, 'getOwners'))).toEqual(new Set(safeOwners));
    expect(await read(lfvt, 'owner')).toBe(safe.address);

    const timelock = byKey('timelock');
    expect(await read(timelock, 'getMinDelay')).toBe(60n);
    const proxyAdmin = byKey('tmusd-proxy-admin');
    expect(await read(proxyAdmin, 'owner')).toBe(timelock.address);

    const publicClient = client(devnet.rpcUrl);
    const implementation = await publicClient.getStorageAt({
      address: tmusd.address,
      slot: IMPLEMENTATION_SLOT,
    });
    const admin = await publicClient.getStorageAt({ address: tmusd.address, slot: ADMIN_SLOT });
    expect(slotAddress(implementation)).toBe(byKey('tmusd-implementation').address);
    expect(slotAddress(admin)).toBe(proxyAdmin.address);
    expect(tmusd.proxy).toEqual({ implementation: slotAddress(implementation), admin: proxyAdmin.address });
  });

  it('sendAsOwner sends a privileged transaction and throws on a revert', async () => {
    const tmusd = byKey('tmusd');
    const [holder] = devnet.deployment.accounts.holders;
    const before = await read<bigint>(tmusd, 'totalSupply');
    const receipt = await sendAsOwner(devnet.rpcUrl, {
      to: tmusd.address,
      abi: tmusd.abi,
      functionName: 'mint',
      args: [holder, 5n],
    });
    expect(receipt.status).toBe('success');
    expect(await read<bigint>(tmusd, 'totalSupply')).toBe(before + 5n);
    await expect(
      sendAsOwner(devnet.rpcUrl, {
        to: tmusd.address,
        abi: tmusd.abi as Abi,
        functionName: 'mint',
        args: [holder, 5n],
        from: holder,
      }),
    ).rejects.toThrow();
  });

  it('keeps the chain across a restart with the same data directory and does not redeploy', async () => {
    const tmusd = byKey('tmusd');
    const receipt = await sendAsOwner(devnet.rpcUrl, {
      to: tmusd.address,
      abi: tmusd.abi,
      functionName: 'pause',
    });
    await sendAsOwner(devnet.rpcUrl, { to: tmusd.address, abi: tmusd.abi, functionName: 'unpause' });
    const blockBefore = await client(devnet.rpcUrl).getBlockNumber();
    const before = devnet.deployment;
    await devnet.stop();

    devnet = await startDevnet({ dataDir, port: 0 });
    expect(devnet.deployed).toBe(false);
    expect(
      devnet.deployment.contracts.map((c) => [c.key, c.address, c.deploymentBlock, c.deploymentTx]),
    ).toEqual(before.contracts.map((c) => [c.key, c.address, c.deploymentBlock, c.deploymentTx]));
    const publicClient = client(devnet.rpcUrl);
    expect(await publicClient.getBlockNumber()).toBeGreaterThanOrEqual(blockBefore);
    const found = await publicClient.getTransactionReceipt({ hash: receipt.transactionHash });
    expect(found.blockHash).toBe(receipt.blockHash);
    expect(await publicClient.getTransactionCount({ address: before.accounts.owner })).toBeGreaterThan(20);

    // without deployment.json the deployment blocks are found on the chain
    await devnet.stop();
    await rm(path.join(dataDir, 'devnet', 'deployment.json'));
    devnet = await startDevnet({ dataDir, port: 0 });
    expect(devnet.deployed).toBe(false);
    expect(
      devnet.deployment.contracts.map((c) => [c.key, c.address, c.deploymentBlock, c.deploymentTx]),
    ).toEqual(before.contracts.map((c) => [c.key, c.address, c.deploymentBlock, c.deploymentTx]));
  }, 20_000);

  it('the traffic simulator moves tokens and takes admin actions, and survives a stopped chain', async () => {
    const publicClient = client(devnet.rpcUrl);
    const from = await publicClient.getBlockNumber();
    const messages: string[] = [];
    const traffic = startTraffic(devnet, { intervalMs: 50, adminEveryMs: 0, log: (m) => messages.push(m) });
    // Generous waits: on a loaded two-core CI machine anvil and the simulator's ticks run several times slower.
    const deadline = Date.now() + 30_000;
    while (traffic.stats().adminActions.length < 5 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const stats = traffic.stats();
    expect(messages).toEqual([]);
    expect(stats.failed).toBe(0);
    expect(stats.adminActions).toEqual(
      expect.arrayContaining(['pause', 'unpause', 'grant-minter', 'safe-mint', 'timelock-upgrade']),
    );
    // the scheduled upgrade runs once the timelock's delay has passed on the chain's clock
    await publicClient.request({ method: 'evm_increaseTime' as never, params: [61] as never });
    await publicClient.request({ method: 'evm_mine' as never });
    const executeDeadline = Date.now() + 15_000;
    while (!traffic.stats().adminActions.includes('timelock-execute') && Date.now() < executeDeadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(traffic.stats().adminActions).toContain('timelock-execute');
    const upgraded = await publicClient.getLogs({
      event: parseAbiItem('event Upgraded(address indexed implementation)'),
      address: byKey('tmusd').address,
      fromBlock: from + 1n,
    });
    expect(upgraded.map((l) => l.args.implementation)).toContain(byKey('tmusd-implementation').address);
    expect(messages).toEqual([]);

    const logs = await publicClient.getLogs({
      event: TRANSFER,
      address: [byKey('tmusd').address, byKey('lfvt').address],
      fromBlock: from + 1n,
    });
    expect(logs.length).toBeGreaterThan(3);
    const safeEvents = await publicClient.getLogs({
      event: parseAbiItem('event ExecutionSuccess(bytes32 txHash, uint256 payment)'),
      address: byKey('safe').address,
      fromBlock: from + 1n,
    });
    // The Safe executed the simulator's mint (the rotation of admin actions goes on while the test waits, so on a
    // slow machine it may have come round to it again).
    expect(safeEvents.length).toBeGreaterThanOrEqual(1);

    await devnet.stop();
    const failedBefore = traffic.stats().failed;
    // a tick in flight waits up to 3 s for its receipt; the ones after fail at once
    const stopDeadline = Date.now() + 15_000;
    while (traffic.stats().failed === failedBefore && Date.now() < stopDeadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(traffic.stats().failed).toBeGreaterThan(failedBefore);
    expect(messages.length).toBeGreaterThan(0);
    await traffic.stop();
  }, 90_000);
});
