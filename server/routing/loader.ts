import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { folderHooks, routeFiles } from './routes.generated';
import { segmentOf } from './scan.mjs';

/** A route module's default export: a Fastify plugin that adds its routes relative to its folder's prefix. */
export type RoutePlugin = (app: FastifyInstance) => Promise<void>;

/** One route file of server/routes/ (its path relative to that folder), as server/routing/scan.mjs listed it. */
export type RouteFile = { file: string; plugin: RoutePlugin };

/** Which file added each route (method and full URL), per app: what tests/server/routeLayout.test.ts checks. */
export type RouteSource = { file: string; method: string; url: string };
const sources = new WeakMap<FastifyInstance, RouteSource[]>();
export const routeSources = (app: FastifyInstance): readonly RouteSource[] => sources.get(app) ?? [];

/** A path's folder, relative to server/routes/ ('' for the folder itself). */
const folderOf = (file: string) => file.split('/').slice(0, -1).join('/');

/** The folders just below `folder` that hold route files, at any depth, in the manifest's order. */
function subfolders(folder: string): string[] {
  const below = new Set<string>();
  for (const { file } of routeFiles) {
    const inside = folderOf(file);
    if (inside === folder || (folder && !inside.startsWith(`${folder}/`))) continue;
    const [next] = inside.slice(folder ? folder.length + 1 : 0).split('/');
    below.add(folder ? `${folder}/${next}` : next!);
  }
  return [...below];
}

async function registerFolder(parent: FastifyInstance, folder: string, added: RouteSource[]) {
  // An encapsulated scope per folder: its prefix is the folder's segment under its parent's, and what its autohooks
  // add stays inside it.
  const name = folder.split('/').pop()!;
  await parent.register(
    async (scope) => {
      await folderHooks[folder]?.(scope);
      for (const route of routeFiles.filter(({ file }) => folderOf(file) === folder)) {
        await scope.register(async (module) => {
          module.addHook('onRoute', ({ method, url }) => {
            for (const m of [method].flat()) added.push({ file: route.file, method: m, url });
          });
          await route.plugin(module);
        });
      }
      for (const sub of subfolders(folder)) await registerFolder(scope, sub, added);
    },
    { prefix: name ? `/${segmentOf(name)}` : '' },
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
    await registerFolder(app, '', added);
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
      'incidents',
      'admin',
      'users',
      'webhooks',
    ],
  },
);
