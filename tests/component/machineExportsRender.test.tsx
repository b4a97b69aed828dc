import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import mermaid from 'mermaid';
import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { machineModules, renderMermaid } from '../../scripts/machineExport';

/**
 * docs/machines/ is read by people and tools, not only by our own comparison (tests/unit/machineExports.test.ts):
 * every <id>.mmd must parse with Mermaid's own parser (what GitHub and mermaid-cli render with), and every
 * <id>.stately.js must be a self-contained createMachine call, as Stately's "Import from code" takes it.
 * Mermaid runs here in jsdom: its parser needs a DOM (DOMPurify) but no layout.
 */

const docs = path.resolve('docs/machines');
const files = readdirSync(docs).sort();
const mmd = files.filter((f) => f.endsWith('.mmd'));
const stately = files.filter((f) => f.endsWith('.stately.js'));
const modules = await machineModules();

/** Mermaid's error, or null when the text parses as a diagram (parse throws on a syntax error). */
async function mermaidError(text: string): Promise<string | null> {
  try {
    await mermaid.parse(text);
    return null;
  } catch (error) {
    return String(error);
  }
}

/** Runs the file's single createMachine call with xstate's createMachine, the file's only import. */
function evaluateStately(text: string): AnyStateMachine {
  const imports = text.split('\n').filter((line) => /^import\b/.test(line));
  expect(imports).toEqual(["import { createMachine } from 'xstate';"]);
  const exports = text.match(/^export const \w+ = createMachine\(/gm) ?? [];
  expect(exports).toHaveLength(1);
  const body = text
    .replace(imports[0]!, '')
    .replace(/^export const \w+ = createMachine\(/m, 'return createMachine(');
  return new Function('createMachine', body)(createMachine) as AnyStateMachine;
}

describe('docs/machines exports render', () => {
  it('there is one diagram and one Stately file per machine', () => {
    expect(mmd.length).toBe(modules.length);
    expect(stately.length).toBe(modules.length);
  });

  it.each(mmd)('%s parses with Mermaid as a state diagram', async (file) => {
    const text = readFileSync(path.join(docs, file), 'utf8');
    expect(text.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(await mermaidError(text)).toBeNull();
    expect(await mermaid.parse(text)).toMatchObject({ diagramType: 'stateDiagram' });
  });

  it('the parser check fails on a top-level region separator (what the exporter wrote for parallel machines)', async () => {
    // The old export of a parallel root: regions separated by `--` outside any composite state.
    const broken = [
      'stateDiagram-v2',
      '  state a {',
      '    [*] --> a_x',
      '  }',
      '  --',
      '  state b {',
      '    [*] --> b_y',
      '  }',
      '',
    ];
    expect(await mermaidError(broken.join('\n'))).toMatch(/Parse error/);
  });

  it.each(modules.filter((m) => m.machine.root.type === 'parallel').map((m) => [m.machine.id, m] as const))(
    '%s (parallel root): its regions sit inside one composite state, separated by --, and it parses',
    async (_id, { machine }) => {
      const text = renderMermaid(machine);
      const regions = Object.keys(machine.root.states);
      expect(regions.length).toBeGreaterThan(1);
      const lines = text.split('\n');
      // The root opens a composite state right after the header and closes it before any note.
      expect(lines[1]).toBe(`  state ${machine.id} {`);
      expect(lines.filter((l) => l.trim() === '--')).toHaveLength(regions.length - 1);
      expect(lines.filter((l) => l === '  --')).toEqual([]);
      expect(await mermaidError(text)).toBeNull();
    },
  );

  it.each(stately)('%s evaluates to a machine with createMachine', (file) => {
    const text = readFileSync(path.join(docs, file), 'utf8');
    const machine = evaluateStately(text);
    const id = file.replace(/\.stately\.js$/, '');
    expect(machine.id).toBe(id);
    const source = modules.find((m) => m.machine.id === id)!.machine;
    // xstate resolved it: the same root type, top-level states and initial state as the source machine.
    expect(machine.root.type).toBe(source.root.type);
    expect(Object.keys(machine.root.states)).toEqual(Object.keys(source.root.states));
    const initial = (m: AnyStateMachine) => m.root.initial?.target.map((s) => s.id) ?? [];
    expect(initial(machine)).toEqual(initial(source));
  });
});
