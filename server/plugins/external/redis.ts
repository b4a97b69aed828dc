import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis connection when REDIS_URL is set (shared rate limits, readiness); undefined otherwise. */
    redis: Redis | undefined;
  }
}

/** How long start-up waits for Redis; an instance whose Redis is away still starts, and is not ready. */
const CONNECT_WAIT_MS = 3_000;

/**
 * One Redis connection per instance. Commands fail at once while Redis is away (no offline queue), so a request
 * that needs it answers 503 instead of waiting; ioredis keeps reconnecting in the background, and the readiness
 * monitor (plugins/app/lifecycle.ts) logs when Redis goes and comes back.
 */
export const redis = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.redis;
    if (!settings) {
      app.decorate('redis', undefined);
      return;
    }
    // Imported only when configured: loading ioredis cost every start ~110 ms.
    const { Redis } = await import('ioredis');
    const client = new Redis(settings.url, {
      keyPrefix: settings.keyPrefix,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
    });
    // Without a listener ioredis prints every failed reconnect; the monitor logs the outage once instead.
    client.on('error', () => {});
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, CONNECT_WAIT_MS);
      client.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    app.decorate('redis', client);
    app.addHook('onClose', async () => {
      client.disconnect();
    });
  },
  { name: 'redis' },
);
