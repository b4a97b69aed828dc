import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Tier } from '../../api/projects';
import { badgeFigures } from '../projects/badge';

/** Other sites show the badge, so it may be cached a while, but not long: a score moves with each computation. */
export const BADGE_CACHE_CONTROL = 'public, max-age=300';
/**
 * Opened directly, the SVG is a document of this origin: no scripts, styles, loads or forms (`sandbox`), and its type
 * is never sniffed (nosniff, from the security headers every answer carries).
 */
export const BADGE_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** White text on each band's colour stays at 4.5:1 or more. */
const TIER_FILL: Record<Tier, string> = {
  AAA: '#047857',
  AA: '#047857',
  A: '#1d4ed8',
  BBB: '#1d4ed8',
  BB: '#a14d06',
  B: '#a14d06',
  CCC: '#b91c1c',
};
const LABEL_FILL = '#1f2937';
const MUTED_FILL = '#4b5563';
const NAME_MAX = 40;

/** Text for XML character data and attribute values: a name with `<&"'>` stays text. */
const xml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c as '<'],
  );

/** About how wide Verdana 11 px draws a text (the badge then fits it with textLength). */
const textWidth = (text: string) => Math.ceil([...text].length * 7) + 2;

/** A two-part badge (label, value) with an accessible name; every text goes through xml(). */
function badgeSvg(label: string, value: string, fill: string, title: string): string {
  const lw = textWidth(label) + 16;
  const vw = textWidth(value) + 16;
  const w = lw + vw;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" viewBox="0 0 ${w} 20" role="img" ` +
    `aria-label="${xml(title)}"><title>${xml(title)}</title>` +
    `<rect width="${lw}" height="20" rx="3" fill="${LABEL_FILL}"/>` +
    `<rect x="${lw}" width="${vw}" height="20" rx="3" fill="${fill}"/>` +
    `<rect x="${lw}" width="4" height="20" fill="${fill}"/>` +
    `<g fill="#fff" font-family="Verdana,DejaVu Sans,Geneva,sans-serif" font-size="11" aria-hidden="true">` +
    `<text x="${lw / 2}" y="14" text-anchor="middle" textLength="${lw - 16}" lengthAdjust="spacingAndGlyphs">${xml(label)}</text>` +
    `<text x="${lw + vw / 2}" y="14" text-anchor="middle" textLength="${vw - 16}" lengthAdjust="spacingAndGlyphs">${xml(value)}</text>` +
    `</g></svg>`
  );
}

export function projectBadge(p: { name: string; score: number; tier: Tier }): string {
  const name = [...p.name].length > NAME_MAX ? `${[...p.name].slice(0, NAME_MAX - 1).join('')}…` : p.name;
  const score = (Math.round(p.score * 10) / 10).toFixed(1);
  return badgeSvg(
    name,
    `${score} · ${p.tier}`,
    TIER_FILL[p.tier],
    `${p.name}: Sentinel Ratings security score ${score} of 100, tier ${p.tier}`,
  );
}

/** What an embedded badge shows once its project is gone (an `<img>` cannot show a JSON error). */
const NOT_RATED = badgeSvg(
  'Sentinel Ratings',
  'not rated',
  MUTED_FILL,
  'Sentinel Ratings: no rated project here',
);

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Whether an If-None-Match header lists this ETag (weak comparison, as RFC 9110 asks for GET), or is `*`. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const tag = part.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/** The headers of every badge answer: the SVG type, its own inert CSP, and a resource any site may embed. */
const badgeHeaders = (reply: FastifyReply) =>
  reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('content-security-policy', BADGE_CSP)
    // Every other answer is same-origin only; a badge is made to be shown by other sites' <img>.
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('x-content-type-options', 'nosniff');

/**
 * GET /badge/{id}.svg — the embeddable score badge of a project: its name, score and tier. An unknown id answers
 * 404 with a "not rated" SVG (so an embed of a removed project shows words, not a broken image).
 */
export default async function badgeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/badge/:id.svg', {}, async (request: FastifyRequest<{ Params: { id?: unknown } }>, reply) => {
    const id = typeof request.params.id === 'string' ? request.params.id : '';
    const project =
      // No query for what cannot be an id (a NUL byte would be the database's error, not a 404).
      id.length > 0 && id.length <= 200 && !/\p{Cc}/u.test(id) ? await badgeFigures(app.db, id) : undefined;
    badgeHeaders(reply);
    if (!project) return reply.status(404).header('cache-control', 'public, max-age=60').send(NOT_RATED);
    const svg = projectBadge({ ...project, tier: project.tier as Tier });
    const etag = etagOf(svg);
    reply.header('etag', etag).header('cache-control', BADGE_CACHE_CONTROL);
    if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.send(svg);
  });
}
