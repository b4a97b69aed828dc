import { createRequire } from 'node:module';
import { CHAIN_KIND, type Chain } from '../../api/projects';
import type { SignalValues } from '../db/schema/ratings';
import { AUDITS_NOT_APPLICABLE, epochDay } from '../ratings/methodology';
import {
  KNOWN_LIST,
  KNOWN_PROJECTS,
  type KnownProject,
} from './known-projects';
import { PROJECT_CATEGORIES, type ProjectCategory } from '../../api/leaderboard';
import type { SocialType } from '../../api/skynet';
import { Random, hashString } from './random';
import type { ContractRecord, ProjectRecord } from './shape';
import { ADDRESSABLE, poolAddress, randomAddress, randomTxHash } from './addresses';
import { isEvm } from './chains';
import { tokenDeployments, tokenListNames } from './tokens';
import { SNAPSHOT_BY_SYMBOL, SNAPSHOT_MIN_CAP_USD } from './facts/market-snapshot';
import { KNOWN_INCIDENTS } from './facts/incidents';

/**
 * The deterministic seed generator: the same count and day always give the same projects. The first projects are
 * the known real ones (server/seed/known-projects.ts: true names, kinds, chains and launch years; token addresses
 * from the Uniswap token list; market caps of the largest from the dated snapshot; incidents only from
 * facts/incidents.ts), with the real icon where the `cryptocurrency-icons` manifest has one. The rest are invented
 * projects with invented names (never a real token's name). Market, social, audit and monitoring figures are demo
 * data. Daily social activity is not part of the records: it is written by SQL (see load.ts) for speed.
 */

type IconEntry = { symbol: string; name: string; color: string };
const require = createRequire(import.meta.url);

let manifestCache: Map<string, IconEntry> | undefined;
/** The icon package's manifest by ticker symbol (upper case): which real icons exist, and fallback names. */
export function iconManifest(): Map<string, IconEntry> {
  if (manifestCache) return manifestCache;
  manifestCache = new Map();
  for (const e of require('cryptocurrency-icons/manifest.json') as IconEntry[]) {
    if (!manifestCache.has(e.symbol)) manifestCache.set(e.symbol, e);
  }
  return manifestCache;
}

/** A known project's display name: the curated one, else the manifest's (without bracketed notes). */
export function knownName(k: KnownProject): string | undefined {
  if (k.name) return k.name;
  const e = iconManifest().get(k.symbol);
  return e?.name.replace(/\s*[[(].*?[\])]\s*/g, ' ').trim() || undefined;
}

/**
 * Where invented projects live, weighted roughly as new tokens are deployed today (EVM chains and Solana first).
 * Only chains on which the seed can write addresses in the chain's own format.
 */
const CHAIN_WEIGHTS: [Chain, number][] = (
  [
    ['Ethereum', 30],
    ['BNB Chain', 12],
    ['Base', 10],
    ['Arbitrum', 10],
    ['Solana', 9],
    ['Polygon', 7],
    ['Optimism', 5],
    ['Avalanche', 5],
    ['Tron', 4],
    ['Near', 2],
    ['Fantom', 2],
    ['Cronos', 2],
    ['Mantle', 1],
    ['Okex', 1],
    ['Heco', 1],
    ['Harmony', 1],
    ['IoTeX', 1],
  ] as [Chain, number][]
).filter(([c]) => ADDRESSABLE(c));

const PREFIXES =
  `Aether Alpha Apex Arc Astra Aura Axon Beacon Blaze Bolt Bright Cedar Chrono Cipher Cobalt Coral Cosmo
Crest Crystal Cyber Delta Dusk Echo Ember Epic Flux Forge Frost Fusion Galaxy Gamma Giga Glide Granite Halo Harbor Helix
Hyper Ion Iron Jade Kappa Karma Kinetic Lumen Luna Lynx Magma Maple Matrix Meta Mint Mosaic Nebula Neon Nexus Nimbus Noble
Nova Omega Onyx Orbit Pixel Plasma Polar Prism Pulse Quantum Quartz Radiant Raven Rift Sable Sage Scarlet Shard Sierra
Sigma Solar Sonic Spark Stellar Storm Summit Swift Terra Titan Umbra Vapor Vector Velvet Vertex Vortex Warp Zenith Zephyr`.split(
    /\s+/,
  );
const ROOTS =
  `swap dex lend vault yield chain pad fi base bridge stake mint flow pool link verse node fund coin cash pay
bit block dao labs port market farm guard trade zone hub net gate layer verse sync ledger byte cred stream wave`.split(
    /\s+/,
  );
