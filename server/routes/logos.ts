import type { FastifyInstance, FastifyReply } from 'fastify';
import { typed } from '../routing/schemas';
import { logoFiles, sendSvg, wildcard } from '../site/logos';

/** GET /logos/*: project logos as SVG, the real icon by ticker or one generated from the project's name. */
export default async function logosRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  const findLogo = logoFiles(app.searchIndex);
  const sendLogo = async (logoPath: string, reply: FastifyReply) => sendSvg(reply, await findLogo(logoPath));

  app.get('/logos/*', { logLevel: 'warn' }, async (request, reply) =>
    sendLogo(`/logos/${wildcard(request)}`, reply),
  );
}
