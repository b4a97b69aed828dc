import type { Chain } from '../../api/projects';

/**
 * What the best-known real projects actually are, so the seed's top projects (named from the `cryptocurrency-icons`
 * manifest, best-known first) get their real kind, chains and rough market standing instead of random ones.
 * Hand-written; facts are as of the real market, approximated to the seed's kinds and chain set.
 */

export const PROJECT_KINDS = [
  'Layer 1',
  'Layer 2',
  'DEX',
  'Lending',
  'Stablecoin',
  'Liquid staking',
  'Yield',
  'Bridge',
  'Oracle',
  'Derivatives',
  'Exchange token',
  'Payments',
  'Gaming',
  'NFT',
  'Infrastructure',
  'Privacy',
  'Meme',
  'Storage',
  'Governance',
  'Data availability',
] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];

export type KnownProject = {
  kind: ProjectKind;
  /** Chains from the spec's set only (api/projects.ts CHAINS), main chain first. */
  chains: Chain[];
  /** Rough standing 0–1 in the real market (1 = bitcoin-level blue chip); the seed biases signals by it. */
  standing: number;
  /** True when a well-known exploit or failure is on record (e.g. LUNA/UST collapse, FTT). */
  troubled?: boolean;
};

type Row = [symbol: string, kind: ProjectKind, chains: Chain[], standing: number, troubled?: true];

// Abbreviations for the chain lists that recur.
const E: Chain[] = ['Ethereum'];
const EP: Chain[] = ['Ethereum', 'Polygon'];
/**
 * For native layer 1s (and other own-chain coins) whose chain is not in the spec's set: the chain where their
 * wrapped or bridged token really lives — almost always Ethereum (WBTC, renBCH/renZEC/renDOGE, wrapped and
 * exchange-pegged ERC-20s, or the coin's original ERC-20 before its mainnet swap). Where no wrapper of note
 * exists (e.g. XMR, NANO, DGB), Ethereum is the nearest honest stand-in.
 */
const OWN: Chain[] = ['Ethereum'];

