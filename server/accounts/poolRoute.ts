import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RoutePlugin } from '../routing/loader';
import { replies, typed } from '../routing/schemas';
import type { LIMITS } from '../plugins/app/rateLimit';
import type { UserPool } from './pool';

/**
 * The route module of one of the user pool's JSON posts (sign-up, its codes, password reset): `POST <url>` with a
 * body typed by its zod schema, rate limited per address by one of LIMITS, answered by `answer` with the app's pool.
 */
export function userPoolPost<B extends z.ZodType, R extends z.ZodType>(
  url: string,
  route: { rateLimit: (typeof LIMITS)[keyof typeof LIMITS]; summary: string; body: B; response: R },
  answer: (users: UserPool, body: z.output<B>, request: FastifyRequest) => Promise<z.input<R>>,
): RoutePlugin {
  return async (fastify) => {
    typed(fastify).post(
      url,
      {
        config: { rateLimit: route.rateLimit },
        schema: {
          summary: route.summary,
          body: route.body as z.ZodType,
          response: replies(route.response as z.ZodType),
        },
      },
      async (request) => answer(fastify.users, request.body as z.output<B>, request),
    );
  };
}
