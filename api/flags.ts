import { z } from 'zod';
import type { Request } from './http';

/**
 * Feature flags over OFREP (OpenFeature Remote Evaluation Protocol). The server evaluates FLAGS_FILE (flagd
 * format) with a context it builds from the session: `targetingKey` = username, `email`, `role`. Whatever
 * context the client sends is only a hint that the identity changed; it never decides a flag.
 */

// The flags the product reads and their defaults live beside the flags machine (zod-free, for the browser's
// initial bundle); re-exported here as part of the contract.
export { FLAG_DEFAULTS, FLAG_KEYS, type FlagKey } from '../machines/flags/flags.machine';

export const FlagValue = z.union([
  z.boolean(),
  z.string(),
  z.number(),
  z.record(z.string(), z.unknown()),
  z.array(z.unknown()),
]);
export type FlagValue = z.infer<typeof FlagValue>;

/** POST /ofrep/v1/evaluate/flags and /ofrep/v1/evaluate/flags/:key */
export const OfrepEvaluationRequest = z.object({
  context: z.record(z.string().max(200), z.unknown()).optional(),
});
export type OfrepEvaluationRequest = z.infer<typeof OfrepEvaluationRequest>;

export const OfrepKeyParams = z.object({ key: z.string().min(1).max(200) });

export const FlagMetadata = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

/** One evaluated flag (200). A disabled flag has reason DISABLED and no value. */
export const OfrepEvaluationSuccess = z.object({
  key: z.string(),
  value: FlagValue.optional(),
  reason: z.string(),
  variant: z.string().optional(),
  metadata: FlagMetadata.optional(),
});
export type OfrepEvaluationSuccess = z.infer<typeof OfrepEvaluationSuccess>;

/** One flag that could not be evaluated (404 FLAG_NOT_FOUND, or inside a bulk answer). */
export const OfrepEvaluationFailure = z.object({
  key: z.string(),
  errorCode: z.string(),
  errorDetails: z.string().optional(),
});
export type OfrepEvaluationFailure = z.infer<typeof OfrepEvaluationFailure>;

/** Bulk answer (200, with an ETag; 304 when If-None-Match matches). */
export const OfrepBulkEvaluation = z.object({
  flags: z.array(z.union([OfrepEvaluationSuccess, OfrepEvaluationFailure])),
  metadata: FlagMetadata.optional(),
});
export type OfrepBulkEvaluation = z.infer<typeof OfrepBulkEvaluation>;

// ---- typed fetch functions (the browser normally goes through the OFREP web provider) ----

export const evaluateFlags = (request: Request, context: Record<string, unknown> = {}) =>
  request<OfrepBulkEvaluation>('/ofrep/v1/evaluate/flags', { method: 'POST', body: { context } });

export const evaluateFlag = (request: Request, key: string, context: Record<string, unknown> = {}) =>
  request<OfrepEvaluationSuccess>(`/ofrep/v1/evaluate/flags/${encodeURIComponent(key)}`, {
    method: 'POST',
    body: { context },
  });
