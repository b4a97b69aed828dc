import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatDate,
  formatNumber,
  formatUsd,
  formatUsdWhole,
  shortAddress,
} from '../../src/lib/format';

/** The figures as a user reads them; the formatters behind them are built on first use (issue 11). */
describe('number and date formatting', () => {
  it('formats amounts, counts and dates the same on every call', () => {
    for (let i = 0; i < 2; i++) {
      expect(formatUsd(1_234_567)).toBe('$1.2M');
      // A whole amount has no decimal, as Chromium writes it (the server's HTML must match the browser).
      expect(formatUsd(691_000_000_000)).toBe('$691B');
      expect(formatUsdWhole(12_345.6)).toBe('$12,346');
      expect(formatNumber(12_345)).toBe('12,345');
      expect(formatCompact(15_300)).toBe('15.3K');
      expect(formatDate('2026-11-25')).toBe('Nov 25, 2026');
      expect(formatDate('2026-11-25T23:30:00Z')).toBe('Nov 25, 2026');
    }
  });

  it('shortens long addresses only', () => {
    expect(shortAddress('0x1234567890abcdef1234')).toBe('0x1234…1234');
    expect(shortAddress('0x1234')).toBe('0x1234');
  });
});
