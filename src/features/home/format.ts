const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
const num = new Intl.NumberFormat('en-US');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export const formatUsd = (v: number) => usd.format(v);
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
/** $12,345 (no compact notation: an amount the user entered). */
export const formatUsdWhole = (v: number) => usdWhole.format(v);
export const formatNumber = (v: number) => num.format(v);
export const formatCompact = (v: number) => compact.format(v);
export const formatDate = (iso: string) => day.format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso));
export const shortAddress = (a: string) => (a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);
