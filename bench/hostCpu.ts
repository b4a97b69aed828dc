/**
 * Where the machine's CPU time went during a load run (Linux /proc): the measured server's share of one core (all its
 * threads: V8's and libuv's helpers beside the main one, so it can pass 100 %), the share of all cores left idle, and
 * the share the hypervisor took for other guests ("steal"). On a shared virtual machine a run whose tail is the
 * host's shows it here: steal rises, or the server gets less than its core while requests wait. Without /proc (not
 * Linux) nothing is read and nothing printed.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Clock ticks since boot, summed over all cores, and the server process's own (user + system); the machine's cores. */
export type CpuTicks = { total: number; idle: number; steal: number; server: number; cores: number };

/** The first line of /proc/stat: `cpu user nice system idle iowait irq softirq steal guest guest_nice`. */
export function parseMachineTicks(stat: string): Omit<CpuTicks, 'server' | 'cores'> {
  const fields = /^cpu\s+([\d\s]+)$/m.exec(stat)?.[1]?.trim().split(/\s+/).map(Number);
  if (!fields || fields.length < 8) throw new Error('/proc/stat has no cpu line');
  // The first eight: user nice system idle iowait irq softirq steal (guest and guest_nice are counted in user and nice).
  const [idle = 0, iowait = 0] = fields.slice(3, 5);
  return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), idle: idle + iowait, steal: fields[7] ?? 0 };
}

/** utime + stime of /proc/<pid>/stat (fields 14 and 15; the command name in parentheses may hold spaces). */
export function parseProcessTicks(stat: string): number {
  const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // afterName[0] is field 3 (state), so field n is afterName[n - 3].
  return Number(afterName[11]) + Number(afterName[12]);
}

/** The ticks now, or undefined without a server process or where /proc cannot be read (then nothing is printed). */
export function readCpuTicks(serverPid: number | undefined): CpuTicks | undefined {
  if (serverPid === undefined) return undefined;
  try {
    const machine = parseMachineTicks(readFileSync('/proc/stat', 'utf8'));
    const server = parseProcessTicks(readFileSync(`/proc/${serverPid}/stat`, 'utf8'));
    return { ...machine, server, cores: os.cpus().length };
  } catch {
    return undefined;
  }
}

/** Between two readings: e.g. `server 97 % of a core, machine idle 21 %, steal 0.3 %`. */
export function formatCpuShares(before: CpuTicks | undefined, after: CpuTicks | undefined): string {
  if (!before || !after) return '';
  const total = after.total - before.total;
  if (total <= 0) return '';
  const percent = (part: number) => (part / total) * 100;
  const serverOfCore = percent(after.server - before.server) * after.cores;
  const steal = percent(after.steal - before.steal);
  return (
    `server ${serverOfCore.toFixed(0)} % of a core, machine idle ${percent(after.idle - before.idle).toFixed(0)} %, ` +
    `steal ${steal.toFixed(steal < 10 ? 1 : 0)} %`
  );
}