const SUFFIXES = [
  '',
  '',
  '',
  '',
  '',
  ' Finance',
  ' Protocol',
  ' Network',
  ' DAO',
  ' Labs',
  ' Exchange',
  ' Capital',
  ' Chain',
  ' Swap',
  ' Games',
  ' AI',
];
const LABELS = [
  'Token',
  'Staking',
  'Router',
  'Vault',
  'Governance',
  'Treasury',
  'Bridge',
  'Proxy Admin',
  'Timelock',
  'Rewards',
];
const ROLES = ['owner', 'admin', 'minter', 'pauser', 'upgrader', 'timelock', 'operator', 'guardian'];
const FUNCTIONS: [string, string, 'low' | 'medium' | 'high'][] = [
  ['mint(address,uint256)', 'onlyRole(MINTER_ROLE)', 'high'],
  ['burn(address,uint256)', 'onlyOwner', 'medium'],
  ['pause()', 'onlyRole(PAUSER_ROLE)', 'medium'],
  ['unpause()', 'onlyRole(PAUSER_ROLE)', 'low'],
  ['upgradeTo(address)', 'onlyProxyAdmin', 'high'],
  ['transferOwnership(address)', 'onlyOwner', 'high'],
  ['setFee(uint256)', 'onlyOwner', 'medium'],
  ['setOracle(address)', 'onlyOwner', 'high'],
  ['withdrawFees(address)', 'onlyOwner', 'medium'],
  ['setRewardRate(uint256)', 'onlyRole(OPERATOR_ROLE)', 'low'],
  ['blacklist(address)', 'onlyOwner', 'medium'],
  ['setTreasury(address)', 'onlyTimelock', 'medium'],
  ['grantRole(bytes32,address)', 'onlyRole(DEFAULT_ADMIN_ROLE)', 'high'],
  ['emergencyWithdraw()', 'onlyGuardian', 'high'],
];
/** Events and calls every token contract sees. */
const TOKEN_EVENTS = ['Transfer', 'Approval'];
const TOKEN_CALLS = [
  'transfer(address,uint256)',
  'approve(address,uint256)',
  'transferFrom(address,address,uint256)',
];
/** What a protocol of each kind emits and is called with (invented projects' contracts). */
const KIND_EVENTS: Partial<Record<ProjectCategory, string[]>> = {
  DEX: ['Swap', 'Sync', 'Mint', 'Burn', 'PairCreated', 'Collect'],
  Lending: ['Supply', 'Withdraw', 'Borrow', 'Repay', 'LiquidationCall', 'ReserveDataUpdated'],
  Stablecoin: ['Mint', 'Burn'],
  'Liquid staking': ['Submitted', 'TransferShares', 'WithdrawalRequested', 'WithdrawalClaimed'],
  Yield: ['Deposit', 'Withdraw', 'Harvest', 'StrategyReported'],
  Bridge: ['Deposit', 'Withdrawal', 'MessageSent', 'MessageReceived'],
  Oracle: ['AnswerUpdated', 'NewRound', 'OracleRequest'],
  Derivatives: ['PositionOpened', 'PositionClosed', 'PositionLiquidated', 'FundingUpdated'],
  Gaming: ['TransferSingle', 'TransferBatch', 'RewardPaid', 'Staked'],
  NFT: ['TransferSingle', 'TransferBatch', 'OrderFulfilled', 'OrderCancelled'],
  Governance: ['ProposalCreated', 'VoteCast', 'ProposalQueued', 'ProposalExecuted'],
  'Layer 2': ['DepositInitiated', 'WithdrawalInitiated', 'WithdrawalFinalized'],
  Payments: ['PaymentSent', 'PaymentSettled'],
  Storage: ['DealActivated', 'RewardPaid'],
  Infrastructure: ['Staked', 'Unstaked', 'RewardPaid'],
};
const KIND_CALLS: Partial<Record<ProjectCategory, string[]>> = {
  DEX: [
    'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
    'exactInputSingle((address,address,uint24,address,uint256,uint256,uint256,uint160))',
    'addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)',
    'removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)',
    'multicall(bytes[])',
  ],
  Lending: [
    'supply(address,uint256,address,uint16)',
    'withdraw(address,uint256,address)',
    'borrow(address,uint256,uint256,uint16,address)',
    'repay(address,uint256,uint256,address)',
    'liquidationCall(address,address,address,uint256,bool)',
  ],
  Stablecoin: ['permit(address,address,uint256,uint256,uint8,bytes32,bytes32)'],
  'Liquid staking': [
    'submit(address)',
    'requestWithdrawals(uint256[],address)',
    'claimWithdrawals(uint256[],uint256[])',
  ],
  Yield: ['deposit(uint256)', 'withdraw(uint256)', 'harvest()'],
  Bridge: ['depositFor(address,uint256)', 'bridge(uint256,uint256,address)', 'relayMessage(bytes)'],
  Oracle: ['transmit(bytes32[3],bytes,bytes32[],bytes32[],bytes32)', 'requestData(bytes32)'],
  Derivatives: ['openPosition(bytes32,uint256,uint256)', 'closePosition(bytes32)', 'liquidate(address)'],
  Gaming: ['safeTransferFrom(address,address,uint256,uint256,bytes)', 'stake(uint256)', 'claim()'],
  NFT: [
    'safeTransferFrom(address,address,uint256)',
    'fulfillOrder(bytes,bytes32)',
    'setApprovalForAll(address,bool)',
  ],
  Governance: ['propose(address[],uint256[],bytes[],string)', 'castVote(uint256,uint8)', 'execute(uint256)'],
  'Layer 2': ['depositETH(uint32,bytes)', 'finalizeWithdrawal(bytes)'],
  Infrastructure: ['stake(uint256)', 'unstake(uint256)', 'claim()'],
};
/** Administrative events, seen on invented projects' contracts that have these levers. */
const ADMIN_EVENTS = ['OwnershipTransferred', 'RoleGranted', 'Paused', 'Unpaused', 'Upgraded'];
/** Tokens of known projects that support vote delegation (ERC20Votes / Compound-style). */
const DELEGATING = new Set(['UNI', 'COMP', 'AAVE', 'ARB', 'OP', 'ENS']);
const DELEGATION_EVENTS = ['DelegateChanged', 'DelegateVotesChanged'];
const DELEGATION_CALLS = [
  'delegate(address)',
  'delegateBySig(address,uint256,uint256,uint8,bytes32,bytes32)',
];

