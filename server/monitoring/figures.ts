import { and, count as countOf, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TopEntry } from '../../api/skynet';
import type { Db } from '../db/client';
import {
  chainLogs,
  chainTransactions,
  contracts,
  privilegedEvents,
  projectMonitoring,
  socialActivity,
} from '../db/schema/index';
import { shortAddress } from './surface';

/**
 * The stored monitoring figures the /api/skynet/* routes answer: seeded or imported ones (project_monitoring,
 * social_activity), and those computed from what the indexer stored for monitored contracts (chain_transactions,
 * chain_logs, privileged_events).
 */

export type MonitoringRow = typeof projectMonitoring.$inferSelect;
export type SocialSeriesRow = typeof socialActivity.$inferSelect;
/** A monitored contract: its chain id and its address as stored. */
export type Monitored = { chainId: number | null; address: string };

/** A project's seeded or imported monitoring figures, if any. */
export async function projectMonitoringOf(db: Db, projectId: string): Promise<MonitoringRow | undefined> {
  const [m] = await db.select().from(projectMonitoring).where(eq(projectMonitoring.projectId, projectId));
  return m;
}

/** The project's contracts that monitoring reads on a chain (a contract without both is demo data). */
export const isMonitoredOf = (projectId: string) =>
  and(eq(contracts.projectId, projectId), isNotNull(contracts.monitoredSince), isNotNull(contracts.chainId));

/** The project's monitored contracts (chain id and address), empty when its figures are demo data. */
export const monitoredContracts = (db: Db, projectId: string): Promise<Monitored[]> =>
  db
    .select({ chainId: contracts.chainId, address: contracts.address })
    .from(contracts)
    .where(isMonitoredOf(projectId));

/** Rows of a chain table that belong to the monitored contracts (by chain id and an address column). */
const ofContracts = (monitored: Monitored[], chainIdColumn: AnyPgColumn, addressColumn: AnyPgColumn): SQL =>
  or(
    ...[...new Set(monitored.map((m) => m.chainId!))].map((chainId) =>
      and(
        eq(chainIdColumn, chainId),
        inArray(
          addressColumn,
          monitored.filter((m) => m.chainId === chainId).map((m) => m.address),
        ),
      ),
    ),
  )!;

/** Top callers of the monitored contracts, from the indexed transactions. */
export async function topCallers(db: Db, monitored: Monitored[], limit: number): Promise<TopEntry[]> {
  const n = countOf();
  const list = await db
    .select({ from: chainTransactions.from, count: n })
    .from(chainTransactions)
    .where(ofContracts(monitored, chainTransactions.chainId, chainTransactions.to))
    .groupBy(chainTransactions.from)
    .orderBy(desc(n), chainTransactions.from)
    .limit(limit);
  return list.map((r) => ({ name: shortAddress(r.from), count: Number(r.count), address: r.from }));
}

/** The `limit` most frequent names among the rows of `table` that `where` keeps, most frequent first. */
async function topNames(
  db: Db,
  table: typeof chainLogs | typeof chainTransactions,
  name: SQL<string>,
  where: SQL,
  limit: number,
): Promise<TopEntry[]> {
  const n = countOf();
  const list = await db
    .select({ name, count: n })
    .from(table)
    .where(where)
    .groupBy(name)
    .orderBy(desc(n), name)
    .limit(limit);
  return list.map((r) => ({ name: r.name, count: Number(r.count) }));
}

/** Top events the monitored contracts emitted, from the indexed logs (by name, else topic). */
export const topEvents = (db: Db, monitored: Monitored[], limit: number): Promise<TopEntry[]> =>
  topNames(
    db,
    chainLogs,
    sql<string>`coalesce(${chainLogs.eventName}, ${chainLogs.topic0}, 'anonymous')`,
    ofContracts(monitored, chainLogs.chainId, chainLogs.address),
    limit,
  );

/** Top functions called on the monitored contracts, from the indexed transactions (by name, else selector). */
export const topFunctionCalls = (db: Db, monitored: Monitored[], limit: number): Promise<TopEntry[]> =>
  topNames(
    db,
    chainTransactions,
    sql<string>`coalesce(${chainTransactions.functionName}, ${chainTransactions.selector})`,
    ofContracts(monitored, chainTransactions.chainId, chainTransactions.to),
    limit,
  );

/** The latest privileged calls the monitoring stored for a contract, newest first. */
export const latestPrivilegedEvents = (
  db: Db,
  chainId: number,
  address: string,
  limit: number,
): Promise<{ hash: string; function: string; from: string; occurredAt: Date }[]> =>
  db
    .select({
      hash: privilegedEvents.transactionHash,
      function: privilegedEvents.function,
      from: privilegedEvents.from,
      occurredAt: privilegedEvents.occurredAt,
    })
    .from(privilegedEvents)
    .where(and(eq(privilegedEvents.chainId, chainId), eq(privilegedEvents.address, address)))
    .orderBy(
      desc(privilegedEvents.occurredAt),
      desc(privilegedEvents.blockNumber),
      desc(privilegedEvents.logIndex),
    )
    .limit(limit);

/** A project's daily series of one kind of social activity, if stored. */
export async function socialSeries(
  db: Db,
  projectId: string,
  type: SocialSeriesRow['type'],
): Promise<SocialSeriesRow | undefined> {
  const [series] = await db
    .select()
    .from(socialActivity)
    .where(and(eq(socialActivity.projectId, projectId), eq(socialActivity.type, type)));
  return series;
}
