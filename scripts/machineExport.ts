/**
 * Renders the machines in machines/ for docs/machines/: `<id>.stately.js`, one `createMachine({...})`
 * call over a literal config that Stately's "Import from code" reads, and `<id>.mmd`, a Mermaid state diagram.
 * scripts/export-machines.ts writes the files; tests/unit/machineExports.test.ts checks they are faithful and fresh.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';

export type MachineModule = {
  /** The source file, relative to the repository, with forward slashes. */
  file: string;
  /** The name the machine is exported under. */
  exportName: string;
  machine: AnyStateMachine;
};

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' &&
  value !== null &&
  'root' in value &&
  'config' in value &&
  typeof (value as { toJSON?: unknown }).toJSON === 'function';

function machineFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) =>
      e.isDirectory()
        ? machineFiles(path.join(dir, e.name))
        : e.name.endsWith('.machine.ts')
          ? [path.join(dir, e.name)]
          : [],
    );
}

/** Every machine exported from a `machines/**\/*.machine.ts` file, in path order. */
export async function machineModules(root = path.resolve('machines')): Promise<MachineModule[]> {
  const found: MachineModule[] = [];
  for (const file of machineFiles(root)) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(mod)) {
      if (!isMachine(value)) continue;
      found.push({
        file: path.relative(process.cwd(), file).split(path.sep).join('/'),
        exportName,
        machine: value,
      });
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// The Stately export: the machine's literal config, with every function replaced by a name.

/** A value of the exported config; objects keep their keys in the order they were added. */
type Val = string | number | boolean | null | Val[] | Obj;
class Obj {
  readonly entries: [string, Val][] = [];
  set(key: string, value: Val | undefined): this {
    if (value !== undefined) this.entries.push([key, value]);
    return this;
  }
}

type Config = Record<string, unknown>;
const toArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const one = (values: Val[]): Val | undefined =>
  values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
const isPlainData = (value: unknown): boolean =>
  value === null ||
  ['string', 'number', 'boolean'].includes(typeof value) ||
  (Array.isArray(value) && value.every(isPlainData)) ||
  (typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.values(value as object).every(isPlainData));
const plain = (value: unknown): Val =>
  Array.isArray(value)
    ? value.map(plain)
    : value !== null && typeof value === 'object'
      ? Object.entries(value).reduce((o, [k, v]) => o.set(k, plain(v)), new Obj())
      : (value as Val);
/**
 * What an inline function is, from the source: `assign`, `raise VOTE_SAVED` (a built-in action, with its event
 * when that is fixed), `and(hasKey, belowLimit)` (a higher-order guard over named guards), else the fallback.
 */
const inlineKind = (fn: unknown, fallback: string): string => {
  const f = fn as { type?: unknown; event?: unknown; guards?: unknown; stateValue?: unknown; name?: string };
  if (typeof f.type === 'string' && f.type.startsWith('xstate.')) {
    const kind = f.type.slice('xstate.'.length);
    const event = (f.event as { type?: unknown } | undefined)?.type;
    return typeof f.event === 'object' && typeof event === 'string' ? `${kind} ${event}` : kind;
  }
  if (Array.isArray(f.guards) && ['and', 'or', 'not'].includes(f.name ?? '')) {
    const inner = f.guards.map((g: unknown) =>
      typeof g === 'string'
        ? g
        : typeof (g as { type?: unknown })?.type === 'string'
          ? (g as { type: string }).type
          : inlineKind(g, 'guard'),
    );
    return `${f.name}(${inner.join(', ')})`;
  }
  if (typeof fn === 'function' && 'stateValue' in f) return `stateIn(${JSON.stringify(f.stateValue)})`;
  return fallback;
};

export type StatelyExport = {
  config: Obj;
  /** Inline functions and actor logic of the source config → the name the export gives them. */
  inline: Map<unknown, string>;
  /** Actions and guards whose params are computed at runtime (the export keeps their name only). */
  dynamicParams: Set<string>;
  /** Config keys left out because they hold code or runtime data (context, input, output). */
  leftOut: Set<string>;
};

const STATE_KEYS = new Set([
  'id',
  'description',
  'type',
  'history',
  'target',
  'initial',
  'tags',
  'entry',
  'exit',
  'invoke',
  'on',
  'after',
  'always',
  'onDone',
  'states',
]);

/** Walks `machine.config` (the literal config given to createMachine) into the exported config. */
export function statelyConfig(machine: AnyStateMachine): StatelyExport {
  const inline = new Map<unknown, string>();
  const used = new Set<string>();
  const dynamicParams = new Set<string>();
  const leftOut = new Set<string>();

  const nameInline = (value: unknown, kind: string, where: string): string => {
    const known = inline.get(value);
    if (known !== undefined) return known;
    const base = `${kind} (${where})`;
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base} #${n}`;
    used.add(name);
    inline.set(value, name);
    return name;
  };

  /** An action or a guard: a name, `{ type, params }` with plain params, or an inline function's export name. */
  const reference = (value: unknown, fallbackKind: string, where: string): Val | undefined => {
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'function') return nameInline(value, inlineKind(value, fallbackKind), where);
    const { type, params } = value as { type?: unknown; params?: unknown };
    if (typeof type !== 'string') return nameInline(value, fallbackKind, where);
    if (params === undefined) return type;
    if (typeof params === 'function' || !isPlainData(params)) {
      dynamicParams.add(type);
      return type;
    }
    return new Obj().set('type', type).set('params', plain(params));
  };
  const actions = (value: unknown, where: string) =>
    one(toArray(value).map((a) => reference(a, 'action', where) as Val));

  const transitions = (value: unknown, where: string): Val | undefined => {
    if (value === undefined) return undefined;
    const list = toArray(value as unknown).map((t) => {
      const c: Config = typeof t === 'string' ? { target: t } : ((t ?? {}) as Config);
      const target = c.target as string | string[] | undefined;
      return new Obj()
        .set('target', Array.isArray(target) ? [...target] : target)
        .set('guard', reference(c.guard, 'guard', where))
        .set('actions', actions(c.actions, where))
        .set('reenter', typeof c.reenter === 'boolean' ? c.reenter : undefined)
        .set('description', typeof c.description === 'string' ? c.description : undefined);
    });
    return list.length === 1 ? list[0] : list;
  };

  const keyed = (value: unknown, where: (key: string) => string) => {
    if (!value || typeof value !== 'object') return undefined;
    const o = new Obj();
    for (const [key, t] of Object.entries(value)) o.set(key, transitions(t, where(key)));
    return o;
  };

  const invoke = (value: unknown, where: string): Val => {
    const c = value as Config;
    const id = typeof c.id === 'string' ? c.id : undefined;
    const src =
      typeof c.src === 'string'
        ? c.src
        : nameInline(c.src, 'actor', `invoke${id ? ` ${id}` : ''} in ${where}`);
    if (c.input !== undefined) {
      if (!isPlainData(c.input)) leftOut.add('invoke input');
    }
    const of = `of ${id ?? src} in ${where}`;
    return new Obj()
      .set('id', id)
      .set('src', src)
      .set('systemId', typeof c.systemId === 'string' ? c.systemId : undefined)
      .set('input', c.input !== undefined && isPlainData(c.input) ? plain(c.input) : undefined)
      .set('description', typeof c.description === 'string' ? c.description : undefined)
      .set('onDone', transitions(c.onDone, `onDone ${of}`))
      .set('onError', transitions(c.onError, `onError ${of}`))
      .set('onSnapshot', transitions(c.onSnapshot, `onSnapshot ${of}`));
  };

  const stateNode = (c: Config, keys: string[]): Obj => {
    const where = keys.length === 0 ? '(root)' : keys.join('.');
    for (const key of Object.keys(c)) {
      if (STATE_KEYS.has(key) || ['types', 'schemas', 'version'].includes(key)) continue;
      leftOut.add(key === 'output' && keys.length === 0 ? 'output (root)' : key);
    }
    const initial = c.initial as string | { target: string } | undefined;
    const states = c.states as Record<string, Config> | undefined;
    return new Obj()
      .set('id', keys.length === 0 ? machine.id : typeof c.id === 'string' ? c.id : undefined)
      .set('description', typeof c.description === 'string' ? c.description : undefined)
      .set('type', typeof c.type === 'string' ? c.type : undefined)
      .set('history', typeof c.history === 'string' || typeof c.history === 'boolean' ? c.history : undefined)
      .set('target', typeof c.target === 'string' ? c.target : undefined)
      .set('initial', typeof initial === 'object' ? initial.target : initial)
      .set('tags', c.tags === undefined ? undefined : toArray(c.tags as string | string[]))
      .set('entry', actions(c.entry, `entry of ${where}`))
      .set('exit', actions(c.exit, `exit of ${where}`))
      .set('invoke', one(toArray(c.invoke).map((i) => invoke(i, where))))
      .set(
        'on',
        keyed(c.on, (event) => `on ${event} in ${where}`),
      )
      .set(
        'after',
        keyed(c.after, (delay) => `after ${delay} in ${where}`),
      )
      .set('always', transitions(c.always, `always in ${where}`))
      .set('onDone', transitions(c.onDone, `onDone in ${where}`))
      .set(
        'states',
        states &&
          Object.entries(states).reduce((o, [k, s]) => o.set(k, stateNode(s, [...keys, k])), new Obj()),
      );
  };

  const config = stateNode(machine.config as Config, []);
  return { config, inline, dynamicParams, leftOut };
}

