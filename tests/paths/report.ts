/**
 * Prints, per machine, the states and transitions its path tests reached and the transitions whose effect a
 * check asserted (written by tests/paths/harness.ts). Fails when any machine in machines/ has no path tests or
 * is below 100 % on any of the three (the spec's machines are marked *; we hold every machine to
 * it). `--clear` removes the previous run's results (so a deleted test cannot keep its row).
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

type Coverage = {
  machine: string;
  states: { all: string[]; reached: string[] };
  transitions: { all: string[]; reached: string[]; asserted: string[] };
};

/** The machines the spec describes (marked * in the report). */
const SPEC_MACHINES = new Set([
  'session',
  'authModal',
  'resendTimer',
  'search',
  'survey',
  'surveyNotification',
  'watchlist',
  'watchlistPicker',
  'createWatchlist',
  'impersonation',
  'banner',
  'cookieConsent',
  'tour',
  'tooltip',
]);

const dir = path.resolve('.tmp/paths');
if (process.argv.includes('--clear')) {
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

const machineNames = (function find(d: string): string[] {
  return readdirSync(d, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? find(path.join(d, e.name))
      : e.name.endsWith('.machine.ts')
        ? [e.name.replace(/\.machine\.ts$/, '')]
        : [],
  );
})(path.resolve('machines'));

let failed = false;
const rows: string[] = [];
const pct = (a: number, b: number) => (b === 0 ? 100 : Math.floor((a / b) * 1000) / 10);
const column = (a: number, b: number) =>
  `${String(a).padStart(3)}/${String(b).padEnd(3)} ${String(pct(a, b)).padStart(5)}%`;
const missing = (all: string[], some: string[]) => all.filter((x) => !some.includes(x)).join(', ');

for (const name of machineNames.sort()) {
  const file = path.join(dir, `${name}.json`);
  const label = `${SPEC_MACHINES.has(name) ? '*' : ' '} ${name}`.padEnd(28);
  if (!existsSync(file)) {
    failed = true;
    rows.push(`${label} no path tests`);
    continue;
  }
  const { states, transitions } = JSON.parse(readFileSync(file, 'utf8')) as Coverage;
  const s = pct(states.reached.length, states.all.length);
  const t = pct(transitions.reached.length, transitions.all.length);
  const a = pct(transitions.asserted.length, transitions.all.length);
  if (s < 100 || t < 100 || a < 100) failed = true;
  rows.push(
    `${label} ${column(states.reached.length, states.all.length)}   ${column(transitions.reached.length, transitions.all.length)}   ${column(transitions.asserted.length, transitions.all.length)}`,
  );
  if (s < 100) rows.push(`    states not reached: ${missing(states.all, states.reached)}`);
  if (t < 100) rows.push(`    transitions not reached: ${missing(transitions.all, transitions.reached)}`);
  if (a < 100) rows.push(`    effect not asserted: ${missing(transitions.all, transitions.asserted)}`);
}
console.log(
  'Path coverage per machine (* = a machine of the spec: every transition must have its effect asserted)',
);
console.log(
  `${''.padEnd(28)} ${'states reached'.padEnd(15)}   ${'transitions reached'.padEnd(15)}   effect asserted`,
);
console.log(rows.join('\n'));
// What the model-based UI tests (tests/e2e/ui-paths-*.test.ts, run by the e2e project) reached in Chromium.
const uiDir = path.resolve('.tmp/ui-paths');
const uiFiles = existsSync(uiDir) ? readdirSync(uiDir).filter((f) => f.endsWith('.json')) : [];
if (uiFiles.length > 0) {
  console.log('\nReached through the UI in Chromium (model-based UI tests; e2e project)');
  console.log(`${''.padEnd(28)} ${'states'.padEnd(15)}   transitions`);
  for (const file of uiFiles.sort()) {
    const { machine, states, transitions } = JSON.parse(
      readFileSync(path.join(uiDir, file), 'utf8'),
    ) as Coverage;
    console.log(
      `  ${machine.padEnd(26)} ${column(states.reached.length, states.all.length)}   ${column(transitions.reached.length, transitions.all.length)}`,
    );
  }
}
if (failed) {
  console.error('\nPath coverage is below 100 % for at least one machine.');
  process.exit(1);
}
