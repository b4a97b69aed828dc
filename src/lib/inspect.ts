import type { AnyActorRef, AnyStateMachine, EventObject, InspectionEvent } from 'xstate';

/**
 * `?inspect` in development attaches the Stately inspector to every app-wide actor: pass `{ inspect }` in the
 * actor options. Events are buffered until the inspector (loaded lazily, dev only) is ready, so the actors'
 * registration is not lost. In production `inspect` is undefined and the inspector is never bundled.
 *
 * In development it also keeps a registry of the actors it sees (roots and their children), their latest
 * snapshot and their recent events, for the offline machine explorer at /dev/machines (src/dev). Every use of
 * the registry is behind `import.meta.env.DEV`, so production builds drop it.
 */
type Observer = { next?: (event: InspectionEvent) => void };
let observer: Observer | undefined;
const buffered: InspectionEvent[] = [];
const enabled =
  import.meta.env.DEV &&
  typeof location !== 'undefined' &&
  new URLSearchParams(location.search).has('inspect');

if (enabled) {
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    observer = createBrowserInspector().inspect as Observer;
    for (const event of buffered.splice(0)) observer.next?.(event);
  });
}

function inspectInDevelopment(event: InspectionEvent): void {
  try {
    record(event);
  } catch (e) {
    console.warn('inspect: the machine explorer registry failed', e); // never break the inspected actor
  }
  if (!enabled) return;
  if (observer) observer.next?.(event);
  else buffered.push(event);
}

/**
 * Pass as `{ inspect }` to every actor the app starts. Undefined in production builds, so there actors make no
 * inspection events at all (no cost on the main thread).
 */
export const inspect: ((event: InspectionEvent) => void) | undefined = import.meta.env.DEV
  ? inspectInDevelopment
  : undefined;

/** One event an actor received. */
export type ActorLogEntry = {
  seq: number;
  time: number;
  event: EventObject;
  /** Who sent it (system id or id), when another actor did. */
  from?: string;
  /** The state value it led to (JSON), once the actor's next snapshot arrived. */
  to?: string;
};

/** An actor seen through inspection. Replaced (never mutated) on every change. */
export type ActorEntry = {
  sessionId: string;
  id: string;
  systemId?: string;
  /** sessionId of the parent actor, for children. */
  parentId?: string;
  actorRef: AnyActorRef;
  /** The actor's logic when it is a state machine. */
  machine?: AnyStateMachine;
  snapshot: unknown;
  /** Newest last, at most LOG_LIMIT. */
  log: readonly ActorLogEntry[];
};

const LOG_LIMIT = 200;
/** Stopped actors kept for a look after they ended (promise children come and go). */
const STOPPED_LIMIT = 50;

const entries = new Map<string, ActorEntry>();
const listeners = new Set<() => void>();
let list: readonly ActorEntry[] = [];
let seq = 0;
let scheduled = false;

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  typeof logic === 'object' && logic !== null && 'root' in logic && 'getInitialSnapshot' in logic;

const nameOf = (ref: AnyActorRef) => (ref as { systemId?: string }).systemId ?? ref.id;

/** The actor's live status (a stop emits no snapshot event); its last snapshot's while it initializes. */
function statusOf(entry: ActorEntry): string {
  try {
    return (entry.actorRef.getSnapshot() as { status?: string } | undefined)?.status ?? 'active';
  } catch {
    return (entry.snapshot as { status?: string } | undefined)?.status ?? 'starting';
  }
}

/** Listeners run in a microtask: inspection events arrive while React renders (actors made in render). */
function changed() {
  list = [...entries.values()];
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    for (const listener of [...listeners]) listener();
  });
}

function pruneStopped() {
  const stopped = [...entries.values()].filter((e) => statusOf(e) === 'stopped');
  for (const entry of stopped.slice(0, Math.max(0, stopped.length - STOPPED_LIMIT)))
    entries.delete(entry.sessionId);
}

function record(ev: InspectionEvent) {
  const ref = ev.actorRef as AnyActorRef;
  const known = entries.get(ref.sessionId);
  let entry: ActorEntry;
  if (known) entry = known;
  else {
    pruneStopped();
    const logic = (ref as unknown as { logic?: unknown }).logic;
    entry = {
      sessionId: ref.sessionId,
      id: ref.id,
      systemId: (ref as { systemId?: string }).systemId,
      parentId: ref._parent?.sessionId,
      actorRef: ref,
      machine: isMachine(logic) ? logic : undefined,
      snapshot: undefined,
      log: [],
    };
  }
  if (ev.type === '@xstate.snapshot') {
    const log = entry.log;
    const last = log[log.length - 1];
    const value = (ev.snapshot as { value?: unknown }).value;
    const to = value === undefined ? undefined : JSON.stringify(value);
    entry = {
      ...entry,
      snapshot: ev.snapshot,
      log: last && last.event === ev.event && !last.to ? [...log.slice(0, -1), { ...last, to }] : log,
    };
  } else if (ev.type === '@xstate.event') {
    const logEntry: ActorLogEntry = { seq: ++seq, time: Date.now(), event: ev.event };
    if (ev.sourceRef && ev.sourceRef !== ref) logEntry.from = nameOf(ev.sourceRef as AnyActorRef);
    entry = { ...entry, log: [...entry.log.slice(-(LOG_LIMIT - 1)), logEntry] };
  } else if (ev.type !== '@xstate.actor') {
    return;
  }
  // A root's systemId is set after its first inspection event.
  const systemId = (ref as { systemId?: string }).systemId;
  if (systemId !== entry.systemId) entry = { ...entry, systemId };
  entries.set(ref.sessionId, entry);
  changed();
}

/** The explorer's view of the registry (development only; empty in production). */
export const actorRegistry = {
  list: (): readonly ActorEntry[] => list,
  get: (sessionId: string): ActorEntry | undefined => entries.get(sessionId),
  status: statusOf,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
