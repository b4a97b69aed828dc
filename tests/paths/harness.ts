/**
 * Path-test harness on xstate/graph. For a machine and the events its environment can send, it
 * 1. traverses the machine (getAdjacencyMap) to find every reachable snapshot and every edge,
 * 2. takes candidate paths (shortest path to each state, and to each edge), recording the transitions taken through
 *    the inspection API: each candidate's last step alone, its prefix being a shorter candidate already decided,
 * 3. keeps the paths that reach a state or a transition no earlier path reached, and registers one test per
 *    path, named after its description, which replays it and, at every step, runs
 *    - the caller's check for each transition the step took (`transitions`, keyed `source|EVENT` or
 *      `source|EVENT|i` for the i-th guarded alternative), given what the step did: the snapshots before and
 *      after, the event, the actions executed, the events emitted and the events sent to other actors;
 *    - the caller's check for each state the step landed in (`states`),
 * 4. writes what the tests reached, and which transitions had their effect checked, to .tmp/paths/<name>.json,
 *    which `npm run test:paths` reports.
 *
 * Invoked actors should be provided as stubs that never settle: their done and error events are part of the
 * `events` list, so the environment's answers are explored like any user event.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createActor,
  createEmptyActor,
  fromCallback,
  fromPromise,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap, serializeSnapshot } from 'xstate/graph';

type TransitionLike = {
  source: { id: string; transitions: Map<string, unknown[]>; always?: unknown[] };
  eventType: string;
};

/** What one event did to the actor: what a transition check is given. */
export type StepEffect = {
  before: AnyMachineSnapshot;
  event: EventObject & Record<string, unknown>;
  after: AnyMachineSnapshot;
  /**
   * The root machine's executed actions with side effects, in order, by name with their params (XState does not
   * report assigns here: their effect is the context in `after`; it does report `xstate.spawnChild` and
   * `xstate.stopChild` for invoked children).
   */
  actions: { type: string; params: unknown }[];
  /** Events the machine emitted (`emit`), in order. */
  emitted: (EventObject & Record<string, unknown>)[];
  /** Events the machine sent to other actors (children, parent, system members), in order; a child started by the
   * step shows here with `xstate.init`. */
  sent: { to: string; event: EventObject & Record<string, unknown> }[];
  /** The transitions the step took, as `source|EVENT|i`. */
  transitions: string[];
};

export type PathOptions = {
  /** Events the environment can send, or a function of the snapshot returning them. */
  events: EventObject[] | ((snapshot: AnyMachineSnapshot) => EventObject[]);
  input?: unknown;
  /** Checks per state id (e.g. 'cookieConsent.hidden'), run whenever a step lands in that state. */
  states?: Record<string, (snapshot: AnyMachineSnapshot, step?: StepEffect) => void>;
  /**
   * Checks per transition, run whenever a step takes it: `source|EVENT` for every alternative of that event in
   * that state, or `source|EVENT|i` for one (an eventless transition's EVENT is `always`). A key that names no
   * transition of the machine is an error.
   */
  transitions?: Record<string, (step: StepEffect) => void>;
  /** How snapshots are told apart during traversal (defaults to value + context). */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Traversal bound. */
  limit?: number;
  /** Event sequences to run besides the planned paths, where repeating an event matters. */
  also?: (EventObject & Record<string, unknown>)[][];
  /**
   * Values the events carry that cannot be copied (a stub machine a loader's answer holds), by name: a kept plan
   * (PATH_PLAN_CACHE) stores the name and gets this file's value back.
   */
  keep?: Record<string, object>;
};

/** A promise actor that never settles: its outcome comes from the path's events. */
// `any` on purpose: a stub must fit any machine's typed actor slot.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const pending = <TOutput = any, TInput = any>() =>
  fromPromise<TOutput, TInput>(() => new Promise<never>(() => undefined));

/** Actors that never settle, one per id: a machine's `provide({ actors })` for the loaders a path test answers. */
export const pendingActors = <const K extends string>(...ids: K[]) =>
  Object.fromEntries(ids.map((id) => [id, pending()])) as Record<K, never>;

