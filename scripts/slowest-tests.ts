/**
 * `npx tsx scripts/slowest-tests.ts [N]`: the N slowest test files (default 25) of the last `npm test`, from the
 * JSON results scripts/test.sh keeps in .tmp/, with each group's summed file time. A file's time is its own
 * (set-up included); the groups run side by side, so the sums exceed the wall time.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Results = { testResults: { name: string; startTime: number; endTime: number; status: string }[] };

const limit = Number(process.argv[2] ?? 25);
const files: { group: string; file: string; seconds: number }[] = [];
// The server group writes one file; the browser lanes write one per run (scripts/browser-lanes.ts).
const groups = {
  server: ['.tmp/server-group.json'],
  browser: existsSync('.tmp/browser')
    ? readdirSync('.tmp/browser')
        .filter((f) => f.endsWith('.json'))
        .map((f) => path.join('.tmp/browser', f))
    : [],
};
for (const [group, jsonFiles] of Object.entries(groups)) {
  const present = jsonFiles.filter((f) => existsSync(f));
  if (!present.length) {
    console.log(`${group}: no results (run npm test first)`);
    continue;
  }
  const own = present.flatMap((f) =>
    (JSON.parse(readFileSync(f, 'utf8')) as Results).testResults.map((r) => ({
      group,
      file: path.relative(process.cwd(), r.name),
      seconds: (r.endTime - r.startTime) / 1000,
    })),
  );
  const total = own.reduce((sum, r) => sum + r.seconds, 0);
  console.log(`${group}: ${own.length} files, ${Math.round(total)} s summed`);
  files.push(...own);
}
for (const r of files.sort((a, b) => b.seconds - a.seconds).slice(0, limit))
  console.log(`${r.seconds.toFixed(1).padStart(7)} s  ${r.group.padEnd(7)}  ${r.file}`);