/** The names the export gives the source config's inline functions (and inline actor logic). */
export const inlineNames = (machine: AnyStateMachine): Map<unknown, string> => statelyConfig(machine).inline;

const WIDTH = 110;
const quote = (s: string) => `'${JSON.stringify(s).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
const printKey = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) || /^(0|[1-9]\d*)$/.test(k) ? k : quote(k));

function printInline(v: Val): string {
  if (typeof v === 'string') return quote(v);
  if (typeof v !== 'object' || v === null) return String(v);
  if (Array.isArray(v)) return `[${v.map(printInline).join(', ')}]`;
  if (v.entries.length === 0) return '{}';
  return `{ ${v.entries.map(([k, x]) => `${printKey(k)}: ${printInline(x)}`).join(', ')} }`;
}

/** Prints on one line when it fits (states always open), else one entry per line. */
function print(v: Val, indent: string, used: number): string {
  const flat = printInline(v);
  const hasStates = v instanceof Obj && v.entries.some(([k]) => k === 'states');
  if ((used + flat.length <= WIDTH && !hasStates) || typeof v !== 'object' || v === null) return flat;
  const inner = `${indent}  `;
  const lines = Array.isArray(v)
    ? v.map((x) => `${inner}${print(x, inner, inner.length + 1)},`)
    : v.entries.map(([k, x]) => {
        const head = `${inner}${printKey(k)}: `;
        return `${head}${print(x, inner, head.length + 1)},`;
      });
  const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${lines.join('\n')}\n${indent}${close}`;
}

