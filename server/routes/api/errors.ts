import type { FastifyInstance } from 'fastify';
import { ErrorReportBody } from '../../../api/site.schemas';
import { errorsOnly, noContent, typed } from '../../routing/schemas';
import { saveClientError } from '../../site/submissions';
import { LIMITS } from '../../plugins/app/rateLimit';

/** POST /api/errors: client error reports, limited per address. */
export default async function apiErrorsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.post(
    '/errors',
    {
      config: { rateLimit: LIMITS.errors },
      schema: { summary: "Report a browser's error (204)", body: ErrorReportBody, response: errorsOnly },
    },
    async (request, reply) => {
      const body = request.body;
      request.log.warn(
        { clientError: { title: body.title, description: body.description.slice(0, 500) } },
        'client error',
      );
      await saveClientError(app.db, body);
      return noContent(reply);
    },
  );
}
