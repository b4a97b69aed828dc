import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Random } from '../../server/seed/random';

/**
 * A JSON-RPC fault proxy: a node:http server in front of a node (anvil) that misbehaves the way public RPC
 * endpoints do: requests dropped (never answered), delayed, answered 429 or 500, connections cut mid-request, and
 * eth_getLogs ranges refused as too large (as JSON-RPC errors or HTTP 413). Rates are fractions of requests, drawn
 * from a seeded generator so a run can be repeated.
 */

export type Faults = {
  /** Never answered (the client's timeout must fire). */
  drop?: number;
  /** Answered after `delayMs`. */
  delay?: number;
  delayMs?: number;
  /** HTTP 429 Too Many Requests. */
  rate429?: number;
  /** HTTP 500. */
  rate500?: number;
  /** The connection is destroyed before an answer. */
  cut?: number;
  /** eth_getLogs over more blocks than this is refused. */
  maxLogRange?: number;
};

export type ProxyStats = {
  requests: number;
  forwarded: number;
  dropped: number;
  delayed: number;
  tooMany: number;
  serverErrors: number;
  cut: number;
  refusedRanges: number;
  byMethod: Record<string, number>;
};

export type RpcProxy = {
  url: string;
  stats: ProxyStats;
  setFaults: (faults: Faults) => void;
  close: () => Promise<void>;
};

const REFUSALS = [
  { status: 200, error: { code: -32005, message: 'query returned more than 10000 results' } },
  { status: 200, error: { code: -32602, message: 'block range too large' } },
  { status: 413, error: null },
] as const;

type Body = { id?: unknown; method?: string; params?: unknown[] };

const blockNumber = (v: unknown, fallback: number) =>
  typeof v === 'string' && v.startsWith('0x') ? Number.parseInt(v, 16) : fallback;

export async function startRpcProxy(target: string, initial: Faults = {}, seed = 1): Promise<RpcProxy> {
  let faults = initial;
  const rolls = new Random(seed);
  const next = () => rolls.next();
  const stats: ProxyStats = {
    requests: 0,
    forwarded: 0,
    dropped: 0,
    delayed: 0,
    tooMany: 0,
    serverErrors: 0,
    cut: 0,
    refusedRanges: 0,
    byMethod: {},
  };
  let refusal = 0;
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        stats.requests++;
        const text = Buffer.concat(chunks).toString('utf8');
        let body: Body = {};
        try {
          body = JSON.parse(text) as Body;
        } catch {
          // forwarded as is
        }
        const method = body.method ?? 'batch';
        stats.byMethod[method] = (stats.byMethod[method] ?? 0) + 1;
        const roll = next();
        let edge = 0;
        const hit = (rate = 0) => roll >= edge && roll < (edge += rate);
        if (hit(faults.drop)) {
          stats.dropped++;
          return; // the socket stays open until the client gives up or the proxy closes
        }
        if (hit(faults.cut)) {
          stats.cut++;
          req.socket.destroy();
          return;
        }
        if (hit(faults.rate429)) {
          stats.tooMany++;
          res.writeHead(429, { 'content-type': 'text/plain' }).end('Too Many Requests');
          return;
        }
        if (hit(faults.rate500)) {
          stats.serverErrors++;
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
          return;
        }
        if (hit(faults.delay)) {
          stats.delayed++;
          await new Promise((r) => setTimeout(r, faults.delayMs ?? 200));
        }
        if (method === 'eth_getLogs' && faults.maxLogRange !== undefined) {
          const filter = (body.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string };
          const from = blockNumber(filter.fromBlock, 0);
          const to = blockNumber(filter.toBlock, Number.MAX_SAFE_INTEGER);
          if (to - from + 1 > faults.maxLogRange) {
            stats.refusedRanges++;
            const r = REFUSALS[refusal++ % REFUSALS.length]!;
            if (r.status === 413)
              res.writeHead(413, { 'content-type': 'text/plain' }).end('Payload Too Large');
            else
              res
                .writeHead(200, { 'content-type': 'application/json' })
                .end(JSON.stringify({ jsonrpc: '2.0', id: body.id ?? null, error: r.error }));
            return;
          }
        }
        try {
          const upstream = await fetch(target, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: text,
          });
          const answer = await upstream.text();
          stats.forwarded++;
          res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(answer);
        } catch {
          res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway');
        }
      })();
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    setFaults: (f) => (faults = f),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
