import { createRequire } from 'node:module';
import { getAddress } from 'viem';
import { CHAINS, type Chain } from '../../api/projects';
import { EVM_CHAIN_IDS, TOKEN_LIST_SOLANA_ID } from './chains';
import type { KnownProject } from './known-projects';

/**
 * True token identity from the maintained Uniswap default token list (`@uniswap/default-token-list`): for a known
 * project, its token's address on each supported chain (EIP-55 checksummed on EVM chains, base58 mints on Solana),
 * symbol and decimals. Chains the list does not cover get no address unless the curated row gives one.
 */
type ListToken = {
  chainId: number;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  extensions?: { bridgeInfo?: Record<string, { tokenAddress: string }> };
};
export type TokenDeployment = { chain: Chain; address: string; symbol: string; decimals: number | null };

const require = createRequire(import.meta.url);
let listCache: ListToken[] | undefined;
function tokenList(): ListToken[] {
  return (listCache ??= (require('@uniswap/default-token-list') as { tokens: ListToken[] }).tokens);
}

/** Token-list chain id → our chain name (the EVM chains we list, and Solana). */
const CHAIN_BY_LIST_ID = new Map<number, Chain>([
  ...Object.entries(EVM_CHAIN_IDS).map(([chain, id]): [number, Chain] => [id, chain as Chain]),
  [TOKEN_LIST_SOLANA_ID, 'Solana'],
]);

const chainOrder = (c: Chain) => (CHAINS as readonly string[]).indexOf(c);

/** Checksummed on EVM chains; base58 mints as they are. */
function normalise(chain: Chain, address: string): string {
  return chain === 'Solana' ? address : getAddress(address);
}

/**
 * The deployments of a known project's token: the list's entries for its symbols (the Ethereum entry's bridge
 * information first, then same-symbol entries per chain), minus its native chain, plus the curated extras.
 */
export function tokenDeployments(known: KnownProject, opts: { all?: boolean } = {}): TokenDeployment[] {
  const first = known.chains[0]!;
  // A coin native to a chain of its own (not EVM) has no token contract anywhere we list.
  if (known.native && !(first in EVM_CHAIN_IDS)) return [];
  const out = new Map<Chain, TokenDeployment>();
  const allowed = (chain: Chain) =>
    !(known.native && chain === first) && (!known.listChains || known.listChains.includes(chain));
  for (const symbol of known.list ?? [known.symbol]) {
    const entries = tokenList().filter((t) => t.symbol === symbol);
    const main = entries.find((t) => t.chainId === 1);
    const add = (chain: Chain | undefined, address: string | undefined, decimals: number) => {
      if (!chain || !address || out.has(chain) || !allowed(chain)) return;
      out.set(chain, { chain, address: normalise(chain, address), symbol, decimals });
    };
    if (main) {
      add('Ethereum', main.address, main.decimals);
      for (const [id, info] of Object.entries(main.extensions?.bridgeInfo ?? {})) {
        add(CHAIN_BY_LIST_ID.get(Number(id)), info.tokenAddress, main.decimals);
      }
    }
    for (const t of entries) add(CHAIN_BY_LIST_ID.get(t.chainId), t.address, t.decimals);
  }
  for (const [chain, address] of Object.entries(known.extra ?? {}) as [Chain, string][]) {
    if (!out.has(chain)) out.set(chain, { chain, address, symbol: known.symbol, decimals: null });
  }
  // Contracts are keyed by address alone: where a token has one address on several chains (e.g. DAI on Arbitrum
  // and Optimism), the first chain keeps the contract; the project still lists every chain.
  const seen = new Set<string>();
  const sorted = [...out.values()].sort((a, b) => chainOrder(a.chain) - chainOrder(b.chain));
  if (opts.all) return sorted;
  return sorted.filter((d) => !seen.has(d.address.toLowerCase()) && !!seen.add(d.address.toLowerCase()));
}

/** Every name and symbol in the token list, lower case (so generated names never take a real token's name). */
export function tokenListNames(): Set<string> {
  const names = new Set<string>();
  for (const t of tokenList()) {
    names.add(t.name.toLowerCase());
    names.add(t.symbol.toLowerCase());
  }
  return names;
}
