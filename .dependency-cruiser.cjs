/**
 * The directions imports may take (`npm run lint` runs this after eslint):
 *   src → machines → api;  server → api;  machines never → src;  server → src only through the SSR entry;
 *   server/db and server/lib import nothing else of the server;
 *   nothing imports a route file but server/routing/routes.generated.ts, the list of them the loader registers;
 *   server/plugins/external imports nothing of server/plugins/app (external plugins are registered first);
 *   the route files of /api/watchlist and /api/projects import no query (they call app.watchlists, app.projects);
 *   the route files of /api/user import no domain query module (they call app.apiKeys, app.wallets, app.surveys,
 *   app.profiles, app.userEvents, app.webhooks);
 *   no runtime cycle.
 * Type-only imports (erased at build time) and dynamic imports (run after every module has loaded) make no cycle.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-runtime-cycle',
      severity: 'error',
      comment: 'A runtime import cycle: the order modules initialise in decides what they see.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
    {
      name: 'api-imports-only-api',
      severity: 'error',
      comment: 'api/ is the contract both sides share: it imports neither side.',
      from: { path: '^api/' },
      to: { path: '^(src|machines|server)/' },
    },
    {
      name: 'machines-not-to-src-or-server',
      severity: 'error',
      comment:
        'Machines run in node, in tests and in the visualizer: the browser and the server provide to them.',
      from: { path: '^machines/' },
      to: { path: '^(src|server)/' },
    },
    {
      name: 'src-not-to-server',
      severity: 'error',
      comment: 'The browser talks to the server over HTTP (api/), never by import.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-to-src-only-through-ssr-entry',
      severity: 'error',
      comment:
        'The server renders pages through src/entry-server.tsx (built to dist-ssr/), and imports nothing else of src/.',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/entry-server\\.tsx$' },
    },
    {
      name: 'server-foundations-stay-below',
      severity: 'error',
      comment: 'server/db and server/lib are what everything else builds on: they import nothing above them.',
      from: { path: '^server/(db|lib)/' },
      to: { path: '^server/', pathNot: '^server/(db|lib)/|^server/(config|errors)\\.ts$' },
    },
    {
      name: 'nothing-imports-a-route-file',
      severity: 'error',
      comment: 'Route files answer URLs; what they share lives in a service, a repository or api/.',
      from: { pathNot: '^server/routing/routes\\.generated\\.ts$' },
      to: { path: '^server/routes/' },
    },
    {
      name: 'external-plugins-below-app-plugins',
      severity: 'error',
      comment:
        'server/app.ts registers the external plugins (third-party packages and the security headers) before our own ' +
        'app plugins, so an external plugin can rely on none of them.',
      from: { path: '^server/plugins/external/' },
      to: { path: '^server/plugins/app/' },
    },
    {
      name: 'routes-hold-no-queries',
      severity: 'error',
      comment:
        'Route files reach the database through repositories and services (app.watchlists, app.projects, ' +
        'app.incidents, app.admin, app.users, app.webhooks, app.apiKeys, app.wallets, app.surveys, app.profiles, ' +
        'app.userEvents, or a service module), never drizzle or db/ at run time; ' +
        'db/errors.ts only classifies a thrown error.',
      from: { path: '^server/routes/' },
      to: {
        path: '^server/db/|drizzle-orm',
        pathNot: '^server/db/errors\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'user-routes-call-repositories',
      severity: 'error',
      comment:
        'The route files of /api/user reach their domains through app.apiKeys, app.wallets, app.surveys, ' +
        'app.profiles, app.userEvents and app.webhooks, never the query modules those bind at run time.',
      from: { path: '^server/routes/api/user/' },
      to: {
        path:
          '^server/apiKeys/queries\\.ts$|^server/accounts/(wallets|survey|profile)\\.ts$|' +
          '^server/site/submissions\\.ts$|^server/webhooks/queries\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-ssr|\\.tmp)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
