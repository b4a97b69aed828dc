import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  chainBlocks,
  chainLogs,
  chainTransactions,
  contracts,
  indexerCheckpoints,
  projectSignals,
  tokenBalances,
} from '../db/schema/index';
import { applySignalChanges, type ScoreChange } from '../ratings/recompute';
import type { SignalValues } from '../db/schema/ratings';
import { rows } from '../db/rows';
import { isMonitoredOf } from './figures';
import type { AddressClass } from './surface';
import type { PrivilegedFunction, StoredPrivilegedAddress } from './surface';

/**
 * Rating signals read from the chain for a project with monitored contracts, in the units of
 * server/ratings/methodology.ts (SIGNALS):
 * - multisigThreshold: signatures needed by the weakest privileged holder (EOA 1, Safe its threshold); 0 when no
 *   one holds a privilege; null when the holders are other contracts only (timelocks, governors).
 * - timelockHours: the longest minimum delay of a timelock holding a privilege (0 when none does).
 * - adminEoaCount: distinct plain accounts holding a privilege.
 * - timelockCoveragePct: share of the privileged functions that only timelocks can call (by the role that gates
 *   each: onlyOwner → owner, onlyRole(X) → X, proxy admin → the ProxyAdmin's owner).
 * - highRiskFunctions: privileged functions of risk 'high'.
 * - top10HolderPct, holderCount: balances from the indexed ERC-20 Transfer logs (zero address and the token itself
 *   excluded), kept running in token_balances as logs are indexed (advanceBalances); top10HolderPct in percent of
 *   the supply held.
 * - projectAgeDays: days since the earliest deployment block's timestamp.
 * Only the keys it could compute are present; null when the project has no monitored contract.
 */
export async function chainSignals(
  db: Db,
  projectId: string,
  asOf: Date = new Date(),
): Promise<Partial<SignalValues> | null> {
  const monitored = await db.select().from(contracts).where(isMonitoredOf(projectId));
  if (monitored.length === 0) return null;
  const out: Partial<SignalValues> = {};

  const surfaced = monitored.filter((c) => c.source === 'chain');
  if (surfaced.length > 0) Object.assign(out, governanceSignals(surfaced));

  const holders = await holderSignals(db, monitored);
  if (holders) Object.assign(out, holders);

  const age = await projectAgeDays(db, monitored, asOf);
  if (age !== null) out.projectAgeDays = age;
  return out;
}

type Row = typeof contracts.$inferSelect;

/** Holders of the role that gates a function, on one contract. */
function gateHolders(f: PrivilegedFunction, holders: StoredPrivilegedAddress[]): StoredPrivilegedAddress[] {
  const byRole = (role: string) => holders.filter((h) => h.role === role);
  const m = /^onlyRole\((.+)\)$/.exec(f.modifier);
  if (f.modifier === 'onlyOwner') return byRole('owner');
  if (m) return byRole(m[1]!).length > 0 ? byRole(m[1]!) : byRole('DEFAULT_ADMIN_ROLE');
  if (f.modifier === 'onlyRole') return byRole('DEFAULT_ADMIN_ROLE');
  if (f.modifier === 'proxy admin') {
    const owners = byRole('proxy admin owner');
    return owners.length > 0 ? owners : byRole('proxy admin');
  }
  return holders;
}

const classOf = (h: StoredPrivilegedAddress): AddressClass | undefined => h.classification;