/** What the child `id` (a request in flight) was started with, or undefined when it does not run. */
export const inputOf = (snapshot: AnyMachineSnapshot, id: string) =>
  (snapshot.children[id] as AnyActorRef | undefined)?.getSnapshot().input as unknown;

/**
 * The events a view's handlers send: `send` goes to the view's connect function; `sends` runs one handler (a click,
 * a key) and returns the events it sent.
 */
export function handlerEvents<E>() {
  const sent: E[] = [];
  return {
    send: (event: E) => void sent.push(event),
    sends: (handler: () => void) => {
      sent.length = 0;
      handler();
      return sent.splice(0);
    },
  };
}

/**
 * The listeners a component provides (window, document or address watchers) as one callback actor that only says
 * whether it runs: `listening` holds each instance while it is attached.
 */
export function attachedListeners() {
  const listening = new Set<AnyActorRef>();
  // `never`: one listener fits every machine's typed watcher slot.
  const listener = fromCallback(({ self }) => {
    listening.add(self);
    return () => {
      listening.delete(self);
    };
  }) as never;
  return { listening, listener };
}

/**
 * The machine for xstate/graph when it spawns under fixed system ids: graph explores every snapshot with one mock
 * actor system, where the second spawn under a system id (on another path) throws, so each explored transition gets
 * a fresh mock system. Real actors (the replays) are not affected.
 */
export function withFreshSystems<T extends AnyStateMachine>(machine: T): T {
  return Object.create(machine, {
    transition: {
      value: (snapshot: never, event: never, scope: { id: string }) => {
        if (scope.id !== '') return machine.transition(snapshot, event, scope as never);
        const self = createEmptyActor();
        return machine.transition(snapshot, event, { ...scope, self, system: self.system } as never);
      },
    },
  }) as T;
}

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

/** `source|EVENT|i` → `source|EVENT`. */
const withoutIndex = (key: string) => key.slice(0, key.lastIndexOf('|'));

/** The state nodes a snapshot is in (XState keeps them on the snapshot, not in its public type). */
const nodesOf = (snapshot: AnyMachineSnapshot) =>
  (snapshot as unknown as { _nodes: { id: string; transitions: Map<string, unknown[]> }[] })._nodes;

function activeIds(snapshot: AnyMachineSnapshot): string[] {
  return nodesOf(snapshot)
    .map((n) => n.id)
    .filter((id) => id.includes('.'));
}

export type Candidate = { events: EventObject[]; description: string };

/** An event's data without its type, as a key: two events of one type with other data are two variants. */
function payloadKey(event: EventObject): string {
  const { type: _type, ...data } = event as EventObject & Record<string, unknown>;
  return JSON.stringify(data);
}

const actorName = (ref: unknown) =>
  (ref as { _systemId?: string; id: string })._systemId ?? (ref as { id: string }).id;

/**
 * Replays events on a fresh actor. `onStep` is called with what each event did (and once with the start,
 * whose event is `xstate.init`).
 */
