import type { FastifyInstance } from 'fastify';

/** Score history, "Why this score", peers and the published methodology (issue 13). TO BE IMPLEMENTED. */
export async function ratingsRoutes(_app: FastifyInstance): Promise<void> {}
