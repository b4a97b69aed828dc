import type { FastifyInstance } from 'fastify';
import { QuoteRequestBody } from '../../../api/site.schemas';
import { typed, visitorCreate } from '../../routing/schemas';
import { saveQuoteRequest } from '../../site/submissions';
import { LIMITS } from '../../plugins/app/rateLimit';

/** POST /api/quote: a request for a quote, limited per address. */
export default async function apiQuoteRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  visitorCreate(
    app,
    '/quote',
    { rateLimit: LIMITS.quote, summary: 'Request an audit quote', body: QuoteRequestBody },
    (body) => saveQuoteRequest(app.db, body),
  );
}
