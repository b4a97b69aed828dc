import {
  decodeEventLog,
  parseAbiItem,
  toEventSelector,
  toFunctionSelector,
  type Abi,
  type AbiEvent,
  type AbiFunction,
  type Hex,
} from 'viem';
import type { RpcLog } from '../chains/rpc';

/**
 * Names what a contract's logs and calls are: from the ABI an admin gave, else from the selectors and event topics
 * found in its bytecode (whatsabi) matched against a table of well-known signatures.
 */

/** Events of well-known standards, the privileged ones first (monitoring reads them). */
export const KNOWN_EVENTS = [
  'event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)',
  'event OwnershipTransferStarted(address indexed previousOwner, address indexed newOwner)',
  'event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)',
  'event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)',
  'event RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole)',
  'event Paused(address account)',
  'event Unpaused(address account)',
  'event Upgraded(address indexed implementation)',
  'event AdminChanged(address previousAdmin, address newAdmin)',
  'event BeaconUpgraded(address indexed beacon)',
  'event CallScheduled(bytes32 indexed id, uint256 indexed index, address target, uint256 value, bytes data, bytes32 predecessor, uint256 delay)',
  'event CallExecuted(bytes32 indexed id, uint256 indexed index, address target, uint256 value, bytes data)',
  'event Cancelled(bytes32 indexed id)',
  'event MinDelayChange(uint256 oldDuration, uint256 newDuration)',
  'event AddedOwner(address indexed owner)',
  'event RemovedOwner(address indexed owner)',
  'event ChangedThreshold(uint256 threshold)',
  'event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)',
  'event ExecutionFailure(bytes32 indexed txHash, uint256 payment)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
] as const;

/** Functions of well-known standards. */
export const KNOWN_FUNCTIONS = [
  'function transfer(address to, uint256 value)',
  'function transferFrom(address from, address to, uint256 value)',
  'function approve(address spender, uint256 value)',
  'function mint(address to, uint256 amount)',
  'function burn(uint256 amount)',
  'function burnFrom(address account, uint256 value)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
  'function transferOwnership(address newOwner)',
  'function renounceOwnership()',
  'function acceptOwnership()',
  'function grantRole(bytes32 role, address account)',
  'function revokeRole(bytes32 role, address account)',
  'function renounceRole(bytes32 role, address callerConfirmation)',
  'function pause()',
  'function unpause()',
  'function upgradeTo(address newImplementation)',
  'function upgradeToAndCall(address newImplementation, bytes data)',
  'function changeAdmin(address newAdmin)',
  'function schedule(address target, uint256 value, bytes data, bytes32 predecessor, bytes32 salt, uint256 delay)',
  'function execute(address target, uint256 value, bytes payload, bytes32 predecessor, bytes32 salt)',
  'function cancel(bytes32 id)',
  'function updateDelay(uint256 newDelay)',
  'function addOwnerWithThreshold(address owner, uint256 _threshold)',
  'function removeOwner(address prevOwner, address owner, uint256 _threshold)',
  'function swapOwner(address prevOwner, address oldOwner, address newOwner)',
  'function changeThreshold(uint256 _threshold)',
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures)',
] as const;

/** `name(type,type)` of a function or event ABI item. */
export const signatureOf = (item: AbiFunction | AbiEvent) =>
  `${item.name}(${item.inputs.map((i) => formatType(i)).join(',')})`;

function formatType(p: { type: string; components?: readonly { type: string }[] }): string {
  if (p.type.startsWith('tuple') && p.components)
    return `(${p.components.map((c) => formatType(c)).join(',')})${p.type.slice(5)}`;
  return p.type;
}

const knownEvents = KNOWN_EVENTS.map((s) => parseAbiItem(s) as AbiEvent);
const knownFunctions = KNOWN_FUNCTIONS.map((s) => parseAbiItem(s) as AbiFunction);
/** topic0 → candidate events (ERC-20 and ERC-721 Transfer share one: the indexed count tells them apart). */
const knownEventsByTopic = new Map<string, AbiEvent[]>();
for (const e of knownEvents) {
  const topic = toEventSelector(e);
  knownEventsByTopic.set(topic, [...(knownEventsByTopic.get(topic) ?? []), e]);
}
const knownFunctionsBySelector = new Map(knownFunctions.map((f) => [toFunctionSelector(f), signatureOf(f)]));

/** JSON-safe decoded arguments: bigints as decimal strings, addresses lower-case, arrays and structs kept. */
export function jsonArgs(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  // Addresses lower-case, as everywhere in the chain tables (viem decodes them checksummed).
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)) return value.toLowerCase();
  if (Array.isArray(value)) return value.map(jsonArgs);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonArgs(v)]));
  return value;
}

