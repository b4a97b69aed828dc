import type { z } from 'zod';
import type * as schemas from './skynet.schemas';
import type { Request } from './http';

/** Spec §9: top lists default to 10 entries, privileged transactions to 20. */
export const TOP_LIST_DEFAULT_COUNT = 10;
export const PRIVILEGED_TRANSACTIONS_DEFAULT_LIMIT = 20;
/** Most dates one twitter-activity-by-dates call may ask for. */
export const MAX_ACTIVITY_DATES = 366;

export const SOCIAL_TYPES = ['tweets', 'mentions', 'followers'] as const;
export type SocialType = z.infer<typeof schemas.SocialType>;
export type ExchangeMetric = z.infer<typeof schemas.ExchangeMetric>;
export type MetricLatest = z.infer<typeof schemas.MetricLatest>;
export type TopEntry = z.infer<typeof schemas.TopEntry>;
export type PrivilegedAddress = z.infer<typeof schemas.PrivilegedAddress>;
export type PrivilegedFunction = z.infer<typeof schemas.PrivilegedFunction>;
export type PrivilegedTransaction = z.infer<typeof schemas.PrivilegedTransaction>;
export type ActivityPoint = z.infer<typeof schemas.ActivityPoint>;

/** `name` must read exactly `exchanges(projectId=ID)`; the server extracts the id. */
export const METRIC_NAME_PATTERN = /^exchanges\(projectId=([^()\s]{1,200})\)$/;

// ---- typed fetch functions ----

export const getExchangeMetrics = (request: Request, projectId: string) =>
  request<MetricLatest>('/api/skynet/metric-latest', {
    query: { name: `exchanges(projectId=${projectId})` },
  });

export const getTopCallers = (request: Request, projectId: string, count = TOP_LIST_DEFAULT_COUNT) =>
  request<TopEntry[]>('/api/skynet/top-callers', { query: { projectId, count } });

export const getTopEvents = (request: Request, projectId: string, count = TOP_LIST_DEFAULT_COUNT) =>
  request<TopEntry[]>('/api/skynet/top-events', { query: { projectId, count } });

export const getTopFunctionCalls = (request: Request, projectId: string, count = TOP_LIST_DEFAULT_COUNT) =>
  request<TopEntry[]>('/api/skynet/top-function-calls', { query: { projectId, count } });

export const getPrivilegedAddresses = (request: Request, address: string) =>
  request<PrivilegedAddress[]>('/api/skynet/privileged-address', { query: { address } });

export const getPrivilegedFunctions = (request: Request, address: string) =>
  request<PrivilegedFunction[]>('/api/skynet/privileged-function', { query: { address } });

export const getPrivilegedTransactions = (
  request: Request,
  address: string,
  limit = PRIVILEGED_TRANSACTIONS_DEFAULT_LIMIT,
) => request<PrivilegedTransaction[]>('/api/skynet/privileged-transaction', { query: { address, limit } });

export const getTwitterActivity = (request: Request, projectId: string, type: SocialType, dates: string[]) =>
  request<ActivityPoint[]>('/api/skynet/twitter-activity-by-dates', {
    query: { projectId, type, dates: dates.join(',') },
  });
