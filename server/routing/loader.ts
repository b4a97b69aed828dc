import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { routeTree } from './routes.generated';

/** A route module's default export: a Fastify plugin that adds its routes relative to its folder's prefix. */
export type RoutePlugin = (app: FastifyInstance) => Promise<void>;

/** One folder of server/routes/, as server/routing/scan.mjs wrote it into routes.generated.ts. */
export type RouteFolder = {
  /** Relative to server/routes/ ('' for the folder itself). */
  path: string;
  /** The folder's URL segment ('' for the root; `_id` is `:id`). */
  segment: string;
  /** Called with the folder's scope before its routes: its hooks hold for them and every folder below. */
  autohooks?: RoutePlugin;
  routes: { file: string; plugin: RoutePlugin }[];
  folders: RouteFolder[];
};

/** Which file added each route (method and full URL), per app: what tests/server/routeLayout.test.ts checks. */
export type RouteSource = { file: string; method: string; url: string };
const sources = new WeakMap<FastifyInstance, RouteSource[]>();
export const routeSources = (app: FastifyInstance): readonly RouteSource[] => sources.get(app) ?? [];

async function registerFolder(parent: FastifyInstance, folder: RouteFolder, added: RouteSource[]) {
  // An encapsulated scope per folder: its prefix is the folder's segment under its parent's, and what its autohooks
  // add stays inside it.
  await parent.register(
    async (scope) => {
      if (folder.autohooks) await folder.autohooks(scope);
      for (const route of folder.routes) {
        await scope.register(async (module) => {
          module.addHook('onRoute', ({ method, url }) => {
            for (const m of [method].flat()) added.push({ file: route.file, method: m, url });
          });
          await route.plugin(module);
        });
      }
      for (const sub of folder.folders) await registerFolder(scope, sub, added);
    },
    { prefix: folder.segment ? `/${folder.segment}` : '' },
  );
}

/**
 * Every route module under server/routes/, each under the URL prefix its folder names. Not encapsulated itself (each
 * folder is), so `routeSources` is keyed by the app the tests hold.
 */
export const routes = fp(
  async (app: FastifyInstance) => {
    const added: RouteSource[] = [];
    sources.set(app, added);
    await registerFolder(app, routeTree, added);
  },
  {
    name: 'routes',
    dependencies: [
      'route-config',
      'session',
      'csrf',
      'rate-limits',
      'api-key',
      'openapi',
      'search',
      'watchlists',
      'projects',
    ],
  },
);
