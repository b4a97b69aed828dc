import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A domain's repository (its queries over this app's database) as the decorator `app[name]`, made once when the
 * app starts: the named plugin `name`, which needs the app decorators it reads (`db`, `database`, …).
 */
export const repositoryPlugin = <K extends keyof FastifyInstance>(
  name: K & string,
  make: (app: FastifyInstance) => FastifyInstance[K],
  needs: string[],
) =>
  fp(
    async (app) => {
      // The decorator's type is FastifyInstance[K], which the domain declares; fastify's own typing of decorate
      // cannot follow a generic key.
      const key: string = name;
      app.decorate(key, make(app) as unknown);
    },
    { name, decorators: { fastify: needs } },
  );
