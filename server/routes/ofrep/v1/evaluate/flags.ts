import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  OfrepBulkEvaluation,
  OfrepErrorBody,
  OfrepEvaluationRequest,
  OfrepEvaluationSuccess,
  OfrepKeyParams,
} from '../../../../../api/flags.schemas';
import { AppError, parse } from '../../../../errors';
import { flagContextFor } from '../../../../flags/service';

/**
 * OFREP (OpenFeature Remote Evaluation Protocol) over FLAGS_FILE:
 * - POST /ofrep/v1/evaluate/flags — every flag, with an ETag; If-None-Match with the same ETag → 304.
 * - POST /ofrep/v1/evaluate/flags/:key — one flag; unknown key → 404 FLAG_NOT_FOUND.
 * The context is built from the session (targetingKey = username, email, role); the client's context is read
 * only for its shape and never decides a flag, so a browser cannot claim a role.
 * Error bodies carry both the house shape (`error`, `message`) and the OFREP one (`errorCode`, `errorDetails`).
 */
export default async function flagsRoutes(app: FastifyInstance) {
  // Outside /api/: no CSRF (they write nothing) and bad input is answered here in the OFREP shape.
  const OFREP = { ofrep: true };
  /** Checks the body's shape; the context itself always comes from the session. */
  const bodyError = (request: FastifyRequest): AppError | undefined => {
    try {
      parse(OfrepEvaluationRequest, request.body);
      return undefined;
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
  };

  // OFREP's error shape for every failure: it includes the house shape, so plugins' errors (415, 429) fit it too.
  const errors = { '4xx': OfrepErrorBody, '5xx': OfrepErrorBody } as const;
  const bulkAnswers = { 200: OfrepBulkEvaluation, ...errors };
  const oneAnswers = { 200: OfrepEvaluationSuccess, ...errors };

  app.post(
    '/flags',
    {
      config: OFREP,
      schema: { summary: 'Evaluate every flag (ETag; 304 when unchanged)', response: bulkAnswers },
    },
    async (request, reply) => {
      const error = bodyError(request);
      if (error) return invalid(reply, error, 'INVALID_CONTEXT');
      const context = flagContextFor(request.user);
      const body = { flags: app.flags.evaluateAll(context) };
      const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Cookie');
      if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return body;
    },
  );

  app.post(
    '/flags/:key',
    { config: OFREP, schema: { summary: 'Evaluate one flag', response: oneAnswers } },
    async (request, reply) => {
      const params = OfrepKeyParams.safeParse(request.params);
      if (!params.success) {
        return invalid(
          reply,
          new AppError(400, 'ValidationError', 'key: Expected 1 to 200 characters'),
          'PARSE_ERROR',
        );
      }
      const { key } = params.data;
      const error = bodyError(request);
      if (error) return invalid(reply, error, 'INVALID_CONTEXT', key);
      const result = app.flags.evaluate(key, flagContextFor(request.user));
      reply.header('cache-control', 'private, no-store');
      if ('errorCode' in result) {
        const status = result.errorCode === 'FLAG_NOT_FOUND' ? 404 : 500;
        return reply.status(status).send({
          ...result,
          error: status === 404 ? 'FlagNotFound' : 'FlagEvaluationError',
          message: result.errorDetails,
        });
      }
      return result;
    },
  );
}

/** If-None-Match may list several tags, weak or strong, or '*'. */
function matches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const values = (Array.isArray(header) ? header.join(',') : header).split(',').map((v) => v.trim());
  return values.some((v) => v === '*' || v === etag || v === `W/${etag}`);
}

/** A 400 in both shapes: the house one (`error`, `message`, `fields`) and OFREP's (`errorCode`, `errorDetails`). */
function invalid(
  reply: FastifyReply,
  err: AppError,
  errorCode: 'INVALID_CONTEXT' | 'PARSE_ERROR',
  key?: string,
) {
  return reply.status(400).send({
    error: err.code,
    message: err.message,
    ...(err.fields ? { fields: err.fields } : {}),
    ...(key === undefined ? {} : { key }),
    errorCode,
    errorDetails: err.message,
  });
}