export function replay(
  machine: AnyStateMachine,
  input: unknown,
  events: EventObject[],
  onStep?: (step: StepEffect) => void,
) {
  const transitions = new Set<string>();
  const states = new Set<string>();
  /** Each transition taken with the payload of the event that set it off (`key payload`). */
  const variants = new Set<string>();
  let current: Pick<StepEffect, 'actions' | 'emitted' | 'sent' | 'transitions'> = {
    actions: [],
    emitted: [],
    sent: [],
    transitions: [],
  };
  // Set once the actor exists (inspection starts while it is being created).
  const root: { ref?: AnyActorRef } = {};
  const actor = createActor(machine, {
    input,
    inspect: (ev) => {
      const own = ev.actorRef.sessionId === ev.rootId;
      if (ev.type === '@xstate.microstep' && own) {
        for (const t of (ev as unknown as { _transitions: TransitionLike[] })._transitions) {
          const key = transitionKey(t);
          transitions.add(key);
          current.transitions.push(key);
          // Transient states (left at once by `always`) are only visible as transition sources.
          if (t.source.id.includes('.')) states.add(t.source.id);
        }
        activeIds(ev.snapshot as AnyMachineSnapshot).forEach((id) => states.add(id));
      } else if (ev.type === '@xstate.action' && own) {
        current.actions.push({ type: ev.action.type, params: ev.action.params });
      } else if (ev.type === '@xstate.event' && ev.sourceRef && ev.sourceRef === root.ref && !own) {
        current.sent.push({ to: actorName(ev.actorRef), event: ev.event as StepEffect['event'] });
      }
    },
  });
  root.ref = actor;
  // A machine that throws (a guard or an action failing) stops with status 'error'; the path tests assert it did
  // not (see describePaths), so the error is observed here rather than reported outside any test.
  actor.subscribe({ error: () => undefined });
  actor.on('*', (emitted) => current.emitted.push(emitted as StepEffect['emitted'][number]));
  actor.start();
  activeIds(actor.getSnapshot()).forEach((id) => states.add(id));
  onStep?.({
    before: actor.getSnapshot(),
    event: { type: 'xstate.init' },
    after: actor.getSnapshot(),
    ...current,
  });
  for (const event of events) {
    const before = actor.getSnapshot();
    current = { actions: [], emitted: [], sent: [], transitions: [] };
    actor.send(event);
    const after = actor.getSnapshot();
    activeIds(after).forEach((id) => states.add(id));
    const payload = payloadKey(event);
    current.transitions.forEach((key) => variants.add(`${key} ${payload}`));
    onStep?.({ before, event: event as StepEffect['event'], after, ...current });
  }
  actor.stop();
  return { transitions, states, variants };
}

/**
 * Per machine name, what its checks name and the paths planned for it, over every describePaths call in the file.
 * The paths are replayed only when the test that needs them runs, never while the file loads: code run at load
 * is "static" to Stryker, which then does not run its mutants as it runs the others (the survey's saved answers,
 * computed on the way into `saving`, survived that way though 16 tests fail with them applied by hand).
 */
const plannedByName = new Map<
  string,
  { named: Set<string>; paths: { machine: AnyStateMachine; input: unknown; events: EventObject[] }[] }
>();

/** How many times describePaths was called for each machine name in this file. */
const callsByName = new Map<string, number>();

const coverageByName = new Map<
  string,
  { states: Set<string>; transitions: Set<string>; asserted: Set<string> }
>();

/** What path planning needs of the options. */
export type PlanOptions = Pick<PathOptions, 'events' | 'input' | 'serializeState' | 'limit' | 'also'> & {
  /** Paths that can really be performed (the UI tests drop, e.g., events after the page navigated away). */
  feasible?: (events: EventObject[]) => boolean;
  /** false: a path per state and transition only, not per event payload (the UI tests, where a path costs seconds). */
  variants?: boolean;
};

/**
 * The paths worth running: the shortest path to every reachable snapshot and through every edge, keeping (shortest
 * first) only those that reach a state or a transition no earlier one reached. Used by the path tests here and by
 * the model-based UI tests, which drive the same paths through the real UI.
 */
