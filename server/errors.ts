import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { safeParse, type $ZodError, type $ZodType } from 'zod/v4/core';

/** An error the client caused or a known domain failure; rendered as `{ error, message, fields? }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Response headers that belong to the answer, e.g. Retry-After on a 429 or 503. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  /** When the refused action may be tried again, sent as `retryAfterSeconds` in the body (e.g. the resend cooldown). */
  retryAfterSeconds?: number;
  /** Where a NextAuth client goes next, sent as `url` (the auth service's form posts: see config.authService). */
  url?: string;
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'BadRequest', message, fields);
export const unauthorized = (message = 'You need to sign in.') => new AppError(401, 'Unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, 'Forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'NotFound', message);

/**
 * Validates input against a shared `api/` schema. A failure is a 400 naming each bad field,
 * e.g. `{ error: 'ValidationError', message: 'keyword: Too long', fields: { keyword: 'Too long' } }`.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown, where = 'body'): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationError(result.error, where);
}

/** The 400 of a failed validation, one field per issue path (`where` names a failure of the whole input). */
export function validationError(error: $ZodError, where: string): AppError {
  // Keys come from the input's paths: a null-prototype object stores `__proto__` or `toString` like any other.
  const fields: Record<string, string> = Object.create(null);
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : where;
    fields[key] ??= issue.message;
  }
  const message = Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
  return new AppError(400, 'ValidationError', message, fields);
}

/** Fastify's names of the request parts, as our error bodies name them (`where` of parse()). */
const PARTS: Record<string, string> = {
  querystring: 'query',
  params: 'params',
  body: 'body',
  headers: 'headers',
};

/**
 * The validator compiler of every route schema (server/app.ts): the same zod `safeParse` as
 * fastify-type-provider-zod's `validatorCompiler`, but a failure is our 400 `ValidationError` with `fields` keyed by
 * the issue path exactly as parse() makes it (the provider's errors join paths with '/' and lose their keys). As
 * parse() does, a missing input (no body) is validated as `{}`.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = safeParse(schema, data ?? {});
    if (result.success) return { value: result.data };
    return { error: validationError(result.error, PARTS[httpPart ?? 'body'] ?? 'body') };
  };
