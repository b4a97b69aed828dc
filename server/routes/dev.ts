import type { FastifyInstance } from 'fastify';

export async function devRoutes(_app: FastifyInstance) {}
