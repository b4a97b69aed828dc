import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { intFromQuery } from '../../api/projects.schemas';
import { typed } from '../routing/schemas';
import { clientAddress } from '../plugins/app/rateLimit';
import { LRUCache } from 'lru-cache';
import { drawSvgAsWebp, MAX_DRAWN_LOGO_WIDTH } from '../storage/images';
import {
  NEW_DRAWINGS_PER_MINUTE,
  acceptsWebp,
  logoFiles,
  sendLogoBody,
  sendSvg,
  wildcard,
} from '../site/logos';

/** Query of GET /img/* (imgix-compatible: auto=format, fit=max, w, q). */
const ImageQuery = z.object({
  /** imgix's list of automatic choices: with `format`, a browser that takes WebP gets the logo drawn as one. */
  auto: z.string().max(50).optional(),
  fit: z.string().max(50).optional(),
  w: intFromQuery(1, 4096).optional(),
  q: intFromQuery(1, 100).optional(),
});

/**
 * GET /img/*: project logos through the imgix-compatible path (auto=format draws them as WebP for browsers that take
 * it, limited per address).
 */
export default async function imgRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  const findLogo = logoFiles(app.searchIndex);
  const sendLogo = async (logoPath: string, reply: FastifyReply) => sendSvg(reply, await findLogo(logoPath));

  // Logos drawn as WebP, by their SVG's text (a generated logo changes with its project's name), width and quality.
  // A new drawing costs a few milliseconds of a libuv thread, so each address gets NEW_DRAWINGS_PER_MINUTE of them
  // (cached drawings are not counted), counted where every limit's counters live (plugins/app/rateLimit.ts: Redis or the
  // database). Past that, or while the counters cannot be reached, undefined: the caller answers the SVG, which the
  // browser draws itself.
  const drawn = new LRUCache<string, Promise<Buffer>>({ max: CACHED_DRAWN_LOGOS });
  const newDrawing = app.createRateLimit({
    keyGenerator: (request) => `draw-logo:${clientAddress(request)}`,
    max: NEW_DRAWINGS_PER_MINUTE,
    timeWindow: MINUTE,
  });
  const newDrawingAllowed = (request: FastifyRequest) =>
    newDrawing(request).then(
      (counted) => counted.isAllowed || !counted.isExceeded, // isAllowed: on an allow list, which this has none of
      (err: unknown) => {
        request.log.warn({ err }, 'the logo drawings could not be counted; answering the SVG');
        return false;
      },
    );
  const drawnLogo = async (
    request: FastifyRequest,
    svg: Buffer | string,
    width: number | undefined,
    quality: number,
  ): Promise<Buffer | undefined> => {
    const key = `${width ?? 'own'} ${quality} ${createHash('sha256').update(svg).digest('base64')}`;
    if (!drawn.get(key) && !(await newDrawingAllowed(request))) return undefined;
    let image = drawn.get(key); // read again: another request may have started this drawing meanwhile
    if (!image) {
      image = drawSvgAsWebp(svg, width, quality);
      drawn.set(key, image);
      image.catch(() => drawn.delete(key)); // a failed drawing is tried again next time
    }
    return image;
  };

  // imgix's auto=format: the best format the browser takes. Logos are SVG, which a browser draws on the page's main
  // thread; one that takes WebP gets the logo drawn, `w` pixels wide (by default its own width), at quality `q`.
  app.get('/img/*', { schema: { querystring: ImageQuery } }, async (request, reply) => {
    const { auto, w, q } = request.query;
    const logoPath = `/${wildcard(request)}`;
    const asFormat = auto?.split(',').some((choice) => choice.trim() === 'format') ?? false;
    if (!asFormat) return sendLogo(logoPath, reply);
    reply.header('vary', 'Accept');
    if (!acceptsWebp(request.headers.accept)) return sendLogo(logoPath, reply);
    const svg = await findLogo(logoPath);
    // Every width over the largest drawn shares one drawing (drawSvgAsWebp caps an SVG's own width itself).
    const width = w === undefined ? undefined : Math.min(w, MAX_DRAWN_LOGO_WIDTH);
    const image = await drawnLogo(request, svg, width, q ?? DEFAULT_WEBP_QUALITY);
    // Over its drawings for the minute, the address gets the SVG, which its browser asks for again next time.
    if (!image) return sendSvg(reply, svg, 'no-store');
    return sendLogoBody(reply, 'image/webp', image);
  });
}

const MINUTE = 60_000;
/** Drawn logos cached (about 1 KB each): the rows of a few leaderboard pages at the sizes the pages show. */
const CACHED_DRAWN_LOGOS = 2000;
/** imgix's default quality for lossy formats. */
const DEFAULT_WEBP_QUALITY = 75;
