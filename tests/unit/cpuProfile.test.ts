import { describe, expect, it } from 'vitest';
import { formatShares, timeSpent, type CpuProfile } from '../../bench/cpuProfile';

const frame = (functionName: string, url = '') => ({ functionName, url });

/** A profile as `node --cpu-prof` writes it: samples name nodes, each delta is the time since the sample before. */
const profile: CpuProfile = {
  startTime: 1_000_000,
  nodes: [
    { id: 1, callFrame: frame('(root)') },
    { id: 2, callFrame: frame('(idle)') },
    { id: 3, callFrame: frame('writev') },
    { id: 4, callFrame: frame('Reply.send', 'file:///srv/node_modules/fastify/lib/reply.js') },
    { id: 5, callFrame: frame('_storeHeader', 'node:_http_outgoing') },
    { id: 6, callFrame: frame('searchAnswer', 'file:///srv/dist-server/main.mjs') },
    { id: 7, callFrame: frame('(garbage collector)') },
    { id: 8, callFrame: frame('parse', 'file:///srv/node_modules/@electric-sql/pglite/dist/index.js') },
  ],
  // At 1,001,000 (before the window), then every 1,000 µs from 1,002,000 to 1,011,000, then 1,050,000 (after it).
  samples: [8, 3, 3, 3, 3, 2, 2, 4, 5, 6, 7, 8],
  timeDeltas: [1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 39_000],
};

describe('timeSpent', () => {
  const spent = timeSpent(profile, 1_002_000, 1_012_000);

  it('sums only the samples inside the window', () => {
    expect(spent.totalMs).toBe(10);
  });

  it('names the kernel’s socket writes, idle time, garbage collection, packages, Node and our code', () => {
    expect(spent.parts).toEqual([
      { name: 'socket writes (kernel)', ms: 4, percent: 40 },
      { name: 'idle (no request to answer, or no CPU)', ms: 2, percent: 20 },
      { name: 'fastify', ms: 1, percent: 10 },
      { name: "Node's modules (http, streams, events)", ms: 1, percent: 10 },
      { name: 'our code', ms: 1, percent: 10 },
      { name: 'garbage collection', ms: 1, percent: 10 },
    ]);
  });

  it('counts a scoped package under its whole name, and names functions with their file', () => {
    const wider = timeSpent(profile, 0, 2_000_000);
    expect(wider.parts.find((p) => p.name === '@electric-sql/pglite')?.ms).toBe(40);
    expect(wider.functions[0]).toEqual({ name: 'parse (dist/index.js)', ms: 40, percent: (100 * 40) / 50 });
    expect(spent.functions.map((f) => f.name).slice(0, 2)).toEqual(['writev', '(idle)']);
  });

  it('prints the shares of at least the given percent', () => {
    expect(formatShares(spent.parts, 15)).toBe(
      'socket writes (kernel) 40 %, idle (no request to answer, or no CPU) 20 %',
    );
  });
});
