import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { formatUnits, getAddress, parseAbi, type PublicClient } from 'viem';
import type { Db } from '../db/client';
import {
  chainLogs,
  chainTransactions,
  contracts,
  privilegedEvents,
  projects,
  type PrivilegedEventKind,
} from '../db/schema/index';
import { enqueue } from '../jobs/queue';
import {
  cachedClass,
  classifyAddress,
  describeClass,
  holderClassifications,
  roleName,
  shortAddress,
  type AddressClass,
} from './surface';

/**
 * Privileged transactions found in the indexed logs, by rules in the manner of OpenZeppelin Defender's monitor
 * templates (access control, governance, upgrades, pause, mint), each with a severity and a plain sentence.
 * `onStored` is the indexer's hook: it runs inside the transaction that stores a block range's logs.
 */

export type Severity = 'low' | 'medium' | 'high' | 'critical';

/** The queue of the alert job one privileged event gets: payload `{ eventId }`, handler `notifyPrivileged`. */
export const NOTIFY_PRIVILEGED_QUEUE = 'notify-privileged';

/** A mint (Transfer from the zero address) is a privileged event from this many whole tokens up. */
export const DEFAULT_MINT_THRESHOLD_TOKENS = 1_000_000n;
/** The same in base units when the token's decimals are not known (read as 18). */
export const DEFAULT_MINT_THRESHOLD = DEFAULT_MINT_THRESHOLD_TOKENS * 10n ** 18n;

/** What the indexer stored: logs as their rows read (decoded name and args, bigints as decimal strings). */
export type StoredLog = Pick<
  typeof chainLogs.$inferSelect,
  'blockNumber' | 'logIndex' | 'transactionHash' | 'address' | 'eventName' | 'args' | 'timestamp'
> & {
  /** What the indexer knows of the emitting transaction: its sender, its `to`, its decoded function there. */
  from?: string;
  txTo?: string | null;
  functionName?: string | null;
};
export type StoredTransaction = Pick<
  typeof chainTransactions.$inferSelect,
  'hash' | 'from' | 'to' | 'functionName' | 'selector'
>;
export type StoredBatch = { logs: readonly StoredLog[]; transactions?: readonly StoredTransaction[] };

/** The contract a log came from, as a sentence names it. */
export type Subject = { name: string; deploymentBlock: number | null };

/** A rule's finding for one log. */
export type Finding = {
  kind: PrivilegedEventKind;
  severity: Severity;
  /** The function that usually emits the event, when the transaction itself does not tell. */
  function: string;
  sentence: string;
  /** Fallback sender when the transaction is not indexed (it went to another contract, e.g. a Safe or timelock). */
  actor?: string;
  details: Record<string, unknown>;
};

/** Labels addresses in sentences: "0x1234…abcd (Safe 2 of 3)"; `classOf` tells what an address is, when known. */
export type RuleContext = {
  subject: Subject;
  classOf: (address: string) => AddressClass | undefined;
  /** Base units from which a mint counts. */
  mintThreshold: bigint;
  /** The token's decimals, when known: amounts are then said in whole tokens. */
  decimals?: number;
};

const ZERO = `0x${'0'.repeat(40)}`;
const isZero = (a: unknown) => typeof a === 'string' && a.toLowerCase() === ZERO;
const str = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : String(v ?? ''));
const HIGH_ROLES = new Set([
  'DEFAULT_ADMIN_ROLE',
  'MINTER_ROLE',
  'UPGRADER_ROLE',
  'ADMIN_ROLE',
  'TIMELOCK_ADMIN_ROLE',
  'PROPOSER_ROLE',
]);

function who(ctx: RuleContext, address: unknown): string {
  const a = str(address);
  const c = ctx.classOf(a);
  return c ? `${shortAddress(a)} (${describeClass(c)})` : shortAddress(a);
}

