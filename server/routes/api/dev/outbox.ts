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

  const list = async (to: string | undefined) => {
    const rows = await outboxMail(app.db, to);
    return rows.map((r) => ({
      to: r.to,
      subject: r.subject,
      text: r.text,
      code: r.code ?? undefined,
      sentAt: r.sentAt.toISOString(),
    }));
  };

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
      return list(to || undefined);
    },
  );
}