export function planPaths(machine: AnyStateMachine, options: PlanOptions): Candidate[] {
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

  // Shortest path (BFS) from the initial snapshot to every reachable snapshot, with the snapshot each path ends in
  // (taken step by step along the path itself: a key may leave out context in which two snapshots differ) and what
  // its last step did.
  const keys = Object.keys(adj);
  const initialKey = keys[0]!;
  const pathTo = new Map<string, EventObject[]>([[initialKey, []]]);
  const endOf = new Map<string, AnyMachineSnapshot>([[initialKey, adj[initialKey]!.state]]);
  const lastStepTo = new Map<string, Reached>();
  const queue = [initialKey];
  while (queue.length > 0) {
    const key = queue.shift()!;
    for (const edge of Object.values(adj[key]!.transitions)) {
      const next = serialize(edge.state);
      if (!pathTo.has(next) && adj[next]) {
        pathTo.set(next, [...pathTo.get(key)!, edge.event]);
        queue.push(next);
        const reached = stepOn(machine, endOf.get(key)!, edge.event);
        endOf.set(next, reached.after);
        lastStepTo.set(next, reached);
      }
    }
  }

  const via = (events: EventObject[]) => events.map((e) => e.type).join(' → ');
  const candidates: Candidate[] = [];
  /** What each candidate's last step reached, or where it starts from (the snapshot and the event). */
  const lastStep = new Map<Candidate, Reached | { from: AnyMachineSnapshot; event: EventObject }>();
  for (const [key, events] of pathTo) {
    const value = JSON.stringify(adj[key]!.state.value);
    const candidate = {
      events,
      description: `reaches ${value}${events.length ? ` via ${via(events)}` : ' initially'}`,
    };
    candidates.push(candidate);
    const reached = lastStepTo.get(key);
    if (reached) lastStep.set(candidate, reached);
  }
  /** Edges whose event the snapshot does not handle (no transition is enabled): replaying them changes nothing. */
  const ignored = new Set<Candidate>();
  /**
   * Of those, the ones a guard turned down (a state has a transition for the event; no guard let it through), by
   * states, event and payload. Being turned down is the payload's outcome (a negative SELECT, an empty name), so one
   * path per such key is kept: a machine that wrongly takes the event fails that transition's check there.
   */
  const refused = new Map<Candidate, string>();
  for (const [key, events] of pathTo) {
    const { state } = adj[key]!;
    for (const edge of Object.values(adj[key]!.transitions)) {
      const candidate = {
        events: [...events, edge.event],
        description: `in ${JSON.stringify(state.value)}, ${edge.event.type} → ${JSON.stringify(edge.state.value)}${events.length ? ` (after ${via(events)})` : ''}`,
      };
      candidates.push(candidate);
      lastStep.set(candidate, { from: endOf.get(key)!, event: edge.event });
      if (!ignoredBy(machine, state, edge.event)) continue;
      ignored.add(candidate);
      if (hasTransitionFor(state, edge.event.type))
        refused.set(candidate, `${activeIds(state).join(',')}|${edge.event.type} ${payloadKey(edge.event)}`);
    }
  }

  // Keep only paths that reach something new, shortest first: a state, a transition, or a transition taken with
  // event data no earlier path gave it (every payload the events list offers is a variant whose effect is checked:
  // an OPEN with and without an email, a SELECT of each answer, a name at the limit and one past it).
  const seenStates = new Set<string>();
  const seenTransitions = new Set<string>();
  const seenVariants = new Set<string>();
  const seenRefusals = new Set<string>();
  const selected: Candidate[] = [];
  const eventsKey = (events: EventObject[]) => events.map((e) => `${e.type} ${payloadKey(e)}`).join(' → ');
  const keptEvents = new Set<string>();
  for (const c of candidates.sort((a, b) => a.events.length - b.events.length)) {
    if (options.feasible && !options.feasible(c.events)) continue;
    // An ignored event after a shortest path reaches nothing new: that path is a shorter candidate, already either
    // kept or found to add nothing (unless `feasible` dropped it). Most edges are such (every event offered in every
    // snapshot), and replaying them was nearly all of the planning time.
    if (ignored.has(c) && (!options.feasible || options.feasible(c.events.slice(0, -1)))) {
      const refusal = refused.get(c);
      // Only after a path already kept (shorter, so decided before), so what is new is the turned-down event alone.
      const afterKept = keptEvents.has(eventsKey(c.events.slice(0, -1)));
      if (options.variants !== false && refusal !== undefined && afterKept && !seenRefusals.has(refusal)) {
        seenRefusals.add(refusal);
        // Checked on a real actor: a state key that leaves out some context can stand for snapshots that differ.
        if (lastStepTakesNothing(machine, options.input, c.events))
          selected.push({ ...c, description: `${c.description}, turned down` });
      }
      continue;
    }
    // Every path's prefix is a shorter path, decided before: what it reached is seen already, so only the last
    // step can add something, and it is taken alone. With `feasible`, a prefix may have been skipped: the whole
    // path is replayed.
    const last = lastStep.get(c);
    const r =
      last && !options.feasible
        ? 'after' in last
          ? last
          : stepOn(machine, last.from, last.event)
        : replay(machine, options.input, c.events);
    const adds =
      [...r.states].some((s) => !seenStates.has(s)) ||
      [...r.transitions].some((t) => !seenTransitions.has(t)) ||
      (options.variants !== false && [...r.variants].some((v) => !seenVariants.has(v)));
    // The start is always a path: a machine that fails as it starts reaches nothing, and that must fail a test.
    if (!adds && c.events.length > 0) continue;
    r.states.forEach((s) => seenStates.add(s));
    r.transitions.forEach((t) => seenTransitions.add(t));
    r.variants.forEach((v) => seenVariants.add(v));
    selected.push(c);
    keptEvents.add(eventsKey(c.events));
  }
  // Sequences the author names because repetition matters (a toggle twice, a name changed twice), which the
  // shortest paths would not take.
  for (const events of options.also ?? []) {
    selected.push({ events, description: `also via ${events.map((e) => e.type).join(' → ')}` });
  }

  return selected;
}

