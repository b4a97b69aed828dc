import { defineConfig } from 'vitest/config';

/**
 * What Stryker runs for each mutant (`npm run test:mutation`): the machines' path tests, in node, and the tests
 * that run the machines' DOM watchers for real, in jsdom. Nothing here starts a server or a browser, so a mutant
 * costs a second or two.
 */
// MUTATION_TESTS narrows the run to one machine's tests (scripts/mutation.ts sets it per machine).
const only = process.env.MUTATION_TESTS?.split(',');

export default defineConfig({
  test: {
    // A machine whose watchers have no tests of their own runs only its path tests.
    passWithNoTests: true,
    projects: [
      {
        test: {
          name: 'paths',
          environment: 'node',
          include: only?.filter((f) => f.startsWith('tests/paths/')) ?? ['tests/paths/**/*.paths.test.ts'],
        },
      },
      {
        test: {
          name: 'watchers',
          environment: 'jsdom',
          include: only?.filter((f) => f.startsWith('tests/watchers/')) ?? ['tests/watchers/**/*.test.ts'],
        },
      },
    ],
  },
});
