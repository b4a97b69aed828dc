import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { chains, type ChainEntry } from './chains/plugin';
import { zodValidatorCompiler } from './errors';
import { flags } from './flags/plugin';
import { jobs, type JobsOptions } from './jobs/plugin';
import { apiKeyAuth } from './plugins/app/apiKey';
import { impersonationAudit } from './plugins/app/audit';
import { csrf } from './plugins/app/csrf';
import { errorHandling, frameworkError } from './plugins/app/errors';
import { lifecycle } from './plugins/app/lifecycle';
import { openapi } from './plugins/app/openapi';
import { rateLimits } from './plugins/app/rateLimit';
import { routeConfig } from './plugins/app/routeConfig';
import { session } from './plugins/app/session';
import { spa } from './plugins/app/spa';
import { redis } from './plugins/external/redis';
import { securityHeaders } from './plugins/external/securityHeaders';
import { routes } from './routing/loader';
import { users } from './accounts/plugin';
import { profiles } from './accounts/profilesPlugin';
import { surveys } from './accounts/surveysPlugin';
import { wallets } from './accounts/walletsPlugin';
import { apiKeys } from './apiKeys/plugin';
import { incidents } from './incidents/plugin';
import { admin } from './projects/admin';
import { projects } from './projects/plugin';
import { search } from './search/plugin';
import { userEvents } from './site/userEvents';
import { watchlists } from './watchlists/plugin';
import { webhooks } from './webhooks/plugin';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Database['db'];
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  /** Serve the built SPA from this folder (omitted in API-only tests). */
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** The job runner (server/jobs): its loop runs only when `loop` is set (main.ts does, unless JOBS=off). */
  jobs?: JobsOptions;
  /** The chains the indexer reads (main.ts: configured, or the embedded devnet); none when absent. */
  chains?: ChainEntry[];
};

/** The compilers of every route schema (Fastify's types for these factories name ajv's compilers, hence the cast). */
const zodSchemaController = {
  compilersFactory: {
    buildValidator: () => zodValidatorCompiler,
    buildSerializer: () => serializerCompiler,
  },
} as unknown as FastifyServerOptions['schemaController'];

/** Builds the whole server: external plugins, then app plugins, then routes, then the SPA. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: opts.config.logLevel },
    bodyLimit: 1024 * 1024,
    // Forwarded headers choose the client address and protocol only from the proxies TRUST_PROXY names.
    trustProxy: opts.config.trustProxy,
    // While draining (SIGTERM), requests on open connections are still served (with Connection: close) rather
    // than refused; /api/ready answers 503 so the load balancer stops sending.
    return503OnClosing: false,
    // Requests are logged by id; bodies never are (they may hold passwords). Routes asked for by the hundred per
    // page (logos, static files) log only warnings and errors (`logLevel: 'warn'` where they are registered).
    logController: new LogController({ disableRequestLogging: opts.config.logLevel === 'silent' }),
    // Route schemas are the shared zod schemas of api/: requests are validated with them (a failure is our 400
    // ValidationError, server/errors.ts) and every answer with a response schema is encoded and checked against it
    // by fastify-type-provider-zod's serializer (an off-contract answer is a 500 naming the route in the log).
    // Given here, not set after: Fastify loads its default compilers (ajv, fast-json-stringify) only when none is
    // given at construction, and loading them cost every start ~300 ms.
    schemaController: zodSchemaController,
    // The router's own refusals (a path that does not decode, `/api/projects/%ff%fe`) in our error shape.
    frameworkErrors: frameworkError,
  });
  app.decorate('config', opts.config);
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);

  // External: third-party packages and what stands in for one (the security headers, in helmet's place), before
  // any plugin of ours.
  // First of the hooks: every answer carries the security headers (CSP, frame-ancestors, nosniff, HSTS), redirects
  // and errors too.
  await app.register(securityHeaders);
  await app.register(redis);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await app.register(formbody);

  // App: our own plugins, in the order their dependencies and onRoute hooks need.
  await app.register(errorHandling);
  await app.register(lifecycle);
  await app.register(routeConfig);
  await app.register(session);
  await app.register(csrf);
  await app.register(flags);
  await app.register(impersonationAudit);
  // Before the routes: their config.rateLimit is read when they are added.
  await app.register(rateLimits);
  // After the rate limits (it counts keys in their store): Bearer keys on the Partner API's read routes.
  await app.register(apiKeyAuth);
  // Before the routes: collects them into the OpenAPI document served at /api/openapi.json.
  await app.register(openapi);
  await app.register(chains, { chains: opts.chains });
  await app.register(search);
  // Repositories: each domain's queries over app.db as a decorator the route files call.
  await app.register(watchlists);
  await app.register(projects);
  await app.register(incidents);
  await app.register(admin);
  await app.register(users);
  await app.register(webhooks);
  await app.register(apiKeys);
  await app.register(wallets);
  await app.register(surveys);
  await app.register(profiles);
  await app.register(userEvents);

  // Routes: the route files, each folder under its prefix.
  await app.register(routes);
  // The durable job runner (recompute, notifications, alert mail, trending); its loop starts when the app is ready.
  await app.register(jobs, opts.jobs ?? {});
  await app.register(spa, { distDir: opts.distDir });
  return app;
}
