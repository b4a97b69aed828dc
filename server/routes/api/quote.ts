import type { FastifyInstance } from 'fastify';
import { Created, QuoteRequestBody } from '../../../api/site.schemas';
import { created, typed } from '../../routing/schemas';
import { saveQuoteRequest } from '../../site/submissions';
import { LIMITS } from '../../plugins/app/rateLimit';

/** POST /api/quote: a request for a quote, limited per address. */
export default async function apiQuoteRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.post(
    '/quote',
    {
      config: { rateLimit: LIMITS.quote },
      schema: { summary: 'Request an audit quote', body: QuoteRequestBody, response: created(Created) },
    },
    async (request, reply) => {
      const body = request.body;
      return reply.status(201).send({ id: await saveQuoteRequest(app.db, body) });
    },
  );
}
