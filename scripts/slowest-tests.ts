/**
 * `npx tsx scripts/slowest-tests.ts [N]`: the N slowest test files (default 25) of the last `npm test`, from the
 * JSON results scripts/test.sh keeps in .tmp/, with each group's summed file time. A file's time is its own
 * (set-up included); the groups run side by side, so the sums exceed the wall time.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Results = { testResults: { name: string; startTime: number; endTime: number; status: string }[] };

const limit = Number(process.argv[2] ?? 25);
const files: { group: string; file: string; seconds: number }[] = [];
for (const group of ['server', 'browser']) {
  const file = `.tmp/${group}-group.json`;
  if (!existsSync(file)) {
    console.log(`${file}: missing (run npm test first)`);
    continue;
  }
  const results = JSON.parse(readFileSync(file, 'utf8')) as Results;
  const own = results.testResults.map((r) => ({
    group,
    file: path.relative(process.cwd(), r.name),
    seconds: (r.endTime - r.startTime) / 1000,
  }));
  const total = own.reduce((sum, r) => sum + r.seconds, 0);
  console.log(`${group}: ${own.length} files, ${Math.round(total)} s summed`);
  files.push(...own);
}
for (const r of files.sort((a, b) => b.seconds - a.seconds).slice(0, limit))
  console.log(`${r.seconds.toFixed(1).padStart(7)} s  ${r.group.padEnd(7)}  ${r.file}`);
