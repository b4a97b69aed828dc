import * as viemChains from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { CHAIN_KIND, CHAINS } from '../../api/projects';
import { EVM_CHAIN_IDS } from '../../server/seed/chains';
import { configuredExplorers, explorerUrl } from '../../src/lib/explorer';

const ADDRESS = '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984';
const HASH = `0x${'0123456789abcdef'.repeat(4)}`;

describe('explorerUrl', () => {
  it('links an Ethereum address and transaction to Etherscan’s /address/ and /tx/ pages', () => {
    expect(explorerUrl({ chain: 'Ethereum' }, 'address', ADDRESS)).toBe(
      `https://etherscan.io/address/${ADDRESS}`,
    );
    expect(explorerUrl({ chain: 'Ethereum', chainId: 1 }, 'tx', HASH)).toBe(
      `https://etherscan.io/tx/${HASH}`,
    );
  });

  it('uses, for every EVM chain viem knows an explorer of, that explorer (chain ids of server/seed/chains.ts)', () => {
    const byId = new Map(
      Object.values(
        viemChains as Record<string, { id?: number; blockExplorers?: { default: { url: string } } }>,
      )
        .filter((c) => typeof c?.id === 'number')
        .map((c) => [c.id!, c.blockExplorers?.default.url]),
    );
    let checked = 0;
    for (const chain of CHAINS) {
      if (CHAIN_KIND[chain] !== 'evm') continue;
      const id = EVM_CHAIN_IDS[chain];
      const base = id === undefined ? undefined : byId.get(id)?.replace(/\/+$/, '');
      const url = explorerUrl({ chain }, 'address', ADDRESS);
      if (base) {
        expect(url, chain).toBe(`${base}/address/${ADDRESS}`);
        expect(explorerUrl({ chain }, 'tx', HASH), chain).toBe(`${base}/tx/${HASH}`);
        checked++;
      } else {
        // No explorer in the registry (the devnet, Heco): no link rather than a guess.
        expect(url, chain).toBeNull();
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it('gives the embedded devnet no link, unless a configured chain names its own explorer', () => {
    expect(explorerUrl({ chain: 'Devnet', chainId: 31337 }, 'address', ADDRESS)).toBeNull();
    const configured = configuredExplorers([{ id: 31337, explorer: 'https://scan.example.org/' }, { id: 5 }]);
    expect([...configured]).toEqual([[31337, 'https://scan.example.org']]);
    expect(explorerUrl({ chain: 'Devnet', chainId: 31337 }, 'tx', HASH, configured)).toBe(
      `https://scan.example.org/tx/${HASH}`,
    );
    // The configured explorer wins over the public one of the chain's name.
    expect(explorerUrl({ chain: 'Ethereum', chainId: 31337 }, 'address', ADDRESS, configured)).toBe(
      `https://scan.example.org/address/${ADDRESS}`,
    );
    expect(explorerUrl({ chain: 'Ethereum', chainId: 5 }, 'address', ADDRESS, configured)).toBe(
      `https://etherscan.io/address/${ADDRESS}`,
    );
  });

  it('uses non-EVM explorers’ own paths, and none for an address Monero never shows', () => {
    const btc = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const txid = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b';
    expect(explorerUrl({ chain: 'Bitcoin' }, 'address', btc)).toBe(`https://mempool.space/address/${btc}`);
    expect(explorerUrl({ chain: 'Bitcoin' }, 'tx', txid)).toBe(`https://mempool.space/tx/${txid}`);
    const sol = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    expect(explorerUrl({ chain: 'Solana' }, 'address', sol)).toBe(
      `https://explorer.solana.com/address/${sol}`,
    );
    expect(explorerUrl({ chain: 'Tron' }, 'tx', txid)).toBe(`https://tronscan.org/#/transaction/${txid}`);
    expect(explorerUrl({ chain: 'Monero' }, 'address', '4'.repeat(95))).toBeNull();
    expect(explorerUrl({ chain: 'Monero' }, 'tx', txid)).toBe(`https://xmrchain.net/tx/${txid}`);
    // A chain without a known explorer, or a name outside the list.
    expect(explorerUrl({ chain: 'Substrate' }, 'address', 'abc')).toBeNull();
    expect(explorerUrl({ chain: 'toString' }, 'address', 'abc')).toBeNull();
  });

  it('links only values in the chain’s format, so a link never carries other text', () => {
    expect(explorerUrl({ chain: 'Ethereum' }, 'address', HASH)).toBeNull();
    expect(explorerUrl({ chain: 'Ethereum' }, 'tx', ADDRESS)).toBeNull();
    expect(explorerUrl({ chain: 'Ethereum' }, 'address', `${ADDRESS}?x=1`)).toBeNull();
    expect(explorerUrl({ chain: 'Bitcoin' }, 'address', 'a/../b')).toBeNull();
    expect(explorerUrl({ chain: 'Bitcoin' }, 'address', '')).toBeNull();
  });
});
