import { describe, expect, it } from 'vitest';
import { formatCpuShares, parseMachineTicks, parseProcessTicks, type CpuTicks } from '../../bench/hostCpu';

describe('CPU readings of a load run', () => {
  it("reads the machine's ticks from /proc/stat, idle with iowait, steal apart", () => {
    const stat = [
      'cpu  42760 759 18129 951698 807 0 4716 14956 0 0',
      'cpu0 24601 423 8022 472547 212 0 3287 7964 0 0',
      'cpu1 18159 335 10107 479150 594 0 1429 6991 0 0',
    ].join('\n');
    expect(parseMachineTicks(stat)).toEqual({
      total: 42760 + 759 + 18129 + 951698 + 807 + 0 + 4716 + 14956,
      idle: 951698 + 807,
      steal: 14956,
    });
    expect(() => parseMachineTicks('intr 1 2 3')).toThrow('/proc/stat has no cpu line');
  });

  it("reads a process's user and system ticks, even when its name holds spaces and parentheses", () => {
    // A /proc/<pid>/stat line with utime 1234 and stime 56 (fields 14 and 15).
    const rest = '0 -1 4194304 99 0 0 0 1234 56 0 0 20 0 11 0 515968 3133440 408';
    expect(parseProcessTicks(`11516 (node) S 11514 11514 4226 ${rest}`)).toBe(1290);
    expect(parseProcessTicks(`11516 (a (b) c) S 11514 11514 4226 ${rest}`)).toBe(1290);
  });

  it("prints the server's share of a core, the machine's idle share and the host's steal over the run", () => {
    // Two cores for 10 s at 100 ticks a second: 2,000 ticks; the server ran 900 of them (90 % of one core), 400 were
    // idle (20 %) and the hypervisor took 50 (2.5 %).
    const before: CpuTicks = { total: 10_000, idle: 4_000, steal: 100, server: 300, cores: 2 };
    const after: CpuTicks = { total: 12_000, idle: 4_400, steal: 150, server: 1_200, cores: 2 };
    expect(formatCpuShares(before, after)).toBe('server 90 % of a core, machine idle 20 %, steal 2.5 %');
    expect(formatCpuShares(before, { ...after, steal: 500 })).toBe(
      'server 90 % of a core, machine idle 20 %, steal 20 %',
    );
  });

  it('prints nothing without both readings (no /proc) or when no time passed', () => {
    const reading: CpuTicks = { total: 10_000, idle: 4_000, steal: 100, server: 300, cores: 2 };
    expect(formatCpuShares(undefined, reading)).toBe('');
    expect(formatCpuShares(reading, undefined)).toBe('');
    expect(formatCpuShares(reading, reading)).toBe('');
  });
});
