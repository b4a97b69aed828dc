/**
 * wrk (Debian's package `wrk`), a load generator written in C, as a second opinion beside autocannon. On a machine
 * of two cores the load generator and the server share the CPU: autocannon runs in Node and takes about a core at
 * 20,000 requests a second, which the server's thread then waits for; wrk takes a fraction of that. Measuring the same
 * endpoint with both, side by side in one run, shows how much of a tail is the generator's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type WrkResult = { p50: number; p99: number; requestsPerSecond: number; failed: number };

export const wrkInstalled = () => spawnSync('wrk', ['--version']).error === undefined;

/** wrk's durations ("450.12us", "2.26ms", "1.02s", "3.00m") in milliseconds. */
export function durationMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) throw new Error(`not a wrk duration: ${text}`);
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(m[1]) * scale;
}

/** The figures of wrk's report (run with --latency); failed counts non-2xx answers and socket errors. */
export function parseWrkReport(report: string): WrkResult {
  const percentile = (p: number) => {
    const m = new RegExp(`^\\s*${p}%\\s+(\\S+)\\s*$`, 'm').exec(report);
    if (!m) throw new Error(`wrk's report has no ${p}th percentile (run with --latency):\n${report}`);
    return durationMs(m[1]!);
  };
  const rate = /^Requests\/sec:\s+([\d.]+)/m.exec(report);
  if (!rate) throw new Error(`wrk's report has no Requests/sec:\n${report}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(report)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    p50: percentile(50),
    p99: percentile(99),
    requestsPerSecond: Number(rate[1]),
    failed: non2xx + socketErrors,
  };
}

/**
 * Runs wrk with one thread against `origin`, asking for `paths` in turn (a Lua script wrk loads), with `headers`.
 * The paths must be URL-encoded already (they go into the script as string literals).
 */
export async function runWrk(options: {
  origin: string;
  paths: string[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<WrkResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'paths.lua');
  writeFileSync(
    script,
    [
      `local paths = { ${options.paths.map((p) => JSON.stringify(p)).join(', ')} }`,
      'local next_path = 0',
      'request = function()',
      '  next_path = next_path % #paths + 1',
      '  return wrk.format("GET", paths[next_path])',
      'end',
    ].join('\n'),
  );
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
    '-H',
    `${name}: ${value}`,
  ]);
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--latency',
    '-s',
    script,
    ...headerArgs,
    options.origin,
  ];
  try {
    const report = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(output) : reject(new Error(`wrk exited ${code}:\n${output}`)),
      );
    });
    return parseWrkReport(report);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
