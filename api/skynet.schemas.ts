/** Zod schemas of the skynet contract: the server validates with these (the browser uses api/skynet.ts). */
import { z } from 'zod';
import {
  SOCIAL_TYPES,
  METRIC_NAME_PATTERN,
  TOP_LIST_DEFAULT_COUNT,
  PRIVILEGED_TRANSACTIONS_DEFAULT_LIMIT,
  MAX_ACTIVITY_DATES,
} from './skynet';
import { intFromQuery } from './projects.schemas';

export const SocialType = z.enum(SOCIAL_TYPES);

const projectId = z.string().min(1).max(200);
const address = z.string().min(1).max(100);

// ---- responses ----

export const ExchangeMetric = z.object({
  exchange: z.string(),
  volumeUsd: z.number(),
  liquidityUsd: z.number(),
  pairs: z.number().int(),
});

/** GET /api/skynet/metric-latest?name=exchanges(projectId=ID) */
export const MetricLatest = z.object({
  name: z.literal('exchanges'),
  projectId: z.string(),
  value: z.array(ExchangeMetric),
  /** ISO timestamp of the figures. */
  updatedAt: z.string(),
});

/** One entry of top-callers / top-events / top-function-calls (callers carry their address). */
export const TopEntry = z.object({
  name: z.string(),
  count: z.number().int(),
  address: z.string().optional(),
});

export const PrivilegedAddress = z.object({ address: z.string(), role: z.string(), isContract: z.boolean() });

export const PrivilegedFunction = z.object({
  signature: z.string(),
  modifier: z.string(),
  risk: z.enum(['low', 'medium', 'high']),
});

export const PrivilegedTransaction = z.object({
  hash: z.string(),
  function: z.string(),
  from: z.string(),
  /** ISO timestamp. */
  timestamp: z.string(),
});

export const ActivityPoint = z.object({ date: z.string(), value: z.number().int() });
export const MetricLatestQuery = z.object({
  name: z.string().max(300).regex(METRIC_NAME_PATTERN, 'Expected exchanges(projectId=ID)'),
});

export const TopListQuery = z.object({
  projectId,
  count: intFromQuery(1, 100).default(TOP_LIST_DEFAULT_COUNT),
});

export const AddressQuery = z.object({ address });

export const PrivilegedTransactionQuery = z.object({
  address,
  limit: intFromQuery(1, 200).default(PRIVILEGED_TRANSACTIONS_DEFAULT_LIMIT),
});
const isoDay = /^\d{4}-\d{2}-\d{2}$/;
/** `dates` is a comma list of YYYY-MM-DD days (at most 366); the answer keeps their order, 0 where no data. */
export const TwitterActivityQuery = z.object({
  projectId,
  type: SocialType,
  dates: z
    .string()
    .min(1)
    .max(MAX_ACTIVITY_DATES * 11)
    .transform((s, ctx) => {
      const days = s.split(',').map((d) => d.trim());
      if (days.length > MAX_ACTIVITY_DATES) {
        ctx.addIssue({ code: 'custom', message: `At most ${MAX_ACTIVITY_DATES} dates` });
        return z.NEVER;
      }
      for (const day of days) {
        if (!isoDay.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
          ctx.addIssue({ code: 'custom', message: `Not a date (YYYY-MM-DD): ${day.slice(0, 20)}` });
          return z.NEVER;
        }
      }
      return days;
    }),
});
