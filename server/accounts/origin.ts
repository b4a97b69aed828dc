import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicOrigin } from '../config';

/**
 * This site's origin for links in mail, the auth service's URLs and OAuth redirect URIs: from configuration only
 * (PUBLIC_URL, else HOST and the bound port), never from the request's Host or X-Forwarded-Host.
 */
export const siteOrigin = (app: FastifyInstance) => publicOrigin(app.config, app.server.address());

/**
 * Where to go after sign-in/out: a path on this site only. An absolute URL counts only on the configured origin
 * (siteOrigin — never the request's Host). The URL parser normalises first (`/./`, `..`, `\`, tabs and
 * newlines), so what is checked is what a browser would follow; a path that still starts with `//` or `/\`
 * (another host, scheme-relative) is refused. The result is re-serialised by URL, so it is always a safe
 * Location header (no control characters, non-ASCII encoded).
 */
export function safeCallbackUrl(request: FastifyRequest, raw: unknown): string {
  if (typeof raw !== 'string' || raw === '' || raw.length > 2000) return '/';
  const site = siteOrigin(request.server);
  let url: URL;
  try {
    url = new URL(raw, `${site}/`);
  } catch {
    return '/';
  }
  if (url.origin !== site) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/';
}
