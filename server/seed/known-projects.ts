import type { Chain } from '../../api/projects';
import type { ProjectCategory } from '../../api/leaderboard';

/**
 * What the well-known real projects actually are: a curated table (name, kind, chains, launch year, whether the coin
 * is native to its first chain) for the largest assets, then hand-written rows for other known tokens whose names
 * come from the `cryptocurrency-icons` manifest. Token addresses, symbols and decimals come from the Uniswap
 * default token list (server/seed/tokens.ts), market caps of the largest from the dated snapshot
 * (server/seed/facts/market-snapshot.ts). A project whose own chain is not in api/projects.ts CHAINS is not listed.
 */


export type KnownProject = {
  /** The curated key (the usual ticker, upper case). */
  symbol: string;
  /** The name shown; null → the icon manifest's name for `symbol`. */
  name: string | null;
  kind: ProjectCategory;
  /** Chains in api/projects.ts CHAINS, main chain first (token-list chains are added by server/seed/tokens.ts). */
  chains: Chain[];
  /** Rough standing 0–1 in the real market (1 = bitcoin-level blue chip); the seed biases signals by it. */
  standing: number;
  /** Year the coin or token launched (for the project's age); unknown for the older rows. */
  launchYear?: number;
  /** The coin is native to chains[0] (no token contract there; none at all when that chain is not EVM). */
  native?: boolean;
  /** A well-known exploit or failure is on record (its incident is pinned only from facts/incidents.ts). */
  troubled?: boolean;
  /** Tickers shown (default [symbol]). */
  tickers?: string[];
  /** Symbols to look up in the token list (default [symbol]) and the chains to take them on (default all). */
  list?: string[];
  listChains?: Chain[];
  /** Addresses known from the project itself on chains the token list does not cover (checked in tests). */
  extra?: Partial<Record<Chain, string>>;
  website?: string;
};

type Opts = Omit<KnownProject, 'symbol' | 'name' | 'kind' | 'chains' | 'standing' | 'launchYear'>;
type TopRow = [
  symbol: string,
  name: string,
  kind: ProjectCategory,
  chains: Chain[],
  standing: number,
  launch: number,
  opts?: Opts,
];
type Row = [symbol: string, kind: ProjectCategory, chains: Chain[], standing: number, troubled?: true];

const N = { native: true } as const;
const site = (website: string, more: Opts = {}): Opts => ({ website: `https://${website}`, ...more });
const nat = (website: string, more: Opts = {}): Opts => ({
  native: true,
  website: `https://${website}`,
  ...more,
});

