import { createRequire } from 'node:module';
import { CHAINS, type Chain } from '../../api/projects';
import type { SignalValues } from '../db/schema/ratings';
import { epochDay } from '../ratings/methodology';
import { KNOWN_PROJECTS, PROJECT_KINDS, type ProjectKind } from './known-projects';
import type { SocialType } from '../../api/skynet';
import { Random, hashString } from './random';
import type { ContractRecord, ProjectRecord } from './shape';

/**
 * The deterministic seed generator: the same count and day always give the same projects. Names and tickers are
 * real where the `cryptocurrency-icons` manifest knows them (those projects also get the real icon), the rest are
 * generated. Daily social activity is not part of the records: it is written by SQL (see load.ts) for speed.
 */

type IconEntry = { symbol: string; name: string; color: string };
const require = createRequire(import.meta.url);

let manifestCache: IconEntry[] | undefined;
/** The icon package's manifest (symbol, name, colour), de-duplicated by name. */
export function iconManifest(): IconEntry[] {
  if (manifestCache) return manifestCache;
  const raw = [...(require('cryptocurrency-icons/manifest.json') as IconEntry[])];
  // Best-known tokens first (they trend most and come first in small seeds), then the manifest's order.
  const major = (e: IconEntry) => {
    const i = MAJORS.indexOf(e.symbol);
    return i === -1 ? MAJORS.length : i;
  };
  raw.sort((a, b) => major(a) - major(b));
  const seen = new Set<string>();
  manifestCache = [];
  for (const e of raw) {
    const name = e.name.replace(/\s*[[(].*?[\])]\s*/g, ' ').trim();
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    manifestCache.push({ symbol: e.symbol, name, color: e.color });
  }
  return manifestCache;
}

const MAJORS =
  `BTC ETH USDT BNB SOL XRP USDC ADA DOGE TRX DOT MATIC LINK AVAX ATOM LTC UNI XLM NEAR ETC BCH FIL
ICP APT ARB OP HBAR VET MKR AAVE GRT ALGO FTM SAND MANA AXS EGLD XTZ THETA EOS CRO OKB HT LUNA ONE IOTX KSM COMP SNX
CRV SUSHI YFI 1INCH BAT ZRX ENJ CHZ ZEC DASH XMR NEO QTUM WAVES KNC BAL REN LRC OMG ZIL ICX ONT RVN SC DGB NANO`.split(
    /\s+/,
  );
const NATIVE_CHAIN: Record<string, Chain> = {
  ATOM: 'Cosmos',
  CRO: 'Cronos',
  ETH: 'Ethereum',
  FTM: 'Fantom',
  HT: 'Heco',
  OKB: 'Okex',
  MATIC: 'Polygon',
  SOL: 'Solana',
  LUNA: 'Terra',
  ONE: 'Harmony',
  IOTX: 'IoTeX',
  NEAR: 'Near',
  DOT: 'Polkadot',
  KSM: 'Substrate',
  TRX: 'Tron',
  FRM: 'Ferrum',
};
/** Where generated projects live: Ethereum first, as in the real market. */
const CHAIN_WEIGHTS: [Chain, number][] = CHAINS.map((c) => [
  c,
  c === 'Ethereum' ? 30 : c === 'Polygon' || c === 'Solana' ? 9 : c === 'Tron' || c === 'Near' ? 5 : 3,
]);

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
const EVENTS = [
  'Transfer',
  'Approval',
  'Swap',
  'Deposit',
  'Withdraw',
  'Sync',
  'Mint',
  'Burn',
  'RewardPaid',
  'Staked',
  'OwnershipTransferred',
  'RoleGranted',
  'Paused',
  'Upgraded',
  'Harvest',
  'Claimed',
];
const CALLS = [
  'transfer(address,uint256)',
  'approve(address,uint256)',
  'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
  'deposit(uint256)',
  'withdraw(uint256)',
  'stake(uint256)',
  'claim()',
  'harvest()',
  'transferFrom(address,address,uint256)',
  'multicall(bytes[])',
  'addLiquidity(address,address,uint256,uint256)',
  'removeLiquidity(address,address,uint256)',
  'redeem(uint256)',
  'borrow(uint256)',
  'repay(uint256)',
];
const CALLERS = [
  'Binance Hot Wallet',
  'Coinbase Custody',
  'Uniswap V3 Router',
  '1inch Aggregator',
  'MEV Bot',
  'Wintermute',
  'Jump Trading',
  'OKX Hot Wallet',
  'Kraken Deposit',
  'Gnosis Safe',
  'Arbitrage Bot',
  'Curve Pool',
  'Market Maker',
  'Bridge Relayer',
  'Yield Optimizer',
  'Whale',
];
const EXCHANGES = [
  'Binance',
  'Coinbase',
  'OKX',
  'Kraken',
  'Bybit',
  'KuCoin',
  'Gate.io',
  'HTX',
  'Bitget',
  'Uniswap V3',
  'PancakeSwap',
  'Curve',
  'SushiSwap',
  'Raydium',
  'Orca',
];
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
  kind: ProjectKind;
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