/** What one step reached: the states it passed through or landed in, its transitions, and each with the payload. */
type Reached = {
  after: AnyMachineSnapshot;
  states: Set<string>;
  transitions: Set<string>;
  variants: Set<string>;
};

/**
 * One event on a snapshot, as the traversal takes it (a pure transition on a mock system: children are not started,
 * actions with side effects not executed), with what it reached as a replay on a real actor would record it. Replaying
 * every candidate whole on a new actor was nearly all of the planning time; the plans are the same (every plan of
 * the path tests compared before and after).
 */
function stepOn(machine: AnyStateMachine, from: AnyMachineSnapshot, event: EventObject): Reached {
  const self = createEmptyActor();
  const taken: TransitionLike[] = [];
  self.system.inspect((ev) => {
    if (ev.type === '@xstate.microstep')
      taken.push(...(ev as unknown as { _transitions: TransitionLike[] })._transitions);
  });
  // A mock scope as xstate/graph's, but its own system (a fresh one: see withFreshSystems) and a non-empty id, so
  // that a machine wrapped by withFreshSystems transitions on this scope.
  const scope = {
    self,
    logger: () => undefined,
    id: 'plan',
    sessionId: 'plan',
    defer: () => undefined,
    system: self.system,
    stopChild: () => undefined,
    emit: () => undefined,
    actionExecutor: () => undefined,
  };
  const after = machine.transition(from, event, scope as never) as AnyMachineSnapshot;
  const states = new Set(activeIds(after));
  const transitions = new Set<string>();
  for (const t of taken) {
    transitions.add(transitionKey(t));
    // Transient states (left at once by `always`) are only visible as transition sources.
    if (t.source.id.includes('.')) states.add(t.source.id);
  }
  const payload = payloadKey(event);
  return {
    after,
    states,
    transitions,
    variants: new Set([...transitions].map((key) => `${key} ${payload}`)),
  };
}

function lastStepTakesNothing(machine: AnyStateMachine, input: unknown, events: EventObject[]): boolean {
  let took: string[] = [];
  replay(machine, input, events, (step) => (took = step.transitions));
  return took.length === 0;
}

/** A state the snapshot is in has a transition for the event type, whether or not a guard lets it through. */
function hasTransitionFor(snapshot: AnyMachineSnapshot, type: string): boolean {
  return nodesOf(snapshot).some((node) => node.transitions.has(type));
}

/** The snapshot handles no transition for the event (a guard that throws counts as handling: replay shows it). */
function ignoredBy(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  try {
    return machine.getTransitionData(snapshot as never, event).length === 0;
  } catch {
    return false;
  }
}

