import { createRequire } from 'node:module';
import { and, asc, eq } from 'drizzle-orm';
import {
  createPublicClient,
  createWalletClient,
  decodeEventLog,
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  http,
  keccak256,
  toBytes,
  toFunctionSignature,
  zeroAddress,
  type Abi,
  type AbiFunction,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type Anvil } from '../../server/chains/anvil';
import type { Db } from '../../server/db/client';
import {
  chainBlocks,
  chainLogs,
  chainTransactions,
  contracts,
  jobs,
  notifications,
  privilegedEvents,
  projects,
  projectSignals,
  users,
  watchlists,
} from '../../server/db/schema/index';
import {
  applyChainSignals,
  chainSignals,
  classifyAddress,
  describeClass,
  matchRule,
  notifyPrivileged,
  onStored,
  privilegedFunctions,
  readPrivilegedFunctions,
  refreshSurface,
  selectorsOf,
  type StoredBatch,
  type StoredLog,
} from '../../server/monitoring/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { subScoresAt } from '../helpers/projects';
import { compileSolidity } from './solidity';

/**
 * Monitoring against a real chain (anvil) and a real database: a token with Ownable, AccessControl and Pausable
 * compiled here from OpenZeppelin's sources, a Safe 2 of 3 (Safe's own artifacts) and a TimelockController of 48 h
 * (OpenZeppelin's artifact). Privileged actions are sent to the chain; their logs, decoded against the ABI as the
 * indexer stores them, go through the monitoring hook.
 */

const require = createRequire(import.meta.url);
const CHAIN_ID = 31337;

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";

