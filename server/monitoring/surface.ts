import { selectorsFromBytecode } from '@shazow/whatsabi';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  getAddress,
  keccak256,
  parseAbi,
  toBytes,
  toFunctionSelector,
  toFunctionSignature,
  type Abi,
  type AbiFunction,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import type { Db } from '../db/client';
import { chainLogs, contracts } from '../db/schema/index';
import type { PrivilegedAddress, PrivilegedFunction } from '../db/schema/projects';

/**
 * The privileged surface of a monitored contract, read from the chain: which functions only a privileged caller may
 * run (from the ABI, else from the 4-byte selectors in the bytecode), who holds the privileges (owner, AccessControl
 * roles from the indexed RoleGranted/RoleRevoked logs, the ERC-1967 proxy admin and the ProxyAdmin's owner), and
 * what each holder is (EOA, Safe with its threshold, TimelockController with its delay, Governor, other contract).
 */

export type { PrivilegedAddress, PrivilegedFunction };

type Risk = PrivilegedFunction['risk'];
type AccessModel = 'ownable' | 'access-control' | 'unknown';

/** A function-name rule: the modifier (by the contract's access model) and the risk. */
type NameRule = { test: RegExp; modifier: (m: AccessModel) => string; risk: Risk };

const gated = (role: string) => (m: AccessModel) =>
  m === 'ownable' ? 'onlyOwner' : m === 'access-control' ? `onlyRole(${role})` : 'privileged';
const fixed = (modifier: string) => () => modifier;

/** Standard user functions whose names look like setters but are anyone's to call. */
const NOT_PRIVILEGED = new Set(['setApprovalForAll', 'permit', 'delegate', 'delegateBySig']);

const NAME_RULES: NameRule[] = [
  {
    test: /^(transferOwnership|renounceOwnership|acceptOwnership)$/,
    modifier: fixed('onlyOwner'),
    risk: 'high',
  },
  {
    test: /^(grantRole|revokeRole|renounceRole|beginDefaultAdminTransfer|acceptDefaultAdminTransfer)$/,
    modifier: fixed('onlyRole'),
    risk: 'high',
  },
  {
    test: /^(upgradeTo|upgradeToAndCall|upgradeAndCall|changeAdmin|changeProxyAdmin)$/,
    modifier: fixed('proxy admin'),
    risk: 'high',
  },
  { test: /^(pause|unpause)$/, modifier: gated('PAUSER_ROLE'), risk: 'medium' },
  { test: /^mint/, modifier: gated('MINTER_ROLE'), risk: 'high' },
  {
    test: /^(schedule|scheduleBatch|execute|executeBatch|cancel)$/,
    modifier: fixed('timelock role'),
    risk: 'medium',
  },
  { test: /^updateDelay$/, modifier: fixed('timelock (onlySelf)'), risk: 'high' },
  {
    test: /^(addOwnerWithThreshold|removeOwner|swapOwner|changeThreshold|enableModule|disableModule|setGuard|setModuleGuard|setFallbackHandler)$/,
    modifier: fixed('Safe (authorized)'),
    risk: 'high',
  },
  { test: /^execTransaction$/, modifier: fixed('Safe owners (threshold signatures)'), risk: 'high' },
  {
    test: /^(blacklist|addBlacklist|freeze|seize|withdrawFees|rescueTokens|sweep)/i,
    modifier: gated('ADMIN'),
    risk: 'high',
  },
  { test: /^(set|update)[A-Z_]/, modifier: gated('ADMIN'), risk: 'medium' },
];

/**
 * Signatures recognised in bytecode (by selector) when no ABI is known: the privileged ones above, plus the
 * read functions that tell the access model.
 */
