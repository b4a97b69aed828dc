import { and, count as countOf, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import {
  METRIC_NAME_PATTERN,
  type ActivityPoint,
  type MetricLatest,
  type PrivilegedAddress,
  type PrivilegedFunction,
  type PrivilegedTransaction,
  type TopEntry,
} from '../../api/skynet';
import {
  AddressQuery,
  MetricLatestQuery,
  PrivilegedTransactionQuery,
  TopListQuery,
  TwitterActivityQuery,
} from '../../api/skynet.schemas';
import * as S from '../../api/skynet.schemas';
import { z } from 'zod';
import { replies, typed } from './schemas';
import {
  chainLogs,
  chainTransactions,
  contracts,
  privilegedEvents,
  projectMonitoring,
  socialActivity,
} from '../db/schema/index';
import { shortAddress } from '../monitoring/surface';
import { notFound } from '../errors';
import { requireProject } from '../projects/detail';

/**
 * Skynet monitoring figures of spec §7: seeded or imported (see docs/api.md), or, for a project with monitored
 * contracts (contracts.monitored_since and chain_id set), computed from what the indexer stored (chain_transactions,
 * chain_logs, privileged_events) and what monitoring read (server/monitoring/surface.ts). Same shapes either way.
 */
export async function skynetRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const monitoringOf = async (projectId: string) => {
    const project = await requireProject(app, projectId);
    const [m] = await app.db
      .select()
      .from(projectMonitoring)
      .where(eq(projectMonitoring.projectId, projectId));
    return { project, monitoring: m };
  };

  app.get(
    '/api/skynet/metric-latest',
    {
      config: { partnerRead: true },
      schema: {
        summary: 'Latest exchange figures of a project',
        querystring: MetricLatestQuery,
        response: replies(S.MetricLatest),
      },
    },
    async (request): Promise<MetricLatest> => {
      const { name } = request.query;
      const projectId = METRIC_NAME_PATTERN.exec(name)![1]!;
      const { project, monitoring } = await monitoringOf(projectId);
      return {
        name: 'exchanges',
        projectId,
        value: monitoring?.exchanges ?? [],
        updatedAt: (monitoring?.updatedAt ?? project.createdAt).toISOString(),
      };
    },
  );

  /** The project's monitored contracts (chain id and address), empty when its figures are demo data. */
  const monitoredOf = async (projectId: string) =>
    app.db
      .select({ chainId: contracts.chainId, address: contracts.address })
      .from(contracts)
      .where(
        and(
          eq(contracts.projectId, projectId),
          isNotNull(contracts.monitoredSince),
          isNotNull(contracts.chainId),
        ),
      );
  type Monitored = Awaited<ReturnType<typeof monitoredOf>>;
  /** Rows of a chain table that belong to the monitored contracts (by chain id and an address column). */
  const ofContracts = (monitored: Monitored, chainIdColumn: AnyPgColumn, addressColumn: AnyPgColumn): SQL =>
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

  /** Top lists computed from the indexed transactions and logs of the project's monitored contracts. */
  const chainTop = {
    callers: async (monitored: Monitored, limit: number): Promise<TopEntry[]> => {
      const n = countOf();
      const list = await app.db
        .select({ from: chainTransactions.from, count: n })
        .from(chainTransactions)
        .where(ofContracts(monitored, chainTransactions.chainId, chainTransactions.to))
        .groupBy(chainTransactions.from)
        .orderBy(desc(n), chainTransactions.from)
        .limit(limit);
      return list.map((r) => ({ name: shortAddress(r.from), count: Number(r.count), address: r.from }));
    },
    events: async (monitored: Monitored, limit: number): Promise<TopEntry[]> => {
      const name = sql<string>`coalesce(${chainLogs.eventName}, ${chainLogs.topic0}, 'anonymous')`;
      const n = countOf();
      const list = await app.db
        .select({ name, count: n })
        .from(chainLogs)
        .where(ofContracts(monitored, chainLogs.chainId, chainLogs.address))
        .groupBy(name)
        .orderBy(desc(n), name)
        .limit(limit);
      return list.map((r) => ({ name: r.name, count: Number(r.count) }));
    },
    functionCalls: async (monitored: Monitored, limit: number): Promise<TopEntry[]> => {
      const name = sql<string>`coalesce(${chainTransactions.functionName}, ${chainTransactions.selector})`;
      const n = countOf();
      const list = await app.db
        .select({ name, count: n })
        .from(chainTransactions)
        .where(ofContracts(monitored, chainTransactions.chainId, chainTransactions.to))
        .groupBy(name)
        .orderBy(desc(n), name)
        .limit(limit);
      return list.map((r) => ({ name: r.name, count: Number(r.count) }));
    },
  };

  const topList = (
    path: string,
    summary: string,
    pick: (m: typeof projectMonitoring.$inferSelect) => TopEntry[],
    fromChain: (monitored: Monitored, limit: number) => Promise<TopEntry[]>,
  ) =>
    app.get(
      path,
      {
        config: { partnerRead: true },
        schema: { summary, querystring: TopListQuery, response: replies(z.array(S.TopEntry)) },
      },
      async (request): Promise<TopEntry[]> => {
        const { projectId, count } = request.query;
        const { monitoring } = await monitoringOf(projectId);
        const monitored = await monitoredOf(projectId);
        if (monitored.length > 0) return fromChain(monitored, count);
        return monitoring ? [...pick(monitoring)].sort((a, b) => b.count - a.count).slice(0, count) : [];
      },
    );
  topList('/api/skynet/top-callers', 'Top callers of a project', (m) => m.topCallers, chainTop.callers);
  topList('/api/skynet/top-events', 'Top events of a project', (m) => m.topEvents, chainTop.events);
  topList(
    '/api/skynet/top-function-calls',
    'Top function calls of a project',
    (m) => m.topFunctionCalls,
    chainTop.functionCalls,
  );

  const contractAt = async (address: string) => {
    // EVM addresses are case-insensitive hex; they are stored lower-case.
    const key = /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address;
    const [c] = await app.db.select().from(contracts).where(eq(contracts.address, key)).limit(1);
    if (!c) throw notFound(`No monitored contract at "${address}".`);
    return c;
  };

  app.get(
    '/api/skynet/privileged-address',
    {
      config: { partnerRead: true },
      schema: {
        summary: 'Privileged addresses of a contract',
        querystring: AddressQuery,
        response: replies(z.array(S.PrivilegedAddress)),
      },
    },
    async (request): Promise<PrivilegedAddress[]> => {
      const { address } = request.query;
      // Rows read from the chain also keep each holder's classification: the API answers its three fields.
      return (await contractAt(address)).privilegedAddresses.map((a) => ({
        address: a.address,
        role: a.role,
        isContract: a.isContract,
      }));
    },
  );

  app.get(
    '/api/skynet/privileged-function',
    {
      config: { partnerRead: true },
      schema: {
        summary: 'Privileged functions of a contract',
        querystring: AddressQuery,
        response: replies(z.array(S.PrivilegedFunction)),
      },
    },
    async (request): Promise<PrivilegedFunction[]> => {
      const { address } = request.query;
      return (await contractAt(address)).privilegedFunctions;
    },
  );

  app.get(
    '/api/skynet/privileged-transaction',
    {
      config: { partnerRead: true },
      schema: {
        summary: 'Privileged transactions of a contract',
        querystring: PrivilegedTransactionQuery,
        response: replies(z.array(S.PrivilegedTransaction)),
      },
    },
    async (request): Promise<PrivilegedTransaction[]> => {
      const { address, limit } = request.query;
      const c = await contractAt(address);
      if (c.monitoredSince && c.chainId !== null) {
        const events = await app.db
          .select({
            hash: privilegedEvents.transactionHash,
            function: privilegedEvents.function,
            from: privilegedEvents.from,
            occurredAt: privilegedEvents.occurredAt,
          })
          .from(privilegedEvents)
          .where(and(eq(privilegedEvents.chainId, c.chainId), eq(privilegedEvents.address, c.address)))
          .orderBy(
            desc(privilegedEvents.occurredAt),
            desc(privilegedEvents.blockNumber),
            desc(privilegedEvents.logIndex),
          )
          .limit(limit);
        return events.map((e) => ({
          hash: e.hash,
          function: e.function,
          from: e.from,
          timestamp: e.occurredAt.toISOString(),
        }));
      }
      return [...c.privilegedTransactions]
        .sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0))
        .slice(0, limit);
    },
  );

  app.get(
    '/api/skynet/twitter-activity-by-dates',
    {
      config: { partnerRead: true },
      schema: {
        summary: 'Social activity of a project by day',
        querystring: TwitterActivityQuery,
        response: replies(z.array(S.ActivityPoint)),
      },
    },
    async (request): Promise<ActivityPoint[]> => {
      const { projectId, type, dates } = request.query;
      await requireProject(app, projectId);
      const [series] = await app.db
        .select()
        .from(socialActivity)
        .where(and(eq(socialActivity.projectId, projectId), eq(socialActivity.type, type)));
      const start = series ? Date.parse(`${series.startDay}T00:00:00Z`) / 86_400_000 : 0;
      return dates.map((date) => {
        const i = Date.parse(`${date}T00:00:00Z`) / 86_400_000 - start;
        return { date, value: series && i >= 0 && i < series.values.length ? series.values[i]! : 0 };
      });
    },
  );
}
