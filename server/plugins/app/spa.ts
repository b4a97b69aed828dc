import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { PAGE_PATHS } from '../../../api/pages';
import { clampedHomeAddress } from '../../site/homePage';
import { pageDataFor } from '../../site/pageData';
import { pageRenderer, type PageKey } from '../../site/render';
import { pagePolicy } from '../external/securityHeaders';
import { sendResponse } from '../../cache/response';

/**
 * Serves the built SPA: hashed assets with a year-long immutable cache, everything else with revalidation; the app
 * for its page paths (200; 404 for a project that does not exist) and for any other GET (404, the app shows its
 * not-found page). Unknown /api and /ofrep paths stay JSON 404s.
 */
export const spa = fp(
  async (app: FastifyInstance, opts: { distDir?: string }) => {
    const distDir = opts.distDir;
    const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
    const hasSpa = indexFile !== undefined && existsSync(indexFile);
    if (hasSpa && distDir) {
      await app.register(fastifyStatic, {
        root: distDir,
        index: false,
        wildcard: true,
        // The build writes `.br` and `.gz` beside each asset (scripts/precompress.ts); the best one the client accepts
        // is sent as it is, so assets are never compressed per request.
        preCompressed: true,
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
    const renderer = indexHtml && distDir ? await pageRenderer(distDir, indexHtml) : undefined;

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

    /**
     * The app's HTML: its router shows the page, or its not-found page with the 404 status. The session's flags and
     * the active announcement are written in (server/site/pageData.ts), so the first render has them, and public
     * pages come rendered (server/site/render.ts). The page names the session, so no shared cache keeps it.
     */
    const sendApp = async (
      request: FastifyRequest,
      reply: FastifyReply,
      status: 200 | 404,
      page?: PageKey,
    ) => {
      const { blocks, missing } = await pageDataFor(app, request, reply, page);
      const { response, styleAttributeHashes } = await renderer!.html(request, page, blocks);
      const policy = pagePolicy(app.config, styleAttributeHashes);
      if (policy) reply.header('content-security-policy', policy);
      // A page of something that does not exist (/projects/no-such-project) is the app's not-found page: a 404 too.
      reply
        .status(missing ? 404 : status)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Cookie');
      return sendResponse(request, reply, response);
    };

    // Every page path of the app answers 200 with the app for any GET, whatever the client accepts; /my pages need a
    // session (signed-out visitors are redirected to sign-in by plugins/app/session.ts).
    if (indexHtml) {
      for (const [page, pagePath] of Object.entries(PAGE_PATHS) as [PageKey, string][]) {
        const config: FastifyContextConfig = pagePath.startsWith('/my/') ? { auth: 'page' } : {};
        app.get(pagePath, { config }, async (request, reply) => {
          const clamped = page === 'home' ? await clampedHomeAddress(app, request) : undefined;
          return clamped ? reply.redirect(clamped) : sendApp(request, reply, 200, page);
        });
      }
    }

    /** Any other GET gets the app's not-found page with a 404; other methods, or no built app, a JSON 404. */
    const unknownPath = (request: FastifyRequest, reply: FastifyReply) =>
      indexHtml && (request.method === 'GET' || request.method === 'HEAD')
        ? sendApp(request, reply, 404)
        : notFound(request, reply);
    app.get('/my', { config: { auth: 'page' } }, unknownPath);
    app.get('/my/*', { config: { auth: 'page' } }, unknownPath);
    app.setNotFoundHandler(unknownPath);
  },
  { name: 'spa' },
);
