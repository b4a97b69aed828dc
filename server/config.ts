import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  /** Social sign-in through a hosted OpenID provider (OIDC_*); undefined when not configured. */
  oidc: OidcConfig | undefined;
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
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    production,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    seedProjects,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Sentinel Ratings <no-reply@sentinel.local>',
    authSecret: env.AUTH_SECRET || generatedSecret(dataDir),
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    flagsFile: path.resolve(env.FLAGS_FILE ?? 'flags.json'),
    publicUrl: env.PUBLIC_URL || undefined,
    sentryDsn: env.SENTRY_DSN || undefined,
    imageHost: env.IMAGE_HOST || undefined,
    s3: s3SettingsFromEnv(env),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    oidc: loadOidc(env),
  };
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
