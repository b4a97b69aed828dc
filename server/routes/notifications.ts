import type { FastifyInstance } from 'fastify';

/** The signed-in user's notifications (issue 13). TO BE IMPLEMENTED. */
export async function notificationsRoutes(_app: FastifyInstance): Promise<void> {}
