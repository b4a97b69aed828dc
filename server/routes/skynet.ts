import type { FastifyInstance } from 'fastify';

export async function skynetRoutes(_app: FastifyInstance) {}
