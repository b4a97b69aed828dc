import type { FastifyInstance } from 'fastify';

export async function impersonationRoutes(_app: FastifyInstance) {}
