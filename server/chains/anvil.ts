import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { sleep } from '../lib/concurrency';

/**
 * Runs anvil (Foundry's development node, from the npm registry as `@foundry-rs/anvil`, a prebuilt binary per
 * platform) as a child process on loopback. The embedded devnet (devnet.ts) and every test that needs a real chain
 * start it through here.
 */

/** The well-known development mnemonic: its first account owns the demo contracts. Never use it for real funds. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

export type AnvilOptions = {
  /** Loopback port; 0 or absent picks a free one. */
  port?: number;
  chainId?: number;
  /** Seconds between blocks; absent mines a block per transaction (automine). */
  blockTime?: number;
  /** Keeps the chain across restarts: anvil loads this file on start and writes it every `stateInterval` s and on exit. */
  stateFile?: string;
  stateInterval?: number;
  /** Extra command-line flags. */
  args?: string[];
};

export type Anvil = { rpcUrl: string; port: number; process: ChildProcess; stop: () => Promise<void> };

const require = createRequire(import.meta.url);

/** Path of the anvil binary of this platform's package. */
export function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const platform = process.platform;
  const pkg = `@foundry-rs/anvil-${platform}-${arch}`;
  const dir = path.dirname(require.resolve(`${pkg}/package.json`));
  return path.join(dir, 'bin', platform === 'win32' ? 'anvil.exe' : 'anvil');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts anvil on 127.0.0.1 and resolves once it answers JSON-RPC. */
export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const port = options.port || (await freePort());
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--mnemonic',
    DEV_MNEMONIC,
    '--chain-id',
    String(options.chainId ?? 31337),
    '--silent',
  ];
  if (options.blockTime) args.push('--block-time', String(options.blockTime));
  if (options.stateFile) {
    args.push('--state', options.stateFile);
    if (options.stateInterval) args.push('--state-interval', String(options.stateInterval));
  }
  if (options.args) args.push(...options.args);
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM'); // anvil writes its state file on SIGTERM
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}: ${stderr.trim()}`);
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil did not answer on ${rpcUrl} within 15 s: ${stderr.trim()}`);
    }
    await sleep(50);
  }
  return { rpcUrl, port, process: child, stop };
}
