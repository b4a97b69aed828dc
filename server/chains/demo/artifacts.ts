import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';

/** Prebuilt artifacts shipped by the packages themselves: OpenZeppelin's proxy/timelock and Safe 1.4.1. */

const require = createRequire(import.meta.url);

export type Artifact = { abi: Abi; bytecode: Hex };

function load(id: string): Artifact {
  const json = require(id) as { abi: Abi; bytecode: Hex };
  return { abi: json.abi, bytecode: json.bytecode };
}

const OZ = '@openzeppelin/contracts/build/contracts';
const SAFE = '@safe-global/safe-contracts/build/artifacts/contracts';

export const artifacts = {
  TimelockController: () => load(`${OZ}/TimelockController.json`),
  TransparentUpgradeableProxy: () => load(`${OZ}/TransparentUpgradeableProxy.json`),
  ProxyAdmin: () => load(`${OZ}/ProxyAdmin.json`),
  /** The L2 flavour emits an event for every multisig transaction, which is what an indexer wants. */
  SafeL2: () => load(`${SAFE}/SafeL2.sol/SafeL2.json`),
  SafeProxyFactory: () => load(`${SAFE}/proxies/SafeProxyFactory.sol/SafeProxyFactory.json`),
  SafeProxy: () => load(`${SAFE}/proxies/SafeProxy.sol/SafeProxy.json`),
};
