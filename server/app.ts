import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { Config } from './config';
import type { Database } from './db/client';
import { flags } from './flags/plugin';
import { errorHandling } from './plugins/errors';
import { session } from './plugins/session';
import { spa } from './plugins/spa';
import { impersonationAudit } from './routes/impersonation';
import { routes } from './routes/index';

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
};

/** Builds the whole server: external plugins, then app plugins, then routes, then the SPA. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: opts.config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    // Requests are logged by id; bodies never are (they may hold passwords).
    disableRequestLogging: opts.config.logLevel === 'silent',
  });
  app.decorate('config', opts.config);
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);

  await app.register(errorHandling);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(session);
  await app.register(flags);
  await app.register(impersonationAudit);
  await app.register(routes, { prefix: '' });
  await app.register(spa, { distDir: opts.distDir });
  return app;
}