/**
 * With PATH_PLAN_CACHE (a folder), a plan is made once and kept there. Mutation testing sets it: the paths are
 * planned from the unmutated machine before Stryker starts and every mutant is then checked along them, as in
 * model-based testing, where the model fixes the paths and the implementation must pass along them. Planning was
 * nearly all of a mutant's cost (18 of the watchlist's 20 s).
 */
const plansByName = new Map<string, number>();
function keptPlan(name: string, options: PathOptions, plan: () => Candidate[]): Candidate[] {
  const dir = process.env.PATH_PLAN_CACHE;
  if (!dir) return plan();
  // A file may call describePaths for one name several times (per input, per events list, whose functions can share
  // their source and differ by closure): the call's ordinal tells them apart, the options guard against a mix-up.
  const ordinal = (plansByName.get(name) ?? 0) + 1;
  plansByName.set(name, ordinal);
  const what = JSON.stringify(
    { ordinal, input: options.input, events: options.events, also: options.also, limit: options.limit },
    (_key, value: unknown) =>
      typeof value === 'function' ? String(value) : typeof value === 'bigint' ? `${value}n` : value,
  );
  const file = path.join(dir, `${name}-${createHash('sha256').update(what).digest('hex').slice(0, 16)}.plan`);
  const keep = options.keep ?? {};
  if (existsSync(file)) return thaw(deserialize(readFileSync(file)), keep) as Candidate[];
  const planned = plan();
  try {
    const names = new Map(Object.entries(keep).map(([n, value]) => [value as unknown, n]));
    const kept = serialize(freeze(planned, names));
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, kept);
  } catch (error) {
    if (!(error instanceof NotKept)) throw error;
  }
  return planned;
}

// v8's serializer keeps what JSON would lose in events (undefined, dates, an Error's message) but not an Error's own
// fields (a `code` the machine's guards read), a class's prototype, a function or a File: errors made with `Error`
// are kept as their parts and rebuilt, values named in `keep` by their name; a plan holding anything else is not
// kept (it is planned again each run).
const ERROR = '__pathPlanError';
const NAMED = '__pathPlanNamed';
class NotKept extends Error {}
function freeze(value: unknown, names: Map<unknown, string>): unknown {
  if (value === null || ['string', 'number', 'boolean', 'undefined', 'bigint'].includes(typeof value))
    return value;
  const name = names.get(value);
  if (name !== undefined) return { [NAMED]: name };
  if (Array.isArray(value)) return value.map((v) => freeze(v, names));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto === Error.prototype) {
    const error = value as Error;
    return { [ERROR]: { message: error.message, fields: freeze({ ...error }, names) } };
  }
  if (proto === Object.prototype || proto === null)
    return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, freeze(v, names)]));
  throw new NotKept();
}
function thaw(value: unknown, keep: Record<string, object>): unknown {
  if (Array.isArray(value)) return value.map((v) => thaw(v, keep));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (typeof record[NAMED] === 'string') {
    const named = record[NAMED];
    if (!Object.hasOwn(keep, named))
      throw new Error(`a kept plan names '${named}', which the file no longer keeps`);
    return keep[named];
  }
  const kept = record[ERROR] as { message: string; fields: object } | undefined;
  if (kept) return Object.assign(new Error(kept.message), thaw(kept.fields, keep));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, thaw(v, keep)]));
}