export const KNOWN_PRIVILEGED_SIGNATURES: readonly string[] = [
  'transferOwnership(address)',
  'renounceOwnership()',
  'acceptOwnership()',
  'grantRole(bytes32,address)',
  'revokeRole(bytes32,address)',
  'renounceRole(bytes32,address)',
  'upgradeTo(address)',
  'upgradeToAndCall(address,bytes)',
  'upgradeAndCall(address,address,bytes)',
  'changeAdmin(address)',
  'changeProxyAdmin(address,address)',
  'pause()',
  'unpause()',
  'mint(address,uint256)',
  'mint(uint256)',
  'schedule(address,uint256,bytes,bytes32,bytes32,uint256)',
  'scheduleBatch(address[],uint256[],bytes[],bytes32,bytes32,uint256)',
  'execute(address,uint256,bytes,bytes32,bytes32)',
  'executeBatch(address[],uint256[],bytes[],bytes32,bytes32)',
  'cancel(bytes32)',
  'updateDelay(uint256)',
  'addOwnerWithThreshold(address,uint256)',
  'removeOwner(address,address,uint256)',
  'swapOwner(address,address,address)',
  'changeThreshold(uint256)',
  'enableModule(address)',
  'disableModule(address,address)',
  'setGuard(address)',
  'setFallbackHandler(address)',
  'execTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)',
  'setMinter(address)',
  'setOracle(address)',
  'setFee(uint256)',
  'setTreasury(address)',
];
const ACCESS_HINTS = { owner: 'owner()', hasRole: 'hasRole(bytes32,address)' } as const;

const SELECTOR_TO_SIGNATURE = new Map<string, string>(
  [...KNOWN_PRIVILEGED_SIGNATURES, ...Object.values(ACCESS_HINTS)].map((s) => [toFunctionSelector(s), s]),
);

const nameOf = (signature: string) => signature.slice(0, signature.indexOf('('));

function judge(signature: string, model: AccessModel): PrivilegedFunction | null {
  const name = nameOf(signature);
  if (NOT_PRIVILEGED.has(name)) return null;
  const rule = NAME_RULES.find((r) => r.test.test(name));
  return rule ? { signature, modifier: rule.modifier(model), risk: rule.risk } : null;
}

const isSelectorList = (source: Abi | readonly string[]): source is readonly string[] =>
  source.every((s) => typeof s === 'string');

/**
 * Privileged functions of a contract from its ABI, or from the 4-byte selectors of its bytecode (`0x` + 8 hex,
 * e.g. from `selectorsOf`), matched against known signatures. Read-only functions are never privileged.
 */
export function privilegedFunctions(source: Abi | readonly string[]): PrivilegedFunction[] {
  let signatures: string[];
  if (isSelectorList(source)) {
    signatures = [...new Set(source.map((s) => SELECTOR_TO_SIGNATURE.get(s.toLowerCase())))].filter(
      (s): s is string => s !== undefined,
    );
  } else {
    signatures = source
      .filter((i): i is AbiFunction => i.type === 'function')
      .filter((f) => f.stateMutability !== 'view' && f.stateMutability !== 'pure')
      .map((f) => toFunctionSignature(f));
    const names = new Set(
      source.filter((i): i is AbiFunction => i.type === 'function').map((f) => toFunctionSignature(f)),
    );
    if (names.has(ACCESS_HINTS.owner)) signatures.push(ACCESS_HINTS.owner);
    if (names.has(ACCESS_HINTS.hasRole)) signatures.push(ACCESS_HINTS.hasRole);
  }
  const model: AccessModel = signatures.includes(ACCESS_HINTS.owner)
    ? 'ownable'
    : signatures.includes(ACCESS_HINTS.hasRole)
      ? 'access-control'
      : 'unknown';
  const seen = new Set<string>();
  const out: PrivilegedFunction[] = [];
  for (const s of signatures) {
    if (seen.has(s)) continue;
    seen.add(s);
    const f = judge(s, model);
    if (f) out.push(f);
  }
  return out;
}

/** The 4-byte selectors dispatched by a contract's bytecode (whatsabi), lower-case. */
export function selectorsOf(bytecode: Hex): string[] {
  return selectorsFromBytecode(bytecode).map((s) => s.toLowerCase());
}

// ---- Who is an address? ----

export type AddressClass =
  | { kind: 'eoa' }
  | { kind: 'safe'; threshold: number; owners: string[] }
  | { kind: 'timelock'; minDelaySeconds: number; delayHours: number }
  | { kind: 'governor'; votingDelay: number; proposalThreshold: string; countingMode?: string }
  | { kind: 'contract' };

