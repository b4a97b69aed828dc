import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { outboxEnabled, outboxMail } from '../../../mail/index';
import { replies, typed } from '../../../routing/schemas';

const OutboxQuery = z.object({ to: z.string().trim().max(254).optional() });

/** One kept mail, as the outbox contract of the design notes reads it (a verification or reset code in `code`). */
const OutboxMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  code: z.string().optional(),
  sentAt: z.string(),
});

/**
 * The development outbox as JSON (GET /api/dev/outbox?to=EMAIL, newest first): mail kept when there is no SMTP_URL;
 * absent when SMTP_URL is set or NODE_ENV=production.
 */
export default async function apiDevOutboxRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  if (!outboxEnabled(app.config)) return;

  app.get(
    '/outbox',
    {
      schema: {
        tags: ['Operations'],
        summary: 'Mail sent in development (development only)',
        querystring: OutboxQuery,
        response: replies(OutboxMail.array()),
      },
    },
    async (request, reply) => {
      const { to } = request.query;
      reply.header('cache-control', 'no-store');
      return outboxMail(app.db, to);
    },
  );
}