/** Kinds of account that call a contract; generic (the addresses are demo data, so no real entity is named). */
const CALLERS = [
  'Exchange hot wallet',
  'Exchange deposit wallet',
  'Custodian',
  'DEX router',
  'DEX aggregator',
  'MEV bot',
  'Arbitrage bot',
  'Market maker',
  'Multisig wallet',
  'Bridge relayer',
  'Yield vault',
  'Whale',
  'Payment processor',
  'Smart wallet',
  'Lending pool',
  'Liquidator bot',
];
/** Centralised exchanges (any listed asset). */
const CEXES = [
  'Binance',
  'Coinbase',
  'OKX',
  'Kraken',
  'Bybit',
  'KuCoin',
  'Gate.io',
  'HTX',
  'Bitget',
  'Upbit',
];
/** Decentralised exchanges by the chain they run on. */
const DEXES: Partial<Record<Chain, string[]>> = {
  Ethereum: ['Uniswap V3', 'Uniswap V2', 'Curve', 'Balancer', 'SushiSwap'],
  Arbitrum: ['Uniswap V3', 'Camelot', 'SushiSwap'],
  Base: ['Uniswap V3', 'Aerodrome'],
  Optimism: ['Uniswap V3', 'Velodrome'],
  Polygon: ['Uniswap V3', 'QuickSwap'],
  'BNB Chain': ['PancakeSwap'],
  Avalanche: ['Trader Joe', 'Pangolin'],
  Solana: ['Raydium', 'Orca', 'Meteora'],
  Tron: ['SunSwap'],
  Fantom: ['SpookySwap'],
  Cronos: ['VVS Finance'],
  Near: ['Ref Finance'],
  Mantle: ['Merchant Moe'],
};
const STABLE_DEXES = new Set(['Curve']);

const ALERTS: [string, string][] = [
  ['Flash loan exploit', 'An attacker used a flash loan to manipulate pool prices and drain liquidity.'],
  ['Private key compromise', 'A privileged deployer key was compromised and used to move treasury funds.'],
  [
    'Oracle manipulation',
    'A thin-liquidity price feed was manipulated to borrow against inflated collateral.',
  ],
  ['Reentrancy attack', 'A withdraw function was re-entered before balances were updated.'],
  ['Rug pull', 'Liquidity was removed by the deployer shortly after launch.'],
  ['Phishing campaign', 'A fake front end is asking users to sign unlimited token approvals.'],
  ['Bridge exploit', 'Forged messages were accepted by the bridge validator set.'],
  ['Governance attack', 'A malicious proposal passed with borrowed voting power.'],
  ['Unusual privileged transaction', 'The owner upgraded a core contract without a timelock delay.'],
  ['Front-end hijack', 'The DNS record of the project site was changed to a malicious server.'],
];

export const SOCIAL_DAYS = 90;
export const SOCIAL_TYPE_LIST: SocialType[] = ['tweets', 'mentions', 'followers'];

export type GeneratedProject = ProjectRecord & {
  kind: ProjectCategory;
  contracts: ContractRecord[];
  alerts: NonNullable<ProjectRecord['alerts']>;
};

export function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'project'
  );
}

export type Identity = {
  id: string;
  name: string;
  tickers: string[];
  /** The `cryptocurrency-icons` package has this project's icon. */
  icon: boolean;
  /** The curated symbol of a known real project (known-projects.ts); absent for invented projects. */
  known?: string;
};

let realNamesCache: Set<string> | undefined;
/** Real token names and symbols (icon manifest, token list, known projects), lower case, spaces removed. */
function realNames(): Set<string> {
  if (realNamesCache) return realNamesCache;
  const squash = (n: string) => n.toLowerCase().replace(/\s+/g, '');
  realNamesCache = new Set();
  for (const e of iconManifest().values()) realNamesCache.add(squash(e.name)).add(squash(e.symbol));
  for (const n of tokenListNames()) realNamesCache.add(squash(n));
  for (const k of KNOWN_LIST) if (k.name) realNamesCache.add(squash(k.name));
  return realNamesCache;
}