const READS = parseAbi([
  'function getThreshold() view returns (uint256)',
  'function getOwners() view returns (address[])',
  'function getMinDelay() view returns (uint256)',
  'function votingDelay() view returns (uint256)',
  'function proposalThreshold() view returns (uint256)',
  'function COUNTING_MODE() view returns (string)',
  'function owner() view returns (address)',
]);
type ReadName =
  | 'getThreshold'
  | 'getOwners'
  | 'getMinDelay'
  | 'votingDelay'
  | 'proposalThreshold'
  | 'COUNTING_MODE'
  | 'owner';

/** Reads a no-argument view function; undefined when the contract does not answer it. */
async function tryRead<T>(
  client: PublicClient,
  address: Address,
  functionName: ReadName,
): Promise<T | undefined> {
  try {
    return (await client.readContract({ address, abi: READS, functionName })) as T;
  } catch {
    return undefined;
  }
}

/** What classifyAddress has found, by chain and address (a privileged holder rarely changes what it is). */
const classCache = new Map<string, AddressClass>();
const cacheKey = (chainId: number, address: string) => `${chainId}:${address.toLowerCase()}`;

/** The last classification of an address on a chain, if any was made in this process. */
export const cachedClass = (chainId: number, address: string) => classCache.get(cacheKey(chainId, address));

/** Reads the chain to tell an EOA, a Safe (threshold, owners), a TimelockController (delay), a Governor or another contract. */
export async function classifyAddress(client: PublicClient, address: string): Promise<AddressClass> {
  const a = getAddress(address);
  const code = await client.getCode({ address: a });
  let c: AddressClass;
  if (!code || code === '0x') c = { kind: 'eoa' };
  else {
    const [threshold, owners, minDelay, votingDelay, proposalThreshold] = await Promise.all([
      tryRead<bigint>(client, a, 'getThreshold'),
      tryRead<readonly Address[]>(client, a, 'getOwners'),
      tryRead<bigint>(client, a, 'getMinDelay'),
      tryRead<bigint>(client, a, 'votingDelay'),
      tryRead<bigint>(client, a, 'proposalThreshold'),
    ]);
    if (threshold !== undefined && owners !== undefined) {
      c = { kind: 'safe', threshold: Number(threshold), owners: owners.map((o) => o.toLowerCase()) };
    } else if (minDelay !== undefined) {
      const seconds = Number(minDelay);
      c = { kind: 'timelock', minDelaySeconds: seconds, delayHours: Math.round((seconds / 3600) * 10) / 10 };
    } else if (votingDelay !== undefined && proposalThreshold !== undefined) {
      const countingMode = await tryRead<string>(client, a, 'COUNTING_MODE');
      c = {
        kind: 'governor',
        votingDelay: Number(votingDelay),
        proposalThreshold: proposalThreshold.toString(),
        ...(countingMode !== undefined ? { countingMode } : {}),
      };
    } else c = { kind: 'contract' };
  }
  const chainId = client.chain?.id ?? (await client.getChainId());
  classCache.set(cacheKey(chainId, a), c);
  return c;
}

/** "EOA", "Safe 2 of 3", "Timelock 48 h", "Governor", "contract". */
export function describeClass(c: AddressClass): string {
  switch (c.kind) {
    case 'eoa':
      return 'EOA';
    case 'safe':
      return `Safe ${c.threshold} of ${c.owners.length}`;
    case 'timelock':
      return `Timelock ${c.delayHours} h`;
    case 'governor':
      return 'Governor';
    default:
      return 'contract';
  }
}

/** "0x1234…abcd". */
export const shortAddress = (address: string) =>
  /^0x[0-9a-fA-F]{40}$/.test(address) ? `${address.slice(0, 6)}…${address.slice(-4)}`.toLowerCase() : address;

// ---- Who holds what ----

/**
 * A privileged address as stored in `contracts.privileged_addresses`: the API's `{address, role, isContract}` plus
 * what the address is (`classification`). The skynet routes answer the three API fields only; the page (and the
 * alert sentences) can read `classification` from the row, or call `holderClassifications`.
 */