/** The largest assets (those of the market snapshot, largest first), then a few more well-known ones. */
const TOP_ROWS: TopRow[] = [
  ['BTC', 'Bitcoin', 'Layer 1', ['Bitcoin'], 1, 2009, nat('bitcoin.org')],
  ['ETH', 'Ethereum', 'Layer 1', ['Ethereum'], 0.98, 2015, nat('ethereum.org')],
  [
    'USDT',
    'Tether',
    'Stablecoin',
    ['Ethereum', 'Tron'],
    0.95,
    2014,
    site('tether.to', { extra: { Tron: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' } }),
  ],
  ['XRP', 'XRP', 'Payments', ['XRP Ledger'], 0.85, 2012, nat('xrpl.org')],
  [
    'BNB',
    'BNB',
    'Exchange token',
    ['BNB Chain'],
    0.9,
    2017,
    { native: true, troubled: true, website: 'https://www.bnbchain.org' },
  ],
  ['SOL', 'Solana', 'Layer 1', ['Solana'], 0.92, 2020, nat('solana.com')],
  ['DOGE', 'Dogecoin', 'Meme', ['Dogecoin'], 0.78, 2013, nat('dogecoin.com')],
  ['USDC', 'USD Coin', 'Stablecoin', ['Ethereum'], 0.95, 2018, site('www.circle.com/usdc')],
  ['ADA', 'Cardano', 'Layer 1', ['Cardano'], 0.8, 2017, nat('cardano.org')],
  ['TRX', 'TRON', 'Layer 1', ['Tron'], 0.75, 2017, nat('tron.network')],
  ['AVAX', 'Avalanche', 'Layer 1', ['Avalanche'], 0.8, 2020, nat('www.avax.network')],
  ['TON', 'Toncoin', 'Layer 1', ['TON'], 0.72, 2021, nat('ton.org')],
  ['LINK', 'Chainlink', 'Oracle', ['Ethereum'], 0.85, 2017, site('chain.link')],
  ['SHIB', 'Shiba Inu', 'Meme', ['Ethereum'], 0.6, 2020, site('shibatoken.com')],
  ['WBTC', 'Wrapped Bitcoin', 'Bridge', ['Ethereum'], 0.85, 2019, site('wbtc.network')],
  ['SUI', 'Sui', 'Layer 1', ['Sui'], 0.7, 2023, nat('sui.io')],
  ['HBAR', 'Hedera', 'Layer 1', ['Hedera'], 0.68, 2019, nat('hedera.com')],
  ['XLM', 'Stellar', 'Payments', ['Stellar'], 0.68, 2014, nat('stellar.org')],
  ['DOT', 'Polkadot', 'Layer 1', ['Polkadot'], 0.78, 2020, nat('polkadot.com')],
  ['BCH', 'Bitcoin Cash', 'Payments', ['Bitcoin Cash'], 0.65, 2017, nat('bitcoincash.org')],
  ['HYPE', 'Hyperliquid', 'Derivatives', ['Hyperliquid'], 0.6, 2024, nat('hyperliquid.xyz')],
  ['LEO', 'UNUS SED LEO', 'Exchange token', ['Ethereum'], 0.6, 2019],
  ['UNI', 'Uniswap', 'DEX', ['Ethereum'], 0.85, 2020, site('uniswap.org')],
  ['LTC', 'Litecoin', 'Payments', ['Litecoin'], 0.75, 2011, nat('litecoin.org')],
  ['PEPE', 'Pepe', 'Meme', ['Ethereum'], 0.5, 2023],
  ['NEAR', 'NEAR Protocol', 'Layer 1', ['Near'], 0.72, 2020, nat('near.org')],
  ['USDE', 'Ethena USDe', 'Stablecoin', ['Ethereum'], 0.6, 2024, site('ethena.fi', { tickers: ['USDe'] })],
  ['APT', 'Aptos', 'Layer 1', ['Aptos'], 0.65, 2022, nat('aptosfoundation.org')],
  ['ICP', 'Internet Computer', 'Layer 1', ['Internet Computer'], 0.65, 2021, nat('internetcomputer.org')],
  ['AAVE', 'Aave', 'Lending', ['Ethereum'], 0.85, 2020, site('aave.com')],
  [
    'ETC',
    'Ethereum Classic',
    'Layer 1',
    ['Ethereum Classic'],
    0.55,
    2016,
    { native: true, troubled: true, website: 'https://ethereumclassic.org' },
  ],
  ['CRO', 'Cronos', 'Exchange token', ['Cronos', 'Crypto'], 0.6, 2018, nat('cronos.org')],
  ['XMR', 'Monero', 'Privacy', ['Monero'], 0.65, 2014, nat('www.getmonero.org')],
  [
    'MATIC',
    'Polygon',
    'Layer 2',
    ['Polygon', 'Ethereum'],
    0.78,
    2019,
    nat('polygon.technology', {
      tickers: ['POL', 'MATIC'],
      list: ['POL', 'MATIC'],
      listChains: ['Ethereum'],
    }),
  ],
  ['VET', 'VeChain', 'Layer 1', ['VeChain'], 0.6, 2018, nat('vechain.org')],
  [
    'RENDER',
    'Render',
    'Infrastructure',
    ['Solana', 'Ethereum'],
    0.6,
    2017,
    site('rendernetwork.com', { list: ['RENDER', 'RNDR'] }),
  ],
  ['DAI', 'Dai', 'Stablecoin', ['Ethereum'], 0.88, 2019, site('makerdao.com')],
  ['FIL', 'Filecoin', 'Storage', ['Filecoin'], 0.68, 2020, nat('filecoin.io')],
  ['KAS', 'Kaspa', 'Layer 1', ['Kaspa'], 0.55, 2021, nat('kaspa.org')],
  ['ARB', 'Arbitrum', 'Layer 2', ['Arbitrum', 'Ethereum'], 0.75, 2023, site('arbitrum.io')],
  ['ENA', 'Ethena', 'Derivatives', ['Ethereum'], 0.55, 2024, site('ethena.fi')],
  ['ALGO', 'Algorand', 'Layer 1', ['Algorand'], 0.6, 2019, nat('algorand.co')],
  ['ATOM', 'Cosmos Hub', 'Layer 1', ['Cosmos'], 0.72, 2019, nat('cosmos.network')],
  ['OP', 'Optimism', 'Layer 2', ['Optimism'], 0.72, 2022, site('optimism.io')],
  ['IMX', 'Immutable', 'Layer 2', ['Ethereum'], 0.55, 2021, site('www.immutable.com')],
  ['FDUSD', 'First Digital USD', 'Stablecoin', ['BNB Chain', 'Ethereum'], 0.5, 2023],
  ['ONDO', 'Ondo', 'Yield', ['Ethereum'], 0.5, 2024, site('ondo.finance')],
  ['GRT', 'The Graph', 'Infrastructure', ['Ethereum'], 0.68, 2020, site('thegraph.com')],
  ['LDO', 'Lido DAO', 'Liquid staking', ['Ethereum'], 0.75, 2020, site('lido.fi')],
  ['QNT', 'Quant', 'Infrastructure', ['Ethereum'], 0.6, 2018, site('quant.network')],
  ['SAND', 'The Sandbox', 'Gaming', ['Ethereum'], 0.58, 2020, site('www.sandbox.game')],
  ['XTZ', 'Tezos', 'Layer 1', ['Tezos'], 0.55, 2018, nat('tezos.com')],
  ['MKR', 'Maker', 'Lending', ['Ethereum'], 0.8, 2017, site('makerdao.com')],
  ['EOS', 'EOS', 'Layer 1', ['EOS'], 0.5, 2018, N],
  ['CRV', 'Curve DAO', 'DEX', ['Ethereum'], 0.7, 2020, { troubled: true, website: 'https://curve.fi' }],
  ['ZEC', 'Zcash', 'Privacy', ['Zcash'], 0.58, 2016, nat('z.cash')],
  ['MANA', 'Decentraland', 'Gaming', ['Ethereum'], 0.55, 2017, site('decentraland.org')],
  ['CHZ', 'Chiliz', 'Gaming', ['Ethereum'], 0.55, 2019, site('www.chiliz.com')],
  ['COMP', 'Compound', 'Lending', ['Ethereum'], 0.7, 2020, site('compound.finance')],
  ['PYUSD', 'PayPal USD', 'Stablecoin', ['Ethereum', 'Solana'], 0.55, 2023],
  ['PAXG', 'PAX Gold', 'Stablecoin', ['Ethereum'], 0.6, 2019],
  ['DASH', 'Dash', 'Payments', ['Dash'], 0.48, 2014, nat('www.dash.org')],
  // Not in the snapshot (market cap generated below its smallest figure).
  ['ENS', 'Ethereum Name Service', 'Infrastructure', ['Ethereum'], 0.6, 2021, site('ens.domains')],
];

// Abbreviations for the chain lists that recur.
const E: Chain[] = ['Ethereum'];
const EP: Chain[] = ['Ethereum', 'Polygon'];

/** More known tokens, named from the icon manifest: [symbol, kind, chains, standing, troubled]. */
const ROWS: Row[] = [
  ['ONE', 'Layer 1', ['Harmony', 'Ethereum'], 0.4, true], // Horizon bridge hack (June 2022)
  ['IOTX', 'Layer 1', ['IoTeX', 'Ethereum'], 0.5],
  ['KSM', 'Layer 1', ['Substrate'], 0.55],
  ['SNX', 'Derivatives', E, 0.62],
  ['SUSHI', 'DEX', ['Ethereum', 'Polygon', 'Fantom', 'Harmony'], 0.58],
  ['YFI', 'Yield', ['Ethereum', 'Fantom'], 0.62],
  ['1INCH', 'DEX', EP, 0.6],
  ['BAT', 'Payments', ['Ethereum', 'Solana'], 0.55],
  ['ZRX', 'DEX', EP, 0.5],
  ['ENJ', 'Gaming', ['Ethereum', 'Polkadot'], 0.5],
  ['KNC', 'DEX', EP, 0.45, true], // KyberSwap Elastic exploit (Nov 2023)
  ['BAL', 'DEX', EP, 0.5, true], // Balancer pool exploits (2023, Nov 2025)
  ['REN', 'Bridge', E, 0.3, true], // Alameda-funded; Ren 1.0 shut down after FTX's collapse (2022)
  ['LRC', 'Layer 2', E, 0.5],
  ['OMG', 'Layer 2', E, 0.35],

  // — Stablecoins and wrapped assets —
  ['PAX', 'Stablecoin', E, 0.55], // Pax Dollar (USDP)
  ['GUSD', 'Stablecoin', E, 0.5],
  ['TUSD', 'Stablecoin', ['Ethereum', 'Tron'], 0.4, true], // reserve custody troubles (2023–24), de-peg
  ['HUSD', 'Stablecoin', ['Heco', 'Ethereum'], 0.3, true], // de-pegged (Aug 2022), wound down
  ['SAI', 'Stablecoin', E, 0.3], // the legacy single-collateral DAI
  ['AMPL', 'Stablecoin', E, 0.4], // rebasing, elastic-supply "stable" unit

  // — Exchange tokens —
  ['KCS', 'Exchange token', E, 0.6], // KuCoin
  ['MCO', 'Payments', E, 0.35], // Crypto.com's first (card) token, swapped for CRO in 2020
  ['CHSB', 'Exchange token', E, 0.4], // SwissBorg
  ['QASH', 'Exchange token', E, 0.3, true], // Liquid exchange; Liquid hack (Aug 2021)
  ['BIX', 'Exchange token', E, 0.3], // Bibox

  // — DeFi —
  ['NEXO', 'Lending', E, 0.6],
  ['LEND', 'Lending', E, 0.3], // ETHLend, Aave's predecessor token
  ['BNT', 'DEX', E, 0.45],
  ['RAY', 'DEX', ['Solana'], 0.55],
  ['SER', 'DEX', ['Solana'], 0.3, true], // Serum, abandoned after FTX's collapse (Nov 2022)
  ['UMA', 'Oracle', EP, 0.5],
  ['BAND', 'Oracle', ['Cosmos', 'Ethereum'], 0.45],
  ['MLN', 'Yield', E, 0.4], // Enzyme (formerly Melon) asset management
  ['ANKR', 'Liquid staking', ['Ethereum', 'Polygon', 'Fantom'], 0.5, true], // aBNBc exploit (Dec 2022)
  ['REP', 'Derivatives', E, 0.35], // Augur prediction markets
  ['AST', 'DEX', E, 0.3], // AirSwap
  ['MFT', 'Lending', E, 0.3], // Mainframe, now Hifi Finance
  ['SALT', 'Lending', E, 0.3],
  ['PPT', 'Lending', E, 0.3], // Populous invoice financing
  ['WAN', 'Bridge', E, 0.35], // Wanchain, own chain plus ERC-20
  ['GNO', 'Infrastructure', E, 0.6], // Gnosis (Safe, Gnosis Chain)
  ['RDN', 'Layer 2', E, 0.3], // Raiden payment channels
  ['SKL', 'Layer 2', E, 0.45],
  ['LOOM', 'Layer 2', E, 0.35],
  ['POA', 'Layer 2', E, 0.3], // POA Network sidechain

  // — Governance and infrastructure —
  ['ANT', 'Governance', E, 0.4], // Aragon
  ['DGD', 'Governance', E, 0.3], // DigixDAO
  ['DNT', 'Governance', E, 0.3], // district0x
  ['LPT', 'Infrastructure', E, 0.55], // Livepeer video
  ['AGI', 'Infrastructure', E, 0.55], // SingularityNET AI marketplace
  ['GNT', 'Infrastructure', E, 0.45], // Golem compute
  ['RLC', 'Infrastructure', E, 0.45], // iExec compute
  ['NMR', 'Infrastructure', E, 0.45], // Numerai
  ['HOT', 'Infrastructure', E, 0.45], // Holo hosting
  ['CVC', 'Infrastructure', E, 0.4], // Civic identity
  ['SNT', 'Infrastructure', E, 0.4], // Status messenger and wallet
  ['POLY', 'Infrastructure', E, 0.35], // Polymath security tokens
  ['POWR', 'Infrastructure', ['Ethereum', 'Solana'], 0.4], // Powerledger energy trading
  ['DATA', 'Infrastructure', EP, 0.35], // Streamr
  ['IQ', 'Infrastructure', EP, 0.35], // IQ.wiki (Everipedia)
  ['NKN', 'Infrastructure', E, 0.35],
  ['FLUX', 'Infrastructure', ['Ethereum', 'Solana', 'Tron', 'Polygon'], 0.4], // own chain plus parallel assets
  ['FIDA', 'Infrastructure', ['Solana'], 0.35], // Bonfida, Solana Name Service
  ['QSP', 'Infrastructure', E, 0.3], // Quantstamp audits
  ['SAN', 'Infrastructure', E, 0.3], // Santiment analytics
  ['ABT', 'Infrastructure', E, 0.3], // ArcBlock
  ['ADX', 'Infrastructure', E, 0.3], // AdEx advertising
  ['DOCK', 'Infrastructure', ['Ethereum', 'Substrate'], 0.3], // credentials; Substrate-based Dock chain
  ['PRE', 'Infrastructure', E, 0.3], // Presearch
  ['SNM', 'Infrastructure', E, 0.3], // SONM compute
  ['DRGN', 'Infrastructure', E, 0.3], // Dragonchain
  ['WTC', 'Infrastructure', E, 0.3], // Waltonchain supply chain; began as an ERC-20

  // — Storage —
  ['STORJ', 'Storage', E, 0.5],
  ['BTT', 'Storage', ['Tron'], 0.5], // BitTorrent / BTFS

  // — Payments —
  ['TEL', 'Payments', EP, 0.4], // Telcoin
  ['REQ', 'Payments', E, 0.4], // Request
  ['UTK', 'Payments', E, 0.35], // Utrust (xMoney)
  ['MTL', 'Payments', E, 0.35], // Metal
  ['NPXS', 'Payments', E, 0.35], // Pundi X
  ['KIN', 'Payments', ['Solana', 'Ethereum'], 0.35], // moved to Solana in 2020
  ['DENT', 'Payments', E, 0.3],
  ['GTO', 'Payments', E, 0.3], // Gifto virtual gifting
  ['PAY', 'Payments', E, 0.3], // TenX
  ['TKN', 'Payments', E, 0.3], // Monolith TokenCard
  ['BRD', 'Payments', E, 0.3], // Bread wallet
  ['PLR', 'Payments', E, 0.3], // Pillar wallet
  ['STORM', 'Payments', E, 0.3], // StormX cashback

  // — Gaming and NFT —
  ['APE', 'NFT', E, 0.55], // ApeCoin (Bored Ape Yacht Club)
  ['WAX', 'NFT', E, 0.45], // own chain; WAXE ERC-20 on Ethereum
  ['GMT', 'Gaming', ['Solana', 'Ethereum'], 0.5], // STEPN move-to-earn
  ['ATLAS', 'Gaming', ['Solana'], 0.4], // Star Atlas
  ['AURY', 'Gaming', ['Solana'], 0.3], // Aurory
  ['FUN', 'Gaming', E, 0.3], // FunFair casino
  ['GAME', 'Gaming', E, 0.3], // GameCredits

  // — Other layer 1s on their own chains —
  ['LSK', 'Layer 2', E, 0.4], // Lisk, now an OP-stack layer 2 on Ethereum

  // — Privacy —
  ['OXT', 'Privacy', E, 0.4], // Orchid VPN
];

/** Rows with a native coin on their first chain. */
const NATIVE_ROWS = new Set(['ONE', 'IOTX', 'KSM']);

/** Every known project, best-known first (the seed's first projects, in this order). */
export const KNOWN_LIST: readonly KnownProject[] = [
  ...TOP_ROWS.map(([symbol, name, kind, chains, standing, launchYear, opts]): KnownProject => ({
    symbol,
    name,
    kind,
    chains: [...chains],
    standing,
    launchYear,
    ...opts,
  })),
  ...ROWS.map(([symbol, kind, chains, standing, troubled]): KnownProject => ({
    symbol,
    name: null,
    kind,
    chains: [...chains],
    standing,
    ...(troubled ? { troubled } : {}),
    ...(NATIVE_ROWS.has(symbol) ? { native: true } : {}),
  })),
];

/** Keyed by the curated symbol. */
export const KNOWN_PROJECTS: ReadonlyMap<string, KnownProject> = new Map(
  KNOWN_LIST.map((k) => [k.symbol, k]),
);
