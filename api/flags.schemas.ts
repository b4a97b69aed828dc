/** Zod schemas of the flags contract: the server validates with these (the browser uses api/flags.ts). */
import { z } from 'zod';

export const FlagValue = z.union([
  z.boolean(),
  z.string(),
  z.number(),
  z.record(z.string(), z.unknown()),
  z.array(z.unknown()),
]);

/** POST /ofrep/v1/evaluate/flags and /ofrep/v1/evaluate/flags/:key */
export const OfrepEvaluationRequest = z.object({
  context: z.record(z.string().max(200), z.unknown()).optional(),
});

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

/** One flag that could not be evaluated (404 FLAG_NOT_FOUND, or inside a bulk answer). */
export const OfrepEvaluationFailure = z.object({
  key: z.string(),
  errorCode: z.string(),
  errorDetails: z.string().optional(),
});

/** Bulk answer (200, with an ETag; 304 when If-None-Match matches). */
export const OfrepBulkEvaluation = z.object({
  flags: z.array(z.union([OfrepEvaluationSuccess, OfrepEvaluationFailure])),
  metadata: FlagMetadata.optional(),
});

/**
 * An OFREP error answer: the house shape (`error`, `message`, `fields`) and OFREP's (`errorCode`, `errorDetails`, and
 * the `key` of a single-flag request), so both kinds of client read it. `errorCode` is set on what the OFREP routes
 * answer themselves (400 PARSE_ERROR / INVALID_CONTEXT, 404 FLAG_NOT_FOUND); errors the app's plugins answer
 * (unreadable JSON, 415, 429, 503) carry only the house shape.
 */
export const OfrepErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  retryAfterSeconds: z.number().optional(),
  key: z.string().optional(),
  errorCode: z.string().optional(),
  errorDetails: z.string().optional(),
});
