import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createFlagService, type FlagService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Server-side flag decisions: `app.flags.evaluate(key, context)` / `app.flags.isEnabled(key, context)`. */
    flags: FlagService;
  }
}

/** Loads FLAGS_FILE (flagd format), watches it for changes and decorates the app with the flag service. */
export const flags = fp(
  async (app: FastifyInstance) => {
    const service = createFlagService(app.config.flagsFile, { log: app.log });
    app.decorate('flags', service);
    app.addHook('onClose', async () => service.close());
  },
  { name: 'flags' },
);