/** Comment lines `// <label> a, b, c` wrapped at the width, continuation lines indented. */
function commentList(label: string, names: string[]): string[] {
  const lines: string[] = [];
  let line = `// ${label}`;
  names.forEach((name, i) => {
    const item = `${name}${i < names.length - 1 ? ',' : ''}`;
    if (line.length + 1 + item.length > WIDTH && line.trim() !== '//') {
      lines.push(line);
      line = `//     ${item}`;
    } else line += ` ${item}`;
  });
  lines.push(line);
  return lines;
}

/** `docs/machines/<id>.stately.js`: an import, a comment on what the names mean, and one createMachine call. */
export function renderStately(
  machine: AnyStateMachine,
  source?: { file: string; exportName: string },
): string {
  const { config, inline, dynamicParams, leftOut } = statelyConfig(machine);
  const impl = machine.implementations as Record<
    'actions' | 'guards' | 'actors' | 'delays',
    Record<string, unknown>
  >;
  const head = [
    `// The ${machine.id} machine, generated by \`npm run machines\`: do not edit.`,
    ...(source ? [`// Source: ${source.file} (${source.exportName}).`] : []),
    '// Open it in Stately: stately.ai/registry/editor → Import → "Import from code", paste this file.',
    '// Actions, guards, actors and delays appear by name; their code is in the source.',
  ];
  const named = (['actions', 'guards', 'actors', 'delays'] as const).filter(
    (k) => Object.keys(impl[k] ?? {}).length > 0,
  );
  if (named.length > 0) {
    head.push('// Named in setup():');
    for (const k of named) head.push(...commentList(`  ${k}:`, Object.keys(impl[k]).sort()));
  }
  if (inline.size > 0) {
    head.push('// Inline in the source (anonymous there, named here by where they sit):');
    for (const name of inline.values()) head.push(`//   ${name}`);
  }
  if (dynamicParams.size > 0)
    head.push(...commentList('Params computed at runtime, left out for:', [...dynamicParams].sort()));
  if (leftOut.size > 0)
    head.push(`// Left out (code or runtime data in the source): ${[...leftOut].sort().join(', ')}.`);
  const name = source?.exportName ?? 'machine';
  const opening = `export const ${name} = createMachine(`;
  return `${head.join('\n')}\nimport { createMachine } from 'xstate';\n\n${opening}${print(config, '', opening.length)});\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// The Mermaid diagram.

type Guard = string | { type?: string };
const guardLabel = (g?: Guard) =>
  g === undefined ? '' : ` [${typeof g === 'string' ? g : (g.type ?? 'guard')}]`;

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

const safe = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');

/** `docs/machines/<id>.mmd`: a Mermaid state diagram of the machine. */
export function renderMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const edge = (indent: string, from: LiveNode, to: { id: string }, label: string) =>
    lines.push(`${indent}${safe(from.id)} --> ${safe(to.id)} : ${label.replace(/:/g, ' ')}`);
  const visit = (node: LiveNode, indent: string) => {
    for (const t of node.initial?.target ?? []) lines.push(`${indent}[*] --> ${safe(t.id)}`);
    Object.values(node.states).forEach((child, i) => {
      // Regions of a parallel state are separated, as Mermaid draws concurrent states.
      if (node.type === 'parallel' && i > 0) lines.push(`${indent}--`);
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
    });
  };
  const root = machine.root as unknown as LiveNode;
  if (root.type === 'parallel') {
    // Mermaid separates concurrent regions with `--` only inside a composite state, never at the top level.
    lines.push(`  state ${safe(root.id)} {`);
    visit(root, '    ');
    lines.push('  }');
  } else visit(root, '  ');
  // Transitions on the machine itself apply in every state; Mermaid has no edge from "any state", so a note says them.
  const anyState = [...root.transitions].flatMap(([event, transitions]) =>
    transitions.map((t) => {
      const targets = (t.target ?? []).map((target) => target.id.replace(`${root.id}.`, '')).join(', ');
      return `${event}${guardLabel(t.guard)}${targets ? ` → ${targets}` : ''}`;
    }),
  );
  const first = Object.values(root.states)[0];
  if (anyState.length > 0 && first)
    lines.push(
      `  note right of ${safe(first.id)} : In any state - ${anyState.join('; ').replace(/:/g, ' ')}`,
    );
  return `${lines.join('\n')}\n`;
}
