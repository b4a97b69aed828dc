/** A US-dollar amount as alert texts write it: $1.2B and $3.4M from a million up, whole dollars below ($12,345). */
export const usd = (n: number) =>
  n >= 1e9
    ? `$${(n / 1e9).toFixed(1)}B`
    : n >= 1e6
      ? `$${(n / 1e6).toFixed(1)}M`
      : `$${Math.round(n).toLocaleString('en-US')}`;