const atDeployment = (ctx: RuleContext, log: StoredLog) =>
  ctx.subject.deploymentBlock !== null && log.blockNumber === ctx.subject.deploymentBlock;

/** "2,000,000" or "1,234.5": whole tokens with thousands separators (at most 4 decimals). */
export function formatAmount(value: bigint, decimals: number): string {
  const [whole, fraction = ''] = formatUnits(value, decimals).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cut = fraction.slice(0, 4).replace(/0+$/, '');
  return cut ? `${grouped}.${cut}` : grouped;
}

/** The events the rules read. */
export const RULE_EVENTS: ReadonlySet<string> = new Set([
  'OwnershipTransferred',
  'RoleGranted',
  'RoleRevoked',
  'Upgraded',
  'AdminChanged',
  'Paused',
  'Unpaused',
  'Transfer',
  'CallScheduled',
  'CallExecuted',
  'AddedOwner',
  'RemovedOwner',
  'ChangedThreshold',
]);

/** Applies the rules to one decoded log; null when no rule matches. */
export function matchRule(log: StoredLog, ctx: RuleContext): Finding | null {
  const args = log.args ?? {};
  const name = ctx.subject.name;
  const deploy = atDeployment(ctx, log);
  switch (log.eventName) {
    case 'OwnershipTransferred': {
      const prev = str(args.previousOwner);
      const next = str(args.newOwner);
      // Set at construction, renounced, or moved: one finding, told three ways.
      const ownership = (severity: Severity, fn: string, sentence: string, actor: string): Finding => ({
        kind: 'ownership-transfer',
        severity,
        function: fn,
        sentence,
        actor,
        details: { previousOwner: prev, newOwner: next },
      });
      if (isZero(prev)) {
        return ownership('low', 'constructor', `Ownership of ${name} set to ${who(ctx, next)}`, next);
      }
      if (isZero(next)) {
        return ownership(
          'high',
          'renounceOwnership()',
          `Ownership of ${name} renounced by ${who(ctx, prev)}`,
          prev,
        );
      }
      const from = ctx.classOf(prev);
      const to = ctx.classOf(next);
      const downgrade = from !== undefined && from.kind !== 'eoa' && to?.kind === 'eoa';
      return ownership(
        downgrade ? 'critical' : 'high',
        'transferOwnership(address)',
        `Ownership of ${name} moved from ${who(ctx, prev)} to ${who(ctx, next)}`,
        prev,
      );
    }
    case 'RoleGranted':
    case 'RoleRevoked': {
      const role = roleName(str(args.role));
      const grant = log.eventName === 'RoleGranted';
      const account = str(args.account);
      const sender = str(args.sender);
      return {
        kind: grant ? 'role-grant' : 'role-revoke',
        severity: deploy ? 'low' : HIGH_ROLES.has(role) ? 'high' : 'medium',
        function: grant
          ? 'grantRole(bytes32,address)'
          : sender === account
            ? 'renounceRole(bytes32,address)'
            : 'revokeRole(bytes32,address)',
        sentence: grant
          ? `${role} of ${name} granted to ${who(ctx, account)} by ${who(ctx, sender)}`
          : `${role} of ${name} revoked from ${who(ctx, account)} by ${who(ctx, sender)}`,
        actor: sender,
        details: { role, roleId: str(args.role), account, sender },
      };
    }
    case 'Upgraded': {
      const impl = str(args.implementation);
      return {
        kind: 'upgrade',
        severity: deploy ? 'low' : 'critical',
        function: 'upgradeToAndCall(address,bytes)',
        sentence: deploy
          ? `${name} deployed behind a proxy with implementation ${shortAddress(impl)}`
          : `${name} was upgraded to implementation ${shortAddress(impl)}`,
        details: { implementation: impl },
      };
    }
    case 'AdminChanged': {
      const prev = str(args.previousAdmin);
      const next = str(args.newAdmin);
      return {
        kind: 'admin-change',
        severity: deploy || isZero(prev) ? 'low' : 'critical',
        function: 'changeAdmin(address)',
        sentence: isZero(prev)
          ? `Proxy admin of ${name} set to ${who(ctx, next)}`
          : `Proxy admin of ${name} changed from ${who(ctx, prev)} to ${who(ctx, next)}`,
        actor: prev,
        details: { previousAdmin: prev, newAdmin: next },
      };
    }
    case 'Paused':
    case 'Unpaused': {
      const paused = log.eventName === 'Paused';
      const account = str(args.account);
      return {
        kind: paused ? 'pause' : 'unpause',
        severity: paused ? 'high' : 'medium',
        function: paused ? 'pause()' : 'unpause()',
        sentence: `${name} ${paused ? 'paused' : 'unpaused'} by ${who(ctx, account)}`,
        actor: account,
        details: { account },
      };
    }
    case 'Transfer': {
      if (!isZero(args.from) || args.value === undefined) return null;
      let value: bigint;
      try {
        value = BigInt(String(args.value));
      } catch {
        return null;
      }
      if (value < ctx.mintThreshold) return null;
      const to = str(args.to);
      return {
        kind: 'mint',
        severity: deploy ? 'low' : 'high',
        function: 'mint(address,uint256)',
        sentence:
          ctx.decimals !== undefined
            ? `${formatAmount(value, ctx.decimals)} ${name} minted to ${who(ctx, to)}`
            : `${value.toString()} base units of ${name} minted to ${who(ctx, to)}`,
        details: { to, value: value.toString() },
      };
    }
    case 'CallScheduled': {
      const target = str(args.target);
      const delay = Number(args.delay ?? 0);
      return {
        kind: 'timelock-schedule',
        severity: 'medium',
        function: 'schedule(address,uint256,bytes,bytes32,bytes32,uint256)',
        sentence: `${name} scheduled a call to ${who(ctx, target)}, executable in ${Math.round((delay / 3600) * 10) / 10} h`,
        details: {
          id: str(args.id),
          index: String(args.index ?? '0'),
          target,
          delay: String(args.delay ?? '0'),
          data: str(args.data),
        },
      };
    }
    case 'CallExecuted': {
      const target = str(args.target);
      return {
        kind: 'timelock-execute',
        severity: 'medium',
        function: 'execute(address,uint256,bytes,bytes32,bytes32)',
        sentence: `${name} executed a scheduled call to ${who(ctx, target)}`,
        details: { id: str(args.id), index: String(args.index ?? '0'), target, data: str(args.data) },
      };
    }
    case 'AddedOwner':
    case 'RemovedOwner': {
      const owner = str(args.owner);
      const added = log.eventName === 'AddedOwner';
      return {
        kind: 'safe-owners-change',
        severity: deploy ? 'low' : 'high',
        function: added ? 'addOwnerWithThreshold(address,uint256)' : 'removeOwner(address,address,uint256)',
        sentence: `Owner ${shortAddress(owner)} ${added ? 'added to' : 'removed from'} ${name}`,
        details: { owner },
      };
    }
    case 'ChangedThreshold': {
      const threshold = String(args.threshold ?? '');
      return {
        kind: 'safe-threshold-change',
        severity: deploy ? 'low' : 'high',
        function: 'changeThreshold(uint256)',
        sentence: `Signature threshold of ${name} changed to ${threshold}`,
        details: { threshold },
      };
    }
    default:
      return null;
  }
}

