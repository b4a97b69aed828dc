import type { FastifyInstance } from 'fastify';

export async function siteRoutes(_app: FastifyInstance) {}
