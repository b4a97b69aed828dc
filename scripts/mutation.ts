/**
 * `npm run test:mutation [name …]`: mutation testing of the machines with Stryker (stryker.config.mjs), one machine
 * at a time, each against its own tests only (its path tests, and its DOM watchers' tests under tests/watchers/),
 * so a mutant reruns a few files, not the whole suite.
 *
 * Prints per file the mutants, Stryker's score, and the share killed by an assertion, which is what we hold to 90 %:
 * - killed by an assertion: a test's `expect` failed. Stryker keeps only the first failing test's message (vitest's
 *   "… expected … to …", also after a label such as the harness's "the machine failed on EVENT: …"); a mutant it
 *   killed otherwise (a planner that gave up, a type error) is run again here with every test, in a copy of the
 *   sources (.tmp/mutation/sandbox), and counts when any test then fails on an AssertionError;
 * - also counted: a mutant with which the machine's module cannot even be imported (`initial: ''`: XState rejects
 *   the config). Stryker reports it as survived, because the test file could not load and so ran no test; every
 *   caller of the machine would fail, so it is an assertion-worthy failure. Each survivor's mutated module is
 *   imported in the sandbox to find them;
 * - not counted: a mutant that only crashed tests or the runner, or timed out (noticed, not checked).
 * Mutants listed in tests/mutation/equivalent.json (each with its reason) count in neither share. Lists every mutant
 * not counted as killed by an assertion. Exits 1 when a file is below the bar.
 *
 * Without names it runs the machines the spec describes and `app`; a name is a machine folder (account/tour) or one
 * file in it (account/tour/tour.connect.ts). MUTATION_CONCURRENCY sets Stryker's workers.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { equivalentMutants, readEquivalents } from '../tests/mutation/equivalents';

const BAR = 90;

/** The spec's machines and the app, by machine folder (under machines/). */
const DEFAULT = [
  'auth/session',
  'auth/modal',
  'account/survey',
  'account/survey-notification',
  'watchlist/list',
  'watchlist/picker',
  'watchlist/create',
  'auth/impersonation',
  'ui/banner',
  'ui/cookie-consent',
  'auth/resend-timer',
  'projects/search',
  'ui/tooltip',
  'account/tour',
  'core/app',
];

type Mutant = {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  statusReason?: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
};
type Report = { files: Record<string, { source: string; mutants: Mutant[] }> };
/** A machine folder's mutated files and the tests that check them. */
function target(folder: string) {
  // A folder (account/tour) mutates its machine and view; a file in it (account/tour/tour.connect.ts) only that file.
  const one = folder.endsWith('.ts') ? path.basename(folder) : null;
  const dir = path.join('machines', one ? path.dirname(folder) : folder);
  const files = readdirSync(dir).filter((f) => f.endsWith('.machine.ts') || f.endsWith('.connect.ts'));
  const mutate = files.filter((f) => one === null || f === one).map((f) => path.join(dir, f));
  // A machine's tests are named after its file: machines/auth/modal/authModal.machine.ts, tests/paths/authModal.*.
  const names = files.filter((f) => f.endsWith('.machine.ts')).map((f) => path.basename(f, '.machine.ts'));
  const ofMachine = (f: string) => names.some((name) => f.startsWith(`${name}.`));
  const tests = [
    ...readdirSync('tests/paths')
      .filter(ofMachine)
      .map((f) => `tests/paths/${f}`),
    ...(existsSync('tests/watchers')
      ? readdirSync('tests/watchers')
          .filter((f) => ofMachine(f) && f.endsWith('.test.ts'))
          .map((f) => `tests/watchers/${f}`)
      : []),
  ];
  return { mutate, tests };
}

/** Killed by a failed `expect`: vitest's assertion message, alone or after the `expect(value, label)` label. */
const byAssertion = (m: Mutant) =>
  m.status === 'Killed' &&
  /^(AssertionError|expected [\s\S]* to )|: expected [\s\S]* to /.test(m.statusReason ?? '');

/** A copy of the sources and tests, where a mutant can be applied without touching the working tree. */
const SANDBOX = '.tmp/mutation/sandbox';
function prepareSandbox() {
  rmSync(SANDBOX, { recursive: true, force: true });
  for (const entry of ['machines', 'api', 'src', 'tests', 'package.json', 'tsconfig.json'])
    cpSync(entry, path.join(SANDBOX, entry), { recursive: true });
}

