import {
  createPublicClient,
  createWalletClient,
  concatHex,
  encodeFunctionData,
  http,
  keccak256,
  parseEther,
  toHex,
  zeroAddress,
  zeroHash,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { foundry } from 'viem/chains';
import { devLocalAccount, type DemoContract, type DemoDeployment } from './deploy';

/**
 * Demo traffic on the devnet: every interval a few transfers, approvals and plain value transfers between the holder
 * accounts (4..9), and every `adminEveryMs` one privileged action, in turn: pausing TMUSD (unpaused on the next tick),
 * granting a holder the minter role, a Safe-executed LFVT mint (2 of 3 signatures), a timelocked proxy upgrade to the
 * same implementation (scheduled now, executed once the delay has passed), revoking the minter role. Failures (a
 * stopped chain, a revert) are logged and the next tick tries again; nothing is thrown.
 */

export type TrafficOptions = {
  /** Milliseconds between ticks (default 15000: each tick mines 1 to 4 blocks, all of which the state file keeps). */
  intervalMs?: number;
  /** Milliseconds between admin actions (default 120000); 0 makes every tick do one. */
  adminEveryMs?: number;
  /** Seed of the pseudo-random choices (default 1), so runs are repeatable. */
  seed?: number;
  log?: (message: string) => void;
};

export type TrafficStats = { ticks: number; sent: number; failed: number; adminActions: string[] };
export type Traffic = { stop: () => Promise<void>; stats: () => TrafficStats };

const ADMIN_ACTIONS = ['pause', 'grant-minter', 'safe-mint', 'timelock-upgrade', 'revoke-minter'] as const;

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function contract(deployment: DemoDeployment, key: string): DemoContract {
  const found = deployment.contracts.find((c) => c.key === key);
  if (!found) throw new Error(`devnet deployment has no ${key}`);
  return found;
}

export function startTraffic(
  devnet: { rpcUrl: string; deployment: DemoDeployment },
  options: TrafficOptions = {},
): Traffic {
  const intervalMs = options.intervalMs ?? 15_000;
  const adminEveryMs = options.adminEveryMs ?? 120_000;
  const log = options.log ?? ((message: string) => console.warn(message));
  const rand = random(options.seed ?? 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

  const transport = http(devnet.rpcUrl, { retryCount: 0, timeout: 10_000 });
  const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 50 });
  const walletClient = createWalletClient({ chain: foundry, transport });
  const { deployment } = devnet;
  const { owner, holders, safeOwners } = deployment.accounts;
  const tmusd = contract(deployment, 'tmusd');
  const lfvt = contract(deployment, 'lfvt');
  const safe = contract(deployment, 'safe');
  const timelock = contract(deployment, 'timelock');
  const proxyAdmin = contract(deployment, 'tmusd-proxy-admin');
  // Signers of Safe transactions: the first two owners, from the mnemonic (anvil's unlocked accounts cannot sign raw hashes).
  const safeSigners = [1, 2].map(devLocalAccount);
  if (safeSigners.some((s, i) => s.address !== safeOwners[i]))
    throw new Error('devnet: Safe owners do not match the mnemonic');

  const stats: TrafficStats = { ticks: 0, sent: 0, failed: 0, adminActions: [] };
  let adminIndex = 0;
  let lastAdmin = adminEveryMs === 0 ? -Infinity : Date.now();
  let unpauseNext = false;
  const pendingOps: Array<{ id: Hex; salt: Hex; data: Hex }> = [];
  let consecutiveFailures = 0;

  const send = async (
    from: Address,
    to: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
  ) => {
    const hash = await walletClient.writeContract({
      account: from,
      chain: foundry,
      address: to,
      abi,
      functionName,
      args,
    });
    const receipt = await publicClient.waitForTransactionReceipt({
      hash,
      pollingInterval: 50,
      timeout: 3_000,
    });
    stats.sent++;
    if (receipt.status !== 'success') throw new Error(`${functionName} on ${to} reverted (${hash})`);
    return receipt;
  };

  const read = <T>(c: DemoContract, functionName: string, args: readonly unknown[] = []) =>
    publicClient.readContract({ address: c.address, abi: c.abi, functionName, args }) as Promise<T>;

  const safeExec = async (to: Address, data: Hex) => {
    const nonce = await read<bigint>(safe, 'nonce');
    const txArgs = [to, 0n, data, 0, 0n, 0n, 0n, zeroAddress, zeroAddress] as const;
    const hash = await read<Hex>(safe, 'getTransactionHash', [...txArgs, nonce]);
    const signed = await Promise.all(
      safeSigners.map(async (signer) => ({
        address: signer.address,
        signature: await signer.sign({ hash }),
      })),
    );
    signed.sort((a, b) => (BigInt(a.address) < BigInt(b.address) ? -1 : 1));
    await send(owner, safe.address, safe.abi, 'execTransaction', [
      ...txArgs,
      concatHex(signed.map((s) => s.signature)),
    ]);
  };

  const admin = async (action: (typeof ADMIN_ACTIONS)[number]) => {
    const minter = await read<Hex>(tmusd, 'MINTER_ROLE');
    switch (action) {
      case 'pause':
        await send(owner, tmusd.address, tmusd.abi, 'pause', []);
        unpauseNext = true;
        break;
      case 'grant-minter':
        await send(owner, tmusd.address, tmusd.abi, 'grantRole', [minter, holders[0]]);
        break;
      case 'revoke-minter':
        await send(owner, tmusd.address, tmusd.abi, 'revokeRole', [minter, holders[0]]);
        break;
      case 'safe-mint':
        await safeExec(
          lfvt.address,
          encodeFunctionData({
            abi: lfvt.abi,
            functionName: 'mint',
            args: [pick(holders), 1000n * 10n ** 18n],
          }),
        );
        break;
      case 'timelock-upgrade': {
        const data = encodeFunctionData({
          abi: proxyAdmin.abi,
          functionName: 'upgradeAndCall',
          args: [tmusd.address, tmusd.proxy!.implementation, '0x'],
        });
        const salt = keccak256(toHex(`traffic-${Date.now()}-${rand()}`));
        const delay = BigInt(deployment.timelockMinDelay);
        await send(owner, timelock.address, timelock.abi, 'schedule', [
          proxyAdmin.address,
          0n,
          data,
          zeroHash,
          salt,
          delay,
        ]);
        const id = await read<Hex>(timelock, 'hashOperation', [proxyAdmin.address, 0n, data, zeroHash, salt]);
        pendingOps.push({ id, salt, data });
        break;
      }
    }
    stats.adminActions.push(action);
  };

  const tick = async () => {
    stats.ticks++;
    if (unpauseNext) {
      await send(owner, tmusd.address, tmusd.abi, 'unpause', []);
      unpauseNext = false;
      stats.adminActions.push('unpause');
    }
    for (const op of [...pendingOps]) {
      if (!(await read<boolean>(timelock, 'isOperationReady', [op.id]))) continue;
      await send(owner, timelock.address, timelock.abi, 'execute', [
        proxyAdmin.address,
        0n,
        op.data,
        zeroHash,
        op.salt,
      ]);
      pendingOps.splice(pendingOps.indexOf(op), 1);
      stats.adminActions.push('timelock-execute');
    }
    // a token transfer
    const from = pick(holders);
    const to = pick(holders.filter((h) => h !== from));
    const token = pick([tmusd, lfvt]);
    const unit = 10n ** BigInt(token.decimals ?? 18);
    await send(from, token.address, token.abi, 'transfer', [to, BigInt(1 + Math.floor(rand() * 500)) * unit]);
    // now and then an approval and a transferFrom by the spender
    if (rand() < 0.5) {
      const spender = pick(holders.filter((h) => h !== from));
      const amount = BigInt(1 + Math.floor(rand() * 50)) * unit;
      await send(from, token.address, token.abi, 'approve', [spender, amount]);
      if (rand() < 0.5)
        await send(spender, token.address, token.abi, 'transferFrom', [from, spender, amount]);
    }
    // a plain value transfer between accounts
    if (rand() < 0.3) {
      const hash = await walletClient.sendTransaction({
        account: from,
        chain: foundry,
        to,
        value: parseEther('0.01'),
      });
      await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 3_000 });
      stats.sent++;
    }
    if (Date.now() - lastAdmin >= adminEveryMs) {
      lastAdmin = Date.now();
      await admin(ADMIN_ACTIONS[adminIndex++ % ADMIN_ACTIONS.length]!);
    }
  };

  let running: Promise<void> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = tick()
      .then(() => {
        consecutiveFailures = 0;
      })
      .catch((error: unknown) => {
        stats.failed++;
        consecutiveFailures++;
        // a stopped chain fails every tick: log the first failures and then one in twenty
        if (consecutiveFailures <= 3 || consecutiveFailures % 20 === 0)
          log(`devnet traffic: ${(error as Error).message?.split('\n')[0] ?? String(error)}`);
      })
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();

  return {
    stats: () => ({ ...stats, adminActions: [...stats.adminActions] }),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
