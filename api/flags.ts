import type { z } from 'zod';
import type * as schemas from './flags.schemas';
import type { Request } from './http';

/**
 * Feature flags over OFREP (OpenFeature Remote Evaluation Protocol). The server evaluates FLAGS_FILE (flagd
 * format) with a context it builds from the session: `targetingKey` = username, `email`, `role`. Whatever
 * context the client sends is only a hint that the identity changed; it never decides a flag.
 */

/** The flags the product reads, with the value used before (or without) an evaluation. */
export const FLAG_DEFAULTS = {
  portfolio: false,
  extendedUserSetting: false,
  impersonationTool: false,
} as const;
export type FlagKey = keyof typeof FLAG_DEFAULTS;
export const FLAG_KEYS = Object.keys(FLAG_DEFAULTS) as FlagKey[];

/** Who the flags are evaluated for: targetingKey = username, plus email (null when signed out). */
export type FlagIdentity = { targetingKey: string; email: string } | null;
export type FlagValues = Record<string, boolean | string | number | null | object>;

/**
 * The flags the server evaluated for the page's session, written into the app's HTML (a JSON data block with this
 * id), so the first render has them and the OpenFeature SDK only loads when they are due for a refresh.
 */
export const FLAGS_ELEMENT_ID = 'flags-data';
/** How often the browser re-evaluates the flags (the OFREP provider's poll; it also does on tab visibility). */
export const FLAGS_POLL_MS = 60_000;
export type InlinedFlags = { identity: FlagIdentity; values: FlagValues };
export type FlagValue = z.infer<typeof schemas.FlagValue>;
export type OfrepEvaluationRequest = z.infer<typeof schemas.OfrepEvaluationRequest>;
export type OfrepEvaluationSuccess = z.infer<typeof schemas.OfrepEvaluationSuccess>;
export type OfrepEvaluationFailure = z.infer<typeof schemas.OfrepEvaluationFailure>;
export type OfrepBulkEvaluation = z.infer<typeof schemas.OfrepBulkEvaluation>;

// ---- typed fetch functions (the browser normally goes through the OFREP web provider) ----

export const evaluateFlags = (request: Request, context: Record<string, unknown> = {}) =>
  request<OfrepBulkEvaluation>('/ofrep/v1/evaluate/flags', { method: 'POST', body: { context } });

export const evaluateFlag = (request: Request, key: string, context: Record<string, unknown> = {}) =>
  request<OfrepEvaluationSuccess>(`/ofrep/v1/evaluate/flags/${encodeURIComponent(key)}`, {
    method: 'POST',
    body: { context },
  });