export type StoredPrivilegedAddress = PrivilegedAddress & {
  classification?: AddressClass & { label: string };
};

export const ERC1967_ADMIN_SLOT = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';
export const ERC1967_IMPLEMENTATION_SLOT =
  '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
export const DEFAULT_ADMIN_ROLE = `0x${'0'.repeat(64)}`;

/** Role names of OpenZeppelin's contracts and common tokens, by their keccak256 id. */
export const KNOWN_ROLES: ReadonlyMap<string, string> = new Map([
  [DEFAULT_ADMIN_ROLE, 'DEFAULT_ADMIN_ROLE'],
  ...[
    'MINTER_ROLE',
    'PAUSER_ROLE',
    'BURNER_ROLE',
    'UPGRADER_ROLE',
    'ADMIN_ROLE',
    'OPERATOR_ROLE',
    'PROPOSER_ROLE',
    'EXECUTOR_ROLE',
    'CANCELLER_ROLE',
    'TIMELOCK_ADMIN_ROLE',
  ].map((n) => [keccak256(toBytes(n)), n] as [string, string]),
]);
export const roleName = (role: string) => KNOWN_ROLES.get(role.toLowerCase()) ?? role.toLowerCase();

const slotAddress = (word: Hex | undefined): string | null => {
  if (!word || /^0x0*$/.test(word)) return null;
  return `0x${word.slice(-40)}`.toLowerCase();
};

/** Current holders of each AccessControl role from the indexed logs: granted minus revoked, in log order. */
export async function roleHolders(
  db: Db,
  chainId: number,
  address: string,
): Promise<Map<string, Set<string>>> {
  const logs = await db
    .select({ eventName: chainLogs.eventName, args: chainLogs.args })
    .from(chainLogs)
    .where(
      and(
        eq(chainLogs.chainId, chainId),
        eq(chainLogs.address, address.toLowerCase()),
        inArray(chainLogs.eventName, ['RoleGranted', 'RoleRevoked']),
      ),
    )
    .orderBy(asc(chainLogs.blockNumber), asc(chainLogs.logIndex));
  const holders = new Map<string, Set<string>>();
  for (const l of logs) {
    const role = String(l.args?.role ?? '').toLowerCase();
    const account = String(l.args?.account ?? '').toLowerCase();
    if (!role || !account) continue;
    const set = holders.get(role) ?? new Set<string>();
    if (l.eventName === 'RoleGranted') set.add(account);
    else set.delete(account);
    holders.set(role, set);
  }
  for (const [role, set] of holders) if (set.size === 0) holders.delete(role);
  return holders;
}

type ContractRow = typeof contracts.$inferSelect;

/** Who holds the contract's privileges, read from the chain and the indexed role logs, each classified. */
export async function readPrivilegedAddresses(
  db: Db,
  client: PublicClient,
  contract: Pick<ContractRow, 'address' | 'chainId'>,
): Promise<StoredPrivilegedAddress[]> {
  const address = getAddress(contract.address);
  const chainId = contract.chainId ?? (await client.getChainId());
  const holders: { address: string; role: string }[] = [];
  const owner = await tryRead<Address>(client, address, 'owner');
  if (owner && !/^0x0*$/.test(owner)) holders.push({ address: owner.toLowerCase(), role: 'owner' });
  for (const [role, set] of await roleHolders(db, chainId, contract.address)) {
    for (const a of set) holders.push({ address: a, role: roleName(role) });
  }
  const admin = slotAddress(await client.getStorageAt({ address, slot: ERC1967_ADMIN_SLOT }));
  if (admin) {
    holders.push({ address: admin, role: 'proxy admin' });
    const adminOwner = await tryRead<Address>(client, getAddress(admin), 'owner');
    if (adminOwner && !/^0x0*$/.test(adminOwner)) {
      holders.push({ address: adminOwner.toLowerCase(), role: 'proxy admin owner' });
    }
  }
  const classes = new Map<string, AddressClass>();
  for (const h of holders) {
    if (!classes.has(h.address)) classes.set(h.address, await classifyAddress(client, h.address));
  }
  // A Safe holder's owners hold the privilege through it.
  const out: StoredPrivilegedAddress[] = holders.map((h) => {
    const c = classes.get(h.address)!;
    return {
      address: h.address,
      role: h.role,
      isContract: c.kind !== 'eoa',
      classification: { ...c, label: describeClass(c) },
    };
  });
  return out;
}

