import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built SPA: hashed assets with a year-long immutable cache, everything else with revalidation,
 * and the history fallback (any unknown GET that wants HTML gets index.html). Unknown /api paths stay JSON 404s.
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

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (
      request.method === 'GET' &&
      indexHtml &&
      !url.startsWith('/api/') &&
      !url.startsWith('/ofrep/') &&
      wantsHtml
    ) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply
      .status(404)
      .send({ error: 'NotFound', message: `No route for ${request.method} ${url.split('?')[0]}` });
  });
});
