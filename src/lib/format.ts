/**
 * Formatters are built on first use, not at module load: building four Intl formatters cost 56–62 ms of main
 * thread at 4× CPU on every page, most of which never formats a number (issue 11).
 */
function onFirstUse<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

const usd = onFirstUse(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      // Stated, not left to the default: Node's and Chromium's Intl differ on it for compact currency ($691.0B
      // against $691B), and the server's HTML must read as the browser renders it.
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    }),
);
const usdWhole = onFirstUse(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
);
const num = onFirstUse(() => new Intl.NumberFormat('en-US'));
const compact = onFirstUse(
  () => new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }),
);
const day = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }),
);

export const formatUsd = (v: number) => usd().format(v);
/** $12,345 (no compact notation: an amount the user entered). */
export const formatUsdWhole = (v: number) => usdWhole().format(v);
export const formatNumber = (v: number) => num().format(v);
export const formatCompact = (v: number) => compact().format(v);
export const formatDate = (iso: string) =>
  day().format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso));
export const shortAddress = (a: string) => (a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);
