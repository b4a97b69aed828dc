import type { FastifyInstance } from 'fastify';
import { UserEventBody } from '../../../../api/site.schemas';
import { errorsOnly, noContent, typed } from '../../../routing/schemas';
import { LIMITS } from '../../../plugins/app/rateLimit';

/** POST /api/user/events: analytics events, limited per address (app.userEvents). */
export default async function apiUserEventsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.post(
    '/events',
    {
      config: { rateLimit: LIMITS.events },
      schema: {
        tags: ['Site'],
        summary: 'Record an analytics event (204)',
        body: UserEventBody,
        response: errorsOnly,
      },
    },
    async (request, reply) => {
      await app.userEvents.record(request.body, request.user?.username);
      return noContent(reply);
    },
  );
}