export function describePaths(name: string, machine: AnyStateMachine, options: PathOptions) {
  const allTransitions = allTransitionKeys(machine);
  const checkable = new Set([...allTransitions, ...allTransitions.map(withoutIndex)]);
  const stateIds = new Set(allStateIds(machine));
  // The model the checks were written for must be the machine's: a state or transition they name that the machine
  // lacks (removed, renamed, retargeted) fails as a test, not as a file that cannot load, so it counts as a
  // failed expectation wherever tests are counted (Stryker counts a file that fails to load as no test at all).
  const unknownTransitions = Object.keys(options.transitions ?? {}).filter((key) => !checkable.has(key));
  const unknownStates = Object.keys(options.states ?? {}).filter((key) => !stateIds.has(key));
  let selected: Candidate[] = [];
  let planning: unknown;
  try {
    selected = keptPlan(name, options, () => planPaths(machine, options));
  } catch (error) {
    planning = error;
  }

  // What the planned paths take, over every describePaths call of this name in the file (planning is done while the
  // file is collected, so by the time tests run every call has added to it).
  let planned = plannedByName.get(name);
  if (!planned) {
    planned = { named: new Set(), paths: [] };
    plannedByName.set(name, planned);
  }
  const plan = planned;
  Object.keys(options.transitions ?? {}).forEach((key) => plan.named.add(key));
  Object.keys(options.states ?? {}).forEach((id) => plan.named.add(id));
  plan.paths.push(...selected.map((c) => ({ machine, input: options.input, events: c.events })));

  // Several describePaths calls in one file (e.g. per input) add up to one machine's coverage.
  let reached = coverageByName.get(name);
  const firstForName = !reached;
  if (!reached) {
    reached = { states: new Set(), transitions: new Set(), asserted: new Set() };
    coverageByName.set(name, reached);
  }
  const { states: reachedStates, transitions: reachedTransitions, asserted } = reached;

  // Each call's tests get names of their own: a file that calls this per input would otherwise repeat every path's
  // name, and Stryker's vitest runner tells tests apart by name.
  const call = (callsByName.get(name) ?? 0) + 1;
  callsByName.set(name, call);
  describe(call === 1 ? `${name} paths` : `${name} paths (${call})`, () => {
    it('has every state and transition its checks name', () => {
      expect(unknownTransitions, `known: ${allTransitions.join(', ')}`).toEqual([]);
      expect(unknownStates).toEqual([]);
    });
    if (planning !== undefined)
      it('plans its paths', () => {
        throw planning;
      });
    // A check no path runs checks nothing: the behaviour it describes (Switch User with an id switches) can no
    // longer happen with the events the user and the environment can send.
    if (firstForName)
      it('takes every state and transition its checks name', () => {
        const taken = new Set<string>();
        for (const p of plan.paths) {
          const r = replay(p.machine, p.input, p.events);
          r.states.forEach((id) => taken.add(id));
          r.transitions.forEach((key) => taken.add(key).add(withoutIndex(key)));
        }
        const untaken = [...plan.named].filter((key) => !taken.has(key));
        expect(untaken, 'checked, but no path with these events gets there').toEqual([]);
      });
    for (const c of selected) {
      it(c.description, () => {
        const checked: string[] = [];
        const r = replay(machine, options.input, c.events, (step) => {
          // What a user sees of a machine that threw: a flow that stops answering.
          expect(
            step.after.status,
            `the machine failed on ${step.event.type}: ${String((step.after as { error?: unknown }).error)}`,
          ).not.toBe('error');
          for (const key of step.transitions) {
            const check = options.transitions?.[key] ?? options.transitions?.[withoutIndex(key)];
            if (!check) continue;
            check(step);
            checked.push(key);
          }
          for (const id of activeIds(step.after)) options.states?.[id]?.(step.after, step);
        });
        // Counted only once the whole path passed.
        r.states.forEach((s) => reachedStates.add(s));
        r.transitions.forEach((t) => reachedTransitions.add(t));
        checked.forEach((t) => asserted.add(t));
      });
    }
  });

  if (!firstForName) return;
  afterAll(() => {
    const dir = path.resolve('.tmp/paths');
    mkdirSync(dir, { recursive: true });
    const states = allStateIds(machine);
    writeFileSync(
      path.join(dir, `${name}.json`),
      JSON.stringify(
        {
          machine: name,
          states: { all: states, reached: states.filter((s) => reachedStates.has(s)) },
          transitions: {
            all: allTransitions,
            reached: allTransitions.filter((t) => reachedTransitions.has(t)),
            asserted: allTransitions.filter((t) => asserted.has(t)),
          },
        },
        null,
        2,
      ),
    );
  });
}