/**
 * Names and tickers for `count` projects: the known real projects first (best-known first), then invented
 * compounds that are no real token's name or ticker.
 */
export function projectIdentities(count: number): Identity[] {
  const rng = new Random('identities');
  const out: Identity[] = [];
  const ids = new Set<string>();
  const names = new Set<string>();
  const add = (name: string, tickers: string[], icon: boolean, known?: string) => {
    let id = slugify(name);
    for (let n = 2; ids.has(id); n++) id = `${slugify(name)}-${n}`;
    ids.add(id);
    names.add(name.toLowerCase());
    out.push(known ? { id, name, tickers, icon, known } : { id, name, tickers, icon });
  };
  const manifest = iconManifest();
  for (const k of KNOWN_LIST) {
    if (out.length >= count) return out;
    const name = knownName(k);
    if (!name || names.has(name.toLowerCase())) continue;
    add(name, k.tickers ?? [k.symbol], manifest.has(k.symbol), k.symbol);
  }
  const real = realNames();
  const compounds: string[] = [];
  for (const p of PREFIXES) for (const r of ROOTS) compounds.push(p + r);
  rng.shuffle(compounds);
  for (let round = 0; out.length < count; round++) {
    for (const c of compounds) {
      if (out.length >= count) break;
      const suffix = round === 0 ? '' : SUFFIXES[(hashString(c) + round) % SUFFIXES.length]!;
      if (suffix && c.toLowerCase().includes(suffix.trim().toLowerCase())) continue;
      let name = c + suffix;
      if (round >= SUFFIXES.length) name = `${name} ${round}`;
      if (names.has(name.toLowerCase()) || real.has(name.toLowerCase().replace(/\s+/g, ''))) continue;
      const letters = c.replace(/[^a-z]/gi, '').toUpperCase();
      const ticker = (letters.slice(0, rng.int(2, 3)) + letters.slice(-rng.int(1, 2))).slice(0, 5);
      const tickers = rng.chance(0.12) ? [ticker, `s${ticker}`] : [ticker];
      add(name, tickers, false);
    }
  }
  return out;
}

const dayString = (d: Date) => d.toISOString().slice(0, 10);
const HOUR = 3_600_000;
const DAY_MS = 86_400_000;
const clampTo = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
const r1 = (v: number) => Math.round(v * 10) / 10;

function weightedChain(rng: Random): Chain {
  const total = CHAIN_WEIGHTS.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [c, w] of CHAIN_WEIGHTS) if ((x -= w) < 0) return c;
  return 'Ethereum';
}

/** Kinds of generated projects, weighted roughly as the long tail of the market is. */
const GENERATED_KINDS: [ProjectCategory, number][] = PROJECT_CATEGORIES.map((k) => [
  k,
  k === 'DEX' || k === 'Lending' || k === 'Yield' || k === 'Gaming' || k === 'Meme'
    ? 8
    : k === 'Layer 1' || k === 'Privacy' || k === 'Data availability'
      ? 0 // a chain of its own: invented projects live on existing chains
      : k === 'Stablecoin' || k === 'Exchange token'
        ? 1
        : 4,
]);
function weightedKind(rng: Random): ProjectCategory {
  const total = GENERATED_KINDS.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [k, w] of GENERATED_KINDS) if ((x -= w) < 0) return k;
  return 'DEX';
}
const KIND_PHRASE: Record<ProjectCategory, string> = {
  'Layer 1': 'a layer-1 blockchain',
  'Layer 2': 'a layer-2 scaling network',
  DEX: 'a decentralized exchange',
  Lending: 'a lending protocol',
  Stablecoin: 'a stablecoin',
  'Liquid staking': 'a liquid staking protocol',
  Yield: 'a yield aggregator',
  Bridge: 'a cross-chain bridge',
  Oracle: 'an oracle network',
  Derivatives: 'a derivatives protocol',
  'Exchange token': 'an exchange token',
  Payments: 'a payments network',
  Gaming: 'a GameFi project',
  NFT: 'an NFT marketplace',
  Infrastructure: 'an infrastructure project',
  Privacy: 'a privacy coin',
  Meme: 'a meme token',
  Storage: 'a decentralized storage network',
  Governance: 'a DAO tooling project',
  'Data availability': 'a data availability layer',
};

/**
 * How a contract's address is stored: EVM addresses lower-case (the key the indexer, monitoring and the skynet routes
 * look contracts up by; pages show them EIP-55 checksummed, viem's getAddress), others as their chain writes them.
 */
export function contractKey(chain: Chain, address: string): string {
  return isEvm(chain) ? address.toLowerCase() : address;
}

/** Days of alerts counted by the incident signals. */
const INCIDENT_WINDOW_DAYS = 365;
/** Generated (demo) market caps stay below the snapshot's smallest figure. */
const DEMO_CAP_MAX = Math.floor(SNAPSHOT_MIN_CAP_USD * 0.9);

/** Days from the middle of `year` to `today` (at least 30). */
function daysSinceYear(year: number, today: Date): number {
  return Math.max(30, Math.round((today.getTime() - Date.UTC(year, 6, 1)) / DAY_MS));
}