const ROWS: Row[] = [
  // — The MAJORS of generate.ts that the manifest contains, in that order —
  ['BTC', 'Layer 1', ['Ethereum', 'Polygon'], 1], // own chain not in the set: WBTC on Ethereum, bridged to Polygon
  ['ETH', 'Layer 1', E, 0.98],
  ['USDT', 'Stablecoin', ['Ethereum', 'Tron', 'Solana', 'Polygon', 'Near', 'Polkadot', 'Okex'], 0.95],
  ['BNB', 'Exchange token', OWN, 0.9], // BNB Chain not in the set; BNB began (and still exists) as an ERC-20
  ['SOL', 'Layer 1', ['Solana'], 0.92],
  ['XRP', 'Payments', OWN, 0.85], // XRP Ledger not in the set: wrapped XRP on Ethereum
  ['USDC', 'Stablecoin', ['Ethereum', 'Solana', 'Polygon', 'Cosmos', 'Near', 'Polkadot', 'Tron'], 0.95],
  ['ADA', 'Layer 1', OWN, 0.8], // Cardano not in the set: bridged/pegged ADA
  ['DOGE', 'Meme', OWN, 0.78], // own chain: renDOGE / wrapped DOGE on Ethereum
  ['TRX', 'Layer 1', ['Tron'], 0.75],
  ['DOT', 'Layer 1', ['Polkadot'], 0.78],
  ['MATIC', 'Layer 2', ['Polygon', 'Ethereum'], 0.78],
  ['LINK', 'Oracle', EP, 0.85],
  ['AVAX', 'Layer 1', OWN, 0.8], // Avalanche not in the set: bridged AVAX
  ['ATOM', 'Layer 1', ['Cosmos'], 0.72],
  ['LTC', 'Layer 1', OWN, 0.75], // own chain: wrapped/pegged LTC
  ['UNI', 'DEX', EP, 0.85],
  ['XLM', 'Payments', OWN, 0.68], // Stellar not in the set
  ['ETC', 'Layer 1', OWN, 0.55, true], // own chain (Ethereum's fork); 51% attacks in 2019 and 2020
  ['BCH', 'Layer 1', OWN, 0.65], // own chain: renBCH on Ethereum
  ['FIL', 'Storage', OWN, 0.68], // own chain: renFIL / the ERC-20 IOU on Ethereum
  ['ICP', 'Layer 1', OWN, 0.65], // Internet Computer not in the set
  ['VET', 'Layer 1', OWN, 0.6], // VeChainThor not in the set; began as the ERC-20 VEN
  ['MKR', 'Lending', E, 0.8],
  ['AAVE', 'Lending', ['Ethereum', 'Polygon', 'Fantom', 'Harmony'], 0.85],
  ['GRT', 'Infrastructure', E, 0.68],
  ['ALGO', 'Layer 1', OWN, 0.6], // Algorand not in the set
  ['SAND', 'Gaming', EP, 0.62],
  ['MANA', 'Gaming', EP, 0.6],
  ['XTZ', 'Layer 1', OWN, 0.55], // Tezos not in the set
  ['THETA', 'Infrastructure', OWN, 0.55], // video network on its own chain; began as an ERC-20
  ['EOS', 'Layer 1', OWN, 0.5], // own chain; began as an ERC-20
  ['HT', 'Exchange token', ['Heco', 'Ethereum'], 0.45, true], // Huobi/HTX; Heco bridge and HTX hacks (Nov 2023)
  ['ONE', 'Layer 1', ['Harmony', 'Ethereum'], 0.4, true], // Horizon bridge hack (June 2022)
  ['IOTX', 'Layer 1', ['IoTeX', 'Ethereum'], 0.5],
  ['KSM', 'Layer 1', ['Substrate'], 0.55],
  ['COMP', 'Lending', EP, 0.7],
  ['SNX', 'Derivatives', E, 0.62],
  ['CRV', 'DEX', ['Ethereum', 'Polygon', 'Fantom'], 0.7, true], // Vyper re-entrancy exploit (July 2023)
  ['SUSHI', 'DEX', ['Ethereum', 'Polygon', 'Fantom', 'Harmony'], 0.58],
  ['YFI', 'Yield', ['Ethereum', 'Fantom'], 0.62],
  ['1INCH', 'DEX', EP, 0.6],
  ['BAT', 'Payments', ['Ethereum', 'Solana'], 0.55],
  ['ZRX', 'DEX', EP, 0.5],
  ['ENJ', 'Gaming', ['Ethereum', 'Polkadot'], 0.5],
  ['CHZ', 'Gaming', E, 0.55], // sports fan tokens; Chiliz Chain not in the set
  ['ZEC', 'Privacy', OWN, 0.58], // own chain: renZEC on Ethereum
  ['DASH', 'Payments', OWN, 0.48],
  ['XMR', 'Privacy', OWN, 0.65], // own chain, no wrapper of note
  ['NEO', 'Layer 1', OWN, 0.48], // own chain
  ['QTUM', 'Layer 1', OWN, 0.42], // own chain; began as an ERC-20
  ['WAVES', 'Layer 1', OWN, 0.35, true], // own chain; Neutrino USDN de-peg (2022)
  ['KNC', 'DEX', EP, 0.45, true], // KyberSwap Elastic exploit (Nov 2023)
  ['BAL', 'DEX', EP, 0.5, true], // Balancer pool exploits (2023, Nov 2025)
  ['REN', 'Bridge', E, 0.3, true], // Alameda-funded; Ren 1.0 shut down after FTX's collapse (2022)
  ['LRC', 'Layer 2', E, 0.5],
  ['OMG', 'Layer 2', E, 0.35],
  ['ZIL', 'Layer 1', OWN, 0.45], // own chain; began as an ERC-20
  ['ICX', 'Layer 1', OWN, 0.35], // own chain; began as an ERC-20
  ['ONT', 'Layer 1', OWN, 0.38], // own chain
  ['RVN', 'Layer 1', OWN, 0.38], // own chain
  ['SC', 'Storage', OWN, 0.38], // Sia's own chain
  ['DGB', 'Layer 1', OWN, 0.32], // own chain
  ['NANO', 'Payments', OWN, 0.32], // own chain

  // — Stablecoins and wrapped assets —
  ['DAI', 'Stablecoin', ['Ethereum', 'Polygon', 'Fantom'], 0.88],
  ['WBTC', 'Bridge', EP, 0.85], // custodial Bitcoin wrapper
  ['PAX', 'Stablecoin', E, 0.55], // Pax Dollar (USDP)
  ['PAXG', 'Stablecoin', E, 0.6], // gold-backed
  ['GUSD', 'Stablecoin', E, 0.5],
  ['TUSD', 'Stablecoin', ['Ethereum', 'Tron'], 0.4, true], // reserve custody troubles (2023–24), de-peg
  ['HUSD', 'Stablecoin', ['Heco', 'Ethereum'], 0.3, true], // de-pegged (Aug 2022), wound down
  ['SAI', 'Stablecoin', E, 0.3], // the legacy single-collateral DAI
  ['AMPL', 'Stablecoin', E, 0.4], // rebasing, elastic-supply "stable" unit

  // — Exchange tokens —
  ['LEO', 'Exchange token', E, 0.65], // Bitfinex (also on EOS)
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
  ['QNT', 'Infrastructure', E, 0.65], // Quant Overledger
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
  ['KMD', 'Infrastructure', OWN, 0.3], // Komodo, own chain
  ['HNS', 'Infrastructure', OWN, 0.3], // Handshake naming, own chain
  ['NMC', 'Infrastructure', OWN, 0.3], // Namecoin naming, own chain
  ['FCT', 'Infrastructure', OWN, 0.3], // Factom, own chain
  ['XCP', 'Infrastructure', OWN, 0.3], // Counterparty, on Bitcoin
  ['GRC', 'Infrastructure', OWN, 0.3], // Gridcoin, own chain
  ['LBC', 'Infrastructure', OWN, 0.3, true], // LBRY; lost the SEC case and shut down (2023)

  // — Storage —
  ['STORJ', 'Storage', E, 0.5],
  ['BTT', 'Storage', ['Tron'], 0.5], // BitTorrent / BTFS
  ['MAID', 'Storage', OWN, 0.3], // Omni token on Bitcoin; eMAID on Ethereum
  ['BURST', 'Storage', OWN, 0.3], // proof-of-capacity, own chain (Signum)

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
  ['ETN', 'Payments', OWN, 0.3], // Electroneum, own chain
  ['XPR', 'Payments', OWN, 0.3], // XPR Network (Proton), own chain
  ['MONA', 'Payments', OWN, 0.3], // MonaCoin, own chain
  ['RDD', 'Payments', OWN, 0.3], // ReddCoin tipping, own chain

  // — Gaming and NFT —
  ['APE', 'NFT', E, 0.55], // ApeCoin (Bored Ape Yacht Club)
  ['WAX', 'NFT', E, 0.45], // own chain; WAXE ERC-20 on Ethereum
  ['GMT', 'Gaming', ['Solana', 'Ethereum'], 0.5], // STEPN move-to-earn
  ['ATLAS', 'Gaming', ['Solana'], 0.4], // Star Atlas
  ['AURY', 'Gaming', ['Solana'], 0.3], // Aurory
  ['FUN', 'Gaming', E, 0.3], // FunFair casino
  ['GAME', 'Gaming', E, 0.3], // GameCredits
  ['WGR', 'Gaming', OWN, 0.3], // Wagerr betting, own chain

  // — Other layer 1s on their own chains —
  ['STX', 'Layer 2', OWN, 0.55], // Stacks, a Bitcoin layer; not in the set
  ['MIOTA', 'Layer 1', OWN, 0.45], // IOTA
  ['BSV', 'Layer 1', OWN, 0.4, true], // 51% attacks (2021), delistings
  ['DCR', 'Layer 1', OWN, 0.42], // Decred
  ['LSK', 'Layer 2', E, 0.4], // Lisk, now an OP-stack layer 2 on Ethereum
  ['ELF', 'Layer 1', OWN, 0.4], // aelf; ERC-20 ELF on Ethereum
  ['IOST', 'Layer 1', OWN, 0.4], // began as an ERC-20
  ['TOMO', 'Layer 1', OWN, 0.35], // TomoChain (Viction)
  ['ELA', 'Layer 1', OWN, 0.35], // Elastos
  ['SYS', 'Layer 1', OWN, 0.35], // Syscoin, bridged to Ethereum
  ['XEM', 'Layer 1', OWN, 0.3], // NEM
  ['BTG', 'Layer 1', OWN, 0.3, true], // Bitcoin Gold; 51% double-spend attacks (2018, 2020)
  ['BCD', 'Layer 1', OWN, 0.3], // Bitcoin Diamond
  ['AE', 'Layer 1', OWN, 0.3], // Aeternity; began as an ERC-20
  ['AION', 'Layer 1', OWN, 0.3],
  ['NULS', 'Layer 1', OWN, 0.3],
  ['NAS', 'Layer 1', OWN, 0.3], // Nebulas
  ['ARK', 'Layer 1', OWN, 0.3],
  ['ARDR', 'Layer 1', OWN, 0.3], // Ardor
  ['NXT', 'Layer 1', OWN, 0.3],
  ['STEEM', 'Layer 1', OWN, 0.3], // social blockchain
  ['STRAT', 'Layer 1', OWN, 0.3], // Stratis
  ['GXS', 'Layer 1', OWN, 0.3], // GXChain
  ['GBYTE', 'Layer 1', OWN, 0.3], // Obyte DAG
  ['AMB', 'Layer 1', OWN, 0.3], // Ambrosus (AirDAO); began as an ERC-20
  ['BTM', 'Layer 1', OWN, 0.3], // Bytom
  ['PPC', 'Layer 1', OWN, 0.3], // Peercoin
  ['VTC', 'Layer 1', OWN, 0.3], // Vertcoin
  ['QRL', 'Layer 1', OWN, 0.3], // Quantum Resistant Ledger
  ['BTS', 'DEX', OWN, 0.3], // BitShares, an exchange chain of its own

  // — Privacy —
  ['ZEN', 'Privacy', OWN, 0.4], // Horizen
  ['XVG', 'Privacy', OWN, 0.3, true], // Verge; 51% attacks (2018, 2021)
  ['XZC', 'Privacy', OWN, 0.3], // Zcoin (Firo)
  ['PIVX', 'Privacy', OWN, 0.3],
  ['GRIN', 'Privacy', OWN, 0.3], // Mimblewimble
  ['BEAM', 'Privacy', OWN, 0.3], // Mimblewimble
  ['OXT', 'Privacy', E, 0.4], // Orchid VPN
  ['PART', 'Privacy', OWN, 0.3], // Particl
  ['BCN', 'Privacy', OWN, 0.3], // Bytecoin
];

/** Keyed by the manifest's ticker symbol (upper case, exactly as in manifest.json). */
export const KNOWN_PROJECTS: ReadonlyMap<string, KnownProject> = new Map(
  ROWS.map(([symbol, kind, chains, standing, troubled]): [string, KnownProject] => [
    symbol,
    // Each entry gets its own copy of the shared chain lists.
    troubled ? { kind, chains: [...chains], standing, troubled } : { kind, chains: [...chains], standing },
  ]),
);
