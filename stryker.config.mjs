// Mutation testing of the machines (`npm run test:mutation`; see docs/machines/README.md). Not part of `npm test`:
// it reruns the machines' tests once per mutant.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'tests/mutation/vitest.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: process.env.MUTATE
    ? process.env.MUTATE.split(',')
    : ['machines/**/*.machine.ts', 'machines/**/*.connect.ts'],
  coverageAnalysis: process.env.MUTATION_COVERAGE ?? 'perTest',
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 20_000,
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: process.env.MUTATION_REPORT ?? '.tmp/mutation/mutation.json' },
  tempDirName: '.tmp/stryker',
  // The sandbox needs the sources and tests only; builds and screenshots change under other runs while it copies.
  ignorePatterns: ['dist', 'dist-server', 'dist-ssr', 'docs', 'public', 'bench', '.tmp', '.ci'],
  // A machine's config is a static value: its mutants (a removed transition, a changed target) are the ones that
  // matter most, so they are run, each against the whole of that machine's tests.
  ignoreStatic: false,
  cleanTempDir: 'always',
};
