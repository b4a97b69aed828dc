import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  http,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { foundry } from 'viem/chains';
import { freePort, startAnvil } from './anvil';
import { compileDemo } from './demo/compile';
import {
  deployDemo,
  demoAccounts,
  demoDeployed,
  existingDemo,
  saveDeployment,
  type DemoDeployment,
} from './demo/deploy';

export type { DemoContract, DemoContractKind, DemoDeployment } from './demo/deploy';
export { demoAccounts, devAccount, expectedAddresses } from './demo/deploy';
export { startTraffic, type Traffic, type TrafficOptions } from './demo/traffic';

/**
 * The embedded devnet: anvil on loopback with the demo contracts, the default chain of a development server the way
 * PGlite is its default database. The chain lives in `<dataDir>/devnet/state.json` (anvil's `--state`), written every
 * `stateInterval` seconds and on stop, so a restarted server finds the chain its database indexed.
 */

export const DEVNET_CHAIN_ID = 31337;
/** The port a tester expects (anvil's and Hardhat's default), used when free. */
export const DEVNET_PREFERRED_PORT = 8545;

export type DevnetOptions = {
  /** The server's data directory; the devnet keeps its files in `<dataDir>/devnet/`. */
  dataDir: string;
  /** Absent: 8545 when free, else a free port. 0: a free port. Otherwise exactly this port. */
  port?: number;
  /**
   * Seconds between interval blocks (default 12, mainnet's slot time). Transactions are still mined at once (anvil's
   * mixed mining), so deployments and tests get receipts immediately, while an idle chain keeps producing blocks and
   * advancing its clock. Every block stays in the state file (about 1.9 KB for an empty one), so shorter block times
   * grow it quickly: 1 s is about 165 MB a day, 12 s about 14 MB.
   */
  blockTime?: number;
  /** Seconds between state dumps (default 10); a clean stop always dumps. */
  stateInterval?: number;
  /** Where the compiled demo contracts are cached (default node_modules/.cache/devnet-demo). */
  compileCacheDir?: string;
};

export type DevnetTimings = {
  compileMs: number;
  compileCached: boolean;
  anvilMs: number;
  /** Deploying (fresh chain) or reading back the existing deployment. */
  deployMs: number;
  totalMs: number;
};

export type Devnet = {
  rpcUrl: string;
  port: number;
  chainId: number;
  deployment: DemoDeployment;
  /** True when this start deployed the contracts (a fresh chain), false when the state file already had them. */
  deployed: boolean;
  stateFile: string;
  timings: DevnetTimings;
  /** Stops anvil, which writes the state file first. */
  stop: () => Promise<void>;
};

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function startDevnet(options: DevnetOptions): Promise<Devnet> {
  const started = performance.now();
  const dir = path.join(options.dataDir, 'devnet');
  await mkdir(dir, { recursive: true });
  const stateFile = path.join(dir, 'state.json');
  const deploymentFile = path.join(dir, 'deployment.json');

  const compile = await compileDemo(options.compileCacheDir);

  let port = options.port;
  if (port === undefined)
    port = (await portFree(DEVNET_PREFERRED_PORT)) ? DEVNET_PREFERRED_PORT : await freePort();
  const anvilStarted = performance.now();
  const anvil = await startAnvil({
    port,
    chainId: DEVNET_CHAIN_ID,
    blockTime: options.blockTime ?? 12,
    stateFile,
    stateInterval: options.stateInterval ?? 10,
    args: ['--mixed-mining'],
  });
  const anvilMs = performance.now() - anvilStarted;

  const deployStarted = performance.now();
  let deployment: DemoDeployment;
  let deployed = false;
  try {
    if (await demoDeployed(anvil.rpcUrl)) {
      deployment = await existingDemo(anvil.rpcUrl, compile.compiled, deploymentFile);
    } else {
      deployment = await deployDemo(anvil.rpcUrl, compile.compiled);
      deployed = true;
    }
    await saveDeployment(deploymentFile, deployment);
  } catch (error) {
    await anvil.stop();
    throw error;
  }
  const deployMs = performance.now() - deployStarted;

  return {
    rpcUrl: anvil.rpcUrl,
    port: anvil.port,
    chainId: DEVNET_CHAIN_ID,
    deployment,
    deployed,
    stateFile,
    timings: {
      compileMs: compile.ms,
      compileCached: compile.cached,
      anvilMs,
      deployMs,
      totalMs: performance.now() - started,
    },
    stop: anvil.stop,
  };
}

export type OwnerCall<
  TAbi extends Abi,
  TName extends ContractFunctionName<TAbi, 'nonpayable' | 'payable'>,
> = {
  to: Address;
  abi: TAbi;
  functionName: TName;
  args?: ContractFunctionArgs<TAbi, 'nonpayable' | 'payable', TName>;
  value?: bigint;
  /** Sender; default account 0 (the demo contracts' owner). Any of anvil's unlocked accounts works. */
  from?: Address;
};

/**
 * Sends a privileged transaction as the demo owner (account 0, unlocked in anvil) and waits for its receipt.
 * Throws when the transaction reverts (viem simulates it first and reports the revert reason).
 */
export async function sendAsOwner<
  const TAbi extends Abi,
  TName extends ContractFunctionName<TAbi, 'nonpayable' | 'payable'>,
>(rpcUrl: string, call: OwnerCall<TAbi, TName>): Promise<TransactionReceipt> {
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 50 });
  const walletClient = createWalletClient({ chain: foundry, transport });
  const account = call.from ?? demoAccounts().owner;
  const { request } = await publicClient.simulateContract({
    account,
    address: call.to,
    abi: call.abi as Abi,
    functionName: call.functionName as string,
    args: (call.args ?? []) as readonly unknown[],
    value: call.value,
  });
  const hash: Hex = await walletClient.writeContract(request);
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  return receipt;
}
