import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { s3SettingsFromEnv, type S3Settings } from './storage/objectStore';

/** Everything the server reads from the environment, in one place (the README's configuration table). */
export type Config = {
  host: string;
  port: number;
  production: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  seedProjects: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string;
  adminEmails: string[];
  flagsFile: string;
  publicUrl: string | undefined;
  sentryDsn: string | undefined;
  imageHost: string | undefined;
  /** S3-compatible bucket for uploads (S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY); else DATA_DIR/uploads. */
  s3: S3Settings | undefined;
  logLevel: string;
  /**
   * TRUST_PROXY: which proxies may set X-Forwarded-For/-Proto/-Host (Fastify's `trustProxy`). Off by default, so
   * the client address is the socket's and no header can choose it.
   */
  trustProxy: boolean | string[];
  /** Redis (REDIS_URL, keys under REDIS_KEY_PREFIX) shares rate limits across a fleet; undefined when not set. */
  redis: { url: string; keyPrefix: string } | undefined;
  /** SERVE_SPA=false serves the API only: no web-app build on start, no static files (fleet tests, API nodes). */
  serveSpa: boolean;
  /** Social sign-in through a hosted OpenID provider (OIDC_*); undefined when not configured. */
  oidc: OidcConfig | undefined;
  /**
   * PARTNER_ANONYMOUS_PER_HOUR: Partner API reads without a key, per client address and hour (default 1,000, under
   * a key's 60 a minute); 0 turns the quota off (the search benchmark, which measures search, not the limiter).
   */
  partnerAnonymousPerHour: number;
};

export type OidcConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Identity-provider names passed as identity_provider, e.g. ['Google', 'Facebook']. */
  providers: string[];
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  if (production) {
    const missing = ['AUTH_SECRET', 'SMTP_URL'].filter((k) => !env[k]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Refusing to start with NODE_ENV=production: set ${missing.join(' and ')} (see the configuration table in README.md).`,
      );
    }
  }
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  const seedProjects = Number(env.SEED_PROJECTS ?? 2000);
  if (!Number.isInteger(seedProjects) || seedProjects < 0) {
    throw new ConfigError(`SEED_PROJECTS must be a whole number, got "${env.SEED_PROJECTS}"`);
  }
  const partnerAnonymousPerHour = Number(env.PARTNER_ANONYMOUS_PER_HOUR ?? 1000);
  if (!Number.isInteger(partnerAnonymousPerHour) || partnerAnonymousPerHour < 0) {
    throw new ConfigError(
      `PARTNER_ANONYMOUS_PER_HOUR must be a whole number, got "${env.PARTNER_ANONYMOUS_PER_HOUR}"`,
    );
  }
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    production,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    seedProjects,
    smtpUrl: checkSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM ?? 'Sentinel Ratings <no-reply@sentinel.local>',
    authSecret: env.AUTH_SECRET || generatedSecret(dataDir),
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    flagsFile: path.resolve(env.FLAGS_FILE ?? 'flags.json'),
    publicUrl: checkPublicUrl(env.PUBLIC_URL),
    // The browser's build-time VITE_* values count too: the CSP must allow what the built app talks to.
    sentryDsn: env.SENTRY_DSN || env.VITE_SENTRY_DSN || undefined,
    imageHost: env.IMAGE_HOST || env.VITE_IMAGE_HOST || undefined,
    s3: s3SettingsFromEnv(env),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX ?? 'sentinel:' } : undefined,
    serveSpa: !['false', '0', 'no', 'off'].includes((env.SERVE_SPA ?? '').toLowerCase()),
    oidc: loadOidc(env),
    partnerAnonymousPerHour,
  };
}

/** A URL's scheme with its colon (`https:`), or '' when the value is no URL. */
const protocolOf = (value: string) => (URL.canParse(value) ? new URL(value).protocol : '');

/**
 * nodemailer's transport is made on the first mail (server/mail), so a SMTP_URL it cannot use is refused here, at
 * start-up, rather than failing that mail.
 */
function checkSmtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!['smtp:', 'smtps:'].includes(protocolOf(value))) {
    throw new ConfigError(
      'SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com ' +
        '(the value set is not shown: it may hold a password)',
    );
  }
  return value;
}

function checkPublicUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!['https:', 'http:'].includes(protocolOf(value))) {
    throw new ConfigError(
      `PUBLIC_URL must be an http(s) URL such as https://ratings.example.com, got "${value}"`,
    );
  }
  return value;
}

/**
 * The site's public origin, from configuration only (never from a request's Host or X-Forwarded-Host, which the
 * client chooses): PUBLIC_URL, else http://HOST:PORT, with the port the server is bound to when PORT=0 picked one
 * (`bound`: `app.server.address()`). Links in mail and the auth service's URLs are built on it.
 */
export function publicOrigin(config: Config, bound?: { port: number } | string | null): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  const port = bound && typeof bound === 'object' ? bound.port : config.port;
  // A wildcard address is not one a browser can open; the machine itself can.
  let host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  if (host.includes(':')) host = `[${host}]`;
  return `http://${host}:${port}`;
}

/** Named ranges proxy-addr (Fastify's trustProxy) understands besides addresses and CIDRs. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset/empty/`false` = trust no proxy; `true` = trust every hop (only when nothing but the proxy can
 * reach the server); otherwise comma-separated proxy addresses or CIDRs (e.g. `127.0.0.1,10.0.0.0/8`, or
 * `loopback`, `linklocal`, `uniquelocal`). Hop counts are refused: Fastify cannot tell a proxy from a client by
 * them and ignores them.
 */
function parseTrustProxy(value: string | undefined): boolean | string[] {
  const raw = (value ?? '').trim();
  if (raw === '' || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw)) {
    throw new ConfigError(
      `TRUST_PROXY takes the proxy's addresses (e.g. 127.0.0.1 or 10.0.0.0/8), not a hop count, got "${raw}"`,
    );
  }
  const entries = raw.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const version = isIP(address ?? '');
    const maxBits = version === 6 ? 128 : 32;
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!(PROXY_RANGES.has(entry) || (version !== 0 && okBits && rest.length === 0))) {
      throw new ConfigError(
        `TRUST_PROXY must be true, false, or comma-separated proxy addresses/CIDRs; "${entry}" is neither`,
      );
    }
  }
  return entries;
}

function loadOidc(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const providers = (env.OIDC_PROVIDERS ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || providers.length === 0) return undefined;
  return {
    issuer: env.OIDC_ISSUER.replace(/\/+$/, ''),
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET ?? '',
    providers,
  };
}

/** Outside production a secret is generated once and kept under DATA_DIR, never in the repo. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
