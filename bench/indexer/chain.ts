import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeDeployData, encodeFunctionData, type Abi, type Hex } from 'viem';
import { sleep } from '../../server/lib/concurrency';

/**
 * The devnet side of `npm run bench:indexer`: compiles BenchToken.sol (OpenZeppelin's ERC20 + Ownable with a
 * `spray` that emits many Transfer events per transaction), deploys tokens on anvil, mines the Transfer events and
 * reads the ground truth back from the chain. Transactions are sent from anvil's unlocked development accounts
 * (eth_sendTransaction: anvil signs), over plain JSON-RPC.
 */

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

/** keccak256("Transfer(address,address,uint256)") */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export type Compiled = { abi: Abi; bytecode: Hex; solcVersion: string; ms: number };

type SolcOutput = {
  errors?: Array<{ severity: string; formattedMessage: string }>;
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
};
type Solc = { version: () => string; compile: (input: string, callbacks: object) => string };

/** Compiles bench/indexer/BenchToken.sol with solc-js; OpenZeppelin's sources come from node_modules. */
export async function compileBenchToken(): Promise<Compiled> {
  const started = performance.now();
  const solc = (await import('solc')).default as unknown as Solc;
  const input = {
    language: 'Solidity',
    sources: { 'BenchToken.sol': { content: readFileSync(path.join(here, 'BenchToken.sol'), 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const findImport = (importPath: string) => {
    try {
      return { contents: readFileSync(require.resolve(importPath), 'utf8') };
    } catch (error) {
      return { error: `cannot read ${importPath}: ${(error as Error).message}` };
    }
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts?.['BenchToken.sol']?.BenchToken;
  if (!contract) throw new Error('solc produced no BenchToken');
  return {
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
    solcVersion: solc.version(),
    ms: performance.now() - started,
  };
}

/** compileBenchToken in a child process (bench/indexer/compile.ts), which keeps solc-js out of this one. */
export async function compileBenchTokenApart(): Promise<Compiled> {
  const script = path.join(here, 'compile.ts');
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', script],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
    ),
  );
  return JSON.parse(stdout) as Compiled;
}

/** A bare JSON-RPC client (keep-alive fetch), for the thousands of calls the generator and the probes make. */
export function jsonRpc(url: string) {
  let id = 0;
  return async function call<T>(method: string, params: unknown[] = []): Promise<T> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result as T;
  };
}
export type Rpc = ReturnType<typeof jsonRpc>;

type Receipt = {
  status: string;
  blockNumber: string;
  contractAddress: string | null;
  logs: unknown[];
  transactionHash: string;
};

export async function receipt(rpc: Rpc, hash: string): Promise<Receipt> {
  for (let i = 0; i < 2000; i++) {
    const r = await rpc<Receipt | null>('eth_getTransactionReceipt', [hash]);
    if (r) return r;
    await sleep(5);
  }
  throw new Error(`no receipt for ${hash}`);
}

export type Token = { address: Hex; symbol: string; deploymentBlock: number };

/** Deploys `count` BenchTokens from `from` (automine on: one block each). */
export async function deployTokens(rpc: Rpc, compiled: Compiled, from: Hex, count: number): Promise<Token[]> {
  await rpc('evm_setAutomine', [true]);
  const tokens: Token[] = [];
  for (let i = 0; i < count; i++) {
    const symbol = `BT${i}`;
    const data = encodeDeployData({
      abi: compiled.abi,
      bytecode: compiled.bytecode,
      args: [`Bench Token ${i}`, symbol, 10n ** 30n],
    });
    const hash = await rpc<string>('eth_sendTransaction', [
      { from, data, gas: '0x' + (5_000_000).toString(16) },
    ]);
    const r = await receipt(rpc, hash);
    if (r.status !== '0x1' || !r.contractAddress) throw new Error(`deploying ${symbol} failed`);
    tokens.push({
      address: r.contractAddress as Hex,
      symbol,
      deploymentBlock: Number.parseInt(r.blockNumber, 16),
    });
  }
  return tokens;
}

export type Generated = {
  /** Transfer events the spray transactions emitted (the constructors' mints come on top). */
  sprayed: number;
  transactions: number;
  blocks: number;
  firstBlock: number;
  lastBlock: number;
  ms: number;
};

/**
 * Mines `events` Transfer events across `tokens`: transactions of `batch` transfers each, round robin over the
 * tokens, `txsPerBlock` transactions per block (automine off, evm_mine after each group). Every receipt is checked.
 */
export async function generateTransfers(
  rpc: Rpc,
  compiled: Compiled,
  tokens: Token[],
  from: Hex,
  opts: { events: number; batch: number; txsPerBlock: number },
): Promise<Generated> {
  const started = performance.now();
  const firstBlock = Number.parseInt(await rpc<string>('eth_blockNumber'), 16) + 1;
  await rpc('evm_setAutomine', [false]);
  const gas = '0x' + (400_000 + opts.batch * 40_000).toString(16);
  let sprayed = 0;
  let transactions = 0;
  let blocks = 0;
  let next = 0;
  const pending: string[] = [];
  try {
    while (sprayed < opts.events) {
      for (let t = 0; t < opts.txsPerBlock && sprayed < opts.events; t++) {
        const count = Math.min(opts.batch, opts.events - sprayed);
        const token = tokens[next++ % tokens.length]!;
        const data = encodeFunctionData({
          abi: compiled.abi,
          functionName: 'spray',
          args: [BigInt(count), 0n],
        });
        pending.push(await rpc<string>('eth_sendTransaction', [{ from, to: token.address, data, gas }]));
        sprayed += count;
        transactions++;
      }
      await rpc('evm_mine');
      blocks++;
    }
  } finally {
    await rpc('evm_setAutomine', [true]);
  }
  for (const hash of pending) {
    const r = await receipt(rpc, hash);
    if (r.status !== '0x1') throw new Error(`spray ${hash} reverted`);
  }
  const lastBlock = Number.parseInt(await rpc<string>('eth_blockNumber'), 16);
  return { sprayed, transactions, blocks, firstBlock, lastBlock, ms: performance.now() - started };
}

/** Counts the Transfer logs of each token on the chain (eth_getLogs in windows): the ground truth. */
export async function countTransfers(
  rpc: Rpc,
  tokens: Token[],
  toBlock: number,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const token of tokens) {
    let n = 0;
    for (let from = token.deploymentBlock; from <= toBlock; from += 50) {
      const logs = await rpc<unknown[]>('eth_getLogs', [
        {
          address: token.address,
          topics: [TRANSFER_TOPIC],
          fromBlock: '0x' + from.toString(16),
          toBlock: '0x' + Math.min(toBlock, from + 49).toString(16),
        },
      ]);
      n += logs.length;
    }
    counts.set(token.address.toLowerCase(), n);
  }
  return counts;
}
