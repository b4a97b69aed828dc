/**
 * Public incidents, shipped as data: a short list of well-documented exploits, each with its date, an approximate
 * loss in US dollars as reported at the time, the funds returned where the source settles it, and a public source.
 * The seed pins an incident on a real project only from this list; generated alerts go on invented projects only.
 */
export type KnownIncident = {
  /** The curated symbol of the project (server/seed/known-projects.ts); absent when the project is not rated here. */
  symbol?: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  title: string;
  description: string;
  lossUsd: number;
  /**
   * Funds given back (by the attacker or recovered from them), in US dollars as reported; 0 when the source says
   * nothing came back, null when it does not settle the figure (shown as unknown, never as 0).
   */
  returnedUsd: number | null;
  occurredAt: string;
  source: string;
};

export const KNOWN_INCIDENTS: readonly KnownIncident[] = [
  {
    symbol: 'ONE',
    severity: 'critical',
    title: 'Harmony: Horizon bridge exploit',
    description:
      'Keys of the Horizon bridge multisig (2 of 5) were compromised and about $100M in assets were withdrawn from its Ethereum side.',
    lossUsd: 100_000_000,
    // Laundered through Tornado Cash; nothing came back to the bridge.
    returnedUsd: 0,
    occurredAt: '2022-06-23T00:00:00Z',
    source: 'https://rekt.news/harmony-rekt/',
  },
  {
    symbol: 'BNB',
    severity: 'critical',
    title: 'BNB Chain: BSC Token Hub bridge exploit',
    description:
      'A forged proof accepted by the BSC Token Hub cross-chain bridge minted 2M BNB; BNB Chain halted the network, and roughly $100M was moved off the chain before it stopped.',
    lossUsd: 100_000_000,
    // Part was frozen by issuers and exchanges, not returned; no settled figure.
    returnedUsd: null,
    occurredAt: '2022-10-06T00:00:00Z',
    source: 'https://rekt.news/bnb-bridge-rekt/',
  },
  {
    symbol: 'CRV',
    severity: 'high',
    title: 'Curve: Vyper re-entrancy exploit',
    description:
      'A re-entrancy lock bug in some Vyper compiler versions let attackers drain several Curve pools (and pools of protocols built on them); about $70M was taken.',
    lossUsd: 70_000_000,
    // White hats and the attackers gave much of it back in the weeks after; the reported shares differ (73-79 %).
    returnedUsd: null,
    occurredAt: '2023-07-30T00:00:00Z',
    source: 'https://rekt.news/curve-vyper-rekt/',
  },
  {
    symbol: 'ANKR',
    severity: 'high',
    title: 'Ankr: aBNBc token exploit',
    description:
      'A compromised deployer key was used to upgrade the aBNBc token contract and mint unbacked tokens, which were sold for about $5M.',
    lossUsd: 5_000_000,
    returnedUsd: null,
    occurredAt: '2022-12-02T00:00:00Z',
    source: 'https://rekt.news/ankr-helio-rekt/',
  },
  {
    severity: 'critical',
    title: 'Poly Network: cross-chain keeper exploit',
    description:
      'A crafted cross-chain message made the attacker the keeper of the bridge contracts on Ethereum, BNB Chain and Polygon, and about $610M was withdrawn; the attacker returned everything except about $33M in USDT that Tether had frozen.',
    lossUsd: 610_000_000,
    returnedUsd: 577_000_000,
    occurredAt: '2021-08-10T00:00:00Z',
    source:
      'https://www.coindesk.com/markets/2021/08/12/most-of-stolen-funds-from-poly-network-hack-have-now-been-returned',
  },
  {
    severity: 'critical',
    title: 'Wormhole: Solana bridge signature bypass',
    description:
      'A flaw in signature verification on the Solana side let the attacker mint 120,000 wETH without backing and redeem most of it for ETH; Jump Crypto replaced the 120,000 ETH a day later.',
    lossUsd: 320_000_000,
    // Not returned by the attacker; part was recovered from them in 2023 without a settled figure.
    returnedUsd: null,
    occurredAt: '2022-02-02T00:00:00Z',
    source: 'https://decrypt.co/91962/crypto-bridge-wormhole-replenished-after-hack-320m-ethereum',
  },
  {
    severity: 'critical',
    title: 'Euler Finance: flash loan exploit',
    description:
      'A flash loan attack on the lending protocol took about $197M; after negotiations the attacker returned all recoverable stolen assets within three weeks.',
    lossUsd: 197_000_000,
    returnedUsd: 197_000_000,
    occurredAt: '2023-03-13T00:00:00Z',
    source: 'https://www.siliconrepublic.com/enterprise/euler-finance-hacker-returns-stolen-funds-apologises',
  },
];
