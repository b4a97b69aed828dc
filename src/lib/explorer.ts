import { CHAIN_KIND, type Chain } from '../../api/projects';

/** What an explorer link points at: an account or contract, or a transaction. */
export type ExplorerTarget = 'address' | 'tx';

type Paths = { address: string | null; tx: string | null };

/** Etherscan-like explorers (and the `explorer` of a configured chain) serve `/address/…` and `/tx/…`. */
const etherscanLike = (base: string): Paths => ({ address: `${base}/address/`, tx: `${base}/tx/` });

/** Blockchair serves several UTXO chains under one scheme: `/<coin>/address/…` and `/<coin>/transaction/…`. */
const blockchair = (coin: string): Paths => ({
  address: `https://blockchair.com/${coin}/address/`,
  tx: `https://blockchair.com/${coin}/transaction/`,
});

/**
 * Public block explorers per chain of api/projects.ts CHAINS. The EVM ones are viem's `blockExplorers.default` for
 * the chain ids of server/seed/chains.ts (tests/unit/explorer.test.ts keeps them in step); the others use their own
 * paths. A chain missing here (the embedded devnet, chains with no stable public explorer) gets no link.
 */
const EXPLORERS: Partial<Record<Chain, Paths>> = {
  Ethereum: etherscanLike('https://etherscan.io'),
  'BNB Chain': etherscanLike('https://bscscan.com'),
  Arbitrum: etherscanLike('https://arbiscan.io'),
  Base: etherscanLike('https://basescan.org'),
  Optimism: etherscanLike('https://optimistic.etherscan.io'),
  Polygon: etherscanLike('https://polygonscan.com'),
  Avalanche: etherscanLike('https://snowtrace.io'),
  'Ethereum Classic': etherscanLike('https://blockscout.com/etc/mainnet'),
  Mantle: etherscanLike('https://mantlescan.xyz'),
  Fantom: etherscanLike('https://ftmscan.com'),
  Cronos: etherscanLike('https://explorer.cronos.org'),
  Harmony: etherscanLike('https://explorer.harmony.one'),
  IoTeX: etherscanLike('https://iotexscan.io'),
  Okex: etherscanLike('https://www.oklink.com/okc'),
  Bitcoin: { address: 'https://mempool.space/address/', tx: 'https://mempool.space/tx/' },
  Solana: { address: 'https://explorer.solana.com/address/', tx: 'https://explorer.solana.com/tx/' },
  Tron: { address: 'https://tronscan.org/#/address/', tx: 'https://tronscan.org/#/transaction/' },
  'XRP Ledger': {
    address: 'https://livenet.xrpl.org/accounts/',
    tx: 'https://livenet.xrpl.org/transactions/',
  },
  Cardano: { address: 'https://cardanoscan.io/address/', tx: 'https://cardanoscan.io/transaction/' },
  Dogecoin: blockchair('dogecoin'),
  Litecoin: blockchair('litecoin'),
  'Bitcoin Cash': blockchair('bitcoin-cash'),
  // Monero hides who holds what: an explorer shows transactions, never an address.
  Monero: { address: null, tx: 'https://xmrchain.net/tx/' },
  Stellar: {
    address: 'https://stellar.expert/explorer/public/account/',
    tx: 'https://stellar.expert/explorer/public/tx/',
  },
  TON: { address: 'https://tonviewer.com/', tx: 'https://tonviewer.com/transaction/' },
  Sui: { address: 'https://suiscan.xyz/mainnet/account/', tx: 'https://suiscan.xyz/mainnet/tx/' },
  Hedera: { address: 'https://hashscan.io/mainnet/account/', tx: 'https://hashscan.io/mainnet/transaction/' },
  Algorand: { address: 'https://allo.info/account/', tx: 'https://allo.info/tx/' },
  Tezos: { address: 'https://tzkt.io/', tx: 'https://tzkt.io/' },
  Zcash: blockchair('zcash'),
  Dash: blockchair('dash'),
  Kaspa: { address: 'https://explorer.kaspa.org/addresses/', tx: 'https://explorer.kaspa.org/txs/' },
  Near: { address: 'https://nearblocks.io/address/', tx: 'https://nearblocks.io/txns/' },
  Cosmos: { address: 'https://www.mintscan.io/cosmos/address/', tx: 'https://www.mintscan.io/cosmos/tx/' },
  Polkadot: { address: 'https://polkadot.subscan.io/account/', tx: 'https://polkadot.subscan.io/extrinsic/' },
};

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const EVM_TX = /^0x[0-9a-fA-F]{64}$/;
/** Other chains' addresses and hashes: letters, digits and the few separators their formats use. */
const OTHER_VALUE = /^[0-9A-Za-z][0-9A-Za-z._:-]{0,127}$/;

const isChain = (name: string): name is Chain => Object.hasOwn(CHAIN_KIND, name);

/** Where a value lives: the chain's name as the API sends it, and its EIP-155 id when the server reads it. */
export type ExplorerChain = { chain: string; chainId?: number | null };
/** The `explorer` base URL of each configured chain (GET /api/chains), by chain id. */
export type ConfiguredExplorers = ReadonlyMap<number, string>;

/** The configured chains' explorers from GET /api/chains, by chain id. */
export function configuredExplorers(
  chains: readonly { id: number; explorer?: string }[],
): ConfiguredExplorers {
  const map = new Map<number, string>();
  for (const c of chains) if (c.explorer) map.set(c.id, c.explorer.replace(/\/+$/, ''));
  return map;
}

/**
 * The block-explorer page of an address or a transaction hash, or null when there is none (the embedded devnet, a
 * chain without a known explorer, a value not in the chain's format). A configured chain's own explorer wins over
 * the public one of its name.
 */
export function explorerUrl(
  where: ExplorerChain,
  target: ExplorerTarget,
  value: string,
  configured?: ConfiguredExplorers,
): string | null {
  const own = where.chainId != null ? configured?.get(where.chainId) : undefined;
  const evm = own !== undefined || (isChain(where.chain) && CHAIN_KIND[where.chain] === 'evm');
  const valid = evm ? (target === 'address' ? EVM_ADDRESS : EVM_TX).test(value) : OTHER_VALUE.test(value);
  if (!valid) return null;
  const paths =
    own !== undefined ? etherscanLike(own) : isChain(where.chain) ? EXPLORERS[where.chain] : undefined;
  const prefix = paths?.[target];
  return prefix ? prefix + encodeURIComponent(value) : null;
}