/** Governance signals from the surfaced contracts' stored privileged addresses and functions. */
export function governanceSignals(
  rowsOf: Pick<Row, 'privilegedAddresses' | 'privilegedFunctions'>[],
): Partial<SignalValues> {
  const all = rowsOf.flatMap((r) => r.privilegedAddresses as StoredPrivilegedAddress[]);
  // The ProxyAdmin contract holds the proxy's admin slot for its owner: its owner is the one who decides.
  const deciders = all.filter(
    (h) => !(h.role === 'proxy admin' && all.some((o) => o.role === 'proxy admin owner')),
  );
  const thresholds = deciders
    .map((h) => classOf(h))
    .map((c) => (c?.kind === 'eoa' ? 1 : c?.kind === 'safe' ? c.threshold : null))
    .filter((t): t is number => t !== null);
  const multisigThreshold =
    deciders.length === 0 ? 0 : thresholds.length > 0 ? Math.min(...thresholds) : null;
  const delays = all.map((h) => classOf(h)).flatMap((c) => (c?.kind === 'timelock' ? [c.delayHours] : []));
  const timelockHours = delays.length > 0 ? Math.max(...delays) : 0;
  const eoas = new Set(
    deciders.filter((h) => classOf(h)?.kind === 'eoa' || h.isContract === false).map((h) => h.address),
  );

  let gatedCount = 0;
  let covered = 0;
  let highRisk = 0;
  for (const r of rowsOf) {
    const holders = r.privilegedAddresses as StoredPrivilegedAddress[];
    for (const f of r.privilegedFunctions) {
      if (f.risk === 'high') highRisk++;
      const gate = gateHolders(f, holders);
      if (gate.length === 0) continue;
      gatedCount++;
      if (gate.every((h) => classOf(h)?.kind === 'timelock')) covered++;
    }
  }
  return {
    multisigThreshold,
    timelockHours,
    adminEoaCount: eoas.size,
    timelockCoveragePct: gatedCount === 0 ? 0 : Math.round((covered / gatedCount) * 1000) / 10,
    highRiskFunctions: highRisk,
  };
}

const ZERO_ADDRESS = '0x' + '0'.repeat(40);

/** Net (holder, delta) of a contract's Transfer logs in blocks (after, upTo]; the zero address and the token left out. */
const transferDeltas = (chainId: number, address: string, after: number, upTo: number) => {
  const of = sql`${chainLogs.chainId} = ${chainId} AND ${chainLogs.address} = ${address}
    AND ${chainLogs.blockNumber} > ${after} AND ${chainLogs.blockNumber} <= ${upTo}
    AND ${chainLogs.eventName} = 'Transfer' AND (${chainLogs.args} ->> 'value') IS NOT NULL`;
  return sql`
    SELECT holder, sum(delta) AS delta FROM (
      SELECT lower(${chainLogs.args} ->> 'to') AS holder, (${chainLogs.args} ->> 'value')::numeric AS delta
      FROM ${chainLogs} WHERE ${of}
      UNION ALL
      SELECT lower(${chainLogs.args} ->> 'from'), -(${chainLogs.args} ->> 'value')::numeric
      FROM ${chainLogs} WHERE ${of}
    ) moves
    WHERE holder <> ${ZERO_ADDRESS} AND holder <> ${address}
    GROUP BY holder`;
};

/**
 * Brings a contract's running balances (token_balances) up to its checkpoint: adds the Transfer logs stored since
 * `balancesThrough`, so a refresh costs the new events only. False when the contract has no checkpoint (not read by
 * the indexer: its logs are summed in full instead). The compare-and-set on `balancesThrough` adds a range once even
 * when two refreshes of the contract run together.
 */
export async function advanceBalances(db: Db, chainId: number, address: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const at = and(eq(indexerCheckpoints.chainId, chainId), eq(indexerCheckpoints.address, address));
    const [cp] = await t
      .select({ nextBlock: indexerCheckpoints.nextBlock, through: indexerCheckpoints.balancesThrough })
      .from(indexerCheckpoints)
      .where(at);
    if (!cp) return false;
    const upTo = Number(cp.nextBlock) - 1;
    const through = Number(cp.through);
    if (upTo <= through) return true;
    const moved = await t
      .update(indexerCheckpoints)
      .set({ balancesThrough: upTo })
      .where(and(at, eq(indexerCheckpoints.balancesThrough, through)))
      .returning({ address: indexerCheckpoints.address });
    if (moved.length === 0) return true;
    await t.execute(sql`
      INSERT INTO ${tokenBalances} (chain_id, address, holder, balance)
      SELECT ${chainId}, ${address}, holder, delta FROM (${transferDeltas(chainId, address, through, upTo)}) d
      ON CONFLICT (chain_id, address, holder) DO UPDATE SET balance = ${tokenBalances.balance} + excluded.balance`);
    return true;
  });
}

