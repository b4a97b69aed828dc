import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { inlineNames, machineModules, renderMermaid, renderStately } from '../../scripts/machineExport';

/**
 * docs/machines/<id>.stately.js: each export, built with createMachine, has the graph of the
 * source machine, and each file is what `npm run machines` writes today.
 */

const docs = path.resolve('docs/machines');
const modules = await machineModules();
const statelyFile = (id: string) => path.join(docs, `${id}.stately.js`);

async function loadExport(id: string): Promise<AnyStateMachine> {
  const mod = (await import(pathToFileURL(statelyFile(id)).href)) as Record<string, AnyStateMachine>;
  const machines = Object.values(mod);
  expect(machines).toHaveLength(1);
  return machines[0]!;
}

type Named = unknown;
type Transition = { target?: { id: string }[]; guard?: Named; actions: Named[]; reenter: boolean };
type Node = {
  id: string;
  type: string;
  history: string | false;
  config: Record<string, unknown>;
  initial?: { target: { id: string }[] };
  tags: string[];
  states: Record<string, Node>;
  transitions: Map<string, Transition[]>;
  always?: Transition[];
  after: (Transition & { delay: string | number })[];
  invoke: { id: string; src: string; systemId?: string }[];
};

const toArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * The graph of a machine, read from its resolved state nodes: per state id its type, initial state, tags,
 * entry/exit actions, events with their transitions (targets, guard, actions, reenter) in order, `always` and
 * `after` edges, and invoked actors. Inline functions of the source are given their export names (`names`);
 * an unnamed function shows as such and so differs from any export.
 */
function graph(machine: AnyStateMachine, names: Map<unknown, string> = new Map()) {
  const name = (value: unknown): string | null => {
    if (value === undefined) return null;
    if (typeof value === 'string') return value;
    const named = names.get(value);
    if (named !== undefined) return named;
    if (typeof value === 'function') return '<unnamed inline function>';
    const type = (value as { type?: unknown }).type;
    return typeof type === 'string' ? type : '<unnamed inline value>';
  };
  const edge = (t: Transition) => ({
    targets: (t.target ?? []).map((s) => s.id),
    guard: name(t.guard),
    actions: t.actions.map(name),
    reenter: t.reenter,
  });
  const nodes: Record<string, unknown> = {};
  const visit = (node: Node) => {
    const on: Record<string, ReturnType<typeof edge>[]> = {};
    for (const [event, transitions] of node.transitions) {
      if (!event.startsWith('xstate.after.')) on[event] = transitions.map(edge);
    }
    const invokeConfigs = toArray(node.config.invoke as { src: unknown } | { src: unknown }[] | undefined);
    nodes[node.id] = {
      type: node.type,
      history: node.history,
      initial: node.initial?.target.map((s) => s.id) ?? [],
      tags: node.tags,
      // The config's own entry/exit: the resolved lists also hold the timers `after` adds.
      entry: toArray(node.config.entry).map(name),
      exit: toArray(node.config.exit).map(name),
      on,
      always: (node.always ?? []).map(edge),
      after: node.after.map((t) => ({ delay: t.delay, ...edge(t) })),
      invoke: node.invoke.map((d, i) => ({
        id: d.id,
        src: d.src.startsWith('xstate.invoke.') ? name(invokeConfigs[i]?.src) : d.src,
        systemId: d.systemId ?? null,
      })),
      children: Object.values(node.states).map((s) => s.id),
    };
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root as unknown as Node);
  return nodes;
}

describe('docs/machines/<id>.stately.js', () => {
  it('covers every machine, and nothing else', () => {
    expect(modules.length).toBeGreaterThan(0);
    const ids = modules.map((m) => m.machine.id);
    expect(new Set(ids).size).toBe(ids.length);
    const files = readdirSync(docs).filter((f) => f.endsWith('.stately.js') || f.endsWith('.mmd'));
    expect(files.sort()).toEqual(ids.flatMap((id) => [`${id}.mmd`, `${id}.stately.js`]).sort());
    expect(readdirSync(docs).filter((f) => f.endsWith('.json'))).toEqual([]);
  });

  it.each(modules.map((m) => [m.machine.id, m] as const))(
    '%s: the export builds with createMachine and has the source machine’s graph',
    async (id, { machine }) => {
      const exported = await loadExport(id);
      expect(exported.id).toBe(machine.id);
      expect(graph(exported)).toEqual(graph(machine, inlineNames(machine)));
    },
  );

  it.each(modules.map((m) => [m.machine.id, m] as const))(
    '%s: the committed files are what `npm run machines` writes',
    (id, { file, exportName, machine }) => {
      const stately = `docs/machines/${id}.stately.js`;
      const mermaid = `docs/machines/${id}.mmd`;
      expect(readFileSync(stately, 'utf8'), `${stately} is stale: run npm run machines`).toBe(
        renderStately(machine, { file, exportName }),
      );
      expect(readFileSync(mermaid, 'utf8'), `${mermaid} is stale: run npm run machines`).toBe(
        renderMermaid(machine),
      );
    },
  );

  it('the graph comparison sees a dropped transition and a reordered guard', async () => {
    const { machine } = modules.find((m) => m.machine.id === 'authModal')!;
    const source = graph(machine, inlineNames(machine));
    const exported = await loadExport('authModal');
    expect(graph(exported)).toEqual(source);

    type StateConfig = { on?: Record<string, unknown>; states?: Record<string, StateConfig> };
    // The export's config is plain data (no functions), so it can be cloned and changed.
    const dropped = structuredClone(exported.config) as StateConfig;
    delete dropped.states!['login']!.on!['GO_SIGNUP'];
    expect(graph(createMachine(dropped as never))).not.toEqual(source);

    const reordered = structuredClone(exported.config) as StateConfig;
    const open = reordered.states!['hidden']!.on!['OPEN'] as unknown[];
    [open[0], open[1]] = [open[1], open[0]];
    expect(graph(createMachine(reordered as never))).not.toEqual(source);
  });
});
