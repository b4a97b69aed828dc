import type { FastifyInstance } from 'fastify';

export async function watchlistRoutes(_app: FastifyInstance) {}