/**
 * Where a proxy's code lives: the ERC-1967 implementation slot, an EIP-1167 minimal proxy's target, or a Safe
 * proxy's singleton (storage slot 0 of a short contract). Null for a contract that is not a proxy.
 */
export async function implementationOf(client: PublicClient, address: string): Promise<string | null> {
  const a = getAddress(address);
  const erc1967 = slotAddress(await client.getStorageAt({ address: a, slot: ERC1967_IMPLEMENTATION_SLOT }));
  if (erc1967) return erc1967;
  const code = (await client.getCode({ address: a })) ?? '0x';
  const minimal = /^0x363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3$/i.exec(code);
  if (minimal) return `0x${minimal[1]!.toLowerCase()}`;
  if (code.length > 2 && code.length <= 2 + 2 * 400) {
    const singleton = slotAddress(await client.getStorageAt({ address: a, slot: '0x0' }));
    if (singleton && /^0x0{24}/.test((await client.getStorageAt({ address: a, slot: '0x0' })) ?? '')) {
      const target = await client.getCode({ address: getAddress(singleton) });
      if (target && target !== '0x') return singleton;
    }
  }
  return null;
}

/** Privileged functions of a contract: from its ABI when given, else from its bytecode (the implementation's behind a proxy). */
export async function readPrivilegedFunctions(
  client: PublicClient,
  contract: Pick<ContractRow, 'address' | 'abi'>,
): Promise<PrivilegedFunction[]> {
  const address = getAddress(contract.address);
  const admin = slotAddress(await client.getStorageAt({ address, slot: ERC1967_ADMIN_SLOT }));
  let fns: PrivilegedFunction[];
  if (contract.abi && contract.abi.length > 0) fns = privilegedFunctions(contract.abi as Abi);
  else {
    const implementation = await implementationOf(client, address);
    const code = await client.getCode({ address: implementation ? getAddress(implementation) : address });
    fns = code && code !== '0x' ? privilegedFunctions(selectorsOf(code)) : [];
  }
  if (admin && !fns.some((f) => f.signature === 'upgradeToAndCall(address,bytes)')) {
    // A transparent proxy dispatches its admin's upgrade before its implementation's functions.
    fns.push({ signature: 'upgradeToAndCall(address,bytes)', modifier: 'proxy admin', risk: 'high' });
  }
  return fns;
}

/**
 * Reads the contract's privileged surface from the chain and writes it to its row: privileged_addresses (with each
 * holder's classification), privileged_functions, source 'chain'. Returns what it wrote.
 */
export async function refreshSurface(
  db: Db,
  client: PublicClient,
  contract: Pick<ContractRow, 'address' | 'chainId' | 'abi'>,
): Promise<{ privilegedAddresses: StoredPrivilegedAddress[]; privilegedFunctions: PrivilegedFunction[] }> {
  const privilegedAddresses = await readPrivilegedAddresses(db, client, contract);
  const fns = await readPrivilegedFunctions(client, contract);
  await db
    .update(contracts)
    .set({ privilegedAddresses, privilegedFunctions: fns, source: 'chain' })
    .where(eq(contracts.address, contract.address.toLowerCase()));
  return { privilegedAddresses, privilegedFunctions: fns };
}

/**
 * The classification of each privileged holder of a contract as its row stores it ("Safe 2 of 3", "Timelock 48 h"),
 * by address; holders stored before classification have none.
 */
export function holderClassifications(
  row: Pick<ContractRow, 'privilegedAddresses'>,
): Map<string, AddressClass & { label: string }> {
  const out = new Map<string, AddressClass & { label: string }>();
  for (const a of row.privilegedAddresses as StoredPrivilegedAddress[]) {
    if (a.classification) out.set(a.address.toLowerCase(), a.classification);
  }
  return out;
}
