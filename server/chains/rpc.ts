import { createPublicClient, custom, type PublicClient } from 'viem';
import { sleep } from '../lib/concurrency';
import type { ChainConfig } from './config';

/**
 * JSON-RPC access to one chain: failover over its rpcUrls, a timeout per request, retries with backoff on rate
 * limits (429), server errors (5xx) and network errors, and eth_getLogs split in halves when a node refuses a range
 * as too large. A viem public client rides on the same transport (viem's own retries are off: this layer retries).
 */

export type RpcOptions = {
  /** Per request, per attempt (default 10 s). */
  timeoutMs?: number;
  /** Attempts per request across all URLs before giving up (default 8). */
  attempts?: number;
  /** First backoff (default 100 ms); doubles per failed attempt up to maxBackoffMs (default 3 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Aborts waiting and requests in flight. */
  signal?: AbortSignal;
};

/** A log as JSON-RPC returns it (hex quantities). */
export type RpcLog = {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  transactionIndex: string;
  logIndex: string;
  removed?: boolean;
  blockTimestamp?: string;
};

export type RpcTransaction = {
  hash: string;
  from: string;
  to: string | null;
  input: string;
  blockNumber: string;
  blockHash: string;
  transactionIndex: string;
};

export type RpcBlock<T = string | RpcTransaction> = {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
  transactions: T[];
};

export type RpcReceipt = { transactionHash: string; status: string; blockHash: string };

/** An error answer of the node (JSON-RPC `error`), which a retry would not change. */
export class RpcError extends Error {
  override name = 'RpcError';
  constructor(
    message: string,
    readonly code: number | undefined,
    readonly method: string,
  ) {
    super(message);
  }
}

/** The node refused an eth_getLogs range as too large (or its answer as too big). */
export class RangeTooLargeError extends RpcError {
  override name = 'RangeTooLargeError';
}

/** A failure worth another attempt (timeout, connection, 429, 5xx). */
class TransientError extends Error {
  override name = 'TransientError';
}

const TOO_LARGE =
  /more than \d+ results|block range|range (is )?too (large|big|wide)|too many (results|logs|blocks)|limit exceeded|response size|exceed(s|ed) (the )?(max|limit)|query timeout|log response size|range limit/i;

/** Counters of what the transport did (tests and logs read them). */
export type RpcStats = { requests: number; retries: number; failovers: number; splits: number };

export type ChainRpc = {
  chain: ChainConfig;
  /** One JSON-RPC call with failover and retries. */
  request: <T>(method: string, params?: unknown[]) => Promise<T>;
  /** eth_getLogs over [fromBlock, toBlock], split in halves (down to one block) while the node refuses the range. */
  getLogs: (filter: { address: string | string[]; fromBlock: number; toBlock: number }) => Promise<RpcLog[]>;
  client: PublicClient;
  stats: RpcStats;
};

export const toHex = (n: number | bigint) => `0x${n.toString(16)}`;
export const fromHex = (h: string) => Number.parseInt(h, 16);

let nextId = 1;

/** Creates the RPC access of `chain`. */
export function createChainRpc(chain: ChainConfig, options: RpcOptions = {}): ChainRpc {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const attempts = options.attempts ?? 8;
  const backoffMs = options.backoffMs ?? 100;
  const maxBackoffMs = options.maxBackoffMs ?? 3_000;
  const stats: RpcStats = { requests: 0, retries: 0, failovers: 0, splits: 0 };
  /** Index of the URL that answered last: the next request starts there. */
  let current = 0;

  async function once(url: string, method: string, params: unknown[]): Promise<unknown> {
    stats.requests++;
    const signals = [AbortSignal.timeout(timeoutMs)];
    if (options.signal) signals.push(options.signal);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
        signal: AbortSignal.any(signals),
      });
      text = await response.text();
    } catch (err) {
      if (options.signal?.aborted) throw err;
      throw new TransientError(`${method} on ${url}: ${(err as Error).message}`);
    }
    if (response.status === 413) throw new RangeTooLargeError(`HTTP 413 from ${url}`, 413, method);
    if (response.status === 429 || response.status >= 500 || response.status === 408)
      throw new TransientError(`${method} on ${url}: HTTP ${response.status}`);
    let body: { result?: unknown; error?: { code?: number; message?: string } };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new TransientError(`${method} on ${url}: HTTP ${response.status}, not JSON`);
    }
    if (body.error) {
      const message = body.error.message ?? 'error';
      const code = body.error.code;
      if (method === 'eth_getLogs' && (code === -32005 || TOO_LARGE.test(message)))
        throw new RangeTooLargeError(message, code, method);
      // Rate limits and overloaded nodes also answer in JSON-RPC.
      if (code === 429 || code === -32005 || /rate limit|too many requests|capacity/i.test(message))
        throw new TransientError(`${method} on ${url}: ${message}`);
      throw new RpcError(message, code, method);
    }
    if (!response.ok) throw new TransientError(`${method} on ${url}: HTTP ${response.status}`);
    return body.result;
  }

  async function request<T>(method: string, params: unknown[] = []): Promise<T> {
    let lastError: Error | undefined;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const index = (current + attempt) % chain.rpcUrls.length;
      const url = chain.rpcUrls[index] as string;
      try {
        const result = await once(url, method, params);
        if (index !== current) stats.failovers++;
        current = index;
        return result as T;
      } catch (err) {
        if (!(err instanceof TransientError)) throw err;
        lastError = err;
        stats.retries++;
        // The next URL at once when there is one; the same one after a wait otherwise.
        const wrapped = (attempt + 1) % chain.rpcUrls.length === 0;
        if (wrapped && attempt + 1 < attempts) {
          const delay = Math.min(maxBackoffMs, backoffMs * 2 ** Math.floor(attempt / chain.rpcUrls.length));
          await sleep(delay * (0.75 + Math.random() * 0.5), options.signal);
        }
      }
    }
    throw new Error(`${chain.name}: ${method} failed after ${attempts} attempts: ${lastError?.message}`);
  }

  async function getLogs(filter: {
    address: string | string[];
    fromBlock: number;
    toBlock: number;
  }): Promise<RpcLog[]> {
    const { fromBlock, toBlock } = filter;
    try {
      return await request<RpcLog[]>('eth_getLogs', [
        { address: filter.address, fromBlock: toHex(fromBlock), toBlock: toHex(toBlock) },
      ]);
    } catch (err) {
      if (!(err instanceof RangeTooLargeError) || toBlock <= fromBlock) throw err;
      stats.splits++;
      const middle = fromBlock + Math.floor((toBlock - fromBlock) / 2);
      const left = await getLogs({ ...filter, toBlock: middle });
      const right = await getLogs({ ...filter, fromBlock: middle + 1 });
      return left.concat(right);
    }
  }

  const client = createPublicClient({
    transport: custom(
      { request: ({ method, params }) => request(method, (params ?? []) as unknown[]) },
      { retryCount: 0 },
    ),
  }) as PublicClient;

  return { chain, request, getLogs, client, stats };
}
