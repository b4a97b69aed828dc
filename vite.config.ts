import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { chatQrCode } from './scripts/chatQrCode.ts';
import { markdownDocs } from './scripts/markdownDocs.ts';
import { precompress } from './scripts/precompress.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * The guest's loader (src/first-load/loader.ts, an entry of its own, with its machine; docs/first-load.md) stays out of the app's `start`
 * chunk, and so do the modules it shares with the app (XState, the storage keys, …): those are the `shared` chunk,
 * which both load. Otherwise the loader would import `start`, all of the app. A new import of the loader's belongs in
 * SHARED_WITH_LOADER (`npm run size` fails otherwise: home would download the app before any intent).
 */
const LOADER = /[\\/](src[\\/]first-load[\\/]loader\.ts|machines[\\/]first-load[\\/]hydrate[\\/][^\\/]+)$/;
const SHARED_WITH_LOADER =
  /[\\/](node_modules[\\/]xstate[\\/].+|api[\\/]storageKeys\.ts|machines[\\/]account[\\/]tour[\\/]tour\.address\.ts|machines[\\/]core[\\/]requests\.ts|api[\\/]site\.ts|src[\\/]first-load[\\/](pageData|slashShortcut|renderedAsShown|rememberedChoices|pageView)\.ts)$/;
/** A page's fetched data: the hook and its machine. */
const USE_RESOURCE =
  /[\\/](src[\\/]lib[\\/]useResource\.ts|machines[\\/]core[\\/]resource[\\/]resource\.machine\.ts)$/;
/** What a project's row (leaderboard) and its page show beside its name: chain icons, the watchlist button. */
const PROJECT_ROW = /[\\/]src[\\/]components[\\/](ChainIcon\.tsx|chains\.ts|ProjectActions\.tsx)$/;