/** Offsets of a 1-based line and column in a source text (Stryker's locations). */
function offset(source: string, { line, column }: { line: number; column: number }) {
  const lines = source.split('\n');
  return lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
}

const mutated = (source: string, m: Mutant) =>
  source.slice(0, offset(source, m.location.start)) +
  (m.replacement ?? '') +
  source.slice(offset(source, m.location.end));

let imports = 0;
/** Whether the file's module can be imported with this source (a fresh file name, so nothing is cached). */
async function loads(file: string, source: string): Promise<boolean> {
  const copy = path.join(SANDBOX, path.dirname(file), `mutant-${++imports}-${path.basename(file)}`);
  writeFileSync(copy, source);
  try {
    await import(pathToFileURL(path.resolve(copy)).href);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(copy);
  }
}

type JsonReport = { testResults: { assertionResults: { status: string; failureMessages: string[] }[] }[] };
/**
 * Runs the tests again with the mutant applied in the sandbox, all of them (Stryker stops at the first failure and
 * keeps only its message: a planner that gave up can hide a later test's failed assertion). True when any test
 * failed on an assertion.
 */
function failsAnAssertion(file: string, source: string, m: Mutant, tests: string[], plans?: string): boolean {
  const target = path.join(SANDBOX, file);
  const out = path.resolve('.tmp/mutation/recheck.json');
  rmSync(out, { force: true });
  writeFileSync(target, mutated(source, m));
  try {
    spawnSync(
      'npx',
      [
        'vitest',
        'run',
        '--config',
        'tests/mutation/vitest.config.ts',
        '--reporter=json',
        `--outputFile=${out}`,
      ],
      {
        cwd: SANDBOX,
        env: { ...process.env, MUTATION_TESTS: tests.join(','), ...(plans ? { PATH_PLAN_CACHE: plans } : {}) },
        timeout: 120_000,
        stdio: 'ignore',
      },
    );
  } finally {
    writeFileSync(target, source);
  }
  if (!existsSync(out)) return false;
  const report = JSON.parse(readFileSync(out, 'utf8')) as JsonReport;
  return report.testResults.some((f) =>
    f.assertionResults.some((t) => t.failureMessages.some((msg) => msg.startsWith('AssertionError'))),
  );
}

/**
 * How each mutant Stryker did not report as killed by an assertion was in fact detected: 'assertion' (a test's
 * `expect` failed once every test ran), 'load' (the machine's module cannot be imported, so the test file could
 * not load and Stryker saw no test), or nothing (survived, crashed, timed out).
 */
async function recheck(file: string, source: string, mutants: Mutant[], tests: string[], plans?: string) {
  const found = new Map<Mutant, 'assertion' | 'load'>();
  if (mutants.length === 0) return found;
  if (!(await loads(file, source))) {
    console.error(`${file}: cannot be imported in ${SANDBOX} even unmutated; not rechecked`);
    return found;
  }
  for (const m of mutants) {
    if (m.status === 'Survived' && !(await loads(file, mutated(source, m)))) found.set(m, 'load');
    else if (
      (m.status === 'Killed' || m.status === 'RuntimeError') &&
      failsAnAssertion(file, source, m, tests, plans)
    )
      found.set(m, 'assertion');
  }
  return found;
}

const equivalents = readEquivalents();
/** The file's mutants that tests/mutation/equivalent.json lists; an entry that matches none is stale and fails the run. */
function equivalentsIn(file: string, source: string, mutants: Mutant[]): Set<Mutant> {
  const entries = equivalents.filter((e) => e.file === file);
  for (const e of entries.filter((e) => equivalentMutants(e, source, mutants).length === 0)) {
    console.error(`${file}: stale equivalent entry (no such mutant in today's source): ${e.mutator} at ${e.at}`);
    failed = true;
  }
  return new Set(entries.flatMap((e) => equivalentMutants(e, source, mutants)));
}

const folders = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT;
const rows: string[] = [];
const notes: string[] = [];
let failed = false;
mkdirSync('.tmp/mutation', { recursive: true });
prepareSandbox();