contract GuardedToken is ERC20, Ownable, AccessControl, Pausable {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    uint256 public fee;

    constructor(address admin) ERC20("Harbor USD", "HUSD") Ownable(admin) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _mint(admin, 1000000 ether);
    }

    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) { _mint(to, amount); }
    function pause() external onlyOwner { _pause(); }
    function unpause() external onlyOwner { _unpause(); }
    function setFee(uint256 value) external onlyOwner { fee = value; }

    function _update(address from, address to, uint256 value) internal override whenNotPaused {
        super._update(from, to, value);
    }
}
`;

const compile = () => compileSolidity('GuardedToken.sol', SOURCE, 'GuardedToken', { evmVersion: 'cancun' });

type Artifact = { abi: Abi; bytecode: Hex };
const artifact = (p: string) => require(p) as Artifact;

let anvil: Anvil;
let client: PublicClient;
let t: TestApp;
let db: Db;
let token: { abi: Abi; bytecode: Hex };
let tokenAddress: string;
let deployBlock: number;
let safe: Address;
let timelock: Address;
let accounts: Address[];
const hashes: Hex[] = [];

async function send(tx: Promise<Hex>): Promise<Hex> {
  const hash = await tx;
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`reverted: ${hash}`);
  return hash;
}

const asString = (v: unknown): unknown =>
  typeof v === 'bigint' ? v.toString() : typeof v === 'string' ? v.toLowerCase() : v;

/** Reads the token's logs and transactions from the chain and stores them as the indexer does. */
async function readAndStore(): Promise<StoredBatch & { logs: StoredLog[] }> {
  const raw = await client.getLogs({ address: tokenAddress as Address, fromBlock: BigInt(deployBlock) });
  const blocks = new Map<bigint, { timestamp: bigint; hash: Hex; parentHash: Hex }>();
  for (const l of raw) {
    if (!blocks.has(l.blockNumber))
      blocks.set(l.blockNumber, await client.getBlock({ blockNumber: l.blockNumber }));
  }
  const txInfo = new Map<
    string,
    { from: string; to: string | null; selector: string; fn: string | null; ok: boolean }
  >();
  for (const h of new Set(raw.map((l) => l.transactionHash))) {
    const tx = await client.getTransaction({ hash: h });
    const receipt = await client.getTransactionReceipt({ hash: h });
    let fn: string | null = null;
    if (tx.to && tx.to.toLowerCase() === tokenAddress) {
      const decoded = decodeFunctionData({ abi: token.abi, data: tx.input });
      const item = token.abi.find(
        (i): i is AbiFunction => i.type === 'function' && i.name === decoded.functionName,
      );
      fn = item ? toFunctionSignature(item) : null;
    }
    txInfo.set(h, {
      from: tx.from.toLowerCase(),
      to: tx.to?.toLowerCase() ?? null,
      selector: tx.input.slice(0, 10),
      fn,
      ok: receipt.status === 'success',
    });
  }
  const logs: StoredLog[] = raw.map((l) => {
    const decoded = decodeEventLog({ abi: token.abi, data: l.data, topics: l.topics });
    const args = Object.fromEntries(
      Object.entries(decoded.args as unknown as Record<string, unknown>).map(([k, v]) => [k, asString(v)]),
    );
    const info = txInfo.get(l.transactionHash)!;
    return {
      blockNumber: Number(l.blockNumber),
      logIndex: l.logIndex,
      transactionHash: l.transactionHash.toLowerCase(),
      address: l.address.toLowerCase(),
      eventName: decoded.eventName ?? null,
      args,
      timestamp: new Date(Number(blocks.get(l.blockNumber)!.timestamp) * 1000),
      from: info.from,
      txTo: info.to,
      functionName: info.fn,
    };
  });
  const transactions = [...txInfo]
    .filter(([, i]) => i.to === tokenAddress)
    .map(([hash, i]) => {
      const log = logs.find((l) => l.transactionHash === hash.toLowerCase())!;
      return {
        chainId: CHAIN_ID,
        hash: hash.toLowerCase(),
        blockNumber: log.blockNumber,
        transactionIndex: 0,
        from: i.from,
        to: i.to!,
        selector: i.selector,
        functionName: i.fn,
        success: i.ok,
        timestamp: log.timestamp,
      };
    });
  await db
    .insert(chainBlocks)
    .values(
      [...blocks].map(([n, b]) => ({
        chainId: CHAIN_ID,
        number: Number(n),
        hash: b.hash,
        parentHash: b.parentHash,
        timestamp: new Date(Number(b.timestamp) * 1000),
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(chainLogs)
    .values(
      logs.map((l) => ({
        chainId: CHAIN_ID,
        blockNumber: l.blockNumber,
        logIndex: l.logIndex,
        transactionHash: l.transactionHash,
        address: l.address,
        topic0:
          raw.find((r) => r.logIndex === l.logIndex && Number(r.blockNumber) === l.blockNumber)!.topics[0] ??
          null,
        eventName: l.eventName,
        args: l.args,
        timestamp: l.timestamp,
      })),
    )
    .onConflictDoNothing();
  if (transactions.length) await db.insert(chainTransactions).values(transactions).onConflictDoNothing();
  return { logs, transactions };
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID });
  client = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) }) as PublicClient;
  const wallet = createWalletClient({ chain: foundry, transport: http(anvil.rpcUrl) });
  accounts = (await wallet.getAddresses()).slice(0, 4);
  const [admin, minter, , other] = accounts as [Address, Address, Address, Address];
  token = compile();

  // Safe 2 of 3: singleton and factory from Safe's artifacts, a proxy set up with three owners.
  const safeL2 = artifact('@safe-global/safe-contracts/build/artifacts/contracts/SafeL2.sol/SafeL2.json');
  const factory = artifact(
    '@safe-global/safe-contracts/build/artifacts/contracts/proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
  );
  const deploy = async (a: Artifact, args: unknown[] = []) => {
    const hash = await wallet.deployContract({ abi: a.abi, bytecode: a.bytecode, args, account: admin });
    const r = await client.waitForTransactionReceipt({ hash });
    return { address: r.contractAddress!, block: Number(r.blockNumber) };
  };
  const singleton = (await deploy(safeL2)).address;
  const factoryAddress = (await deploy(factory)).address;
  const setup = encodeFunctionData({
    abi: safeL2.abi,
    functionName: 'setup',
    args: [[admin, minter, other], 2n, zeroAddress, '0x', zeroAddress, zeroAddress, 0n, zeroAddress],
  });
  const { result, request } = await client.simulateContract({
    address: factoryAddress,
    abi: factory.abi,
    functionName: 'createProxyWithNonce',
    args: [singleton, setup, 1n],
    account: admin,
  });
  await send(wallet.writeContract(request));
  safe = result as Address;

  const tl = artifact('@openzeppelin/contracts/build/contracts/TimelockController.json');
  timelock = (await deploy(tl, [172_800n, [admin], [admin], zeroAddress])).address;

  const deployed = await deploy(token, [admin]);
  tokenAddress = deployed.address.toLowerCase();
  deployBlock = deployed.block;
  const write = (functionName: string, args: unknown[], account: Address = admin) =>
    send(
      wallet.writeContract({
        address: tokenAddress as Address,
        abi: token.abi,
        functionName,
        args,
        account,
        chain: foundry,
      }),
    );
  hashes.push(await write('grantRole', [keccak256(toBytes('MINTER_ROLE')), minter]));
  hashes.push(await write('pause', []));
  hashes.push(await write('unpause', []));
  hashes.push(await write('mint', [other, 2_000_000n * 10n ** 18n], minter));
  hashes.push(await write('transfer', [other, 10n ** 18n]));
  hashes.push(await write('transferOwnership', [safe]));

  t = await createTestApp();
  db = t.database.db;
  await db.insert(projects).values({
    id: 'harbor',
    name: 'Harbor',
    tokenTickers: ['HUSD'],
    chains: ['Devnet'],
    logo: '',
    score: 70,
    subScores: subScoresAt(70),
    tier: 'A',
    auditStatus: 'none',
  });
  await db.insert(contracts).values({
    address: tokenAddress,
    projectId: 'harbor',
    chain: 'Devnet',
    label: 'Token',
    privilegedAddresses: [{ address: '0x' + '1'.repeat(40), role: 'demo owner', isContract: false }],
    privilegedFunctions: [],
    privilegedTransactions: [],
    chainId: CHAIN_ID,
    abi: token.abi as unknown[],
    monitoredSince: new Date(),
    deploymentBlock: deployBlock,
  });
  const [user] = await db.insert(users).values({ email: 'watcher@example.com', confirmed: true }).returning();
  await db.insert(watchlists).values({ userId: user!.id, name: 'Mine', projects: ['harbor'] });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

describe('classification', () => {
  it('tells an EOA, a Safe 2 of 3, a 48 h timelock and another contract', async () => {
    const eoa = await classifyAddress(client, accounts[0]!);
    expect(eoa).toEqual({ kind: 'eoa' });
    const s = await classifyAddress(client, safe);
    expect(s).toMatchObject({ kind: 'safe', threshold: 2 });
    expect(s.kind === 'safe' && s.owners.length).toBe(3);
    expect(describeClass(s)).toBe('Safe 2 of 3');
    const tl = await classifyAddress(client, timelock);
    expect(tl).toMatchObject({ kind: 'timelock', minDelaySeconds: 172_800, delayHours: 48 });
    expect(describeClass(tl)).toBe('Timelock 48 h');
    expect(await classifyAddress(client, tokenAddress)).toEqual({ kind: 'contract' });
  });
});

describe('privileged functions', () => {
  it('from the ABI: owner- and role-gated functions with their modifier and risk', () => {
    const fns = privilegedFunctions(token.abi);
    const by = new Map(fns.map((f) => [f.signature, f]));
    expect(by.get('transferOwnership(address)')).toEqual({
      signature: 'transferOwnership(address)',
      modifier: 'onlyOwner',
      risk: 'high',
    });
    expect(by.get('grantRole(bytes32,address)')?.risk).toBe('high');
    expect(by.get('mint(address,uint256)')?.risk).toBe('high');
    expect(by.get('pause()')?.risk).toBe('medium');
    expect(by.get('setFee(uint256)')?.risk).toBe('medium');
    expect(by.has('transfer(address,uint256)')).toBe(false);
    expect(by.has('approve(address,uint256)')).toBe(false);
    expect(by.has('owner()')).toBe(false);
  });

  it('from the bytecode alone (whatsabi selectors matched against known signatures)', async () => {
    const code = await client.getCode({ address: tokenAddress as Address });
    const sigs = privilegedFunctions(selectorsOf(code!)).map((f) => f.signature);
    expect(sigs).toEqual(
      expect.arrayContaining([
        'transferOwnership(address)',
        'renounceOwnership()',
        'grantRole(bytes32,address)',
        'revokeRole(bytes32,address)',
        'pause()',
        'unpause()',
        'mint(address,uint256)',
        'setFee(uint256)',
      ]),
    );
    // A Safe proxy has its singleton's functions (read through the proxy's slot 0) and no ABI here.
    const safeFns = await readPrivilegedFunctions(client, { address: safe, abi: null });
    expect(safeFns.map((f) => f.signature)).toEqual(
      expect.arrayContaining([
        'addOwnerWithThreshold(address,uint256)',
        'removeOwner(address,address,uint256)',
        'changeThreshold(uint256)',
        'execTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)',
      ]),
    );
  });
});

describe('privileged events from the chain', () => {
  let stored: Awaited<ReturnType<typeof readAndStore>>;

  it('stores one row per matched log with severity and sentence, and one alert job each', async () => {
    await classifyAddress(client, safe); // what the sentence says of the new owner
    stored = await readAndStore();
    // The chain's client is passed in (the server passes app.chains' one): it classifies addresses not seen yet.
    await db.transaction(async (tx) =>
      onStored(tx as unknown as Db, CHAIN_ID, stored, {
        clientOf: (id) => (id === CHAIN_ID ? client : undefined),
      }),
    );
    const events = await db
      .select()
      .from(privilegedEvents)
      .orderBy(asc(privilegedEvents.blockNumber), asc(privilegedEvents.logIndex));
    const admin = accounts[0]!.toLowerCase();
    const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`.toLowerCase();
    expect(events.map((e) => [e.kind, e.severity])).toEqual([
      ['ownership-transfer', 'low'], // constructor: owner set
      ['role-grant', 'low'], // constructor: DEFAULT_ADMIN_ROLE
      ['mint', 'low'], // constructor: the initial supply (at the threshold, in the deployment block)
      ['role-grant', 'high'], // MINTER_ROLE
      ['pause', 'high'],
      ['unpause', 'medium'],
      ['mint', 'high'],
      ['ownership-transfer', 'high'],
    ]);
    const last = events.at(-1)!;
    expect(last.sentence).toBe(
      `Ownership of HUSD moved from ${short(admin)} (EOA) to ${short(safe.toLowerCase())} (Safe 2 of 3)`,
    );
    expect(last.function).toBe('transferOwnership(address)');
    expect(last.from).toBe(admin);
    expect(last.transactionHash).toBe(hashes.at(-1)!.toLowerCase());
    expect(events[3]!.sentence).toBe(
      `MINTER_ROLE of HUSD granted to ${short(accounts[1]!.toLowerCase())} (EOA) by ${short(admin)} (EOA)`,
    );
    expect(events[4]!.sentence).toBe(`HUSD paused by ${short(admin)} (EOA)`);
    expect(events[6]!.from).toBe(accounts[1]!.toLowerCase());
    expect(events[6]!.sentence).toBe(`2,000,000 HUSD minted to ${short(accounts[3]!.toLowerCase())} (EOA)`);
    // The plain transfer is no privileged event; events of the deployment block are 'low' and alert no one.
    const queued = await db.select().from(jobs).where(eq(jobs.queue, 'notify-privileged'));
    expect(queued.map((j) => j.singletonKey).sort()).toEqual(
      events
        .filter((e) => e.severity !== 'low')
        .map((e) => `privileged:${CHAIN_ID}:${e.blockNumber}:${e.logIndex}`)
        .sort(),
    );
  });

  it('adds nothing when the same range is stored again (exactly once)', async () => {
    const before = await db.select().from(privilegedEvents);
    const jobsBefore = await db.select().from(jobs).where(eq(jobs.queue, 'notify-privileged'));
    await db.transaction(async (tx) => onStored(tx as unknown as Db, CHAIN_ID, stored));
    await db.transaction(async (tx) => onStored(tx as unknown as Db, CHAIN_ID, { logs: stored.logs }));
    expect((await db.select().from(privilegedEvents)).length).toBe(before.length);
    expect((await db.select().from(jobs).where(eq(jobs.queue, 'notify-privileged'))).length).toBe(
      jobsBefore.length,
    );
  });

  it('notifies the watchers once per event (bell, mail per settings)', async () => {
    const [ownership] = await db
      .select()
      .from(privilegedEvents)
      .where(and(eq(privilegedEvents.kind, 'ownership-transfer'), eq(privilegedEvents.severity, 'high')));
    expect(await notifyPrivileged(db, ownership!.id)).toBe(1);
    expect(await notifyPrivileged(db, ownership!.id)).toBe(0);
    const [n] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.changeKey, `privileged:${ownership!.id}`));
    expect(n).toMatchObject({ kind: 'incident', projectId: 'harbor' });
    expect(n!.title).toContain('Ownership of HUSD moved from');
    expect(n!.body).toMatch(/^High severity\./);
    const [low] = await db.select().from(privilegedEvents).where(eq(privilegedEvents.severity, 'low'));
    expect(await notifyPrivileged(db, low!.id)).toBe(0);
  });

  it('rates ownership moving from a contract to an EOA critical', () => {
    const log = stored.logs.find(
      (l) => l.eventName === 'OwnershipTransferred' && l.args?.previousOwner !== zeroAddress,
    )!;
    const reversed = {
      ...log,
      args: { previousOwner: safe.toLowerCase(), newOwner: accounts[0]!.toLowerCase() },
    };
    const f = matchRule(reversed, {
      subject: { name: 'HUSD', deploymentBlock: deployBlock },
      classOf: (a) =>
        a === safe.toLowerCase() ? { kind: 'safe', threshold: 2, owners: ['a', 'b', 'c'] } : { kind: 'eoa' },
      mintThreshold: 1n,
    });
    expect(f?.severity).toBe('critical');
  });
});