// ---- The indexer's hook ----

/** The chain's client (app.chains: one per chain, with its failover, retries and timeouts), if configured. */
export type ClientOf = (chainId: number) => PublicClient | undefined;

const CLASSIFY_TIMEOUT_MS = 2_000;
/** `read` with the chain's client; undefined without one, on an error or after 2 s. */
async function readLive<T>(
  client: PublicClient | undefined,
  read: (client: PublicClient) => Promise<T>,
): Promise<T | undefined> {
  if (!client) return undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      read(client),
      new Promise<undefined>(
        (resolve) => (timer = setTimeout(() => resolve(undefined), CLASSIFY_TIMEOUT_MS)),
      ),
    ]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
const classifyLive = (client: PublicClient | undefined, address: string) =>
  readLive(client, (c) => classifyAddress(c, address));

const DECIMALS = parseAbi(['function decimals() view returns (uint8)']);
const decimalsCache = new Map<string, number>();
/** A token's decimals (cached per chain and address), read with the chain's client. */
async function decimalsOf(
  chainId: number,
  client: PublicClient | undefined,
  address: string,
): Promise<number | undefined> {
  const key = `${chainId}:${address}`;
  if (decimalsCache.has(key)) return decimalsCache.get(key);
  const d = await readLive(client, (c) =>
    c.readContract({ address: getAddress(address), abi: DECIMALS, functionName: 'decimals' }),
  );
  if (d === undefined) return undefined;
  decimalsCache.set(key, Number(d));
  return Number(d);
}

