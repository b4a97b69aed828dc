import { getAddress } from 'viem';
import { CHAIN_KIND, type Chain } from '../../api/projects';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * An address as the API shows it: EIP-55 checksummed on an EVM chain (stored lower-case, as the indexer and the
 * skynet routes look addresses up), any other chain's own format unchanged.
 */
export function shownAddress(chain: string, address: string): string {
  const kind = Object.hasOwn(CHAIN_KIND, chain) ? CHAIN_KIND[chain as Chain] : 'evm';
  return kind === 'evm' && HEX_ADDRESS.test(address) ? getAddress(address.toLowerCase()) : address;
}