/** Names and tickers for `count` projects: the icon manifest first, then generated compounds. */
export function projectIdentities(
  count: number,
): { id: string; name: string; tickers: string[]; icon: boolean }[] {
  const rng = new Random('identities');
  const out: { id: string; name: string; tickers: string[]; icon: boolean }[] = [];
  const ids = new Set<string>();
  const names = new Set<string>();
  const add = (name: string, tickers: string[], icon: boolean) => {
    let id = slugify(name);
    for (let n = 2; ids.has(id); n++) id = `${slugify(name)}-${n}`;
    ids.add(id);
    names.add(name.toLowerCase());
    out.push({ id, name, tickers, icon });
  };
  for (const e of iconManifest()) {
    if (out.length >= count) return out;
    add(e.name, [e.symbol], true);
  }
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
      if (names.has(name.toLowerCase())) continue;
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
const GENERATED_KINDS: [ProjectKind, number][] = PROJECT_KINDS.map((k) => [
  k,
  k === 'DEX' || k === 'Lending' || k === 'Yield' || k === 'Gaming' || k === 'Meme'
    ? 8
    : k === 'Layer 1' || k === 'Stablecoin' || k === 'Exchange token'
      ? 1
      : 4,
]);
function weightedKind(rng: Random): ProjectKind {
  const total = GENERATED_KINDS.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [k, w] of GENERATED_KINDS) if ((x -= w) < 0) return k;
  return 'DEX';
}
const KIND_PHRASE: Record<ProjectKind, string> = {
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

/** Days of alerts counted by the incident signals. */
const INCIDENT_WINDOW_DAYS = 365;

/**
 * One project's full record, deterministic in (identity, today). The record carries raw signals (see
 * server/ratings/methodology.ts for their units), never scores: they are computed from the signals. A hidden
 * per-project quality drives every signal; the best-known projects (KNOWN_PROJECTS) get their real kind and
 * chains and a quality from their market standing, and the troubled ones carry incidents and losses.
 */
export function generateProject(
  identity: { id: string; name: string; tickers: string[]; icon: boolean },
  _index: number,
  today: Date,
): GeneratedProject {
  const rng = new Random(`project:${identity.id}`);
  const ticker = identity.tickers[0]!;
  const known = identity.icon ? KNOWN_PROJECTS.get(ticker) : undefined;
  let chainList: Chain[];
  if (known) chainList = [...known.chains];
  else {
    const native = NATIVE_CHAIN[ticker];
    const chains = new Set<Chain>(native ? [native] : [weightedChain(rng)]);
    while (rng.chance(0.3) && chains.size < 5) chains.add(weightedChain(rng));
    chainList = [...chains];
  }
  const kind: ProjectKind = known ? known.kind : weightedKind(rng);
  // Quality 0–1: the hidden trait every signal leans on. Known projects by their standing; the rest vary, and
  // stay below the blue chips.
  const quality = known
    ? clampTo(0.25 + 0.72 * known.standing + rng.normal() * 0.03, 0, 1)
    : clampTo((identity.icon ? 0.5 : 0.42) + rng.normal() * 0.16, 0.02, 0.75);
  const q = quality;
  const stable = kind === 'Stablecoin';
  const ownChain = kind === 'Layer 1' || kind === 'Privacy' || (kind === 'Payments' && !!known);

  // ---- contracts and privileged roles ----
  const contracts: ContractRecord[] = [];
  const c0 = rng.next();
  const contractCount = c0 < 0.6 ? 1 : c0 < 0.85 ? 2 : 3;
  for (let c = 0; c < contractCount; c++) {
    const holders = Array.from({ length: rng.int(2, 4) }, () => ({
      address: `0x${rng.hex(40)}`,
      role: rng.pick(ROLES),
      isContract: rng.chance(0.15 + 0.8 * q),
    }));
    let fns = rng
      .sample(FUNCTIONS, rng.int(3, 7))
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
        hash: `0x${rng.hex(64)}`,
        function: rng.pick(fns).signature,
        from: rng.pick(holders).address,
        timestamp: new Date(t).toISOString(),
      };
    });
    contracts.push({
      address: `0x${rng.hex(40)}`,
      chain: c === 0 ? chainList[0]! : rng.pick(chainList),
      label: c === 0 ? 'Token' : rng.pick(LABELS),
      privilegedAddresses: holders,
      privilegedFunctions: fns,
      privilegedTransactions: txs,
    });
  }

  // ---- markets ----
  const scale = identity.icon ? 20 : 3;
  const ranked = <T extends { count: number }>(items: T[]) => items.sort((x, y) => y.count - x.count);
  const exchangeCount = known
    ? clampTo(Math.round(3 + known.standing * 11 + rng.normal()), 2, EXCHANGES.length)
    : rng.int(1, 3) + Math.round(q * 5);
  const liquidityExp = known ? 4.5 + known.standing * 3.5 : 2.5 + q * 4.5;
  const monitoring = {
    topCallers: ranked(
      rng.sample(CALLERS, rng.int(10, 14)).map((name) => ({
        name,
        count: Math.round(rng.next() ** 2 * 5000 * scale) + 10,
        address: `0x${rng.hex(40)}`,
      })),
    ),
    topEvents: ranked(
      rng
        .sample(EVENTS, rng.int(10, 13))
        .map((name) => ({ name, count: Math.round(rng.next() ** 2 * 20000 * scale) + 5 })),
    ),
    topFunctionCalls: ranked(
      rng
        .sample(CALLS, rng.int(10, 13))
        .map((name) => ({ name, count: Math.round(rng.next() ** 2 * 12000 * scale) + 5 })),
    ),
    exchanges: rng
      .sample(EXCHANGES, exchangeCount)
      .map((exchange) => ({
        exchange,
        volumeUsd: Math.round(10 ** (liquidityExp + 0.5 + rng.next() * 1.2)),
        liquidityUsd: Math.round(10 ** (liquidityExp + rng.next() * 0.8)),
        pairs: rng.int(1, 40),
      }))
      .sort((x, y) => y.volumeUsd - x.volumeUsd),
    updatedAt: new Date(today.getTime() - rng.int(1, 20) * 60_000).toISOString(),
  };

  // ---- incidents ----
  const alerts: GeneratedProject['alerts'] = [];
  const troubled = known?.troubled ?? false;
  if (troubled || rng.chance(0.02 + 0.12 * (1 - q) ** 2)) {
    for (let n = troubled ? rng.int(1, 2) : rng.int(1, 2); n > 0; n--) {
      const [title, description] = rng.pick(ALERTS);
      const s = rng.next();
      alerts.push({
        severity: s < 0.2 ? 'critical' : s < 0.5 ? 'high' : s < 0.8 ? 'medium' : 'low',
        title: `${identity.name}: ${title}`,
        description,
        lossUsd: troubled || rng.chance(0.7) ? Math.round(10 ** (4 + rng.next() * (troubled ? 4.5 : 3.5))) : null,
        occurredAt: new Date(today.getTime() - rng.int(1, INCIDENT_WINDOW_DAYS * 24) * HOUR).toISOString(),
      });
    }
  }

  // ---- signals, consistent with the sections above ----
  const todayDay = epochDay(today);
  const noise = (sd: number) => rng.normal() * sd;
  const audited = ownChain && known ? rng.chance(0.5 + 0.4 * q) : rng.chance(0.2 + 0.7 * q);
  const auditCount = audited ? clampTo(1 + Math.floor(q * 3.5 + rng.next() * 1.5), 1, 6) : 0;
  const auditInProgress = !audited && rng.chance(0.2) ? 1 : 0;
  const lastAuditDay = audited ? todayDay - rng.int(5, Math.round(60 + (1 - q) * 900)) : null;
  const highRiskFunctions = new Set(
    contracts.flatMap((c) => c.privilegedFunctions.filter((f) => f.risk === 'high').map((f) => f.signature)),
  ).size;
  const adminEoaCount = new Set(
    contracts.flatMap((c) => c.privilegedAddresses.filter((a) => !a.isContract).map((a) => a.address)),
  ).size;
  const recent = alerts.filter((a) => Date.parse(a.occurredAt) > today.getTime() - INCIDENT_WINDOW_DAYS * DAY_MS);
  const liquidityUsd = monitoring.exchanges.reduce((s, e) => s + e.liquidityUsd, 0);
  const marketCapUsd = known
    ? Math.round(10 ** (7.5 + known.standing * 4.2 + noise(0.25)))
    : rng.chance(0.92)
      ? Math.round(10 ** (4.5 + q * 4.5 + noise(0.5)))
      : null;
  const noAdmin = ownChain && rng.chance(0.8);
  const signals: SignalValues = {
    auditCount,
    lastAuditDay,
    openFindings: audited ? Math.max(0, Math.round((1 - q) * 3 * rng.next() + noise(0.3))) : null,
    bugBountyUsd: rng.chance(0.15 + 0.8 * q) ? Math.round(10 ** clampTo(2.5 + q * 4.5 + noise(0.5), 2, 7.3)) : 0,
    highRiskFunctions,
    marketCapUsd,
    projectAgeDays: known
      ? Math.round(900 + known.standing * 3500 + rng.int(0, 400))
      : rng.int(20, Math.round(200 + q * 1500)),
    teamKyc: rng.chance(0.15 + 0.5 * q) ? 1 : 0,
    top10HolderPct: r1(clampTo(12 + (1 - q) * 60 + noise(8), 3, 98)),
    treasuryRunwayMonths: rng.chance(0.85) ? Math.round(clampTo(q * 48 + noise(8), 0, 120)) : null,
    incidents12m: recent.length,
    incidentLossUsd12m: recent.reduce((s, a) => s + (a.lossUsd ?? 0), 0),
    monitoringUptimePct: r1(clampTo(100 - (1 - q) * 9 * rng.next() - rng.next() * 0.4, 85, 100)),
    timelockCoveragePct: noAdmin ? 100 : Math.round(clampTo(q * 110 * rng.next() + q * 20, 0, 100)),
    incidentResponseHours: r1(clampTo(1 + (1 - q) * 70 * rng.next() + noise(2), 0.5, 200)),
    multisigThreshold: noAdmin ? 0 : rng.chance(0.15 + 0.8 * q) ? clampTo(2 + Math.floor(q * 4 * rng.next()), 2, 7) : 1,
    timelockHours: noAdmin ? 0 : rng.chance(0.1 + 0.8 * q) ? rng.pick([12, 24, 48, 48, 72, 168]) : 0,
    adminEoaCount: noAdmin ? 0 : adminEoaCount,
    governanceParticipationPct: r1(clampTo(q * 35 * rng.next() + q * 10 + noise(3), 0, 90)),
    liquidityUsd,
    volatility30dPct: stable ? r1(1 + rng.next() * 2) : Math.round(clampTo(25 + (1 - q) * 120 + noise(15), 12, 300)),
    exchangeCount: monitoring.exchanges.length,
    slippage1mPct: stable ? r1(0.02 + rng.next() * 0.1) : r1(clampTo((2e6 / Math.max(liquidityUsd, 1)) * (0.6 + rng.next()), 0.01, 95)),
    socialFollowers: Math.round(10 ** (known ? 4.5 + known.standing * 2.8 + noise(0.2) : 1.5 + q * 5 + noise(0.5))),
    sentiment: Math.round(clampTo((q - 0.45) * 120 + noise(15) - (troubled ? 30 : 0) - recent.length * 15, -100, 100)),
    devCommits90d: Math.round(10 ** clampTo(q * 3.5 + noise(0.4), 0, 4.2)),
    holderCount: Math.round(10 ** (known ? 4.5 + known.standing * 3 + noise(0.2) : 1.5 + q * 5 + noise(0.5))),
    auditInProgress,
  };

  return {
    id: identity.id,
    name: identity.name,
    tokenTickers: identity.tickers,
    chains: chainList,
    kind,
    logo: identity.icon ? `/logos/${ticker.toLowerCase()}.svg` : `/logos/gen/${identity.id}.svg`,
    description: `${identity.name} (${ticker}) is ${KIND_PHRASE[kind]} on ${chainList.join(', ')}. Sentinel monitors its contracts, privileged roles and market activity around the clock.`,
    website: rng.chance(0.85) ? `https://${identity.id}.io` : null,
    signals,
    marketCapUsd,
    contracts,
    monitoring,
    alerts,
  };
}

export { dayString };
