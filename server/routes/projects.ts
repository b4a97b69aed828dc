import type { FastifyInstance } from 'fastify';

export async function projectsRoutes(_app: FastifyInstance) {}
