/**
 * Prints, per machine, the states and transitions its path tests reached (written by tests/paths/harness.ts)
 * and fails when any machine in machines/ is below 100 % or has no path tests.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Coverage = {
  machine: string;
  states: { all: string[]; reached: string[] };
  transitions: { all: string[]; reached: string[] };
};

const dir = path.resolve('.tmp/paths');
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
for (const name of machineNames.sort()) {
  const file = path.join(dir, `${name}.json`);
  if (!existsSync(file)) {
    failed = true;
    rows.push(`${name.padEnd(28)} no path tests`);
    continue;
  }
  const c = JSON.parse(readFileSync(file, 'utf8')) as Coverage;
  const s = pct(c.states.reached.length, c.states.all.length);
  const t = pct(c.transitions.reached.length, c.transitions.all.length);
  if (s < 100 || t < 100) failed = true;
  rows.push(
    `${name.padEnd(28)} states ${String(c.states.reached.length).padStart(3)}/${String(c.states.all.length).padEnd(3)} ${String(s).padStart(5)}%   transitions ${String(c.transitions.reached.length).padStart(3)}/${String(c.transitions.all.length).padEnd(3)} ${String(t).padStart(5)}%`,
  );
  if (t < 100)
    rows.push(
      `    missing: ${c.transitions.all.filter((x) => !c.transitions.reached.includes(x)).join(', ')}`,
    );
  if (s < 100)
    rows.push(`    missing states: ${c.states.all.filter((x) => !c.states.reached.includes(x)).join(', ')}`);
}
console.log('Path coverage per machine');
console.log(rows.join('\n'));
if (failed) {
  console.error('\nPath coverage is below 100 % for at least one machine.');
  process.exit(1);
}
