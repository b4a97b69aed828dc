import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { intFromQuery } from '../../api/projects.schemas';
import { type Announcement } from '../../api/site';
import {
  Announcement as AnnouncementSchema,
  Created,
  ErrorReportBody,
  IncidentReportBody,
  QuoteRequestBody,
  UserEventBody,
} from '../../api/site.schemas';
import { created, errorsOnly, noContent, replies, typed } from './schemas';
import { saveIncidentReport } from '../incidents/queries';
import { recordUserEvent, saveClientError, saveQuoteRequest } from '../site/submissions';
import { notFound } from '../errors';
import { clientAddress, LIMITS } from '../plugins/rateLimit';
import { hashString } from '../seed/random';
import { LRUCache } from 'lru-cache';
import { acceptedWeights } from '../cache/response';
import { drawSvgAsWebp, MAX_DRAWN_LOGO_WIDTH } from '../storage/images';
import { searchService } from '../search/index';
import { activeAnnouncement } from '../site/pageData';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Query of GET /img/* (imgix-compatible: auto=format, fit=max, w, q). */
const ImageQuery = z.object({
  /** imgix's list of automatic choices: with `format`, a browser that takes WebP gets the logo drawn as one. */
  auto: z.string().max(50).optional(),
  fit: z.string().max(50).optional(),
  w: intFromQuery(1, 4096).optional(),
  q: intFromQuery(1, 100).optional(),
});

/**
 * Site-wide public endpoints: incident reports, quote requests, the announcement banner, analytics events,
 * client error reports, and project logos (GET /logos/* and the resizing-service path GET /img/*).
 */
export async function siteRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  // Anonymous writes are limited per address (LIMITS) so a script cannot fill the tables.
  app.post(
    '/api/incidents',
    {
      config: { rateLimit: LIMITS.incidents },
      schema: { summary: 'Report a security incident', body: IncidentReportBody, response: created(Created) },
    },
    async (request, reply) => {
      const body = request.body;
      const id = await saveIncidentReport(app.db, {
        projectName: body.projectName,
        description: body.description,
        txHash: body.txHash || null,
        contactEmail: body.contactEmail ?? null,
        userId: userId(request.user?.username),
      });
      return reply.status(201).send({ id });
    },
  );

  app.post(
    '/api/quote',
    {
      config: { rateLimit: LIMITS.quote },
      schema: { summary: 'Request an audit quote', body: QuoteRequestBody, response: created(Created) },
    },
    async (request, reply) => {
      const body = request.body;
      return reply.status(201).send({ id: await saveQuoteRequest(app.db, body) });
    },
  );

  app.get(
    '/api/announcement',
    {
      schema: { summary: 'The active announcement banner', response: replies(AnnouncementSchema.nullable()) },
    },
    async (): Promise<Announcement | null> => activeAnnouncement(app.database),
  );

  app.post(
    '/api/user/events',
    {
      config: { rateLimit: LIMITS.events },
      schema: {
        tags: ['Site'],
        summary: 'Record an analytics event (204)',
        body: UserEventBody,
        response: errorsOnly,
      },
    },
    async (request, reply) => {
      const body = request.body;
      await recordUserEvent(app.db, {
        eventName: body.eventName,
        properties: body.properties,
        userId: userId(request.user?.username),
      });
      return noContent(reply);
    },
  );

  app.post(
    '/api/errors',
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

  // ---- logos ----
  const iconDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('cryptocurrency-icons/package.json')),
    'svg',
    'color',
  );
  const fileCache = new Map<string, Buffer | null>();
  const search = searchService(app.database);

  const findLogo = async (logoPath: string) => {
    const svg = await logoSvg(logoPath);
    if (svg === undefined) throw notFound(`No image at ${logoPath.slice(0, 200)}.`);
    return svg;
  };
  /** A logo's response, SVG or drawn: never sniffed as another type, cached by browsers for a day unless told otherwise. */
  const sendLogoBody = (
    reply: FastifyReply,
    type: string,
    body: Buffer | string,
    cacheControl = LOGO_CACHED_A_DAY,
  ) =>
    reply
      .type(type)
      .header('cache-control', cacheControl)
      .header('x-content-type-options', 'nosniff')
      .send(body);
  const sendSvg = (reply: FastifyReply, svg: Buffer | string, cacheControl?: string) =>
    sendLogoBody(
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'"),
      'image/svg+xml',
      svg,
      cacheControl,
    );
  const sendLogo = async (logoPath: string, reply: FastifyReply) => sendSvg(reply, await findLogo(logoPath));

  /** /logos/<ticker>.svg → the real icon from cryptocurrency-icons; /logos/gen/<id>.svg → a generated one. */
  const logoSvg = async (logoPath: string): Promise<Buffer | string | undefined> => {
    const real = /^\/logos\/([a-z0-9$]{1,20})\.svg$/.exec(logoPath);
    if (real) {
      const name = real[1]!;
      if (!fileCache.has(name)) {
        fileCache.set(name, await readFile(path.join(iconDir, `${name}.svg`)).catch(() => null));
      }
      return fileCache.get(name) ?? undefined;
    }
    const gen = /^\/logos\/gen\/([a-z0-9][a-z0-9-]{0,99})\.svg$/.exec(logoPath);
    if (gen) {
      const id = gen[1]!;
      return generatedLogo(id, (await search.project(id))?.name ?? id);
    }
    return undefined;
  };

  // The path comes from the matched route's wildcard (decoded by the router), so /%6cogos/x.svg is /logos/x.svg.
  const wildcard = (request: FastifyRequest) => (request.params as { '*'?: string })['*'] ?? '';
  app.get('/logos/*', { logLevel: 'warn' }, async (request, reply) =>
    sendLogo(`/logos/${wildcard(request)}`, reply),
  );

  // Logos drawn as WebP, by their SVG's text (a generated logo changes with its project's name), width and quality.
  // A new drawing costs a few milliseconds of a libuv thread, so each address gets NEW_DRAWINGS_PER_MINUTE of them
  // (cached drawings are not counted), counted where every limit's counters live (plugins/rateLimit.ts: Redis or the
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
/** How long browsers keep a logo. */
const LOGO_CACHED_A_DAY = 'public, max-age=86400';
/** New drawings per address and minute: far more than a person browsing the leaderboard's pages asks for. */
export const NEW_DRAWINGS_PER_MINUTE = 300;
/** Drawn logos cached (about 1 KB each): the rows of a few leaderboard pages at the sizes the pages show. */
const CACHED_DRAWN_LOGOS = 2000;
/** imgix's default quality for lossy formats. */
const DEFAULT_WEBP_QUALITY = 75;

/** Whether an Accept header takes WebP (named, not refused with q=0). A bare wildcard does not count: curl sends one. */
export function acceptsWebp(accept: string | undefined): boolean {
  return accept ? (acceptedWeights(accept).get('image/webp') ?? 0) > 0 : false;
}

function userId(username: string | undefined): string | null {
  return username && UUID.test(username) ? username : null;
}

/** A round badge with the project's initials on a colour derived from its id (no external input in the markup). */
export function generatedLogo(id: string, name: string): string {
  const h = hashString(id);
  const hue = h % 360;
  const words = name
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const initials = (
    words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? id).slice(0, 2)
  ).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="hsl(${hue},62%,42%)"/><circle cx="16" cy="16" r="12.5" fill="none" stroke="hsl(${(hue + 40) % 360},70%,70%)" stroke-width="1.5" opacity=".6"/><text x="16" y="20.5" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="12" font-weight="700" fill="#fff">${initials}</text></svg>`;
}
