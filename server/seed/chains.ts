import {
  arbitrum,
  avalanche,
  base,
  bsc,
  classic,
  cronos,
  fantom,
  foundry,
  harmonyOne,
  iotex,
  mainnet,
  mantle,
  okc,
  optimism,
  polygon,
} from 'viem/chains';
import { CHAIN_KIND, type Chain } from '../../api/projects';

/**
 * EIP-155 chain ids of the EVM chains in api/projects.ts CHAINS, from viem's chain registry (Heco is no longer in
 * it; 128 is its id on chainlist). The Uniswap token list keys tokens by these ids; Solana's id there is its own.
 */
export const EVM_CHAIN_IDS: Readonly<Partial<Record<Chain, number>>> = {
  Ethereum: mainnet.id,
  'BNB Chain': bsc.id,
  Arbitrum: arbitrum.id,
  Base: base.id,
  Optimism: optimism.id,
  Polygon: polygon.id,
  Avalanche: avalanche.id,
  'Ethereum Classic': classic.id,
  Mantle: mantle.id,
  Fantom: fantom.id,
  Cronos: cronos.id,
  Heco: 128,
  Okex: okc.id,
  Harmony: harmonyOne.id,
  IoTeX: iotex.id,
  Devnet: foundry.id,
};

/** The Uniswap default token list's id for Solana (its tokens there carry base58 mint addresses). */
export const TOKEN_LIST_SOLANA_ID = 501000101;

export const isEvm = (chain: Chain) => CHAIN_KIND[chain] === 'evm';
