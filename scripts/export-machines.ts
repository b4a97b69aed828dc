/**
 * Exports every machine in machines/ to docs/machines/: <id>.stately.js (one createMachine call over a literal
 * config, which Stately's "Import from code" reads) and <id>.mmd (a Mermaid state diagram). The rendering is in
 * scripts/machineExport.ts; tests/unit/machineExports.test.ts fails when a file here is stale. Run with
 * `npm run machines`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { machineModules, renderMermaid, renderStately } from './machineExport';

const out = path.resolve('docs/machines');
mkdirSync(out, { recursive: true });

const modules = await machineModules();
for (const { file, exportName, machine } of modules) {
  writeFileSync(path.join(out, `${machine.id}.stately.js`), renderStately(machine, { file, exportName }));
  writeFileSync(path.join(out, `${machine.id}.mmd`), renderMermaid(machine));
}
console.log(`Exported ${modules.length} machine(s) to ${path.relative(process.cwd(), out)}/`);
