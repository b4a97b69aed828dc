import { pbkdf2Sync } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  encodePacked,
  getAddress,
  getContractAddress,
  http,
  keccak256,
  parseUnits,
  zeroAddress,
  type Abi,
  type AbiEvent,
  type Address,
  type Hex,
} from 'viem';
import { HDKey, hdKeyToAccount, type HDAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { DEV_MNEMONIC } from '../anvil';
import { artifacts } from './artifacts';
import type { CompiledDemo } from './compile';

/**
 * Deploys the demo contracts in a fixed order from account 0 of the development mnemonic, so on a fresh chain every
 * address is the same on every machine (CREATE addresses depend only on the deployer and its nonce; the Safe's
 * CREATE2 address only on the factory, the setup call and the salt).
 */

export type DemoContractKind =
  'erc20' | 'implementation' | 'proxy-admin' | 'timelock' | 'safe' | 'safe-singleton' | 'safe-factory';

export type DemoContract = {
  /** Stable identifier: tmusd, tmusd-implementation, tmusd-proxy-admin, timelock, safe-singleton, safe-proxy-factory, safe, lfvt. */
  key: string;
  /** Human label for lists. */
  label: string;
  /** The contract's own name (token name for tokens). */
  name: string;
  symbol?: string;
  decimals?: number;
  /** EIP-55 checksummed. */
  address: Address;
  /** For a proxy: the implementation's ABI plus the proxy's own events. */
  abi: Abi;
  deploymentBlock: number;
  /** The transaction that created it (for the ProxyAdmin and the Safe: the proxy's creation / the factory call). */
  deploymentTx: Hex;
  kind: DemoContractKind;
  /** True for what monitoring should watch (tokens, proxy admin, timelock, Safe); false for plumbing. */
  monitor: boolean;
  /** For the token behind the transparent proxy: its ERC-1967 implementation and admin. */
  proxy?: { implementation: Address; admin: Address };
};

export type DemoDeployment = {
  chainId: number;
  deployer: Address;
  contracts: DemoContract[];
  accounts: {
    /** Account 0: deployer, TMUSD admin/minter/pauser, timelock proposer and executor, LFVT treasury. */
    owner: Address;
    /** Accounts 1, 2, 3: the Safe's owners (threshold 2). */
    safeOwners: [Address, Address, Address];
    /** Accounts 4..9: hold TMUSD and LFVT after the initial distribution; the traffic moves tokens between them. */
    holders: Address[];
  };
  timelockMinDelay: number;
  safeThreshold: number;
};

export const TIMELOCK_MIN_DELAY = 60;
export const SAFE_THRESHOLD = 2;
export const SAFE_SALT_NONCE = 0n;
/** TMUSD minted to each holder, LFVT sent to each holder, LFVT's initial supply (to the owner). */
export const HOLDER_TMUSD = parseUnits('250000', 6);
export const HOLDER_LFVT = parseUnits('100000', 18);
export const LFVT_SUPPLY = parseUnits('10000000', 18);

let devRoot: HDKey | undefined;
const devAccounts = new Map<number, HDAccount>();

/** Account `index` of the development mnemonic, able to sign locally (BIP-39 seed via native PBKDF2, derived once). */
export function devLocalAccount(index: number): HDAccount {
  let account = devAccounts.get(index);
  if (!account) {
    devRoot ??= HDKey.fromMasterSeed(
      pbkdf2Sync(DEV_MNEMONIC.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512'),
    );
    account = hdKeyToAccount(devRoot, { addressIndex: index });
    devAccounts.set(index, account);
  }
  return account;
}

/** Address of account `index` of the development mnemonic. */
export function devAccount(index: number): Address {
  return devLocalAccount(index).address;
}

export function demoAccounts(): DemoDeployment['accounts'] {
  return {
    owner: devAccount(0),
    safeOwners: [devAccount(1), devAccount(2), devAccount(3)],
    holders: [4, 5, 6, 7, 8, 9].map(devAccount),
  };
}

/** Deployer nonces of the deployment transactions, in order. */
const NONCE = {
  implementation: 0,
  timelock: 1,
  proxy: 2,
  safeSingleton: 3,
  safeFactory: 4,
  safe: 5,
  lfvt: 6,
} as const;

function safeSetupData(owners: readonly Address[]): Hex {
  return encodeFunctionData({
    abi: artifacts.SafeL2().abi,
    functionName: 'setup',
    args: [owners, BigInt(SAFE_THRESHOLD), zeroAddress, '0x', zeroAddress, zeroAddress, 0n, zeroAddress],
  });
}

/** The addresses the fixed order gives on a fresh chain. */
export function expectedAddresses() {
  const { owner, safeOwners } = demoAccounts();
  const at = (nonce: number) => getContractAddress({ from: owner, nonce: BigInt(nonce) });
  const proxy = at(NONCE.proxy);
  const safeSingleton = at(NONCE.safeSingleton);
  const safeFactory = at(NONCE.safeFactory);
  const safe = getContractAddress({
    opcode: 'CREATE2',
    from: safeFactory,
    salt: keccak256(
      encodePacked(['bytes32', 'uint256'], [keccak256(safeSetupData(safeOwners)), SAFE_SALT_NONCE]),
    ),
    bytecode: encodePacked(['bytes', 'uint256'], [artifacts.SafeProxy().bytecode, BigInt(safeSingleton)]),
  });
  return {
    implementation: at(NONCE.implementation),
    timelock: at(NONCE.timelock),
    proxy,
    // OpenZeppelin 5's transparent proxy creates its own ProxyAdmin as its first (nonce 1) creation.
    proxyAdmin: getContractAddress({ from: proxy, nonce: 1n }),
    safeSingleton,
    safeFactory,
    safe,
    lfvt: at(NONCE.lfvt),
  };
}

function clients(rpcUrl: string) {
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 50 });
  const walletClient = createWalletClient({ chain: foundry, transport });
  return { publicClient, walletClient };
}

