import { createRequire } from 'node:module';
import { CHAINS, type Chain, type SubScores } from '../../api/projects';
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
const CATEGORIES = [
  'DeFi lending',
  'decentralized exchange',
  'yield aggregator',
  'cross-chain bridge',
  'liquid staking',
  'NFT marketplace',
  'GameFi',
  'layer-2 scaling',
  'oracle',
  'payments',
  'derivatives',
  'stablecoin',
  'DAO tooling',
  'data availability',
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

const clamp = (v: number) => Math.max(0, Math.min(100, Math.round(v * 10) / 10));
const dayString = (d: Date) => d.toISOString().slice(0, 10);
const daysBefore = (today: Date, days: number) => new Date(today.getTime() - days * 86_400_000);

function weightedChain(rng: Random): Chain {
  const total = CHAIN_WEIGHTS.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [c, w] of CHAIN_WEIGHTS) if ((x -= w) < 0) return c;
  return 'Ethereum';
}

/** The highest code-security sub-score a project without a completed audit gets. */
export const UNAUDITED_CODE_SECURITY_MAX = 72;

/** One project's full record, deterministic in (identity, today). */
export function generateProject(
  identity: { id: string; name: string; tickers: string[]; icon: boolean },
  index: number,
  today: Date,
): GeneratedProject {
  const rng = new Random(`project:${identity.id}`);
  const ticker = identity.tickers[0]!;
  const native = NATIVE_CHAIN[ticker];
  const chains = new Set<Chain>(native ? [native] : [weightedChain(rng)]);
  while (rng.chance(0.3) && chains.size < 5) chains.add(weightedChain(rng));

  // Well-known (manifest) projects lean towards better ratings.
  // Capped so that even the best projects differ by category instead of all reading 100.
  const quality = Math.min(90, (identity.icon ? 68 : 58) + rng.normal() * 13);
  const sub = (): number => clamp(quality + rng.normal() * 9);
  const subScores: SubScores = {
    codeSecurity: sub(),
    fundamentalHealth: sub(),
    operationalResilience: sub(),
    governanceStrength: sub(),
    marketStability: sub(),
    communityTrust: sub(),
  };
  const a = rng.next();
  const auditStatus = a < 0.55 ? 'audited' : a < 0.63 ? 'in_progress' : 'none';
  const auditDate = auditStatus === 'audited' ? dayString(daysBefore(today, rng.int(1, 1000))) : null;
  // Code that no completed audit has reviewed cannot earn a top code-security score.
  if (auditStatus !== 'audited')
    subScores.codeSecurity = Math.min(subScores.codeSecurity, UNAUDITED_CODE_SECURITY_MAX);
  const category = rng.pick(CATEGORIES);
  const chainList = [...chains];

  const contracts: ContractRecord[] = [];
  const c0 = rng.next();
  const contractCount = c0 < 0.6 ? 1 : c0 < 0.85 ? 2 : 3;
  for (let c = 0; c < contractCount; c++) {
    const holders = Array.from({ length: rng.int(2, 4) }, () => ({
      address: `0x${rng.hex(40)}`,
      role: rng.pick(ROLES),
      isContract: rng.chance(0.4),
    }));
    const fns = rng
      .sample(FUNCTIONS, rng.int(3, 7))
      .map(([signature, modifier, risk]) => ({ signature, modifier, risk }));
    let t = today.getTime() - rng.int(0, 36) * 3_600_000;
    // Privileged calls are rare: most contracts have a handful, a busy quarter has more than a page (20).
    const txs = Array.from({ length: rng.chance(0.25) ? rng.int(20, 30) : rng.int(3, 12) }, () => {
      t -= rng.int(1, 120) * 3_600_000;
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

  const scale = identity.icon ? 20 : 3;
  const ranked = <T extends { count: number }>(items: T[]) => items.sort((x, y) => y.count - x.count);
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
      .sample(EXCHANGES, rng.int(2, 7))
      .map((exchange) => ({
        exchange,
        volumeUsd: Math.round(10 ** (4 + rng.next() * (identity.icon ? 5 : 3.5))),
        liquidityUsd: Math.round(10 ** (4 + rng.next() * (identity.icon ? 4.5 : 3))),
        pairs: rng.int(1, 40),
      }))
      .sort((x, y) => y.volumeUsd - x.volumeUsd),
    updatedAt: new Date(today.getTime() - rng.int(1, 20) * 60_000).toISOString(),
  };

  const alerts: GeneratedProject['alerts'] = [];
  if (rng.chance(0.05)) {
    for (let n = rng.int(1, 2); n > 0; n--) {
      const [title, description] = rng.pick(ALERTS);
      const s = rng.next();
      alerts.push({
        severity: s < 0.2 ? 'critical' : s < 0.5 ? 'high' : s < 0.8 ? 'medium' : 'low',
        title: `${identity.name}: ${title}`,
        description,
        lossUsd: rng.chance(0.7) ? Math.round(10 ** (4 + rng.next() * 4)) : null,
        occurredAt: new Date(today.getTime() - rng.int(1, 365 * 24) * 3_600_000).toISOString(),
      });
    }
  }

  return {
    id: identity.id,
    name: identity.name,
    tokenTickers: identity.tickers,
    chains: chainList,
    logo: identity.icon ? `/logos/${ticker.toLowerCase()}.svg` : `/logos/gen/${identity.id}.svg`,
    description: `${identity.name} (${ticker}) is a ${category} project on ${chainList.join(', ')}. Sentinel monitors its contracts, privileged roles and market activity around the clock.`,
    website: rng.chance(0.85) ? `https://${identity.id}.io` : null,
    subScores,
    auditStatus,
    auditDate,
    kyc: rng.chance(0.35),
    marketCapUsd: rng.chance(0.9) ? Math.round(10 ** ((identity.icon ? 7 : 5) + rng.next() * 4)) : null,
    // Earlier (better known) projects trend more, with noise.
    trendScore: Math.round((rng.next() * 100 + (identity.icon ? 60 : 0) + 40 / (1 + index / 50)) * 10) / 10,
    contracts,
    monitoring,
    alerts,
  };
}