export default defineConfig({
  plugins: [markdownDocs(), chatQrCode(), react(), precompress()],
  resolve: {
    // @xstate/react and wouter import the use-sync-external-store shims, which exist for React before 18 and carry
    // their own copy of the hook. React 19 has it built in: going straight to it saves ~0.2 KB gzip on every page.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
    ],
  },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    // No modulepreload polyfill (~0.4 KB gzip on every page): browsers without modulepreload (Firefox before 115,
    // Safari 16) load a lazy chunk's imports when it runs instead of beside it, which still works.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: ['index.html', 'src/first-load/loader.ts'],
      // Everything the entry imports statically runs on every page: one chunk. Rolldown otherwise splits what the
      // entry shares with lazy chunks (XState, React, the app provider, the API client) into a dozen small files,
      // each compressed on its own: 10 KB gzip more on every page (npm run size).
      output: {
        codeSplitting: {
          groups: [
            { name: 'shared', test: SHARED_WITH_LOADER, priority: 1 },
            { name: 'start', tags: ['$initial'], test: (id) => !LOADER.test(id) },
            // Small modules that load together, in two files rather than five of 0.3-1.3 KB gzip, each compressed on
            // its own: a project page downloads 0.5 KB less (npm run size).
            { name: 'resource', test: USE_RESOURCE },
            { name: 'projectRow', test: PROJECT_ROW },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // `/api/...` is the server's, except the client's own modules under api/ (e.g. /api/auth.ts), which Vite serves.
      '^/api/(?!.*\\.tsx?(\\?|$))': apiTarget,
      '/ofrep': apiTarget,
      '/img': apiTarget,
      '/logos': apiTarget,
    },
  },
  test: {
    // Passwords hashed at scrypt N=2^12 instead of OWASP's 2^17 in every suite (server/accounts/passwords.ts,
    // hashCostLog2N; honoured only with NODE_ENV=test): 32x less hashing work. The browser suites' servers inherit it.
    // tests/unit/passwords.test.ts holds the production cost; the hashing gate's floods run at it.
    env: { TEST_SCRYPT_LOG2_N: '12' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // One module graph per worker, not per file: importing the server afresh for each of ~120 files was most
          // of this project's CPU time (40 server files: 480 CPU-s isolated, 182 CPU-s shared). Tests make their
          // own apps and databases and restore the environment they change, so nothing else carries over.
          isolate: false,
          include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/security/**/*.test.ts'],
          // In CI these run beside the browser suites on two cores: tests that sign up several users (OWASP-cost
          // scrypt hashes) took 20-35 s there, against 2-5 s alone, and over 60 s on a machine busier still.
          testTimeout: 90_000,
          // Creating a test app (PGlite + migrations), starting a devnet and OWASP-cost scrypt hashes are slow on a
          // busy machine: a chain test's set-up took 67 s under load.
          hookTimeout: 120_000,
        },
      },
      // Against a real chain (anvil on loopback): the devnet, the indexer and monitoring. Isolated, unlike the node
      // project: sharing a module graph, two of them failed in CI (a notification of another file's project, an RPC
      // client's counts) once other files had run in the same worker.
      {
        extends: true,
        test: {
          name: 'chains',
          environment: 'node',
          include: ['tests/chains/**/*.test.ts'],
          testTimeout: 90_000,
          // A chain test's set-up (a test app, a devnet) took 67 s on a busy machine.
          hookTimeout: 120_000,
        },
      },
      // With TEST_DATABASE_URL the node project runs the server suite on PostgreSQL; this one runs on PGlite the files
      // whose outcome depends on the database engine. Every browser test runs the whole product on PGlite, and
      // without TEST_DATABASE_URL (locally, the README's `npm test`) the node project runs the whole suite on it; the
      // full repeat here cost about 320 CPU-s of CI's two cores (a third of the server group) to run the same
      // queries through the same Drizzle layer a second time.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-pglite',
                environment: 'node' as const,
                // As the node project.
                isolate: false,
                include: [
                  // A database made and filled from nothing: migrations, the seed, the research records added to an
                  // older one, a bulk import with its reranking, the recompute that rewrites every project's row.
                  'tests/server/seed.test.ts',
                  'tests/server/research-backfill.test.ts',
                  'tests/server/import.test.ts',
                  'tests/server/ratings.recompute.test.ts',
                  // The job queue's claims and schedules, and trending's aggregates over activity.
                  'tests/server/jobs.test.ts',
                  'tests/server/trending.test.ts',
                  // Writes that race (parallel guessing, uploads, votes) and what a restart on the same data keeps:
                  // a single embedded connection serialises them differently from a pool.
                  'tests/security/throttling.test.ts',
                  'tests/security/uploads.test.ts',
                  'tests/security/votes.test.ts',
                  'tests/security/roles.test.ts',
                  'tests/server/auth.pool.test.ts',
                ],
                testTimeout: 90_000,
                // As the node project: creating a test app (PGlite + migrations) is slow on a busy machine.
                hookTimeout: 120_000,
                env: { TEST_DATABASE_URL: '' },
              },
            },
          ]
        : []),
      // Real instances (server/main.ts processes) on one PostgreSQL database and Redis: a fleet shares sessions, jobs and limits.
      {
        extends: true,
        test: {
          name: 'fleet',
          environment: 'node',
          include: ['tests/fleet/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: { name: 'paths', environment: 'node', include: ['tests/paths/**/*.paths.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'jsdom',
          environment: 'jsdom',
          // tests/watchers: the machines' DOM watchers run for real (the mutation config runs them too).
          include: ['tests/component/**/*.test.tsx', 'tests/watchers/**/*.test.ts'],
          setupFiles: ['tests/helpers/jsdom-setup.ts'],
          // In CI these run beside the browser suites on two cores: a test that takes 1.8 s alone took over 5 s there.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // Beside the server suites on two cores a browser test that signs people up (OWASP-cost scrypt) can pass a
          // minute.
          testTimeout: 90_000,
          // expect.poll waits 1 s by default: too short while the server suites share the two cores (scripts/test.sh).
          expect: { poll: { timeout: 15_000 } },
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
