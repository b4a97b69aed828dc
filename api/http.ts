import { ofetch, type FetchOptions } from 'ofetch';
import { ClientError, GenericError, HttpError, NotFoundError, ServerError, TimeoutError } from './errors';

/** A 504 is retried this many times before a timeout error is thrown (spec §8, §9). */
export const GATEWAY_TIMEOUT_RETRIES = 3;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Sent form-encoded (application/x-www-form-urlencoded) instead of a JSON body. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sends the CSRF token on a GET too: a GET that writes (the vote) is taken only with it or from a same-origin page. */
  csrf?: true;
};

export type ErrorReport = { title: string; description: string; trace: string };

export type ClientOptions = {
  /** Absolute origin in node and tests; empty in the browser (same origin). */
  baseURL?: string;
  fetch?: typeof globalThis.fetch;
  /** Where server errors and timeouts are reported; defaults to POST /api/errors on the same base. */
  report?: (report: ErrorReport) => void;
  /** Extra headers on every request. */
  headers?: () => Record<string, string>;
  /**
   * The CSRF token sent as `x-csrf-token` on every write (cookie-authenticated writes need it). Called with
   * `fresh: true` after the server refused a token, and the write is retried once with the new one.
   */
  csrfToken?: (fresh: boolean) => Promise<string | undefined>;
};

export type Request = <T>(path: string, options?: RequestOptions) => Promise<T>;

/** The call of a JSON write: `body` POSTed to `path`, answered with `R`. */
export const postJson =
  <B, R>(path: string) =>
  (request: Request, body: B) =>
    request<R>(path, { body });

/**
 * The one request helper every product call goes through: credentials included, JSON in and out,
 * errors classified by status exactly as spec §8 says, with the response body text attached.
 */
export function createRequest(options: ClientOptions = {}): Request {
  const baseURL = options.baseURL ?? '';
  const raw = ofetch.create(
    {
      baseURL,
      credentials: 'include',
      retry: 0,
      ignoreResponseError: true,
      responseType: 'text',
    } as FetchOptions,
    // ofetch takes its fetch implementation in the global options (second argument), not in the defaults.
    options.fetch ? { fetch: options.fetch } : {},
  );

  // Reports of server errors go through this same helper (so a signed-in report carries its CSRF token), but a
  // report that fails is not reported again.
  const report =
    options.report ??
    ((r: ErrorReport) => void send('/api/errors', { method: 'POST', body: r }, false).catch(() => undefined));

  return <T>(path: string, opts?: RequestOptions) => send<T>(path, opts, true);

  async function send<T>(path: string, opts: RequestOptions = {}, reportFailures: boolean): Promise<T> {
    const method = opts.method ?? (opts.body === undefined && opts.form === undefined ? 'GET' : 'POST');
    const isWrite = method !== 'GET' || opts.csrf === true;
    let csrf = isWrite ? await options.csrfToken?.(false) : undefined;
    let csrfRetried = false;
    for (let attempt = 0; ; attempt++) {
      const response = await raw.raw<string>(path, {
        method,
        query: opts.query,
        body: opts.form
          ? new URLSearchParams(opts.form).toString()
          : opts.body === undefined
            ? undefined
            : JSON.stringify(opts.body),
        headers: {
          accept: 'application/json',
          ...(opts.form
            ? { 'content-type': 'application/x-www-form-urlencoded' }
            : opts.body === undefined
              ? {}
              : { 'content-type': 'application/json' }),
          ...options.headers?.(),
          ...(csrf ? { 'x-csrf-token': csrf } : {}),
          ...opts.headers,
        },
        signal: opts.signal,
      });
      const text = typeof response._data === 'string' ? response._data : '';
      const status = response.status;
      if (response.ok) return (text === '' ? undefined : JSON.parse(text)) as T;
      if (status === 504 && attempt < GATEWAY_TIMEOUT_RETRIES) continue;
      if (status === 403 && csrf !== undefined && !csrfRetried && text.includes('CsrfError')) {
        csrfRetried = true;
        csrf = await options.csrfToken?.(true);
        attempt--;
        continue;
      }
      const error = classify(status, path, text);
      if (reportFailures && (error instanceof TimeoutError || error instanceof ServerError)) {
        report({
          title:
            error instanceof TimeoutError
              ? `Timeout: ${method} ${path}`
              : `Server error ${status}: ${method} ${path}`,
          description: `${path}: ${error.message}`,
          trace: text.slice(0, 10_000),
        });
      }
      throw error;
    }
  }
}

function classify(status: number, path: string, body: string): HttpError {
  if (status === 504) return new TimeoutError(status, path, body);
  if (status >= 500) return new ServerError(status, path, body);
  if (status === 404) return new NotFoundError(status, path, body);
  if (status >= 400) return new ClientError(status, path, body);
  return new GenericError(status, path, body);
}