/** A kind's own events and calls (invented projects), with the token's. */
function kindActivity(kind: ProjectCategory): { events: string[]; calls: string[] } {
  return {
    events: [...TOKEN_EVENTS, ...(KIND_EVENTS[kind] ?? [])],
    calls: [...TOKEN_CALLS, ...(KIND_CALLS[kind] ?? [])],
  };
}

/**
 * One project's full record, deterministic in (identity, today). The record carries raw signals (see
 * server/ratings/methodology.ts for their units), never scores: they are computed from the signals. A hidden
 * per-project quality drives every signal; known projects get their real kind, chains, token contracts, launch
 * year and (for the snapshot's assets) market cap, and a quality from their market standing.
 */
export function generateProject(identity: Identity, _index: number, today: Date): GeneratedProject {
  const rng = new Random(`project:${identity.id}`);
  const ticker = identity.tickers[0]!;
  const known = identity.known ? KNOWN_PROJECTS.get(identity.known) : undefined;
  const deployments = known ? tokenDeployments(known) : [];
  let chainList: Chain[];
  if (known) {
    const chains = new Set<Chain>(known.chains);
    for (const d of tokenDeployments(known, { all: true })) chains.add(d.chain);
    chainList = [...chains];
  } else {
    const chains = new Set<Chain>([weightedChain(rng)]);
    while (rng.chance(0.3) && chains.size < 5) chains.add(weightedChain(rng));
    chainList = [...chains];
  }
  const kind: ProjectCategory = known ? known.kind : weightedKind(rng);
  // Quality 0–1: the hidden trait every signal leans on. Known projects by their standing; the rest vary, and
  // stay below the blue chips.
  const quality = known
    ? clampTo(0.25 + 0.72 * known.standing + rng.normal() * 0.03, 0, 1)
    : clampTo(0.42 + rng.normal() * 0.16, 0.02, 0.75);
  const q = quality;
  const stable = kind === 'Stablecoin';
  const nativeCoin = !!known?.native;
  const ownChain = nativeCoin || kind === 'Layer 1' || kind === 'Privacy';

  // ---- contracts and privileged roles (demo figures; known tokens at their true addresses) ----
  const contracts: ContractRecord[] = [];
  // Known projects keep to the levers their kind of token has: no pause or upgrade on a plain token.
  const levers = known
    ? FUNCTIONS.filter(([sig]) =>
        stable ? true : !/^(pause|unpause|upgradeTo|blacklist|emergencyWithdraw|setOracle)\(/.test(sig),
      )
    : FUNCTIONS;
  const makeContract = (chain: Chain, address: string, label: string): ContractRecord => {
    const holders = Array.from({ length: rng.int(2, 4) }, () => ({
      address: poolAddress(rng, chain),
      role: rng.pick(ROLES),
      isContract: rng.chance(0.15 + 0.8 * q),
    }));
    let fns = rng
      .sample(levers, rng.int(3, Math.min(7, levers.length)))
      .map(([signature, modifier, risk]) => ({ signature, modifier, risk }));
    // Better-run projects keep fewer high-risk levers (but every contract keeps at least one function).
    if (rng.chance(q * 0.8)) {
      const safer = fns.filter((f) => f.risk !== 'high');
      if (safer.length > 0) fns = [...safer, ...fns.filter((f) => f.risk === 'high').slice(0, rng.int(0, 1))];
    }
    let t = today.getTime() - rng.int(0, 36) * HOUR;
    // Privileged calls are rare: most contracts have a handful, a busy quarter has more than a page (20).
    const txs = Array.from({ length: rng.chance(0.25) ? rng.int(20, 30) : rng.int(3, 12) }, () => {
      t -= rng.int(1, 120) * HOUR;
      return {
        hash: randomTxHash(rng, chain),
        function: rng.pick(fns).signature,
        from: rng.pick(holders).address,
        timestamp: new Date(t).toISOString(),
      };
    });
    return {
      address,
      chain,
      label,
      privilegedAddresses: holders,
      privilegedFunctions: fns,
      privilegedTransactions: txs,
      // Demo figures: nothing here is read from a chain.
      monitor: false,
    };
  };
  if (known) {
    for (const d of deployments) {
      const decimals = d.decimals == null ? '' : `, ${d.decimals} decimals`;
      contracts.push(makeContract(d.chain, contractKey(d.chain, d.address), `${d.symbol} token${decimals}`));
    }
  } else {
    const c0 = rng.next();
    const contractCount = c0 < 0.6 ? 1 : c0 < 0.85 ? 2 : 3;
    for (let c = 0; c < contractCount; c++) {
      const chain = c === 0 ? chainList[0]! : rng.pick(chainList);
      const label = c === 0 ? 'Token' : rng.pick(LABELS);
      const address = isEvm(chain)
        ? `0x${rng.hex(40)}`
        : randomAddress(rng, chain, `${label}-${identity.id}`);
      contracts.push(makeContract(chain, address, label));
    }
  }

  // ---- markets (demo figures that fit the kind and chains) ----
  const scale = known ? 20 : 3;
  const ranked = <T extends { count: number }>(items: T[]) => items.sort((x, y) => y.count - x.count);
  const dexes = [...new Set(chainList.flatMap((c) => DEXES[c] ?? []))].filter(
    (d) => stable || !STABLE_DEXES.has(d) || kind === 'DEX',
  );
  // A coin of a chain of its own trades where its chain's DEXes are (none we list for most) and on exchanges.
  const venues = known
    ? [...CEXES, ...(nativeCoin && CHAIN_KIND[chainList[0]!] === 'other' ? [] : dexes)]
    : [...dexes, ...CEXES.slice(4)];
  const exchangeCount = known
    ? clampTo(Math.round(3 + known.standing * 11 + rng.normal()), 2, venues.length)
    : Math.min(venues.length, rng.int(1, 3) + Math.round(q * 5));
  const liquidityExp = known ? 4.5 + known.standing * 3.5 : 2.5 + q * 4.5;
  // Contract activity: only where there are contracts; known tokens show token-level activity only.
  const activity = known
    ? {
        events: [
          ...TOKEN_EVENTS,
          ...(stable ? ['Mint', 'Burn'] : []),
          ...(DELEGATING.has(known.symbol) ? DELEGATION_EVENTS : []),
        ],
        calls: [
          ...TOKEN_CALLS,
          ...(stable ? ['permit(address,address,uint256,uint256,uint8,bytes32,bytes32)'] : []),
          ...(DELEGATING.has(known.symbol) ? DELEGATION_CALLS : []),
        ],
      }
    : kindActivity(kind);
  if (!known) activity.events.push(...rng.sample(ADMIN_EVENTS, rng.int(0, 2)));
  const hasContracts = contracts.length > 0;
  const callerChain = contracts[0]?.chain ?? chainList[0]!;
  const monitoring = {
    topCallers: hasContracts
      ? ranked(
          rng.sample(CALLERS, rng.int(10, 14)).map((name) => ({
            name,
            count: Math.round(rng.next() ** 2 * 5000 * scale) + 10,
            address: poolAddress(rng, callerChain),
          })),
        )
      : [],
    topEvents: hasContracts
      ? ranked(
          activity.events.map((name) => ({ name, count: Math.round(rng.next() ** 2 * 20000 * scale) + 5 })),
        )
      : [],
    topFunctionCalls: hasContracts
      ? ranked(
          activity.calls.map((name) => ({ name, count: Math.round(rng.next() ** 2 * 12000 * scale) + 5 })),
        )
      : [],
    exchanges: rng
      .sample(venues, exchangeCount)
      .map((exchange) => ({
        exchange,
        volumeUsd: Math.round(10 ** (liquidityExp + 0.5 + rng.next() * 1.2)),
        liquidityUsd: Math.round(10 ** (liquidityExp + rng.next() * 0.8)),
        pairs: rng.int(1, 40),
      }))
      .sort((x, y) => y.volumeUsd - x.volumeUsd),
    updatedAt: new Date(today.getTime() - rng.int(1, 20) * 60_000).toISOString(),
  };

  // ---- incidents: on real projects only from the shipped public list; generated ones on invented projects ----
  const alerts: GeneratedProject['alerts'] = [];
  const troubled = known?.troubled ?? false;
  if (known) {
    for (const i of KNOWN_INCIDENTS) {
      if (i.symbol !== known.symbol || Date.parse(i.occurredAt) > today.getTime()) continue;
      alerts.push({
        severity: i.severity,
        title: i.title,
        description: `${i.description} Source: ${i.source}`,
        lossUsd: i.lossUsd,
        occurredAt: new Date(i.occurredAt).toISOString(),
      });
    }
  } else if (rng.chance(0.02 + 0.12 * (1 - q) ** 2)) {
    for (let n = rng.int(1, 2); n > 0; n--) {
      const [title, description] = rng.pick(ALERTS);
      const s = rng.next();
      alerts.push({
        severity: s < 0.2 ? 'critical' : s < 0.5 ? 'high' : s < 0.8 ? 'medium' : 'low',
        title: `${identity.name}: ${title}`,
        description,
        lossUsd: rng.chance(0.7) ? Math.round(10 ** (4 + rng.next() * 3.5)) : null,
        occurredAt: new Date(today.getTime() - rng.int(1, INCIDENT_WINDOW_DAYS * 24) * HOUR).toISOString(),
      });
    }
  }

  // ---- signals, consistent with the sections above ----
  const todayDay = epochDay(today);
  const noise = (sd: number) => rng.normal() * sd;
  // The best-known token protocols are audited, as public record shows; the rest are demo draws.
  const drawnAudited =
    known && !nativeCoin && known.standing >= 0.6
      ? true
      : ownChain && known
        ? rng.chance(0.5 + 0.4 * q)
        : rng.chance(0.2 + 0.7 * q);
  // A native coin has no smart contract to audit: never audited nor in audit (the draws stay, so every later
  // figure of the project is the same).
  const audited = drawnAudited && !nativeCoin;
  const drawnCount = drawnAudited ? clampTo(1 + Math.floor(q * 3.5 + rng.next() * 1.5), 1, 6) : 0;
  const auditCount = audited ? drawnCount : 0;
  const auditInProgress = !drawnAudited && rng.chance(0.2) && !nativeCoin ? 1 : 0;
  const drawnAuditDay = drawnAudited ? todayDay - rng.int(5, Math.round(60 + (1 - q) * 900)) : null;
  const lastAuditDay = audited ? drawnAuditDay : null;
  const noneIfNative = (v: number | null) => (nativeCoin ? null : v);
  const highRiskFunctions = new Set(
    contracts.flatMap((c) => c.privilegedFunctions.filter((f) => f.risk === 'high').map((f) => f.signature)),
  ).size;
  const adminEoaCount = new Set(
    contracts.flatMap((c) => c.privilegedAddresses.filter((a) => !a.isContract).map((a) => a.address)),
  ).size;
  const recent = alerts.filter(
    (a) => Date.parse(a.occurredAt) > today.getTime() - INCIDENT_WINDOW_DAYS * DAY_MS,
  );
  const liquidityUsd = monitoring.exchanges.reduce((s, e) => s + e.liquidityUsd, 0);
  const snapshot = known ? SNAPSHOT_BY_SYMBOL.get(known.symbol) : undefined;
  const demoCap = known
    ? Math.round(10 ** (7.5 + known.standing * 2.5 + noise(0.25)))
    : rng.chance(0.92)
      ? Math.round(10 ** (4.5 + q * 4.5 + noise(0.5)))
      : null;
  const marketCapUsd = snapshot
    ? snapshot.marketCapUsd
    : demoCap == null
      ? null
      : Math.min(demoCap, DEMO_CAP_MAX);
  const noAdmin = nativeCoin || (ownChain && rng.chance(0.8));
  // Age: from the launch year where known; older known tokens at most since 2017; invented ones are young.
  const projectAgeDays = known?.launchYear
    ? daysSinceYear(known.launchYear, today)
    : known
      ? Math.min(Math.round(900 + known.standing * 2500 + rng.int(0, 400)), daysSinceYear(2017, today))
      : rng.int(20, Math.round(200 + q * 1500));
  const signals: SignalValues = {
    auditCount,
    lastAuditDay,
    openFindings: noneIfNative(
      drawnAudited ? Math.max(0, Math.round((1 - q) * 3 * rng.next() + noise(0.3))) : null,
    ),
    bugBountyUsd: rng.chance(0.15 + 0.8 * q)
      ? Math.round(10 ** clampTo(2.5 + q * 4.5 + noise(0.5), 2, 7.3))
      : 0,
    highRiskFunctions,
    marketCapUsd,
    projectAgeDays,
    // A coin native to its own chain has no issuing team to verify (no "KYC" badge on Bitcoin).
    teamKyc: !nativeCoin && rng.chance(0.15 + 0.5 * q) ? 1 : 0,
    top10HolderPct: r1(clampTo(12 + (1 - q) * 60 + noise(8), 3, 98)),
    treasuryRunwayMonths: rng.chance(0.85) ? Math.round(clampTo(q * 48 + noise(8), 0, 120)) : null,
    incidents12m: recent.length,
    incidentLossUsd12m: recent.reduce((s, a) => s + (a.lossUsd ?? 0), 0),
    monitoringUptimePct: r1(clampTo(100 - (1 - q) * 9 * rng.next() - rng.next() * 0.4, 85, 100)),
    timelockCoveragePct: noAdmin ? 100 : Math.round(clampTo(q * 110 * rng.next() + q * 20, 0, 100)),
    incidentResponseHours: r1(clampTo(1 + (1 - q) * 70 * rng.next() + noise(2), 0.5, 200)),
    multisigThreshold: noAdmin
      ? 0
      : rng.chance(0.15 + 0.8 * q)
        ? clampTo(2 + Math.floor(q * 4 * rng.next()), 2, 7)
        : 1,
    timelockHours: noAdmin ? 0 : rng.chance(0.1 + 0.8 * q) ? rng.pick([12, 24, 48, 48, 72, 168]) : 0,
    adminEoaCount: noAdmin ? 0 : adminEoaCount,
    governanceParticipationPct: r1(clampTo(q * 35 * rng.next() + q * 10 + noise(3), 0, 90)),
    liquidityUsd,
    // Stablecoins hold their peg: a 30-day volatility of a few percent at most.
    volatility30dPct: stable
      ? r1(1 + rng.next() * 2)
      : Math.round(clampTo(25 + (1 - q) * 120 + noise(15), 12, 300)),
    exchangeCount: monitoring.exchanges.length,
    slippage1mPct: stable
      ? r1(0.02 + rng.next() * 0.1)
      : r1(clampTo((2e6 / Math.max(liquidityUsd, 1)) * (0.6 + rng.next()), 0.01, 95)),
    socialFollowers: Math.round(
      10 ** (known ? 4.5 + known.standing * 2.8 + noise(0.2) : 1.5 + q * 5 + noise(0.5)),
    ),
    sentiment: Math.round(
      clampTo((q - 0.45) * 120 + noise(15) - (troubled ? 30 : 0) - recent.length * 15, -100, 100),
    ),
    devCommits90d: Math.round(10 ** clampTo(q * 3.5 + noise(0.4), 0, 4.2)),
    holderCount: Math.round(10 ** (known ? 4.5 + known.standing * 3 + noise(0.2) : 1.5 + q * 5 + noise(0.5))),
    auditInProgress,
    // Nothing to audit: the methodology leaves the audit signals out rather than marking the coin down.
    ...(nativeCoin && contracts.length === 0 ? { [AUDITS_NOT_APPLICABLE]: 1 } : {}),
  };

  return {
    id: identity.id,
    name: identity.name,
    tokenTickers: identity.tickers,
    chains: chainList,
    kind,
    logo: identity.icon
      ? `/logos/${(known?.symbol ?? ticker).toLowerCase()}.svg`
      : `/logos/gen/${identity.id}.svg`,
    description: `${identity.name} (${ticker}) is ${KIND_PHRASE[kind]} on ${chainList.join(', ')}. Sentinel monitors its contracts, privileged roles and market activity around the clock.`,
    // Invented projects get a reserved example domain (RFC 2606), never someone's real site.
    website: known ? (known.website ?? null) : rng.chance(0.85) ? `https://${identity.id}.example` : null,
    signals,
    marketCapUsd,
    ...demoMarketFigures(identity.id, kind, marketCapUsd, snapshot, signals.bugBountyUsd ?? 0),
    contracts,
    monitoring,
    alerts,
  };
}

/** What a KYC review may verify, in the order pages list it. */
const KYC_SCOPE = [
  'Team identity',
  'Company registration',
  'Proof of address',
  'Sanctions screening',
] as const;

/**
 * Demo KYC details of a project whose team is verified (`teamKyc`): the tier (gold verifies all four checks, silver
 * three, bronze the team's identity and maybe one more) and the day, up to 150 days back (so some are due a review,
 * 90 days after). Deterministic in (project, today), and separate from the project's own draws.
 */
export function generateKyc(
  projectId: string,
  today: Date,
): { tier: 'gold' | 'silver' | 'bronze'; verifiedOn: string; scope: string[] } {
  const rng = new Random(`kyc:${projectId}`);
  const r = rng.next();
  const tier = r < 0.25 ? 'gold' : r < 0.65 ? 'silver' : 'bronze';
  const count = tier === 'gold' ? 4 : tier === 'silver' ? 3 : rng.int(1, 2);
  return {
    tier,
    verifiedOn: dayString(new Date(today.getTime() - rng.int(3, 150) * DAY_MS)),
    scope: KYC_SCOPE.slice(0, count),
  };
}

export { dayString };

/** The kinds that hold deposits: the only ones with a TVL. */
export const TVL_KINDS: ReadonlySet<ProjectCategory> = new Set([
  'DEX',
  'Lending',
  'Liquid staking',
  'Yield',
  'Bridge',
  'Derivatives',
]);

/**
 * Price, 24 h price change, TVL and bug bounty of a generated project (a random stream of its own, so no other
 * figure moves). Price: the dated snapshot's for the assets listed there (its 24 h change unknown: null); demo data
 * otherwise, the market cap over a drawn supply, and a USD stablecoin within 0.4 % of $1. TVL for DeFi kinds only.
 * The bug bounty is the rating's own signal.
 */
function demoMarketFigures(
  id: string,
  kind: ProjectCategory,
  marketCapUsd: number | null,
  snapshot: { priceUsd: number; peg?: 'USD' | 'XAU' } | undefined,
  bountySignal: number,
): { priceUsd: number | null; priceChange24hPct: number | null; tvlUsd: number | null; bugBountyUsd: number | null } {
  const rng = new Random(`market:${id}`);
  const usdStable = kind === 'Stablecoin' && snapshot?.peg !== 'XAU';
  const round = (n: number) => Number(n.toPrecision(4));
  const priceUsd = snapshot
    ? snapshot.priceUsd
    : marketCapUsd == null
      ? null
      : usdStable
        ? round(1 + (rng.next() - 0.5) * 0.008)
        : round(marketCapUsd / 10 ** (7 + rng.next() * 3.5));
  const priceChange24hPct =
    snapshot || priceUsd === null
      ? null
      : Math.round((usdStable ? (rng.next() - 0.5) * 0.2 : rng.normal() * 4) * 100) / 100;
  const tvlUsd = TVL_KINDS.has(kind)
    ? Math.round(marketCapUsd != null ? marketCapUsd * (0.2 + rng.next() * 2.5) : 10 ** (4 + rng.next() * 4))
    : null;
  return { priceUsd, priceChange24hPct, tvlUsd, bugBountyUsd: bountySignal > 0 ? bountySignal : null };
}
