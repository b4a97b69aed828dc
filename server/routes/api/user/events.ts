import type { FastifyInstance } from 'fastify';
import { UserEventBody } from '../../../../api/site.schemas';
import { errorsOnly, noContent, typed } from '../../../routing/schemas';
import { recordUserEvent } from '../../../site/submissions';
import { LIMITS } from '../../../plugins/app/rateLimit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /api/user/events: analytics events, limited per address. */
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
      const body = request.body;
      await recordUserEvent(app.db, {
        eventName: body.eventName,
        properties: body.properties,
        userId: userId(request.user?.username),
      });
      return noContent(reply);
    },
  );
}

function userId(username: string | undefined): string | null {
  return username && UUID.test(username) ? username : null;
}
