/**
 * `npm run test:mutation [name …]`: mutation testing of the machines with Stryker (stryker.config.mjs), one machine
 * at a time, each against its own tests only (its path tests, and its DOM watchers' tests under tests/watchers/),
 * so a mutant reruns a few files, not the whole suite.
 *
 * Prints per file the mutants, Stryker's score, and the share killed by an assertion (an `expect` that failed), which
 * is what we hold to 90 %: a mutant that only crashed a test (a planner that rejected a removed transition, a type
 * error) was noticed, not checked. Mutants listed in tests/mutation/equivalent.json (each with its reason) count in
 * neither share. Lists every survivor and every mutant killed without an assertion. Exits 1 when a file is below
 * the bar.
 *
 * Without names it runs the machines the spec describes and `app`. MUTATION_CONCURRENCY sets Stryker's workers.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const BAR = 90;

/** The spec's machines and the app, by machine folder. */
const DEFAULT = [
  'session',
  'auth-modal',
  'survey',
  'survey-notification',
  'watchlist',
  'watchlist-picker',
  'create-watchlist',
  'impersonation',
  'banner',
  'cookie-consent',
  'resend-timer',
  'search',
  'tooltip',
  'tour',
  'app',
];

type Mutant = {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  statusReason?: string;
  location: { start: { line: number; column: number } };
};
type Report = { files: Record<string, { source: string; mutants: Mutant[] }> };
type Equivalent = { file: string; line: number; mutator: string; replacement: string; reason: string };

const camel = (folder: string) => folder.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** A machine folder's mutated files and the tests that check them. */
function target(folder: string) {
  const dir = path.join('machines', folder);
  const mutate = readdirSync(dir)
    .filter((f) => f.endsWith('.machine.ts') || f.endsWith('.connect.ts'))
    .map((f) => path.join(dir, f));
  const name = camel(folder);
  const tests = [
    ...readdirSync('tests/paths')
      .filter((f) => f === `${name}.paths.test.ts` || f.startsWith(`${name}.`))
      .map((f) => `tests/paths/${f}`),
    ...(existsSync('tests/watchers')
      ? readdirSync('tests/watchers')
          .filter((f) => f.startsWith(`${name}.`) && f.endsWith('.test.ts'))
          .map((f) => `tests/watchers/${f}`)
      : []),
  ];
  return { mutate, tests };
}

/** Killed by a failed `expect` (vitest's assertion messages), not by a crash. */
const byAssertion = (m: Mutant) =>
  m.status === 'Killed' && /^(expected |AssertionError|assert)/i.test(m.statusReason ?? '');

const equivalents: Equivalent[] = existsSync('tests/mutation/equivalent.json')
  ? (JSON.parse(readFileSync('tests/mutation/equivalent.json', 'utf8')) as Equivalent[])
  : [];
const isEquivalent = (file: string, m: Mutant) =>
  equivalents.some(
    (e) =>
      e.file === file &&
      e.line === m.location.start.line &&
      e.mutator === m.mutatorName &&
      e.replacement === (m.replacement ?? ''),
  );

const folders = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT;
const rows: string[] = [];
const notes: string[] = [];
let failed = false;
mkdirSync('.tmp/mutation', { recursive: true });

for (const folder of folders) {
  const { mutate, tests } = target(folder);
  if (tests.length === 0) {
    console.error(`${folder}: no tests found`);
    failed = true;
    continue;
  }
  const reportFile = `.tmp/mutation/${folder}.json`;
  console.log(`\n== ${folder}: mutating ${mutate.join(', ')} against ${tests.join(', ')}`);
  const run = spawnSync('npx', ['stryker', 'run', '--reporters', 'json,progress', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      MUTATE: mutate.join(','),
      MUTATION_TESTS: tests.join(','),
      MUTATION_REPORT: reportFile,
    },
  });
  if (run.status !== 0 || !existsSync(reportFile)) {
    console.error(`${folder}: Stryker failed (exit ${run.status})`);
    failed = true;
    continue;
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const counted = mutants.filter((m) => m.status !== 'Ignored' && !isEquivalent(file, m));
    const equivalent = mutants.filter((m) => isEquivalent(file, m)).length;
    const detected = counted.filter((m) => m.status === 'Killed' || m.status === 'Timeout').length;
    const asserted = counted.filter(byAssertion).length;
    const score = counted.length ? (100 * detected) / counted.length : 100;
    const share = counted.length ? (100 * asserted) / counted.length : 100;
    if (share < BAR) failed = true;
    rows.push(
      `| ${file} | ${counted.length} | ${equivalent} | ${score.toFixed(1)} % | ${share.toFixed(1)} % |${share < BAR ? ' below' : ''}`,
    );
    for (const m of counted.filter((m) => !byAssertion(m))) {
      const source = report.files[file]!.source.split('\n')[m.location.start.line - 1]?.trim();
      notes.push(
        `${file}:${m.location.start.line}:${m.location.start.column} ${m.status} ${m.mutatorName} ` +
          `→ ${JSON.stringify(m.replacement ?? '')}${m.statusReason ? ` (${m.statusReason.split('\n')[0]!.slice(0, 120)})` : ''}\n    ${source}`,
      );
    }
  }
}

const table = [
  '| file | mutants | equivalent | detected | killed by an assertion |',
  '|---|---|---|---|---|',
  ...rows,
].join('\n');
console.log(`\n${table}\n`);
if (notes.length) console.log(`Not killed by an assertion (${notes.length}):\n${notes.join('\n')}`);
writeFileSync('.tmp/mutation/summary.md', `${table}\n\n${notes.join('\n')}\n`);
process.exit(failed ? 1 : 0);
