import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedWeights } from '../cache/response';
import { notFound } from '../errors';
import type { SearchService } from '../search/index';
import { hashString } from '../seed/random';

/** How long browsers keep a logo. */
const LOGO_CACHED_A_DAY = 'public, max-age=86400';

/** New drawings per address and minute: far more than a person browsing the leaderboard's pages asks for. */
export const NEW_DRAWINGS_PER_MINUTE = 300;

/** Whether an Accept header takes WebP (named, not refused with q=0). A bare wildcard does not count: curl sends one. */
export function acceptsWebp(accept: string | undefined): boolean {
  return accept ? (acceptedWeights(accept).get('image/webp') ?? 0) > 0 : false;
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

/** A logo's SVG by its path: finds it (a 404 when there is none), each real icon read from disk once. */
export function logoFiles(search: SearchService) {
  const iconDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('cryptocurrency-icons/package.json')),
    'svg',
    'color',
  );
  const fileCache = new Map<string, Buffer | null>();

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

  return async (logoPath: string) => {
    const svg = await logoSvg(logoPath);
    if (svg === undefined) throw notFound(`No image at ${logoPath.slice(0, 200)}.`);
    return svg;
  };
}

/** A logo's response, SVG or drawn: never sniffed as another type, cached by browsers for a day unless told otherwise. */
export const sendLogoBody = (
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

export const sendSvg = (reply: FastifyReply, svg: Buffer | string, cacheControl?: string) =>
  sendLogoBody(
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'"),
    'image/svg+xml',
    svg,
    cacheControl,
  );

/** The path from the matched route's wildcard (decoded by the router), so /%6cogos/x.svg is /logos/x.svg. */
export const wildcard = (request: FastifyRequest) => (request.params as { '*'?: string })['*'] ?? '';