/** The addresses a log's sentence names. */
const addressesIn = (log: StoredLog) =>
  Object.values(log.args ?? {}).filter(
    (v): v is string => typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v),
  );

/** `mintThreshold`: base units from which a mint counts (default 1,000,000 whole tokens; 10^24 when decimals are unknown). */
export type OnStoredOptions = {
  mintThreshold?: bigint;
  /** Reads addresses it has not classified yet and tokens' decimals (a few reads per new address, cached). */
  clientOf?: ClientOf;
};

/**
 * The indexer's hook, run inside its store transaction: every stored log of a monitored contract (contracts row with
 * this chain id and monitored_since set) that a rule matches becomes a privileged_events row; the unique
 * (chain, block, log index) makes a second store of the same range add nothing. A new row above 'low' severity
 * gets one `notify-privileged` job keyed `privileged:<chainId>:<block>:<logIndex>`.
 */
export async function onStored(
  tx: Db,
  chainId: number,
  stored: StoredBatch,
  options: OnStoredOptions = {},
): Promise<void> {
  await storePrivilegedEvents(tx, chainId, stored, options);
}

/** onStored's work, with options; returns the ids of the privileged events it added. */
export async function storePrivilegedEvents(
  tx: Db,
  chainId: number,
  stored: StoredBatch,
  options: OnStoredOptions = {},
): Promise<number[]> {
  // Only events a rule may match (ordinary transfers are most of a token's logs: they cost no query here).
  const logs = stored.logs.filter(
    (l) =>
      l.eventName !== null &&
      RULE_EVENTS.has(l.eventName) &&
      (l.eventName !== 'Transfer' || isZero(l.args?.from)),
  );
  if (logs.length === 0) return [];
  const addresses = [...new Set(logs.map((l) => l.address.toLowerCase()))];
  const monitored = await tx
    .select({
      address: contracts.address,
      label: contracts.label,
      deploymentBlock: contracts.deploymentBlock,
      projectName: projects.name,
      tickers: projects.tokenTickers,
    })
    .from(contracts)
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .where(
      and(
        eq(contracts.chainId, chainId),
        inArray(contracts.address, addresses),
        isNotNull(contracts.monitoredSince),
      ),
    );
  if (monitored.length === 0) return [];
  const subjects = new Map<string, Subject>(
    monitored.map((m) => [
      m.address,
      {
        name: m.label === 'Token' ? (m.tickers[0] ?? m.projectName) : `${m.projectName} ${m.label}`,
        deploymentBlock: m.deploymentBlock,
      },
    ]),
  );
  const mine = logs.filter((l) => subjects.has(l.address.toLowerCase()));
  if (mine.length === 0) return [];

  // What the named addresses are: this process's cache, then the classifications stored on the chain's contracts,
  // then (with the chain's client) a read of the chain.
  const client = options.clientOf?.(chainId);
  const known = new Map<string, AddressClass>();
  const rowsOfChain = await tx
    .select({ privilegedAddresses: contracts.privilegedAddresses })
    .from(contracts)
    .where(and(eq(contracts.chainId, chainId), eq(contracts.source, 'chain')));
  for (const r of rowsOfChain) for (const [a, c] of holderClassifications(r)) known.set(a, c);
  for (const a of new Set(mine.flatMap(addressesIn).map((a) => a.toLowerCase()))) {
    if (isZero(a)) continue;
    const c = cachedClass(chainId, a) ?? known.get(a) ?? (await classifyLive(client, a));
    if (c) known.set(a, c);
  }

  const txs = new Map((stored.transactions ?? []).map((t) => [t.hash.toLowerCase(), t]));
  const missing = [...new Set(mine.map((l) => l.transactionHash.toLowerCase()))].filter((h) => !txs.has(h));
  if (missing.length > 0) {
    const found = await tx
      .select({
        hash: chainTransactions.hash,
        from: chainTransactions.from,
        to: chainTransactions.to,
        functionName: chainTransactions.functionName,
        selector: chainTransactions.selector,
      })
      .from(chainTransactions)
      .where(and(eq(chainTransactions.chainId, chainId), inArray(chainTransactions.hash, missing)));
    for (const t of found) txs.set(t.hash.toLowerCase(), t);
  }

  const decimals = new Map<string, number | undefined>();
  for (const a of new Set(
    mine
      .filter((l) => l.eventName === 'Transfer' && isZero(l.args?.from))
      .map((l) => l.address.toLowerCase()),
  )) {
    decimals.set(a, await decimalsOf(chainId, client, a));
  }
  const ids: number[] = [];
  for (const log of mine) {
    const address = log.address.toLowerCase();
    const finding = matchRule(log, {
      subject: subjects.get(address)!,
      classOf: (a) => known.get(a.toLowerCase()),
      mintThreshold:
        options.mintThreshold ??
        (decimals.get(address) !== undefined
          ? DEFAULT_MINT_THRESHOLD_TOKENS * 10n ** BigInt(decimals.get(address)!)
          : DEFAULT_MINT_THRESHOLD),
      decimals: decimals.get(address),
    });
    if (!finding) continue;
    const t = txs.get(log.transactionHash.toLowerCase());
    // The called function as the contract saw it: the transaction's own when it was sent to this contract;
    // otherwise (through a Safe, a timelock, a router) the function that emits this event.
    const direct =
      log.txTo !== undefined && log.txTo !== null
        ? log.txTo.toLowerCase() === address
          ? log.functionName
          : null
        : t && t.to.toLowerCase() === address
          ? t.functionName
          : null;
    const sender = log.from ?? t?.from ?? finding.actor ?? '';
    const [row] = await tx
      .insert(privilegedEvents)
      .values({
        chainId,
        address,
        blockNumber: log.blockNumber,
        logIndex: log.logIndex,
        transactionHash: log.transactionHash.toLowerCase(),
        kind: finding.kind,
        severity: finding.severity,
        function: direct ?? finding.function,
        from: sender.toLowerCase(),
        sentence: finding.sentence,
        details: { ...finding.details, event: log.eventName },
        occurredAt: log.timestamp,
      })
      .onConflictDoNothing({
        target: [privilegedEvents.chainId, privilegedEvents.blockNumber, privilegedEvents.logIndex],
      })
      .returning({ id: privilegedEvents.id });
    if (!row) continue;
    ids.push(row.id);
    if (finding.severity !== 'low') {
      await enqueue(
        tx,
        NOTIFY_PRIVILEGED_QUEUE,
        { eventId: row.id },
        { singletonKey: `privileged:${chainId}:${log.blockNumber}:${log.logIndex}` },
      );
    }
  }
  return ids;
}