function events(abi: Abi): Abi {
  return abi.filter((item): item is AbiEvent => item.type === 'event');
}

type Created = { block: number; tx: Hex };

function describe(
  compiled: CompiledDemo,
  chainId: number,
  created: Record<keyof typeof NONCE, Created>,
): DemoDeployment {
  const a = expectedAddresses();
  const tmusdAbi: Abi = [...compiled.TidemarkUSD.abi, ...events(artifacts.TransparentUpgradeableProxy().abi)];
  const safeAbi = artifacts.SafeL2().abi;
  const contracts: DemoContract[] = [
    {
      key: 'tmusd',
      label: 'Tidemark USD (TMUSD)',
      name: 'Tidemark USD',
      symbol: 'TMUSD',
      decimals: 6,
      address: a.proxy,
      abi: tmusdAbi,
      deploymentBlock: created.proxy.block,
      deploymentTx: created.proxy.tx,
      kind: 'erc20',
      monitor: true,
      proxy: { implementation: a.implementation, admin: a.proxyAdmin },
    },
    {
      key: 'tmusd-implementation',
      label: 'Tidemark USD implementation',
      name: 'TidemarkUSD',
      address: a.implementation,
      abi: compiled.TidemarkUSD.abi,
      deploymentBlock: created.implementation.block,
      deploymentTx: created.implementation.tx,
      kind: 'implementation',
      monitor: false,
    },
    {
      key: 'tmusd-proxy-admin',
      label: 'Tidemark USD ProxyAdmin',
      name: 'ProxyAdmin',
      address: a.proxyAdmin,
      abi: artifacts.ProxyAdmin().abi,
      deploymentBlock: created.proxy.block,
      deploymentTx: created.proxy.tx,
      kind: 'proxy-admin',
      monitor: true,
    },
    {
      key: 'timelock',
      label: 'Tidemark Timelock (60 s)',
      name: 'TimelockController',
      address: a.timelock,
      abi: artifacts.TimelockController().abi,
      deploymentBlock: created.timelock.block,
      deploymentTx: created.timelock.tx,
      kind: 'timelock',
      monitor: true,
    },
    {
      key: 'safe-singleton',
      label: 'Safe 1.4.1 singleton (SafeL2)',
      name: 'SafeL2',
      address: a.safeSingleton,
      abi: safeAbi,
      deploymentBlock: created.safeSingleton.block,
      deploymentTx: created.safeSingleton.tx,
      kind: 'safe-singleton',
      monitor: false,
    },
    {
      key: 'safe-proxy-factory',
      label: 'Safe 1.4.1 proxy factory',
      name: 'SafeProxyFactory',
      address: a.safeFactory,
      abi: artifacts.SafeProxyFactory().abi,
      deploymentBlock: created.safeFactory.block,
      deploymentTx: created.safeFactory.tx,
      kind: 'safe-factory',
      monitor: false,
    },
    {
      key: 'safe',
      label: 'Lumenfold Safe (2 of 3)',
      name: 'Safe',
      address: a.safe,
      abi: safeAbi,
      deploymentBlock: created.safe.block,
      deploymentTx: created.safe.tx,
      kind: 'safe',
      monitor: true,
    },
    {
      key: 'lfvt',
      label: 'Lumenfold Vault Token (LFVT)',
      name: 'Lumenfold Vault Token',
      symbol: 'LFVT',
      decimals: 18,
      address: a.lfvt,
      abi: compiled.LumenfoldVaultToken.abi,
      deploymentBlock: created.lfvt.block,
      deploymentTx: created.lfvt.tx,
      kind: 'erc20',
      monitor: true,
    },
  ];
  return {
    chainId,
    deployer: demoAccounts().owner,
    contracts,
    accounts: demoAccounts(),
    timelockMinDelay: TIMELOCK_MIN_DELAY,
    safeThreshold: SAFE_THRESHOLD,
  };
}