export type DecodedLog = { eventName: string | null; args: Record<string, unknown> | null };

export type Decoder = {
  /** What the ABI or bytecode knows: 'abi', 'bytecode' (whatsabi + known table) or 'known' (table only). */
  source: 'abi' | 'bytecode' | 'known';
  decodeLog: (log: Pick<RpcLog, 'topics' | 'data'>) => DecodedLog;
  /** `transfer(address,uint256)` for a 4-byte selector, or null. */
  functionName: (selector: string) => string | null;
  /** Selectors and event topics whatsabi found in the bytecode (null with an ABI, or without bytecode). */
  found: { selectors: string[]; topics: string[] } | null;
};

function decodeWith(events: AbiEvent[], log: Pick<RpcLog, 'topics' | 'data'>): DecodedLog | null {
  for (const event of events) {
    try {
      const decoded = decodeEventLog({
        abi: [event],
        topics: log.topics as [Hex, ...Hex[]],
        data: log.data as Hex,
        strict: true,
      });
      const args = decoded.args as unknown;
      const named: Record<string, unknown> = {};
      if (Array.isArray(args))
        args.forEach((v, i) => (named[event.inputs[i]?.name || String(i)] = jsonArgs(v)));
      else if (args && typeof args === 'object')
        for (const [k, v] of Object.entries(args)) named[k] = jsonArgs(v);
      return { eventName: decoded.eventName ?? event.name, args: named };
    } catch {
      // not this candidate
    }
  }
  return null;
}

/**
 * A decoder for one contract: `abi` when given; else what `readBytecode` found in its code, named from the known
 * tables; with neither only the known tables.
 */
export function createDecoder(opts: { abi?: unknown[] | null; found?: Decoder['found'] }): Decoder {
  if (opts.abi && opts.abi.length > 0) {
    const abi = opts.abi as Abi;
    const events = new Map<string, AbiEvent[]>();
    const functions = new Map<string, string>();
    for (const item of abi) {
      if (item.type === 'event') {
        const topic = toEventSelector(item);
        events.set(topic, [...(events.get(topic) ?? []), item]);
      } else if (item.type === 'function') functions.set(toFunctionSelector(item), signatureOf(item));
    }
    return {
      source: 'abi',
      found: null,
      decodeLog: (log) => {
        const topic = log.topics[0]?.toLowerCase() ?? '';
        return (
          decodeWith(events.get(topic) ?? [], log) ??
          decodeWith(knownEventsByTopic.get(topic) ?? [], log) ?? { eventName: null, args: null }
        );
      },
      functionName: (selector) =>
        functions.get(selector) ?? knownFunctionsBySelector.get(selector as Hex) ?? null,
    };
  }
  const found = opts.found ?? null;
  return {
    source: found ? 'bytecode' : 'known',
    found,
    // A known event is decoded even when whatsabi missed its topic (a proxy's logs come from its implementation's
    // code): the table is small and its signatures unambiguous once decoded strictly.
    decodeLog: (log) =>
      decodeWith(knownEventsByTopic.get(log.topics[0]?.toLowerCase() ?? '') ?? [], log) ?? {
        eventName: null,
        args: null,
      },
    functionName: (selector) => knownFunctionsBySelector.get(selector as Hex) ?? null,
  };
}

/** First 4 bytes of calldata as `0x` + 8 hex, or '0x' for none. */
export const selectorOf = (input: string) => (input.length >= 10 ? input.slice(0, 10).toLowerCase() : '0x');

type AbiFromBytecode = (code: string) => { type: string; selector?: string; hash?: string }[];
let whatsabi: Promise<AbiFromBytecode | null> | undefined;

/**
 * Selectors and event topics in runtime bytecode, read with whatsabi (loaded on first use; null when it cannot load,
 * e.g. without its peer dependency @noble/hashes, or when the code is empty or unreadable).
 */
export async function readBytecode(code: string | null | undefined): Promise<Decoder['found']> {
  if (!code || code === '0x') return null;
  whatsabi ??= import('@shazow/whatsabi').then(
    (m) => m.abiFromBytecode as unknown as AbiFromBytecode,
    () => null,
  );
  const abiFromBytecode = await whatsabi;
  if (!abiFromBytecode) return null;
  try {
    const found = { selectors: [] as string[], topics: [] as string[] };
    for (const item of abiFromBytecode(code)) {
      if (item.type === 'function' && item.selector) found.selectors.push(item.selector.toLowerCase());
      if (item.type === 'event' && item.hash) found.topics.push(item.hash.toLowerCase());
    }
    return found;
  } catch {
    return null;
  }
}
