import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../api/errors.schemas';
import { Created } from '../../api/site.schemas';
import type { LIMITS } from '../plugins/app/rateLimit';
import { requireAdmin, requireUser, type SessionUser } from '../plugins/app/session';

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

/** `preValidation` of an admin route: a 401 or 403 before its input is validated. */
export const adminOnly = async (request: FastifyRequest) => {
  requireAdmin(request);
};

/**
 * `POST <url>` of a signed-in user's JSON write: 401 before validation when signed out (signedIn), the body typed by
 * its schema, a 200 answer encoded by `response`. `answer` gets the user, the body and the request. `user`, when
 * given, is the route's own check of the user (e.g. a feature flag), run before validation and again for `answer`.
 */
export function signedInPost<B extends z.ZodType, R extends z.ZodType>(
  app: ReturnType<typeof typed>,
  url: string,
  route: {
    summary: string;
    description?: string;
    tags?: string[];
    config?: FastifyContextConfig;
    user?: (request: FastifyRequest) => Promise<SessionUser>;
    body: B;
    response: R;
  },
  answer: (user: SessionUser, body: z.output<B>, request: FastifyRequest) => Promise<z.input<R>>,
): void {
  const { config, user, body, response, ...doc } = route;
  app.post(
    url,
    {
      ...(config ? { config } : {}),
      preValidation: user ? async (request) => void (await user(request)) : signedIn,
      schema: { ...doc, body: body as z.ZodType, response: replies(response as z.ZodType) },
    },
    async (request) =>
      answer(user ? await user(request) : requireUser(request), request.body as z.output<B>, request),
  );
}

/**
 * `POST <url>` of a visitor's form, signed in or not (an incident report, a quote request): rate limited per address
 * by one of LIMITS, the body typed by its schema, a 201 answer with the id `save` gives the stored row.
 */
export function visitorCreate<B extends z.ZodType>(
  app: ReturnType<typeof typed>,
  url: string,
  route: { rateLimit: (typeof LIMITS)[keyof typeof LIMITS]; summary: string; body: B },
  save: (body: z.output<B>, request: FastifyRequest) => Promise<number>,
): void {
  app.post(
    url,
    {
      config: { rateLimit: route.rateLimit },
      schema: { summary: route.summary, body: route.body as z.ZodType, response: created(Created) },
    },
    async (request, reply) =>
      reply.status(201).send({ id: await save(request.body as z.output<B>, request) }),
  );
}

/**
 * The options of a Partner API read: open to an API key as well as to a browser (`partnerRead`), its answers those of
 * `replies(response)`.
 */
export const partnerRead = <S extends { response: z.ZodType }>({ response, ...schema }: S) => ({
  config: { partnerRead: true as const },
  schema: { ...schema, response: replies(response) },
});

/** Public, computed data: a minute of caching keeps a busy page off the database. */
export const cacheShort = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=60');

/** An empty 204 answer (a typed reply wants a payload matching a schema; a 204 has none). */
export const noContent = (reply: FastifyReply) => reply.status(204).send();
