/**
 * Exports every machine in machines/ to docs/machines/: <name>.json (the definition, which the Stately
 * visualizer imports) and <name>.mmd (a Mermaid state diagram). Run with `npm run machines`.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';

type Guard = string | { type?: string };
const guardLabel = (g?: Guard) => (g === undefined ? '' : ` [${typeof g === 'string' ? g : (g.type ?? 'guard')}]`);

/** The live state-node shape we read (xstate's StateNode). */
type LiveNode = {
  id: string;
  key: string;
  type: string;
  initial?: { target: { id: string }[] };
  states: Record<string, LiveNode>;
  transitions: Map<string, { target?: { id: string }[]; guard?: Guard }[]>;
  always?: { target?: { id: string }[]; guard?: Guard }[];
};

const root = path.resolve('machines');
const out = path.resolve('docs/machines');
mkdirSync(out, { recursive: true });

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.machine.ts') ? [path.join(dir, e.name)] : [],
  );
}

const safe = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');

function mermaid(rootNode: LiveNode): string {
  const lines = ['stateDiagram-v2'];
  const edge = (indent: string, from: LiveNode, to: { id: string }, label: string) =>
    lines.push(`${indent}${safe(from.id)} --> ${safe(to.id)} : ${label.replace(/:/g, ' ')}`);
  const visit = (node: LiveNode, indent: string) => {
    for (const t of node.initial?.target ?? []) lines.push(`${indent}[*] --> ${safe(t.id)}`);
    for (const child of Object.values(node.states)) {
      if (Object.keys(child.states).length > 0) {
        lines.push(`${indent}state ${safe(child.id)} {`);
        visit(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}${safe(child.id)} : ${child.key}`);
      }
      if (child.type === 'final') lines.push(`${indent}${safe(child.id)} --> [*]`);
      for (const [event, transitions] of child.transitions) {
        for (const t of transitions) {
          for (const target of t.target ?? []) edge(indent, child, target, `${event}${guardLabel(t.guard)}`);
        }
      }
      for (const t of child.always ?? []) {
        for (const target of t.target ?? []) edge(indent, child, target, `always${guardLabel(t.guard)}`);
      }
    }
  };
  visit(rootNode, '  ');
  return `${lines.join('\n')}\n`;
}

let count = 0;
for (const file of files(root)) {
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  for (const value of Object.values(mod)) {
    const machine = value as AnyStateMachine;
    if (!machine || typeof machine !== 'object' || !('root' in machine) || typeof machine.toJSON !== 'function') continue;
    const name = machine.id;
    writeFileSync(path.join(out, `${name}.json`), `${JSON.stringify(machine.toJSON(), null, 2)}\n`);
    writeFileSync(path.join(out, `${name}.mmd`), mermaid(machine.root as unknown as LiveNode));
    count++;
  }
}
console.log(`Exported ${count} machine(s) to ${path.relative(process.cwd(), out)}/`);
