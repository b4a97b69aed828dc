/**
 * Where a server's thread spent a stretch of time, from a V8 CPU profile (`node --cpu-prof`): the samples taken in a
 * window, summed by what ran (the kernel's socket writes, idle, garbage collection, Node's own modules, a package of
 * node_modules, our code). The profile's clock is the monotonic clock `process.hrtime` reads (µs), in every process,
 * so the window is taken in the process that drives the load.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type CallFrame = { functionName: string; url: string };
export type CpuProfile = {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};
export type Share = { name: string; ms: number; percent: number };
export type TimeSpent = { totalMs: number; parts: Share[]; functions: Share[] };

/** Node's native calls that write to a socket: their time is the kernel's send (on loopback, also the receiver's). */
const SOCKET_WRITES = new Set([
  'writev',
  'writeBuffer',
  'writeUtf8String',
  'writeLatin1String',
  'writeAsciiString',
]);

/** The monotonic clock in the profile's unit (µs). */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** What a sample's function counts as. */
function partOf({ functionName, url }: CallFrame): string {
  if (functionName === '(idle)') return 'idle (no request to answer, or no CPU)';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8 itself (compiling, runtime)';
  if (!url && SOCKET_WRITES.has(functionName)) return 'socket writes (kernel)';
  if (!url && functionName.startsWith('RegExp:')) return 'regular expressions';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return "Node's modules (http, streams, events)";
  if (url.startsWith('wasm://')) return 'WebAssembly (PGlite)';
  if (url) return 'our code';
  return 'other native calls';
}

function shares(times: Map<string, number>, totalMicros: number): Share[] {
  return [...times]
    .map(([name, micros]) => ({ name, ms: micros / 1000, percent: (100 * micros) / totalMicros }))
    .sort((a, b) => b.ms - a.ms);
}

/** The samples taken in [fromMicros, toMicros), summed by part and by function, largest first. */
export function timeSpent(profile: CpuProfile, fromMicros: number, toMicros: number): TimeSpent {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byPart = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let at = profile.startTime;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < fromMicros || at >= toMicros) continue;
    const frame = frames.get(profile.samples[i]!);
    if (!frame) continue;
    const part = partOf(frame);
    byPart.set(part, (byPart.get(part) ?? 0) + delta);
    const where = frame.url ? ` (${frame.url.split('/').slice(-2).join('/')})` : '';
    const fn = `${frame.functionName || '(anonymous)'}${where}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + delta);
    total += delta;
  }
  return { totalMs: total / 1000, parts: shares(byPart, total), functions: shares(byFunction, total) };
}

/** The main thread's profile among those `node --cpu-prof --cpu-prof-dir=dir` wrote (a worker's has a thread id > 0). */
export function readMainThreadProfile(dir: string): CpuProfile {
  const file = readdirSync(dir).find((name) => /\.\d+\.0\.\d+\.cpuprofile$/.test(name));
  if (!file) throw new Error(`no main-thread CPU profile in ${dir}`);
  return JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
}

/** "a 36 %, b 24 %, …" for the shares of at least `minPercent`. */
export const formatShares = (list: Share[], minPercent = 1) =>
  list
    .filter((s) => s.percent >= minPercent)
    .map((s) => `${s.name} ${s.percent.toFixed(0)} %`)
    .join(', ');
