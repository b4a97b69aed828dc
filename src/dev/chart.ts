import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';

/** A statechart laid out for drawing: absolute coordinates, parents before their children. */
export type ChartLayout = {
  width: number;
  height: number;
  nodes: ChartNode[];
  edges: ChartEdge[];
};
export type ChartNode = {
  /** The state node's id (e.g. `drawer.open`); the root's is the machine id. */
  id: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  compound: boolean;
  final: boolean;
  depth: number;
};
export type ChartEdge = {
  id: string;
  label: string;
  points: { x: number; y: number }[];
  labelBox?: { x: number; y: number; width: number; height: number };
};
/** Lays a machine out (elkjs in the app; tests may inject a trivial one). */
export type LayoutFn = (machine: AnyStateMachine) => Promise<ChartLayout>;

type StateNodeLike = {
  id: string;
  key: string;
  type: string;
  states: Record<string, StateNodeLike>;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
};
type TransitionLike = { target?: StateNodeLike[]; guard?: unknown; eventType: string };

/** The machine's root state node, typed loosely enough to walk. */
export const rootOf = (machine: AnyStateMachine) => machine.root as unknown as StateNodeLike;

const CHAR = 7; // px per character at the chart's 12px monospace-ish font
const LINE = 16;

function guardName(guard: unknown): string | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'guard';
  const g = guard as { type?: string };
  return g.type ?? 'guard';
}

/** `EVENT [guard]`, with the delayed/done/error prefixes kept short. */
export function transitionLabel(t: TransitionLike): string {
  const event = t.eventType === '' ? 'always' : t.eventType.replace(/^xstate\.(done|error)\.actor\./, '$1: ');
  const guard = guardName(t.guard);
  return guard ? `${event} [${guard}]` : event;
}

/** The state node ids active in a snapshot (the root excluded). */
export function activeStateIds(snapshot: unknown): Set<string> {
  const nodes = (snapshot as { _nodes?: { id: string }[] } | undefined)?._nodes ?? [];
  return new Set(nodes.map((n) => n.id));
}

/** Event types the snapshot's active states handle, with whether `can` allows them without a payload. */
export function acceptedEvents(snapshot: unknown): { type: string; enabled: boolean }[] {
  const s = snapshot as (AnyMachineSnapshot & { _nodes?: { ownEvents?: string[] }[] }) | undefined;
  if (!s?._nodes || s.status !== 'active') return [];
  const types = new Set<string>();
  for (const node of s._nodes)
    for (const type of node.ownEvents ?? []) if (!type.startsWith('xstate.') && type !== '*') types.add(type);
  return [...types].sort().map((type) => {
    let enabled = false;
    try {
      enabled = s.can({ type });
    } catch {
      // A guard that reads the payload: let the developer try with one.
    }
    return { type, enabled };
  });
}

type ElkNode = {
  id: string;
  width?: number;
  height?: number;
  x?: number;
  y?: number;
  children?: ElkNode[];
  labels?: { text: string; width: number; height: number }[];
  layoutOptions?: Record<string, string>;
};
type ElkEdge = {
  id: string;
  sources: string[];
  targets: string[];
  labels?: { text: string; width: number; height: number; x?: number; y?: number }[];
  sections?: { startPoint: Point; endPoint: Point; bendPoints?: Point[] }[];
};
type Point = { x: number; y: number };
type ElkGraph = ElkNode & { edges: ElkEdge[] };

/** The ELK graph of a machine: states as (nested) nodes, transitions with targets as labelled edges. */
export function toElkGraph(machine: AnyStateMachine): ElkGraph {
  const edges: ElkEdge[] = [];
  const visit = (node: StateNodeLike): ElkNode => {
    const children = Object.values(node.states).map(visit);
    const all = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    all.forEach((t, i) => {
      for (const target of t.target ?? []) {
        const text = transitionLabel(t);
        edges.push({
          id: `${node.id}|${i}|${target.id}`,
          sources: [node.id],
          targets: [target.id],
          labels: [{ text, width: text.length * CHAR, height: LINE }],
        });
      }
    });
    const labelWidth = node.key.length * CHAR + 24;
    return children.length
      ? {
          id: node.id,
          children,
          layoutOptions: {
            'elk.padding': '[top=32,left=16,bottom=16,right=16]',
            'elk.nodeSize.minimum': `(${labelWidth},40)`,
          },
        }
      : { id: node.id, width: Math.max(80, labelWidth), height: 36 };
  };
  const root = visit(rootOf(machine));
  return {
    id: '__root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
    },
    children: [root],
    edges,
  };
}

/** Reads ELK's result (absolute coordinates) back into a ChartLayout. */
export function fromElkGraph(machine: AnyStateMachine, graph: ElkGraph): ChartLayout {
  const nodes: ChartNode[] = [];
  const byId = new Map<string, StateNodeLike>();
  const index = (n: StateNodeLike) => {
    byId.set(n.id, n);
    Object.values(n.states).forEach(index);
  };
  index(rootOf(machine));
  const visit = (n: ElkNode, depth: number) => {
    const state = byId.get(n.id);
    if (state)
      nodes.push({
        id: n.id,
        label: depth === 0 ? `#${n.id}` : state.key,
        x: n.x ?? 0,
        y: n.y ?? 0,
        width: n.width ?? 0,
        height: n.height ?? 0,
        compound: Object.keys(state.states).length > 0,
        final: state.type === 'final',
        depth,
      });
    n.children?.forEach((c) => visit(c, depth + 1));
  };
  graph.children?.forEach((c) => visit(c, 0));
  const edges: ChartEdge[] = graph.edges.map((e) => {
    const section = e.sections?.[0];
    const label = e.labels?.[0];
    return {
      id: e.id,
      label: label?.text ?? '',
      points: section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint] : [],
      labelBox:
        label?.x !== undefined && label.y !== undefined
          ? { x: label.x, y: label.y, width: label.width, height: label.height }
          : undefined,
    };
  });
  return { width: graph.width ?? 0, height: graph.height ?? 0, nodes, edges };
}

/** The app's layout: elkjs, loaded on first use (development only, never in a production chunk). */
export const elkLayout: LayoutFn = async (machine) => {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const elk = new ELK();
  const result = (await elk.layout(toElkGraph(machine) as never)) as unknown as ElkGraph;
  return fromElkGraph(machine, result);
};
