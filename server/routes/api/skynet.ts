import type { FastifyInstance } from 'fastify';
import {
  METRIC_NAME_PATTERN,
  type ActivityPoint,
  type MetricLatest,
  type PrivilegedTransaction,
  type TopEntry,
} from '../../../api/skynet';
import {
  AddressQuery,
  MetricLatestQuery,
  PrivilegedTransactionQuery,
  TopListQuery,
  TwitterActivityQuery,
} from '../../../api/skynet.schemas';
import * as S from '../../../api/skynet.schemas';
import { z } from 'zod';
import { partnerRead, typed } from '../../routing/schemas';
import { contractAt as storedContractAt } from '../../chains/contracts';
import type { Db } from '../../db/client';
import {
  latestPrivilegedEvents,
  monitoredContracts,
  projectMonitoringOf,
  socialSeries,
  topCallers,
  topEvents,
  topFunctionCalls,
  type MonitoringRow,
  type Monitored,
} from '../../monitoring/figures';
import { notFound } from '../../errors';
import { requireProject } from '../../projects/detail';

/**
 * Skynet monitoring figures of spec §7: seeded or imported (see docs/api.md), or, for a project with monitored
 * contracts (contracts.monitored_since and chain_id set), computed from what the indexer stored (chain_transactions,
 * chain_logs, privileged_events) and what monitoring read (server/monitoring/surface.ts). Same shapes either way.
 */
export default async function skynetRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const monitoringOf = async (projectId: string) => {
    const project = await requireProject(app, projectId);
    return { project, monitoring: await projectMonitoringOf(app.db, projectId) };
  };

  app.get(
    '/skynet/metric-latest',
    partnerRead({
      summary: 'Latest exchange figures of a project',
      querystring: MetricLatestQuery,
      response: S.MetricLatest,
    }),
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

  const topList = (
    path: string,
    summary: string,
    pick: (m: MonitoringRow) => TopEntry[],
    fromChain: (db: Db, monitored: Monitored[], limit: number) => Promise<TopEntry[]>,
  ) =>
    app.get(
      path,
      partnerRead({ summary, querystring: TopListQuery, response: z.array(S.TopEntry) }),
      async (request): Promise<TopEntry[]> => {
        const { projectId, count } = request.query;
        const { monitoring } = await monitoringOf(projectId);
        const monitored = await monitoredContracts(app.db, projectId);
        if (monitored.length > 0) return fromChain(app.db, monitored, count);
        return monitoring ? [...pick(monitoring)].sort((a, b) => b.count - a.count).slice(0, count) : [];
      },
    );
  topList('/skynet/top-callers', 'Top callers of a project', (m) => m.topCallers, topCallers);
  topList('/skynet/top-events', 'Top events of a project', (m) => m.topEvents, topEvents);
  topList(
    '/skynet/top-function-calls',
    'Top function calls of a project',
    (m) => m.topFunctionCalls,
    topFunctionCalls,
  );

  const contractAt = async (address: string) => {
    // EVM addresses are case-insensitive hex; they are stored lower-case.
    const key = /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address;
    const c = await storedContractAt(app.db, key);
    if (!c) throw notFound(`No monitored contract at "${address}".`);
    return c;
  };

  /** One of a monitored contract's stored lists, read by its address (`?address=`). */
  const contractList = <T>(
    path: string,
    summary: string,
    item: z.ZodType<T>,
    pick: (c: Awaited<ReturnType<typeof contractAt>>) => T[],
  ) =>
    app.get(
      path,
      partnerRead({ summary, querystring: AddressQuery, response: z.array(item) }),
      async (request): Promise<T[]> => pick(await contractAt(request.query.address)),
    );
  // Rows read from the chain also keep each holder's classification: the API answers its three fields.
  contractList('/skynet/privileged-address', 'Privileged addresses of a contract', S.PrivilegedAddress, (c) =>
    c.privilegedAddresses.map((a) => ({ address: a.address, role: a.role, isContract: a.isContract })),
  );
  contractList(
    '/skynet/privileged-function',
    'Privileged functions of a contract',
    S.PrivilegedFunction,
    (c) => c.privilegedFunctions,
  );

  app.get(
    '/skynet/privileged-transaction',
    partnerRead({
      summary: 'Privileged transactions of a contract',
      querystring: PrivilegedTransactionQuery,
      response: z.array(S.PrivilegedTransaction),
    }),
    async (request): Promise<PrivilegedTransaction[]> => {
      const { address, limit } = request.query;
      const c = await contractAt(address);
      if (c.monitoredSince && c.chainId !== null) {
        const events = await latestPrivilegedEvents(app.db, c.chainId, c.address, limit);
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
    '/skynet/twitter-activity-by-dates',
    partnerRead({
      summary: 'Social activity of a project by day',
      querystring: TwitterActivityQuery,
      response: z.array(S.ActivityPoint),
    }),
    async (request): Promise<ActivityPoint[]> => {
      const { projectId, type, dates } = request.query;
      await requireProject(app, projectId);
      const series = await socialSeries(app.db, projectId, type);
      const start = series ? Date.parse(`${series.startDay}T00:00:00Z`) / 86_400_000 : 0;
      return dates.map((date) => {
        const i = Date.parse(`${date}T00:00:00Z`) / 86_400_000 - start;
        return { date, value: series && i >= 0 && i < series.values.length ? series.values[i]! : 0 };
      });
    },
  );
}
