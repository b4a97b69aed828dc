import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { siteOrigin } from '../../accounts/origin';
import { AppError } from '../../errors';
import { securityHeaderValues } from '../external/securityHeaders';

/**
 * Uniform error bodies `{ error, message, fields? }`. Anything the client got wrong (bad JSON, wrong
 * content type, oversized body, validation) is a 4xx; only a real fault is a 500, and its details stay in the log.
 */
type ErrorBody = {
  error: string;
  message: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
  url?: string;
};

const CODES: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
};

/** Deeper than any payload of this API; deeper input is refused before recursive code (zod, JSON.stringify) sees it. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Where `input` holds what no route can take: a NUL character in a string or key (PostgreSQL stores none in text
 * or jsonb) or nesting deeper than MAX_INPUT_DEPTH. Walks without recursion.
 */
export function findUnstorable(input: unknown): { path: string[]; problem: string } | undefined {
  const stack: [unknown, string[]][] = [[input, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path, problem: 'Must not contain NUL characters' };
      continue;
    }
    // Bytes (a Buffer body) are not text; every other object (parsed JSON, query, params) is walked.
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      return { path, problem: `Nested too deeply (at most ${MAX_INPUT_DEPTH} levels)` };
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const child: unknown = (value as Record<string, unknown>)[key];
      // Strings and other leaves are checked here, so most requests (a flat query) push nothing.
      if (key.includes('\u0000') || (typeof child === 'string' && child.includes('\u0000')))
        return { path: [...path, key], problem: 'Must not contain NUL characters' };
      if (child !== null && typeof child === 'object') stack.push([child, [...path, key]]);
    }
  }
  return undefined;
}

/** Socket-level failures reaching PostgreSQL or Redis. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** PostgreSQL states meaning "no server to talk to right now": class 08 and the shutdown / start-up states. */
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
/** node-postgres and ioredis raise these without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  "Stream isn't writeable",
  'Connection is closed',
  'Reached the max retries per request limit',
];

/**
 * True when `err` (or an error it wraps: Drizzle puts the driver's error in `cause`) says PostgreSQL or Redis is
 * unreachable. Such a request answers 503, not 500: nothing is wrong with it, and it works once they are back.
 */
export function isUnavailableError(err: unknown): boolean {
  const seen = new Set<unknown>();
  const stack = [err];
  while (stack.length > 0) {
    const e = stack.pop() as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | null;
    if (e === null || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (CONNECTION_CODES.has(code) || PG_UNAVAILABLE.test(code)) return true;
    if (UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m))) return true;
    stack.push(e.cause);
    if (Array.isArray(e.errors)) stack.push(...e.errors);
  }
  return false;
}