for (const folder of folders) {
  const { mutate, tests } = target(folder);
  if (tests.length === 0) {
    console.error(`${folder}: no tests found`);
    failed = true;
    continue;
  }
  const reportFile = `.tmp/mutation/${folder.replace(/\//g, '-')}.json`;
  // Paths are planned once, from the unmutated machine in Stryker's first run (tests/paths/harness.ts keptPlan).
  const plans = path.resolve(`.tmp/mutation/plans/${folder.replace(/\//g, '-')}`);
  rmSync(plans, { recursive: true, force: true });
  // A plan is kept only when the tests pass the same with it: a test that compares an event's error by identity
  // cannot, as the kept copy is another object. Then every mutant plans again (slower, as before).
  const keptPlanPasses = [1, 2].every(
    () =>
      spawnSync('npx', ['vitest', 'run', '--config', 'tests/mutation/vitest.config.ts'], {
        stdio: 'ignore',
        env: { ...process.env, MUTATION_TESTS: tests.join(','), PATH_PLAN_CACHE: plans },
      }).status === 0,
  );
  if (!keptPlanPasses) {
    console.log(`${folder}: its tests do not pass with kept plans; every mutant plans its paths`);
    rmSync(plans, { recursive: true, force: true });
  }
  console.log(`\n== ${folder}: mutating ${mutate.join(', ')} against ${tests.join(', ')}`);
  const started = Date.now();
  const run = spawnSync('npx', ['stryker', 'run', '--reporters', 'json,progress', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      MUTATE: mutate.join(','),
      MUTATION_TESTS: tests.join(','),
      MUTATION_REPORT: reportFile,
      ...(keptPlanPasses ? { PATH_PLAN_CACHE: plans } : {}),
    },
  });
  if (run.status !== 0 || !existsSync(reportFile)) {
    console.error(`${folder}: Stryker failed (exit ${run.status})`);
    failed = true;
    continue;
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    // Ignored: excluded by config; CompileError: the mutant does not type-check, so it could never ship.
    const isEquivalent = equivalentsIn(file, source, mutants);
    const counted = mutants.filter(
      (m) => m.status !== 'Ignored' && m.status !== 'CompileError' && !isEquivalent.has(m),
    );
    const equivalent = isEquivalent.size;
    const rechecked = await recheck(
      file,
      source,
      counted.filter((m) => !byAssertion(m) && m.status !== 'Timeout' && m.status !== 'NoCoverage'),
      tests,
      keptPlanPasses ? plans : undefined,
    );
    const atLoad = [...rechecked.values()].filter((how) => how === 'load').length;
    const checked = (m: Mutant) => byAssertion(m) || rechecked.has(m);
    const detected = counted.filter((m) => m.status === 'Killed' || m.status === 'Timeout').length + atLoad;
    const asserted = counted.filter(checked).length;
    const score = counted.length ? (100 * detected) / counted.length : 100;
    const share = counted.length ? (100 * asserted) / counted.length : 100;
    if (share < BAR) failed = true;
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    rows.push(
      `| ${file} | ${counted.length} | ${equivalent} | ${score.toFixed(1)} % | ${share.toFixed(1)} % | ${atLoad} | ${minutes} min |${share < BAR ? ' below' : ''}`,
    );
    for (const m of counted.filter((m) => !checked(m))) {
      const line = report.files[file]!.source.split('\n')[m.location.start.line - 1]?.trim();
      notes.push(
        `${file}:${m.location.start.line}:${m.location.start.column} ${m.status} ${m.mutatorName} ` +
          `→ ${JSON.stringify(m.replacement ?? '')}${m.statusReason ? ` (${m.statusReason.split('\n')[0]!.slice(0, 120)})` : ''}\n    ${line}`,
      );
    }
  }
}

const table = [
  '| file | mutants | equivalent | detected | killed by an assertion | of which unloadable | run time |',
  '|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
console.log(`\n${table}\n`);
if (notes.length) console.log(`Not killed by an assertion (${notes.length}):\n${notes.join('\n')}`);
writeFileSync('.tmp/mutation/summary.md', `${table}\n\n${notes.join('\n')}\n`);
process.exit(failed ? 1 : 0);
