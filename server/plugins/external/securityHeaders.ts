import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';

/** The origin of a configured outside service (`https://host[:port]`); a bare host counts as https. */
function originOf(value: string | undefined): string[] {
  if (!value) return [];
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

/**
 * The Content-Security-Policy of every response. Scripts and styles come from this site only (the built SPA has
 * no inline script; the server-rendered pages use a stylesheet), nothing may frame the site, and forms post only
 * here — plus the OIDC issuer, which the social sign-in's POST redirects to (Chromium checks form-action on that
 * redirect). Images may come from the configured image host, and the browser may report to Sentry when set.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...originOf(config.imageHost)],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...originOf(config.sentryDsn)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...originOf(config.oidc?.issuer)],
    'frame-ancestors': ["'none'"],
    ...(isHttps(config) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The policy of a page of the app that differs from the default (undefined: none does), for plugins/app/spa.ts:
 * - A page the server rendered (server/site/render.ts): React writes a few `style` attributes (the sizes of loading
 *   placeholders) into its HTML, which 'self' does not cover. Exactly those attribute values are allowed, by their
 *   hashes (`'unsafe-hashes'` only lets a listed value through; no other inline style, and no inline script). Styles
 *   React sets once running are not attributes in the HTML, so they need nothing.
 */
export function pagePolicy(config: Config, styleAttributeHashes: string[]) {
  if (styleAttributeHashes.length === 0) return undefined;
  const hashes = styleAttributeHashes.map((hash) => `'sha256-${hash}'`);
  return policyHeader({ ...contentSecurityPolicy(config), 'style-src-attr': ["'unsafe-hashes'", ...hashes] });
}

const policyHeader = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');

const isHttps = (config: Config) => (config.publicUrl ?? '').startsWith('https:');

/**
 * The headers every answer carries (a page may replace the CSP: pagePolicy), with the values of helmet's defaults:
 * framing refused for browsers without frame-ancestors, nosniff, no cross-origin opener or embedding, and HSTS only
 * when PUBLIC_URL is https (a plain-http site, e.g. on 127.0.0.1, must not pin browsers to https).
 */
export function securityHeaderValues(config: Config) {
  return {
    'content-security-policy': policyHeader(contentSecurityPolicy(config)),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(isHttps(config) ? { 'strict-transport-security': `max-age=${365 * 24 * 60 * 60}` } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * Security headers on every response, redirects and errors too: built once at start and copied onto each reply
 * by the first onRequest hook. (@fastify/helmet rebuilt and re-parsed the whole policy on every request: a fifth of
 * the server's time under load on /api/health.) A page of the app may replace the CSP with its own (pagePolicy).
 */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    const headers = securityHeaderValues(app.config);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
