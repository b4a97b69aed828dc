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

// ---- queries (the server validates with these same schemas) ----

/** `name` must read exactly `exchanges(projectId=ID)`; the server extracts the id. */
export const METRIC_NAME_PATTERN = /^exchanges\(projectId=([^()\s]{1,200})\)$/;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
