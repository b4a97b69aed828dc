import { createHash } from 'node:crypto';
import { getAddress } from 'viem';
import type { Chain } from '../../api/projects';
import { isEvm } from './chains';
import { Random } from './random';

/** Addresses in each chain's own format, for generated (demo) accounts and contracts. */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 (Bitcoin alphabet) of bytes. */
export function base58(bytes: Uint8Array): string {
  const digits: number[] = [];
  for (const byte of bytes) {
    let carry = byte;
    for (let i = 0; i < digits.length; i++) {
      carry += digits[i]! << 8;
      digits[i] = carry % 58;
      carry = (carry / 58) | 0;
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = (carry / 58) | 0;
    }
  }
  let out = '';
  for (const byte of bytes) {
    if (byte !== 0) break;
    out += '1';
  }
  for (let i = digits.length - 1; i >= 0; i--) out += ALPHABET[digits[i]!];
  return out;
}

/** Base58 → bytes, or null when a character is not in the alphabet. */
export function decodeBase58(text: string): Uint8Array | null {
  const bytes: number[] = [];
  for (const ch of text) {
    let carry = ALPHABET.indexOf(ch);
    if (carry < 0) return null;
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i]! * 58;
      bytes[i] = carry & 255;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 255);
      carry >>= 8;
    }
  }
  for (const ch of text) {
    if (ch !== '1') break;
    bytes.push(0);
  }
  return Uint8Array.from(bytes.reverse());
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();

/** Base58Check (payload + the first 4 bytes of its double SHA-256). */
export function base58check(payload: Uint8Array): string {
  const sum = sha256(sha256(payload)).subarray(0, 4);
  const all = new Uint8Array(payload.length + 4);
  all.set(payload);
  all.set(sum, payload.length);
  return base58(all);
}

/** True for a Tron address: Base58Check of 0x41 + 20 bytes. */
export function isTronAddress(text: string): boolean {
  const b = decodeBase58(text);
  if (!b || b.length !== 25 || b[0] !== 0x41) return false;
  const sum = sha256(sha256(b.subarray(0, 21)));
  return sum.subarray(0, 4).every((x, i) => x === b[21 + i]);
}

function randomBytes(rng: Random, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.floor(rng.next() * 256);
  return out;
}

/** Chains on which the seed can write a generated account or contract address. */
export const ADDRESSABLE = (chain: Chain) =>
  isEvm(chain) || chain === 'Solana' || chain === 'Tron' || chain === 'Near';

/** A random account or contract address on `chain` (an EIP-55 `0x` address on EVM chains). */
export function randomAddress(rng: Random, chain: Chain, hint = 'account'): string {
  if (chain === 'Solana') return base58(randomBytes(rng, 32));
  if (chain === 'Tron') {
    const payload = randomBytes(rng, 21);
    payload[0] = 0x41;
    return base58check(payload);
  }
  if (chain === 'Near') return `${hint.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${rng.hex(6)}.near`;
  return getAddress(`0x${rng.hex(40)}`);
}

/** A transaction hash on `chain` (hex on EVM chains and Tron, base58 signatures on Solana and Near). */
export function randomTxHash(rng: Random, chain: Chain): string {
  if (chain === 'Solana') return base58(randomBytes(rng, 64));
  if (chain === 'Near') return base58(randomBytes(rng, 32));
  if (chain === 'Tron') return rng.hex(64);
  return `0x${rng.hex(64)}`;
}

const POOL_SIZE = 4096;
const pools = new Map<string, string[]>();
/**
 * A demo account on `chain` (a caller or a privileged holder) from a fixed pool per address format, so the same
 * wallets recur across projects as real ones do, and EIP-55 checksums are computed once per pool entry, not per use.
 */
export function poolAddress(rng: Random, chain: Chain): string {
  const family = isEvm(chain) ? 'evm' : chain;
  let pool = pools.get(family);
  if (!pool) {
    const r = new Random(`address-pool:${family}`);
    pool = Array.from({ length: POOL_SIZE }, () => randomAddress(r, chain, 'wallet'));
    pools.set(family, pool);
  }
  return pool[Math.floor(rng.next() * POOL_SIZE)]!;
}
