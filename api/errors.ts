/** Every API error body: `{ error: CODE, message, fields? }` (design notes §3). */
export type ErrorBody = {
  error: string;
  message: string;
  fields?: Record<string, string>;
  /** When the refused action may be tried again (the resend-code cooldown). */
  retryAfterSeconds?: number;
};

/**
 * The code an actor failed with: `HttpError.code` (the error body's `error`, e.g. NotAuthorizedException), or
 * undefined for any other failure. Machines read failures through this, never by `instanceof`, so a test can fail
 * an actor with a plain `{ code }` object.
 */
export const errorCode = (error: unknown): string | undefined => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
};

/**
 * The server's message for a refused request (an error with a code, as errorCode reads it: e.g. the 10-key limit),
 * else `fallback` (a network failure, a crash).
 */
export const serverMessage = (error: unknown, fallback: string): string => {
  const message = errorCode(error) === undefined ? undefined : (error as { message?: unknown }).message;
  return typeof message === 'string' && message ? message : fallback;
};

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
  /** `retryAfterSeconds` of the JSON error body: when the refused action may be tried again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: HttpErrorKind, status: number, path: string, body: string, message?: string) {
    const parsed = parseErrorBody(body);
    super(
      message ??
        (parsed
          ? humanMessage(parsed.message, parsed.fields)
          : `Request to ${path} failed with status ${status}`),
    );
    this.name = `${kind}Error`;
    this.kind = kind;
    this.status = status;
    this.path = path;
    this.body = body;
    this.code = parsed?.error;
    this.fields = parsed?.fields;
    this.retryAfterSeconds = parsed?.retryAfterSeconds;
  }
}

export class TimeoutError extends HttpError {
  constructor(status: number, path: string, body: string) {
    super('timeout', status, path, body, `Request to ${path} timed out`);
  }
}

/** A class per kind (for `instanceof`) whose message is the error body's, or else says the status. */
const ofKind = (kind: HttpErrorKind) =>
  class extends HttpError {
    constructor(status: number, path: string, body: string) {
      super(kind, status, path, body);
    }
  };
export class ServerError extends ofKind('server') {}
export class NotFoundError extends ofKind('not-found') {}
export class ClientError extends ofKind('client') {}
export class GenericError extends ofKind('generic') {}

/**
 * The message a person reads. A validation error's message lists `field: problem` pairs for callers of the API;
 * the field keys (`watchlistIds`, `settings.alertMail`) mean nothing on a page, so when the message is exactly that
 * list, the problems alone are shown. Any other message is the server's own wording, kept as it is.
 */
export function humanMessage(message: string, fields: Record<string, string> | undefined): string {
  const entries = Object.entries(fields ?? {});
  if (entries.length === 0 || message !== entries.map(([k, v]) => `${k}: ${v}`).join('; ')) return message;
  const problems = [...new Set(entries.map(([, v]) => v))];
  return problems.length === 1
    ? problems[0]!
    : problems.map((p) => (/[.!?…]$/.test(p) ? p : `${p}.`)).join(' ');
}

// Checked by hand rather than with zod: this runs in every page, and zod would be its largest dependency.
function parseErrorBody(text: string): ErrorBody | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { error, message, fields, retryAfterSeconds } = value as Record<string, unknown>;
  if (typeof error !== 'string' || typeof message !== 'string') return undefined;
  const stringFields =
    typeof fields === 'object' && fields !== null && Object.values(fields).every((v) => typeof v === 'string')
      ? (fields as Record<string, string>)
      : undefined;
  const retry =
    typeof retryAfterSeconds === 'number' && Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0
      ? { retryAfterSeconds }
      : {};
  return { error, message, ...(stringFields ? { fields: stringFields } : {}), ...retry };
}
