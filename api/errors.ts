import { z } from 'zod';

/** Every API error body: `{ error: CODE, message, fields? }` (design notes §3). */
export const ErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export type HttpErrorKind = 'timeout' | 'server' | 'not-found' | 'client' | 'generic';

/** Thrown by the request helper for any non-OK response; carries the response body text (spec §8). */
export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly status: number;
  readonly path: string;
  /** The response body text, as received. */
  readonly body: string;
  /** `error` of the JSON error body, when the server sent one (e.g. NotAuthorizedException). */
  readonly code: string | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(kind: HttpErrorKind, status: number, path: string, body: string, message?: string) {
    const parsed = parseErrorBody(body);
    super(message ?? parsed?.message ?? `Request to ${path} failed with status ${status}`);
    this.name = `${kind}Error`;
    this.kind = kind;
    this.status = status;
    this.path = path;
    this.body = body;
    this.code = parsed?.error;
    this.fields = parsed?.fields;
  }
}

export class TimeoutError extends HttpError {
  constructor(status: number, path: string, body: string) {
    super('timeout', status, path, body, `Request to ${path} timed out`);
  }
}
export class ServerError extends HttpError {
  constructor(status: number, path: string, body: string) {
    super('server', status, path, body);
  }
}
export class NotFoundError extends HttpError {
  constructor(status: number, path: string, body: string) {
    super('not-found', status, path, body);
  }
}
export class ClientError extends HttpError {
  constructor(status: number, path: string, body: string) {
    super('client', status, path, body);
  }
}
export class GenericError extends HttpError {
  constructor(status: number, path: string, body: string) {
    super('generic', status, path, body);
  }
}

function parseErrorBody(text: string): ErrorBody | undefined {
  try {
    const result = ErrorBody.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
