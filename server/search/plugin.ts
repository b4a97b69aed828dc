import fp from 'fastify-plugin';
import { searchService, type SearchService } from './index';

declare module 'fastify' {
  interface FastifyInstance {
    /** Not `search`: Fastify has that name for the HTTP SEARCH method's shorthand. */
    searchIndex: SearchService;
  }
}

/**
 * The search service of this app's database as `app.searchIndex`. Its index builds once the server listens (PGlite's
 * queries and the build run on this thread, so building before would hold the listener back); until it is in, search
 * answers from the database.
 */
export const search = fp(
  async (app) => {
    const service = searchService(app.database);
    app.decorate('searchIndex', service);
    app.addHook('onListen', async () => {
      service.start((err) =>
        app.log.error({ err }, 'search index build failed; answering from the database'),
      );
    });
    app.addHook('onClose', async () => service.stop());
  },
  { name: 'search' },
);
