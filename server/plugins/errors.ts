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

export const errorHandling = fp(async (app: FastifyInstance) => {
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