/** Deploys everything on a fresh chain (the deployer's nonce must be 0) and distributes tokens to the holders. */
export async function deployDemo(rpcUrl: string, compiled: CompiledDemo): Promise<DemoDeployment> {
  const { publicClient, walletClient } = clients(rpcUrl);
  const { owner, safeOwners, holders } = demoAccounts();
  const nonce = await publicClient.getTransactionCount({ address: owner });
  if (nonce !== 0)
    throw new Error(
      `devnet: the deployer has already sent ${nonce} transactions but the demo contracts are missing; delete the devnet state file to start over`,
    );
  const chainId = await publicClient.getChainId();
  const expected = expectedAddresses();
  const wait = async (hash: Hex, address?: Address): Promise<Created> => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`devnet: deployment transaction ${hash} reverted`);
    if (address && receipt.contractAddress && getAddress(receipt.contractAddress) !== address)
      throw new Error(`devnet: deployed at ${receipt.contractAddress}, expected ${address}`);
    return { block: Number(receipt.blockNumber), tx: hash };
  };
  const deploy = async (artifact: { abi: Abi; bytecode: Hex }, args: unknown[], address: Address) =>
    wait(
      await walletClient.deployContract({
        account: owner,
        abi: artifact.abi,
        bytecode: artifact.bytecode,
        args,
      }),
      address,
    );
  /** A call from the deployer, waited for like a deployment. */
  const send = async (address: Address, abi: Abi, functionName: string, args: unknown[]) =>
    wait(
      await walletClient.writeContract({ account: owner, chain: foundry, address, abi, functionName, args }),
    );

  const implementation = await deploy(compiled.TidemarkUSD, [], expected.implementation);
  const timelock = await deploy(
    artifacts.TimelockController(),
    // proposer and executor: the owner; admin: none (the timelock administers itself)
    [BigInt(TIMELOCK_MIN_DELAY), [owner], [owner], zeroAddress],
    expected.timelock,
  );
  const initialize = encodeFunctionData({
    abi: compiled.TidemarkUSD.abi,
    functionName: 'initialize',
    args: [owner],
  });
  const proxy = await deploy(
    artifacts.TransparentUpgradeableProxy(),
    [expected.implementation, expected.timelock, initialize],
    expected.proxy,
  );
  const safeSingleton = await deploy(artifacts.SafeL2(), [], expected.safeSingleton);
  const safeFactory = await deploy(artifacts.SafeProxyFactory(), [], expected.safeFactory);
  const factoryAbi = artifacts.SafeProxyFactory().abi;
  const setup = safeSetupData(safeOwners);
  const { result: safeAddress, request } = await publicClient.simulateContract({
    account: owner,
    address: expected.safeFactory,
    abi: factoryAbi,
    functionName: 'createProxyWithNonce',
    args: [expected.safeSingleton, setup, SAFE_SALT_NONCE],
  });
  if (getAddress(safeAddress as Address) !== expected.safe)
    throw new Error(`devnet: Safe would be at ${String(safeAddress)}, expected ${expected.safe}`);
  const safe = await wait(await walletClient.writeContract(request));
  const lfvt = await deploy(compiled.LumenfoldVaultToken, [expected.safe, owner, LFVT_SUPPLY], expected.lfvt);

  for (const holder of holders)
    await send(expected.proxy, compiled.TidemarkUSD.abi, 'mint', [holder, HOLDER_TMUSD]);
  for (const holder of holders)
    await send(expected.lfvt, compiled.LumenfoldVaultToken.abi, 'transfer', [holder, HOLDER_LFVT]);
  return describe(compiled, chainId, {
    implementation,
    timelock,
    proxy,
    safeSingleton,
    safeFactory,
    safe,
    lfvt,
  });
}

