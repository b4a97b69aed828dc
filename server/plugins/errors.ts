import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

/**
 * Uniform error bodies `{ error, message, fields? }`. Anything the client got wrong (bad JSON, wrong
 * content type, oversized body, validation) is a 4xx; only a real fault is a 500, and its details stay in the log.
 */
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
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (key.includes('\u0000')) return { path: [...path, key], problem: 'Must not contain NUL characters' };
      stack.push([child, [...path, key]]);
    }
  }
  return undefined;
}

export const errorHandling = fp(async (app: FastifyInstance) => {
  // Input no handler could store or walk safely is a 400 naming the field (OFREP keeps its own error shape).
  app.addHook('preValidation', async (request) => {
    if (request.url.startsWith('/ofrep/')) return;
    for (const [where, input] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = findUnstorable(input);
      if (!found) continue;
      const key = found.path.length > 0 ? found.path.join('.') : where;
      throw new AppError(400, 'ValidationError', `${key}: ${found.problem}`, { [key]: found.problem });
    }
  });

  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply
        .status(err.statusCode)
        .send({ error: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODES[status] ?? 'BadRequest';
      return reply.status(status).send({ error: code, message: err.message });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: 'InternalError', message: 'Something went wrong on our side.' });
  });
});
