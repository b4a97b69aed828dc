/**
 * Original glyphs for the spec's blockchain icon set (§3), drawn on a 24 × 24 grid. Paths use the even-odd rule so
 * inner cut-outs show the background.
 */
const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;

export const CHAIN_ICONS = {
  Cosmos: { color: '#2e3148', path: `${circle(12, 12, 9)}${circle(12, 12, 7)}${circle(12, 12, 2.6)}` },
  Crypto: { color: '#103f68', path: 'M12 2 20 6.5v11L12 22l-8-4.5v-11Z M12 6.5 8 8.8v6.4l4 2.3 4-2.3V8.8Z' },
  Ethereum: { color: '#4f66c9', path: 'M12 2 5 12.2l7 4.2 7-4.2Z M12 17.8 5 13.6 12 22l7-8.4Z' },
  Fantom: {
    color: '#1969ff',
    path: 'M12 2 18 6v12l-6 4-6-4V6Z M12 5 8.5 7.3 12 9.6l3.5-2.3Z M8.5 10v4l3.5 2.3 3.5-2.3v-4L12 12.3Z',
  },
  Heco: {
    color: '#01843a',
    path: 'M12 2c1 4 5 5.5 5 10.5A5 5 0 0 1 7 12.5C7 9 9.5 8 10 5c1 1.5 1.5 3 1.2 4.5C12.7 7.8 12.8 5 12 2Z',
  },
  Okex: { color: '#111111', path: 'M4 4h5v5H4Z M15 4h5v5h-5Z M9.5 9.5h5v5h-5Z M4 15h5v5H4Z M15 15h5v5h-5Z' },
  Polygon: { color: '#7b3fe4', path: 'M12 3 19.8 7.5v9L12 21l-7.8-4.5v-9Z M12 7.2 8 9.5v5l4 2.3 4-2.3v-5Z' },
  Solana: { color: '#7c3aed', path: 'M7 5h13l-3 3H4Z M4 10.5h13l3 3H7Z M7 16h13l-3 3H4Z' },
  Substrate: { color: '#282828', path: 'M4 5h16v3H4Z M4 10.5h10v3H4Z M10 16h10v3H10Z' },
  Terra: { color: '#2f6fd6', path: `${circle(12, 12, 9)}M7.5 7.5c3.5 0 9 3.5 9 9-3.5 0-9-3.5-9-9Z` },
  Cronos: { color: '#002d74', path: 'M12 2 20 6.5v11L12 22l-8-4.5v-11Z M12 7.5 16.5 12 12 16.5 7.5 12Z' },
  Ferrum: { color: '#c62828', path: 'M6 3h12v4h-8v3h6v4h-6v7H6Z' },
  Harmony: { color: '#0087b8', path: 'M5 4h3.5v16H5Z M15.5 4H19v16h-3.5Z M8.5 10.3h7v3.4h-7Z' },
  IoTeX: { color: '#00838a', path: 'M12 2 20.5 7v10L12 22l-8.5-5V7Z M12 4.6 6 8.1l6 3.5 6-3.5Z' },
  Near: { color: '#111111', path: 'M5 4h3.5l7 11V4H19v16h-3.5l-7-11v11H5Z' },
  Polkadot: {
    color: '#d6006f',
    path: [
      circle(12, 12, 2.6),
      circle(12, 4.5, 2.3),
      circle(12, 19.5, 2.3),
      circle(5.5, 8.2, 2.3),
      circle(18.5, 8.2, 2.3),
      circle(5.5, 15.8, 2.3),
      circle(18.5, 15.8, 2.3),
    ].join(''),
  },
  Tron: { color: '#d4002a', path: 'M3 4 21 8 12 21Z M6.8 6.4l4.9 10.4 4.8-8Z' },
} as const satisfies Record<string, { color: string; path: string }>;

export type ChainName = keyof typeof CHAIN_ICONS;
export const CHAIN_NAMES = Object.keys(CHAIN_ICONS) as ChainName[];
export const ICON_WEIGHTS = ['fill', 'fillWithBackground'] as const;
export type IconWeight = (typeof ICON_WEIGHTS)[number];

/**
 * The initials a generated chain badge shows: the first letters of the first two words ("BNB Chain" → "BC",
 * "XRP Ledger" → "XL"), else the first two letters of the one word ("Bitcoin" → "Bi", "TON" → "TO").
 */
export function chainInitials(name: string): string {
  const w = name.split(/\s+/).filter(Boolean);
  return w.length > 1 ? (w[0]![0]! + w[1]![0]!).toUpperCase() : (w[0] ?? '').slice(0, 2);
}
