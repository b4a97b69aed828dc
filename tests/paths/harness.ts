/**
 * Path-test harness on xstate/graph. For a machine and the events its environment can send, it
 * 1. traverses the machine (getAdjacencyMap) to find every reachable snapshot and every edge,
 * 2. replays candidate paths (shortest path to each state, and to each edge) on a real actor, recording the
 *    transitions actually taken through the inspection API,
 * 3. keeps the paths that reach a state or a transition no earlier path reached, and registers one test per
 *    path, named after its description, which replays it and checks every step against the model and the
 *    caller's per-state assertions,
 * 4. writes what the tests reached to .tmp/paths/<name>.json, which `npm run test:paths` reports.
 *
 * Invoked actors should be provided as stubs that never settle: their done and error events are part of the
 * `events` list, so the environment's answers are explored like any user event.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap, serializeSnapshot } from 'xstate/graph';

type TransitionLike = {
  source: { id: string; transitions: Map<string, unknown[]>; always?: unknown[] };
  eventType: string;
};

export type PathOptions = {
  /** Events the environment can send, or a function of the snapshot returning them. */
  events: EventObject[] | ((snapshot: AnyMachineSnapshot) => EventObject[]);
  input?: unknown;
  /** Assertions per state id (e.g. 'cookieConsent.hidden'), run whenever a step lands in that state. */
  states?: Record<string, (snapshot: AnyMachineSnapshot) => void>;
  /** How snapshots are told apart during traversal (defaults to value + context). */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Traversal bound. */
  limit?: number;
};

/** A promise actor that never settles: its outcome comes from the path's events. */
// `any` on purpose: a stub must fit any machine's typed actor slot.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const pending = <TOutput = any, TInput = any>() => fromPromise<TOutput, TInput>(() => new Promise<never>(() => undefined));

/** Every state node id of a machine (root excluded). */
export function allStateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: { id: string; states: Record<string, unknown> }) => {
    for (const child of Object.values(node.states) as (typeof node)[]) {
      ids.push(child.id);
      visit(child);
    }
  };
  visit(machine.root as unknown as { id: string; states: Record<string, unknown> });
  return ids;
}

/** Every transition of a machine as `source|event|index` (guarded alternatives count separately). */
export function allTransitionKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const visit = (node: {
    id: string;
    states: Record<string, unknown>;
    transitions: Map<string, unknown[]>;
    always?: unknown[];
  }) => {
    for (const [eventType, list] of node.transitions)
      list.forEach((_, i) => keys.push(`${node.id}|${eventType}|${i}`));
    node.always?.forEach((_, i) => keys.push(`${node.id}|always|${i}`));
    for (const child of Object.values(node.states) as (typeof node)[]) visit(child);
  };
  visit(machine.root as unknown as Parameters<typeof visit>[0]);
  return keys;
}

function transitionKey(t: TransitionLike): string {
  const { source } = t;
  if (t.eventType === '' && source.always) return `${source.id}|always|${source.always.indexOf(t)}`;
  const list = source.transitions.get(t.eventType) ?? [];
  return `${source.id}|${t.eventType}|${list.indexOf(t)}`;
}

function activeIds(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot as unknown as { _nodes: { id: string }[] })._nodes
    .map((n) => n.id)
    .filter((id) => id.includes('.'));
}

type Step = { event: EventObject; expected: AnyMachineSnapshot };
type Candidate = { steps: Step[]; description: string };

function describeEvent(e: EventObject): string {
  return e.type;
}

function replay(
  machine: AnyStateMachine,
  input: unknown,
  steps: Step[],
  onStep?: (snap: AnyMachineSnapshot, i: number) => void,
) {
  const transitions = new Set<string>();
  const states = new Set<string>();
  const actor = createActor(machine, {
    input,
    inspect: (ev) => {
      if (ev.type === '@xstate.microstep' && ev.actorRef.sessionId === ev.rootId) {
        for (const t of (ev as unknown as { _transitions: TransitionLike[] })._transitions) {
          transitions.add(transitionKey(t));
          // Transient states (left at once by `always`) are only visible as transition sources.
          if (t.source.id.includes('.')) states.add(t.source.id);
        }
        activeIds(ev.snapshot as AnyMachineSnapshot).forEach((id) => states.add(id));
      }
    },
  });
  actor.start();
  activeIds(actor.getSnapshot()).forEach((id) => states.add(id));
  onStep?.(actor.getSnapshot(), -1);
  steps.forEach((step, i) => {
    actor.send(step.event);
    const snap = actor.getSnapshot();
    activeIds(snap).forEach((id) => states.add(id));
    onStep?.(snap, i);
  });
  actor.stop();
  return { transitions, states };
}

