import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../api/errors.schemas';
import { requireUser } from '../plugins/app/session';

/**
 * The answers of a JSON route for its schema: `ok` for its success status (200 unless said), `ErrorBody` for every
 * 4xx and 5xx. Each answer is encoded with its schema (fastify-type-provider-zod's serializer), so an answer off the
 * contract is a 500 and fails the server suite: that is the contract test of every response.
 */
export const replies = <T extends z.ZodType>(ok: T) =>
  ({ 200: ok, '4xx': ErrorBody, '5xx': ErrorBody }) as const;
export const created = <T extends z.ZodType>(ok: T) =>
  ({ 201: ok, '4xx': ErrorBody, '5xx': ErrorBody }) as const;

/** Answers of a route whose success has no JSON body (204, a redirect, HTML or a file): only its errors are JSON. */
export const errorsOnly = { '4xx': ErrorBody, '5xx': ErrorBody } as const;

/** `{ ok: true }` answers of writes. */
export const Ok = z.object({ ok: z.literal(true) });

/** The app with route types inferred from the zod schemas. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/**
 * `preValidation` of a signed-in route: a signed-out request is a 401 before its input is validated (as when
 * handlers called requireUser() before parse()).
 */
export const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

/** An empty 204 answer (a typed reply wants a payload matching a schema; a 204 has none). */
export const noContent = (reply: FastifyReply) => reply.status(204).send();
