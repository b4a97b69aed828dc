import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatDate,
  formatNumber,
  formatUsd,
  formatUsdWhole,
  shortAddress,
} from '../../api/format';

// What en-US Intl writes: the formatters are our own (no ICU start-up on the page) and must read the same.
const intl = {
  usd: new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }),
  usdWhole: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
  number: new Intl.NumberFormat('en-US'),
  compact: new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }),
  date: new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }),
};

/** Values at every edge: each power of ten and the roundings around the unit changes, halves, negatives, zero. */
function edgeValues(): number[] {
  const values = [
    0, -0, 0.04, 0.05, 0.05001, 0.4449, 1.45, 2.675, 1.005, 12.3456789, 999.95, 999.949, 1e15, 3.2e16,
  ];
  for (let e = 0; e <= 14; e++) {
    const p = 10 ** e;
    values.push(p, p - 1, p * 0.9995, p * 0.99995, p * 1.05, p * 1.25, p * 1.45, p * 9.9999, p * 2.5);
  }
  // A missing figure (NaN) and the infinities render as Intl writes them instead of breaking the page.
  return [...values, ...values.map((v) => -v), NaN, Infinity, -Infinity];
}

/** Deterministic "random" values over 15 orders of magnitude. */
function sampledValues(n: number): number[] {
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, () => {
    const v = 10 ** (next() * 15) * (next() < 0.1 ? -1 : 1);
    return next() < 0.3 ? Math.round(v) : v;
  });
}

describe('number and date formatting', () => {
  it('writes amounts, counts and dates as a user reads them', () => {
    expect(formatUsd(1_234_567)).toBe('$1.2M');
    // A whole amount has no decimal, as Chromium writes it (the server's HTML must match the browser).
    expect(formatUsd(691_000_000_000)).toBe('$691B');
    expect(formatUsd(999_960)).toBe('$1M');
    expect(formatUsd(950)).toBe('$950');
    expect(formatUsd(-2_500)).toBe('-$2.5K');
    expect(formatUsdWhole(12_345.6)).toBe('$12,346');
    expect(formatNumber(12_345)).toBe('12,345');
    expect(formatNumber(1_234.56789)).toBe('1,234.568');
    expect(formatCompact(15_300)).toBe('15.3K');
    expect(formatCompact(0)).toBe('0');
    expect(formatDate('2026-11-25')).toBe('Nov 25, 2026');
    expect(formatDate('2026-11-25T23:30:00Z')).toBe('Nov 25, 2026');
    expect(formatDate('2026-01-01T00:00:00.000Z')).toBe('Jan 1, 2026');
    // A post without a date, or a malformed one, shows no date (it wrote 'undefined NaN, NaN').
    expect(formatDate('')).toBe('');
    expect(formatDate('2026-13-45')).toBe('');
  });

  it('writes what en-US Intl writes, at the edges and across 15 orders of magnitude', () => {
    const values = [...edgeValues(), ...sampledValues(3_000)];
    const differences = values.flatMap((v) =>
      (
        [
          ['formatUsd', formatUsd(v), intl.usd.format(v)],
          ['formatUsdWhole', formatUsdWhole(v), intl.usdWhole.format(v)],
          ['formatNumber', formatNumber(v), intl.number.format(v)],
          ['formatCompact', formatCompact(v), intl.compact.format(v)],
        ] as const
      )
        .filter(([, ours, theirs]) => ours !== theirs)
        .map(([name, ours, theirs]) => `${name}(${v}): ${ours} instead of ${theirs}`),
    );
    expect(differences).toEqual([]);
  });

  it('writes every day of a year as Intl does', () => {
    const start = Date.UTC(2024, 0, 1);
    for (let day = 0; day < 366; day++) {
      const iso = new Date(start + day * 86_400_000 + 13 * 3_600_000).toISOString();
      expect(formatDate(iso)).toBe(intl.date.format(new Date(iso)));
      expect(formatDate(iso.slice(0, 10))).toBe(intl.date.format(new Date(iso)));
    }
  });

  it('shortens long addresses only', () => {
    expect(shortAddress('0x1234567890abcdef1234')).toBe('0x1234…1234');
    expect(shortAddress('0x1234')).toBe('0x1234');
  });
});
