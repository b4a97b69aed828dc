import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

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
 * The API reference page (/developers/api) renders with Scalar, which injects its styles as inline <style> elements
 * and style attributes at run time (no nonce support, contents not known in advance, so no hash). That page alone,
 * loaded as a document of its own (the footer links to it with a full page load), allows inline styles; scripts
 * stay 'self' only (no 'unsafe-inline', no 'unsafe-eval'), and every other directive is unchanged.
 */
export const REFERENCE_PAGE_PATH = '/developers/api';
export function referencePagePolicy(config: Config): string {
  return policyHeader({ ...contentSecurityPolicy(config), 'style-src': ["'self'", "'unsafe-inline'"] });
}

/**
 * The policy of a page the server rendered (server/site/render.ts): React writes a few `style` attributes (the
 * sizes of loading placeholders) into its HTML, which 'self' does not cover. Exactly those attribute values are
 * allowed, by their hashes (`'unsafe-hashes'` only lets a listed value through; no other inline style, and no
 * inline script). Styles React sets once running are not attributes in the HTML, so they need nothing.
 */
export function renderedPagePolicy(config: Config, styleAttributeHashes: string[]): string {
  const hashes = styleAttributeHashes.map((hash) => `'sha256-${hash}'`);
  return policyHeader({ ...contentSecurityPolicy(config), 'style-src-attr': ["'unsafe-hashes'", ...hashes] });
}

const policyHeader = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');

const isHttps = (config: Config) => (config.publicUrl ?? '').startsWith('https:');

/**
 * Security headers on every response (@fastify/helmet): the CSP above, X-Frame-Options DENY for browsers without
 * frame-ancestors, nosniff, Referrer-Policy strict-origin-when-cross-origin, and HSTS only when PUBLIC_URL is
 * https (a plain-http site, e.g. on 127.0.0.1, must not pin browsers to https).
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config) },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isHttps(app.config)
      ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false }
      : false,
    xFrameOptions: { action: 'deny' },
  });
  const referencePolicy = referencePagePolicy(app.config);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url === REFERENCE_PAGE_PATH)
      reply.header('content-security-policy', referencePolicy);
    return payload;
  });
});
