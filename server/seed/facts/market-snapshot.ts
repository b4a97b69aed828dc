import { MARKET_SNAPSHOT_DATE } from '../../../api/projects';

/**
 * A dated market snapshot of the largest assets the seed knows, shipped as data: rounded approximations of their
 * price and market capitalisation on MARKET_SNAPSHOT_DATE (close of 2024-12-31, as public market trackers showed
 * them), not live figures. The seed gives these assets exactly these market caps, so their order and magnitude are
 * right (BTC > ETH > USDT > …); every other project's market cap is demo data kept below the smallest figure here.
 * `peg` marks assets priced against a reference (a USD stablecoin at $1, a gold token at an ounce of gold).
 */
export type SnapshotEntry = {
  symbol: string;
  name: string;
  priceUsd: number;
  marketCapUsd: number;
  peg?: 'USD' | 'XAU';
};

export const SNAPSHOT_DATE = MARKET_SNAPSHOT_DATE;

const B = 1e9;
const ROWS: [symbol: string, name: string, priceUsd: number, marketCapUsd: number, peg?: 'USD' | 'XAU'][] = [
  ['BTC', 'Bitcoin', 93_400, 1850 * B],
  ['ETH', 'Ethereum', 3_330, 401 * B],
  ['USDT', 'Tether', 1.0, 137 * B, 'USD'],
  ['XRP', 'XRP', 2.08, 119 * B],
  ['BNB', 'BNB', 702, 101 * B],
  ['SOL', 'Solana', 189, 91 * B],
  ['DOGE', 'Dogecoin', 0.316, 47 * B],
  ['USDC', 'USD Coin', 1.0, 44 * B, 'USD'],
  ['ADA', 'Cardano', 0.84, 29.6 * B],
  ['TRX', 'TRON', 0.254, 21.9 * B],
  ['AVAX', 'Avalanche', 35.5, 14.6 * B],
  ['TON', 'Toncoin', 5.6, 14.1 * B],
  ['LINK', 'Chainlink', 20.3, 13 * B],
  ['SHIB', 'Shiba Inu', 0.0000212, 12.5 * B],
  ['WBTC', 'Wrapped Bitcoin', 93_300, 12.1 * B],
  ['SUI', 'Sui', 4.1, 12 * B],
  ['HBAR', 'Hedera', 0.27, 10.6 * B],
  ['XLM', 'Stellar', 0.33, 10 * B],
  ['DOT', 'Polkadot', 6.6, 10 * B],
  ['BCH', 'Bitcoin Cash', 435, 8.6 * B],
  ['HYPE', 'Hyperliquid', 25.5, 8.5 * B],
  ['LEO', 'UNUS SED LEO', 9.2, 8.5 * B],
  ['UNI', 'Uniswap', 13.3, 8 * B],
  ['LTC', 'Litecoin', 103, 7.8 * B],
  ['PEPE', 'Pepe', 0.0000171, 7.2 * B],
  ['NEAR', 'NEAR Protocol', 5.1, 6.2 * B],
  ['USDE', 'Ethena USDe', 1.0, 5.8 * B, 'USD'],
  ['APT', 'Aptos', 8.6, 5 * B],
  ['ICP', 'Internet Computer', 10, 4.8 * B],
  ['AAVE', 'Aave', 313, 4.7 * B],
  ['ETC', 'Ethereum Classic', 25.5, 3.8 * B],
  ['CRO', 'Cronos', 0.14, 3.8 * B],
  ['XMR', 'Monero', 195, 3.6 * B],
  ['MATIC', 'Polygon', 0.45, 3.5 * B],
  ['VET', 'VeChain', 0.044, 3.5 * B],
  ['RENDER', 'Render', 6.8, 3.5 * B],
  ['DAI', 'Dai', 1.0, 3.4 * B, 'USD'],
  ['FIL', 'Filecoin', 4.9, 3 * B],
  ['KAS', 'Kaspa', 0.12, 3 * B],
  ['ARB', 'Arbitrum', 0.73, 3 * B],
  ['ENA', 'Ethena', 0.9, 2.8 * B],
  ['ALGO', 'Algorand', 0.34, 2.8 * B],
  ['ATOM', 'Cosmos Hub', 6.4, 2.5 * B],
  ['OP', 'Optimism', 1.75, 2.3 * B],
  ['IMX', 'Immutable', 1.23, 2.1 * B],
  ['FDUSD', 'First Digital USD', 1.0, 2 * B, 'USD'],
  ['ONDO', 'Ondo', 1.3, 1.9 * B],
  ['GRT', 'The Graph', 0.18, 1.7 * B],
  ['LDO', 'Lido DAO', 1.8, 1.6 * B],
  ['QNT', 'Quant', 100, 1.45 * B],
  ['SAND', 'The Sandbox', 0.58, 1.4 * B],
  ['XTZ', 'Tezos', 1.3, 1.3 * B],
  ['MKR', 'Maker', 1_330, 1.2 * B],
  ['EOS', 'EOS', 0.8, 1.2 * B],
  ['CRV', 'Curve DAO', 0.86, 1.1 * B],
  ['ZEC', 'Zcash', 55, 0.9 * B],
  ['MANA', 'Decentraland', 0.45, 0.9 * B],
  ['CHZ', 'Chiliz', 0.09, 0.8 * B],
  ['COMP', 'Compound', 80, 0.7 * B],
  ['PYUSD', 'PayPal USD', 1.0, 0.5 * B, 'USD'],
  ['PAXG', 'PAX Gold', 2_620, 0.5 * B, 'XAU'],
  ['DASH', 'Dash', 37, 0.45 * B],
];

/** Largest first. */
export const MARKET_SNAPSHOT: readonly SnapshotEntry[] = ROWS.map(([symbol, name, priceUsd, marketCapUsd, peg]) =>
  peg ? { symbol, name, priceUsd, marketCapUsd, peg } : { symbol, name, priceUsd, marketCapUsd },
).sort((a, b) => b.marketCapUsd - a.marketCapUsd);

export const SNAPSHOT_BY_SYMBOL: ReadonlyMap<string, SnapshotEntry> = new Map(MARKET_SNAPSHOT.map((e) => [e.symbol, e]));

/** The smallest market cap in the snapshot: every project outside it is generated below this. */
export const SNAPSHOT_MIN_CAP_USD = Math.min(...MARKET_SNAPSHOT.map((e) => e.marketCapUsd));
