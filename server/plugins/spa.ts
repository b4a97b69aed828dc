import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built SPA: hashed assets with a year-long immutable cache, everything else with revalidation,
 * and the history fallback (any unknown GET that wants HTML gets index.html). Unknown /api and /ofrep paths stay
 * JSON 404s.
 */
export const spa = fp(async (app: FastifyInstance, opts: { distDir?: string }) => {
  const distDir = opts.distDir;
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasSpa = indexFile !== undefined && existsSync(indexFile);
  if (hasSpa && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      preCompressed: false,
      // Hashed assets are asked for by the dozen per page; only their warnings and errors are logged.
      logLevel: 'warn',
      setHeaders(res, file) {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }
  const indexHtml = hasSpa && indexFile ? readFileSync(indexFile, 'utf8') : undefined;

  if (indexHtml) {
    app.get('/', (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml),
    );
  }

  /** The JSON 404 (the path is only echoed in the message, never used to decide). */
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(404)
      .send({ error: 'NotFound', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  // Unknown API and OFREP paths are JSON 404s, decided by the router (which decodes `/%61pi/...` to `/api/...`),
  // not by the URL string. An unknown /api write still meets the rules of every /api write (CSRF when signed in,
  // JSON only), so a probe learns nothing from the difference; it writes nothing, so nothing is audited.
  app.all('/api/*', { config: { audit: false } }, notFound);
  app.all('/ofrep/*', { config: { csrf: false, bodies: undefined, audit: false } }, notFound);

  /** A page load (a GET wanting HTML) gets index.html; anything else a JSON 404. */
  const page = (request: FastifyRequest, reply: FastifyReply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (request.method === 'GET' && indexHtml && wantsHtml) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return notFound(request, reply);
  };
  // Pages that need a session: signed-out visitors are redirected to sign-in (plugins/session.ts).
  app.get('/my', { config: { auth: 'page' } }, page);
  app.get('/my/*', { config: { auth: 'page' } }, page);
  app.setNotFoundHandler(page);
});
