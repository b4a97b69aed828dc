import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { UserEventBody } from '../../api/site.schemas';
import { repositoryPlugin } from '../plugins/app/repository';
import { recordUserEvent } from './submissions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The analytics events the site sends over this app's database, for POST /api/user/events. */
export function userEventRepository(app: FastifyInstance) {
  return {
    /** Stores an event, with the signed-in user's id when there is one (a username that is no UUID is left out). */
    record: async (event: z.output<typeof UserEventBody>, username: string | undefined): Promise<void> => {
      await recordUserEvent(app.db, {
        eventName: event.eventName,
        properties: event.properties,
        userId: username && UUID.test(username) ? username : null,
      });
    },
  };
}

export type UserEventRepository = ReturnType<typeof userEventRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    userEvents: UserEventRepository;
  }
}

/** The analytics event repository of this app's database as `app.userEvents`. */
export const userEvents = repositoryPlugin('userEvents', userEventRepository, ['db']);