describe('surface, signals and the skynet routes', () => {
  it('refreshSurface writes the holders (classified) and functions read from the chain', async () => {
    const [row] = await db.select().from(contracts).where(eq(contracts.address, tokenAddress));
    const { privilegedAddresses } = await refreshSurface(db, client, row!);
    const roles = privilegedAddresses.map((a) => [a.role, a.address, a.isContract, a.classification?.label]);
    expect(roles).toEqual(
      expect.arrayContaining([
        ['owner', safe.toLowerCase(), true, 'Safe 2 of 3'],
        ['DEFAULT_ADMIN_ROLE', accounts[0]!.toLowerCase(), false, 'EOA'],
        ['MINTER_ROLE', accounts[1]!.toLowerCase(), false, 'EOA'],
      ]),
    );
    expect(roles).toHaveLength(3);
    const [after] = await db.select().from(contracts).where(eq(contracts.address, tokenAddress));
    expect(after!.source).toBe('chain');
  });

  it('computes governance, holder and age signals in the methodology units', async () => {
    const s = await chainSignals(db, 'harbor');
    expect(s).toMatchObject({
      multisigThreshold: 1, // DEFAULT_ADMIN_ROLE and MINTER_ROLE are single keys
      timelockHours: 0,
      adminEoaCount: 2,
      timelockCoveragePct: 0,
      holderCount: 2,
      projectAgeDays: 0,
    });
    expect(s!.highRiskFunctions).toBeGreaterThanOrEqual(4);
    // admin holds 1,000,000 − 1, other 2,000,000 + 1: the two hold all of it.
    expect(s!.top10HolderPct).toBe(100);
    expect(await chainSignals(db, 'nobody')).toBeNull();
    // Fed to the methodology: written once, recomputed; a second call finds nothing moved.
    await applyChainSignals(db, 'harbor');
    const [stored] = await db.select().from(projectSignals).where(eq(projectSignals.projectId, 'harbor'));
    expect(stored!.values).toMatchObject({ adminEoaCount: 2, multisigThreshold: 1, holderCount: 2 });
    expect(await applyChainSignals(db, 'harbor')).toEqual([]);
    const [again] = await db.select().from(projectSignals).where(eq(projectSignals.projectId, 'harbor'));
    expect(again!.version).toBe(stored!.version);
  });

  it('answers the skynet endpoints from the chain tables with the same shapes', async () => {
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return res.json() as unknown;
    };
    const txs = (await get(`/api/skynet/privileged-transaction?address=${getAddress(tokenAddress)}`)) as {
      hash: string;
      function: string;
      from: string;
      timestamp: string;
    }[];
    expect(txs).toHaveLength(8);
    expect(Object.keys(txs[0]!).sort()).toEqual(['from', 'function', 'hash', 'timestamp']);
    expect(txs[0]!.function).toBe('transferOwnership(address)');
    expect(txs[0]!.hash).toBe(hashes.at(-1)!.toLowerCase());
    expect(await get(`/api/skynet/privileged-transaction?address=${tokenAddress}&limit=2`)).toHaveLength(2);

    const addresses = (await get(`/api/skynet/privileged-address?address=${tokenAddress}`)) as object[];
    expect(addresses).toContainEqual({ address: safe.toLowerCase(), role: 'owner', isContract: true });
    for (const a of addresses) expect(Object.keys(a).sort()).toEqual(['address', 'isContract', 'role']);
    const fns = (await get(`/api/skynet/privileged-function?address=${tokenAddress}`)) as {
      signature: string;
    }[];
    expect(fns.map((f) => f.signature)).toContain('transferOwnership(address)');

    const callers = (await get('/api/skynet/top-callers?projectId=harbor')) as {
      name: string;
      count: number;
      address: string;
    }[];
    expect(callers[0]).toEqual({
      name: `${accounts[0]!.slice(0, 6)}…${accounts[0]!.slice(-4)}`.toLowerCase(),
      count: 5,
      address: accounts[0]!.toLowerCase(),
    });
    expect(callers[1]).toMatchObject({ count: 1, address: accounts[1]!.toLowerCase() });
    const events = (await get('/api/skynet/top-events?projectId=harbor&count=3')) as {
      name: string;
      count: number;
    }[];
    expect(events[0]).toEqual({ name: 'Transfer', count: 3 });
    expect(events).toHaveLength(3);
    const calls = (await get('/api/skynet/top-function-calls?projectId=harbor')) as {
      name: string;
      count: number;
    }[];
    expect(calls).toContainEqual({ name: 'transferOwnership(address)', count: 1 });
    expect(calls.reduce((n, c) => n + c.count, 0)).toBe(6);
  });
});
