import type { FastifyInstance } from 'fastify';

export async function flagsRoutes(_app: FastifyInstance) {}
