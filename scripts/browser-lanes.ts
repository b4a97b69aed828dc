/**
 * `npx tsx scripts/browser-lanes.ts`: the browser group of `npm test` (scripts/test.sh) in up to three lanes.
 *
 * The browser test files run one at a time in a lane (each starts a server and a Chromium). Two lanes start at
 * once, beside the server group's two workers; a third opens when the server group is done (scripts/test.sh
 * creates .tmp/server-group.done). A lane keeps less than a core busy: a browser file waits for a third of its
 * time or more (its server's timers, the page's network and rendering, a devnet's blocks), and the server group's
 * workers use about half a core each (its files wait for PostgreSQL, scrypt and timers). Measured with a cpuacct
 * cgroup: the browser files take 1,630 CPU-s for 2,500 s in their lanes, the server group 500 CPU-s (PostgreSQL's
 * included) in 600-800 s; with one lane beside it and then two, CI kept the two cores only about 60 % busy.
 *
 * Each lane takes the next file from one queue, longest first (the times of the last run in .tmp/browser/, else the
 * file's size), and runs it in its own `vitest run`; the fleet files run together in one (they share one PostgreSQL
 * and Redis).
 *
 * What every run of the e2e project needs once (prepareBrowserRun: Chromium, the SPA build, the seeded data folder,
 * an empty .tmp/ui-paths) is prepared here once, and tests/e2e/global-setup.ts skips it when SEEDED_DATA_ENV is set. Each run's output is
 * printed whole when it ends, its results go to .tmp/browser/<n>.json (a failed run's output also to <n>.failed.log),
 * and the exit code is non-zero if any failed. The JavaScript budget (`npm run size`) takes a lane too: it needs the
 * build prepared here and no test's state.
 * Arguments, if any, keep only the runs with a file whose path contains one of them (`… browser-lanes.ts smoke csp`;
 * `size` for the budget).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepareBrowserRun } from '../tests/e2e/global-setup';
import { SEEDED_DATA_ENV } from '../tests/e2e/harness';

const RESULTS = '.tmp/browser';
const SERVER_DONE = '.tmp/server-group.done';
const VITEST = 'node_modules/vitest/vitest.mjs';

/** A vitest run of one project's files, or the JavaScript budget (`npm run size`, on the build prepared here). */
type Run = { project: string; files: string[] } | { budget: true };

/** The budget's seconds in a lane (it loads routes in Chromium), to queue it among the files. */
const BUDGET_SECONDS = 90;

const list = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f));

const BUDGET = 'npm run size';
/** What a run is called in the output, and what the arguments match. */
const namesOf = (run: Run) => ('budget' in run ? [BUDGET] : run.files);

/** Seconds each file took in the last run (its JSON results), to start the longest first. */
function lastTimes(): Map<string, number> {
  const times = new Map<string, number>();
  if (!existsSync(RESULTS)) return times;
  for (const f of readdirSync(RESULTS).filter((n) => n.endsWith('.json'))) {
    const results = JSON.parse(readFileSync(path.join(RESULTS, f), 'utf8')) as {
      testResults: { name: string; startTime: number; endTime: number }[];
    };
    for (const r of results.testResults)
      times.set(path.relative(process.cwd(), r.name), (r.endTime - r.startTime) / 1000);
  }
  return times;
}

function queue(): Run[] {
  const times = lastTimes();
  // Without a last run, a file's size stands for its time (the model-based UI files are the longest in both).
  const weight = (run: Run) =>
    'budget' in run
      ? BUDGET_SECONDS
      : run.files.reduce((sum, f) => sum + (times.get(f) ?? statSync(f).size / 200), 0);
  const runs: Run[] = [
    ...list('tests/e2e').map((f) => ({ project: 'e2e', files: [f] })),
    { project: 'fleet', files: list('tests/fleet') },
  ];
  // The budget reads only the build: in a lane beside the files rather than after the last of them.
  runs.push({ budget: true });
  const only = process.argv.slice(2);
  return runs
    .filter((run) => !only.length || namesOf(run).some((name) => only.some((part) => name.includes(part))))
    .sort((a, b) => weight(b) - weight(a));
}

async function prepare(): Promise<string> {
  // queue() has read the last run's times: its results go now.
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });
  return prepareBrowserRun();
}

function runOne(run: Run, index: number, lane: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  // vitest's own entry on this node, not through npx: npm's start cost a second of CPU per file.
  const args =
    'budget' in run
      ? ['--import', 'tsx', 'bench/size.ts']
      : [VITEST, 'run', '--project', run.project, '--reporter=default', '--reporter=json'].concat(
          `--outputFile.json=${RESULTS}/${index}.json`,
          run.files,
        );
  const name =
    'budget' in run || run.files.length === 1
      ? namesOf(run)[0]
      : `${run.project} (${run.files.length} files)`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      process.stdout.write(`\n[${lane}] ${name}: ${code === 0 ? 'passed' : 'FAILED'}\n${output}`);
      // scripts/test.sh prints these again at the very end: CI shows only the end of a run's output.
      if (code !== 0) writeFileSync(`${RESULTS}/${index}.failed.log`, `${name}\n${output}`);
      resolve(code === 0);
    });
  });
}

const todo = queue().map((run, index) => ({ run, index }));
const seeded = await prepare();
const env = { ...process.env, [SEEDED_DATA_ENV]: seeded };
const failed: string[] = [];

async function lane(name: string, opensWhen: () => boolean) {
  while (!opensWhen() && todo.length > 0) await new Promise((r) => setTimeout(r, 2000));
  for (let next = todo.shift(); next; next = todo.shift()) {
    if (!(await runOne(next.run, next.index, name, env))) failed.push(...namesOf(next.run));
  }
}

try {
  const serverGroupDone = () => existsSync(SERVER_DONE);
  await Promise.all([
    lane('browser 1', () => true),
    lane('browser 2', () => true),
    lane('browser 3', serverGroupDone),
  ]);
} finally {
  rmSync(seeded, { recursive: true, force: true });
}
if (failed.length) {
  console.log(`browser lanes: ${failed.length} file(s) failed:\n${failed.map((f) => `  ${f}`).join('\n')}`);
  process.exit(1);
}