export const errorHandling = fp(
  async (app: FastifyInstance) => {
    // Input no handler could store or walk safely is a 400 naming the field (OFREP keeps its own error shape).
    // Callback style: it runs on every request, and an async hook costs a promise each time.
    app.addHook('preValidation', (request, _reply, done) => {
      if (request.routeOptions.config.ofrep) return done();
      for (const [where, input] of [
        ['params', request.params],
        ['query', request.query],
        ['body', request.body],
      ] as const) {
        const found = findUnstorable(input);
        if (!found) continue;
        const key = found.path.length > 0 ? found.path.join('.') : where;
        return done(
          new AppError(400, 'ValidationError', `${key}: ${found.problem}`, { [key]: found.problem }),
        );
      }
      done();
    });

    /**
     * On the auth service's form posts a failure also names where a NextAuth client should go: the sign-in page
     * with the error's code (NextAuth v4 reads `error` from that URL), or `csrf=true` as NextAuth answers a bad token.
     */
    const withAuthUrl = (request: FastifyRequest, body: ErrorBody, url?: string): ErrorBody => {
      if (!request.routeOptions.config.authService) return body;
      const params = new URLSearchParams(body.error === 'CsrfError' ? { csrf: 'true' } : {});
      params.set('error', body.error);
      return { ...body, url: url ?? `${siteOrigin(request.server)}/api/auth/signin?${params}` };
    };

    app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
      // Strictly false only on a live socket whose request has not fully arrived (app.inject's requests leave it unset).
      if (request.raw.complete !== false) return answer(err, request, reply);
      // Refused while its body is still arriving (too large, or a parser's error). Closing at once would meet the
      // client still writing: its unread bytes make our side reset the connection, and a client that writes its
      // whole body before reading (Node's http and fetch, most libraries) gets EPIPE instead of our answer. So the
      // rest is read and thrown away, within a bound, and the answer closes the connection after it.
      reply.header('connection', 'close');
      void discardBody(request.raw).then(() => answer(err, request, reply));
    });

    function answer(err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
      if (err instanceof AppError) {
        if (err.headers) reply.headers(err.headers);
        const body: ErrorBody = {
          error: err.code,
          message: err.message,
          ...(err.fields ? { fields: err.fields } : {}),
          ...(err.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: err.retryAfterSeconds }),
        };
        return reply.status(err.statusCode).send(withAuthUrl(request, body, err.url));
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const code = CODES[status] ?? 'BadRequest';
        return reply.status(status).send(withAuthUrl(request, { error: code, message: err.message }));
      }
      if (isUnavailableError(err)) {
        // The readiness monitor logs the outage once; each request only at debug level.
        request.log.debug({ err }, 'request failed: database or Redis unavailable');
        return reply
          .status(503)
          .header('retry-after', '5')
          .send(
            withAuthUrl(request, {
              error: 'ServiceUnavailable',
              message: 'The service is briefly unavailable. Please try again shortly.',
            }),
          );
      }
      if (err.code === 'FST_ERR_RESPONSE_SERIALIZATION') {
        // The handler answered off its declared response schema (fastify-type-provider-zod's serializer): a bug of
        // ours, loud in the log and in the server suite (every response there is checked this way).
        const issues = (err.cause as { issues?: unknown } | undefined)?.issues;
        request.log.error(
          { err, issues, route: request.routeOptions.url },
          'response does not match its schema',
        );
        return reply
          .status(500)
          .send({ error: 'InternalError', message: 'Something went wrong on our side.' });
      }
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ error: 'InternalError', message: 'Something went wrong on our side.' });
    }
  },
  { name: 'errors' },
);

/**
 * What the router refuses before any route or hook runs: a path whose percent-encoding does not decode (400), a
 * parameter over the router's length limit (414). Fastify's own answer there is not our error shape, and has none of
 * the security headers.
 */
export function frameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No hook runs for these answers, so the security headers are set here (rare enough to build them each time).
  reply.headers(securityHeaderValues(request.server.config));
  if (err.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({
      error: 'BadRequest',
      message: 'The address is not valid: it has a percent-encoding that does not decode.',
    });
  }
  if (err.statusCode === 414) {
    return reply.status(414).send({ error: 'UriTooLong', message: 'A part of the address is too long.' });
  }
  reply.log.error({ err }, 'request failed in the router');
  return reply.status(500).send({ error: 'InternalError', message: 'Something went wrong on our side.' });
}

/** How much of a refused body is read and thrown away before answering; a larger body is cut off unread. */
export const DISCARD_MAX_BYTES = 16 * 1024 * 1024;
/** How long a refused body may take to arrive before the answer goes out regardless (a stalled client). */
const DISCARD_MAX_MS = 10_000;

/**
 * Reads the rest of a request's body and drops it, up to DISCARD_MAX_BYTES and DISCARD_MAX_MS; resolves when the
 * body has ended, the bound is met or the client went away. Never rejects.
 */
function discardBody(raw: IncomingMessage): Promise<void> {
  if (raw.destroyed || Number(raw.headers['content-length']) > DISCARD_MAX_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', finish).off('close', finish).off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DISCARD_MAX_BYTES) finish();
    };
    const timer = setTimeout(finish, DISCARD_MAX_MS);
    raw.on('data', onData).on('end', finish).on('close', finish).on('error', finish);
    raw.resume();
  });
}