const coverageByName = new Map<string, { states: Set<string>; transitions: Set<string> }>();

export function describePaths(name: string, machine: AnyStateMachine, options: PathOptions) {
  const serialize = options.serializeState ?? ((s: AnyMachineSnapshot) => serializeSnapshot(s));
  const adj = getAdjacencyMap(machine, {
    events: options.events as never,
    input: options.input,
    serializeState: serialize as never,
    limit: options.limit ?? 5000,
    stopWhen: (s: AnyMachineSnapshot) => s.status !== 'active',
  }) as Record<
    string,
    {
      state: AnyMachineSnapshot;
      transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }>;
    }
  >;

  // Shortest path (BFS) from the initial snapshot to every reachable snapshot.
  const keys = Object.keys(adj);
  const initialKey = keys[0]!;
  const pathTo = new Map<string, Step[]>([[initialKey, []]]);
  const queue = [initialKey];
  while (queue.length > 0) {
    const key = queue.shift()!;
    for (const edge of Object.values(adj[key]!.transitions)) {
      const next = serialize(edge.state);
      if (!pathTo.has(next) && adj[next]) {
        pathTo.set(next, [...pathTo.get(key)!, { event: edge.event, expected: edge.state }]);
        queue.push(next);
      }
    }
  }

  const candidates: Candidate[] = [];
  for (const [key, steps] of pathTo) {
    const value = JSON.stringify(adj[key]!.state.value);
    candidates.push({
      steps,
      description: `reaches ${value}${steps.length ? ` via ${steps.map((s) => describeEvent(s.event)).join(' → ')}` : ' initially'}`,
    });
  }
  for (const [key, steps] of pathTo) {
    for (const edge of Object.values(adj[key]!.transitions)) {
      const all = [...steps, { event: edge.event, expected: edge.state }];
      candidates.push({
        steps: all,
        description: `in ${JSON.stringify(adj[key]!.state.value)}, ${describeEvent(edge.event)} → ${JSON.stringify(edge.state.value)}${steps.length ? ` (after ${steps.map((s) => describeEvent(s.event)).join(' → ')})` : ''}`,
      });
    }
  }

  // Keep only paths that reach something new, shortest first.
  const seenStates = new Set<string>();
  const seenTransitions = new Set<string>();
  const selected: Candidate[] = [];
  for (const c of candidates.sort((a, b) => a.steps.length - b.steps.length)) {
    const r = replay(machine, options.input, c.steps);
    const adds =
      [...r.states].some((s) => !seenStates.has(s)) ||
      [...r.transitions].some((t) => !seenTransitions.has(t));
    if (!adds) continue;
    r.states.forEach((s) => seenStates.add(s));
    r.transitions.forEach((t) => seenTransitions.add(t));
    selected.push(c);
  }

  // Several describePaths calls in one file (e.g. per input) add up to one machine's coverage.
  let reached = coverageByName.get(name);
  const firstForName = !reached;
  if (!reached) {
    reached = { states: new Set(), transitions: new Set() };
    coverageByName.set(name, reached);
  }
  const { states: reachedStates, transitions: reachedTransitions } = reached;

  describe(`${name} paths`, () => {
    for (const c of selected) {
      it(c.description, () => {
        const r = replay(machine, options.input, c.steps, (snap, i) => {
          if (i >= 0) {
            const expected = c.steps[i]!.expected;
            expect(snap.value, `step ${i + 1} (${c.steps[i]!.event.type})`).toEqual(expected.value);
            expect(snap.status).toBe(expected.status);
          }
          for (const id of activeIds(snap)) options.states?.[id]?.(snap);
        });
        r.states.forEach((s) => reachedStates.add(s));
        r.transitions.forEach((t) => reachedTransitions.add(t));
      });
    }
  });

  if (!firstForName) return;
  afterAll(() => {
    const dir = path.resolve('.tmp/paths');
    mkdirSync(dir, { recursive: true });
    const states = allStateIds(machine);
    const transitions = allTransitionKeys(machine);
    writeFileSync(
      path.join(dir, `${name}.json`),
      JSON.stringify(
        {
          machine: name,
          states: { all: states, reached: states.filter((s) => reachedStates.has(s)) },
          transitions: { all: transitions, reached: transitions.filter((t) => reachedTransitions.has(t)) },
        },
        null,
        2,
      ),
    );
  });
}
