/**
 * Figures and dates as the site writes them, in the browser and on the server alike (the incidents' Atom feed writes
 * a loss as the incidents page does). Figures as en-US writes them, without Intl. The first Intl formatter a page builds costs 13–17 ms of main thread
 * (ICU starting up; 50–70 ms at Lighthouse's 4× CPU), in one task during hydration, on every page that shows a
 * number. Written out, these also read the same in Node and in every browser, which the server-rendered
 * HTML needs (Node's and Chromium's Intl wrote $691.0B and $691B). tests/unit/format.test.ts holds them to Intl.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const COMPACT_UNITS = ['', 'K', 'M', 'B', 'T'];

/**
 * |v| ÷ 10^shift, rounded half away from zero to at most `decimals` decimals: the whole part and the decimals (no
 * trailing zeros). Rounds the shortest decimal that reads back as v, as Intl (ICU) does: 1.45 rounds up to 1.5,
 * though its binary value is a little below 1.45 (and toFixed writes 1.4).
 */
function rounded(v: number, decimals: number, shift = 0): { whole: bigint; fraction: string } {
  const [mantissa = '0', exponent = '0'] = Math.abs(v).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  // How many of the digits stay: those before the (shifted) decimal point, and `decimals` more.
  const keep = Number(exponent) + 1 - shift + decimals;
  const kept =
    keep < 0
      ? 0n
      : BigInt(digits.slice(0, keep).padEnd(keep, '0') || '0') + ((digits[keep] ?? '0') >= '5' ? 1n : 0n);
  const unit = 10n ** BigInt(decimals);
  const fraction = String(kept % unit)
    .padStart(decimals, '0')
    .replace(/0+$/, '');
  return { whole: kept / unit, fraction };
}

const withFraction = (whole: string, fraction: string) => (fraction ? `${whole}.${fraction}` : whole);

const grouped = (whole: bigint) => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/** What Intl writes for a figure that is not a number (a missing value), so the page still renders. */
const notFinite = (v: number) => (Number.isNaN(v) ? 'NaN' : '∞');

/** |v| with thousands separators and at most `decimals` decimals: 1,234,567.89. */
function plainDigits(v: number, decimals: number): string {
  if (!Number.isFinite(v)) return notFinite(v);
  const { whole, fraction } = rounded(v, decimals);
  return withFraction(grouped(whole), fraction);
}

/** |v| in en-US compact notation with at most one decimal: 15.3K, 691B, 950; past the units 1000T, 32,000T. */
function compactDigits(v: number): string {
  if (!Number.isFinite(v)) return notFinite(v);
  let unit = 0;
  let r = rounded(v, 1);
  // 999,950 rounds to 1000K: that is 1M.
  while (r.whole >= 1000n && unit < COMPACT_UNITS.length - 1) r = rounded(v, 1, 3 * ++unit);
  // Compact figures group from five digits only, as ICU does (1000T, 32,000T).
  const whole = r.whole >= 10_000n ? grouped(r.whole) : String(r.whole);
  return `${withFraction(whole, r.fraction)}${COMPACT_UNITS[unit]}`;
}

/** Intl writes a minus for every negative, -0 and what rounds to 0 included. */
const sign = (v: number) => (v < 0 || Object.is(v, -0) ? '-' : '');

/** $1.2M, $691B, $950 (compact: a market figure). */
export const formatUsd = (v: number) => `${sign(v)}$${compactDigits(v)}`;
/** $12,345 (no compact notation: an amount the user entered). */
export const formatUsdWhole = (v: number) => `${sign(v)}$${plainDigits(v, 0)}`;
/** 12,345.679 (at most three decimals). */
export const formatNumber = (v: number) => `${sign(v)}${plainDigits(v, 3)}`;
/** 15.3K. */
export const formatCompact = (v: number) => `${sign(v)}${compactDigits(v)}`;
/** Nov 25, 2026 (the day in UTC; a date alone is that day). Nothing for what is not a date (a post without one). */
export const formatDate = (iso: string) => {
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
};
export const shortAddress = (a: string) => (a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);