/** Holder count and top-10 concentration of the project's token with the most holders, from its Transfer logs. */
async function holderSignals(
  db: Db,
  monitored: Pick<Row, 'address' | 'chainId'>[],
): Promise<Pick<SignalValues, 'top10HolderPct' | 'holderCount'> | null> {
  let best: { holderCount: number; top10HolderPct: number } | null = null;
  for (const c of monitored) {
    if (c.chainId === null) continue;
    const address = c.address.toLowerCase();
    const running = await advanceBalances(db, c.chainId, address);
    const balances = running
      ? sql`SELECT ${tokenBalances.balance} AS balance FROM ${tokenBalances}
          WHERE ${tokenBalances.chainId} = ${c.chainId} AND ${tokenBalances.address} = ${address}
            AND ${tokenBalances.balance} > 0`
      : sql`SELECT delta AS balance FROM (${transferDeltas(c.chainId, address, -1, Number.MAX_SAFE_INTEGER)}) d
          WHERE delta > 0`;
    const result = await db.execute(sql`
      WITH ranked AS (SELECT balance, row_number() OVER (ORDER BY balance DESC) AS n FROM (${balances}) b)
      SELECT count(*)::int AS holders,
             coalesce(sum(balance), 0)::text AS total,
             coalesce(sum(balance) FILTER (WHERE n <= 10), 0)::text AS top10
      FROM ranked`);
    const [r] = rows<{ holders: number | string; total: string; top10: string }>(result);
    const holders = Number(r?.holders ?? 0);
    if (holders === 0) continue;
    const total = Number(r!.total);
    const pct = total > 0 ? Math.round((Number(r!.top10) / total) * 1000) / 10 : 0;
    if (!best || holders > best.holderCount) best = { holderCount: holders, top10HolderPct: pct };
  }
  return best;
}

/** Days since the earliest deployment block (its stored block timestamp, else the earliest indexed record). */
async function projectAgeDays(
  db: Db,
  monitored: Pick<Row, 'address' | 'chainId' | 'deploymentBlock'>[],
  asOf: Date,
): Promise<number | null> {
  let earliest: number | null = null;
  for (const c of monitored) {
    if (c.chainId === null) continue;
    let at: Date | undefined;
    if (c.deploymentBlock !== null) {
      const [b] = await db
        .select({ timestamp: chainBlocks.timestamp })
        .from(chainBlocks)
        .where(and(eq(chainBlocks.chainId, c.chainId), eq(chainBlocks.number, c.deploymentBlock)));
      at = b?.timestamp;
    }
    if (!at) {
      const [l] = await db
        .select({ t: sql<string | Date | null>`min(${chainLogs.timestamp})` })
        .from(chainLogs)
        .where(and(eq(chainLogs.chainId, c.chainId), eq(chainLogs.address, c.address)));
      const [t] = await db
        .select({ t: sql<string | Date | null>`min(${chainTransactions.timestamp})` })
        .from(chainTransactions)
        .where(and(eq(chainTransactions.chainId, c.chainId), eq(chainTransactions.to, c.address)));
      const times = [l?.t, t?.t]
        .filter((x): x is string | Date => x !== null && x !== undefined)
        .map((x) => new Date(x).getTime());
      if (times.length > 0) at = new Date(Math.min(...times));
    }
    if (at && (earliest === null || at.getTime() < earliest)) earliest = at.getTime();
  }
  return earliest === null ? null : Math.max(0, Math.floor((asOf.getTime() - earliest) / 86_400_000));
}

/**
 * Feeds the chain's signals to the methodology: the keys whose value differs from the project's stored signals are
 * written through applySignalChanges (recompute with reason 'signals', score history, watchers' notify-change jobs,
 * all in one transaction). Nothing is written when nothing moved or the project has no monitored contract.
 * Returns the score changes (empty when none). Call it after refreshSurface or a stored range of a monitored project.
 */
export async function applyChainSignals(
  db: Db,
  projectId: string,
  asOf: Date = new Date(),
): Promise<ScoreChange[]> {
  const values = await chainSignals(db, projectId, asOf);
  if (!values) return [];
  const [stored] = await db
    .select({ values: projectSignals.values })
    .from(projectSignals)
    .where(eq(projectSignals.projectId, projectId));
  const moved = Object.fromEntries(
    Object.entries(values).filter(([k, v]) => v !== undefined && (stored?.values[k] ?? null) !== v),
  ) as Record<string, number | null>;
  if (Object.keys(moved).length === 0) return [];
  return applySignalChanges(db, projectId, moved, { asOf });
}