/** True when every demo contract has code on the chain at its deterministic address. */
export async function demoDeployed(rpcUrl: string): Promise<boolean> {
  const { publicClient } = clients(rpcUrl);
  const codes = await Promise.all(
    Object.values(expectedAddresses()).map((address) => publicClient.getCode({ address })),
  );
  return codes.every((code) => code !== undefined && code !== '0x');
}

/**
 * Describes a deployment already on the chain: from the saved file when it matches, else by finding the deployer's
 * first transactions (nonces 0..6) in the chain's first blocks.
 */
export async function existingDemo(
  rpcUrl: string,
  compiled: CompiledDemo,
  savedFile?: string,
): Promise<DemoDeployment> {
  const { publicClient } = clients(rpcUrl);
  const chainId = await publicClient.getChainId();
  if (savedFile) {
    try {
      const saved = JSON.parse(await readFile(savedFile, 'utf8')) as DemoDeployment;
      const fresh = describe(compiled, chainId, {
        implementation: { block: 0, tx: '0x' },
        timelock: { block: 0, tx: '0x' },
        proxy: { block: 0, tx: '0x' },
        safeSingleton: { block: 0, tx: '0x' },
        safeFactory: { block: 0, tx: '0x' },
        safe: { block: 0, tx: '0x' },
        lfvt: { block: 0, tx: '0x' },
      });
      const same =
        saved.chainId === chainId &&
        saved.contracts.length === fresh.contracts.length &&
        saved.contracts.every(
          (c, i) => c.key === fresh.contracts[i]?.key && c.address === fresh.contracts[i]?.address,
        );
      if (same) {
        // ABIs come from the current build; blocks and transactions from the file
        return {
          ...fresh,
          contracts: fresh.contracts.map((c, i) => ({
            ...c,
            deploymentBlock: saved.contracts[i]!.deploymentBlock,
            deploymentTx: saved.contracts[i]!.deploymentTx,
          })),
        };
      }
    } catch {
      // no usable file: look on the chain
    }
  }
  const owner = demoAccounts().owner;
  const byNonce = new Map<number, Created>();
  const latest = Number(await publicClient.getBlockNumber());
  for (let n = 0; n <= latest && byNonce.size < 7; n++) {
    const block = await publicClient.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
    for (const tx of block.transactions) {
      if (getAddress(tx.from) === owner && tx.nonce <= NONCE.lfvt)
        byNonce.set(tx.nonce, { block: n, tx: tx.hash });
    }
  }
  const get = (nonce: number): Created => {
    const found = byNonce.get(nonce);
    if (!found) throw new Error(`devnet: cannot find the deployer's transaction with nonce ${nonce}`);
    return found;
  };
  return describe(compiled, chainId, {
    implementation: get(NONCE.implementation),
    timelock: get(NONCE.timelock),
    proxy: get(NONCE.proxy),
    safeSingleton: get(NONCE.safeSingleton),
    safeFactory: get(NONCE.safeFactory),
    safe: get(NONCE.safe),
    lfvt: get(NONCE.lfvt),
  });
}

export async function saveDeployment(file: string, deployment: DemoDeployment): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  // ABIs are left out: they come from the build on each start
  const slim = { ...deployment, contracts: deployment.contracts.map((c) => ({ ...c, abi: [] })) };
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(slim, null, 2));
  await rename(temp, file);
}
