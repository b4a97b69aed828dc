import type { z } from 'zod';

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
  // Keys come from the input's paths: a null-prototype object stores `__proto__` or `toString` like any other.
  const fields: Record<string, string> = Object.create(null);
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : where;
    fields[key] ??= issue.message;
  }
  const message = Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
  throw new AppError(400, 'ValidationError', message, fields);
}
