import { useSyncExternalStore, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  machineExplorerMachine,
  type ExplorerLayout,
} from '../../machines/core/machine-explorer/machineExplorer.machine';
import { actorRegistry, type ActorEntry } from '../lib/inspect';
import { acceptedEvents, activeStateIds, elkLayout, type ChartLayout, type LayoutFn } from './chart';
import './machineExplorer.css';
import { useConstant } from '../lib/useConstant';

/**
 * /dev/machines (development only): the app's running actors as seen through `inspect` (src/lib/inspect.ts),
 * the selected one's statechart with its active states, its event log, and a form to send it an event.
 * Works offline, unlike the Stately inspector. `layout` is injectable because elkjs does not run in jsdom.
 */
export default function MachineExplorer({ layout = elkLayout }: { layout?: LayoutFn }) {
  const actors = useSyncExternalStore(actorRegistry.subscribe, actorRegistry.list);
  const logic = useConstant(() =>
    machineExplorerMachine.provide({
      actors: {
        layout: fromPromise<ExplorerLayout, { sessionId: string }>(async ({ input }) => {
          const machine = actorRegistry.get(input.sessionId)?.machine;
          if (!machine) throw new Error('This actor has no state machine.');
          return layout(machine);
        }),
      },
      actions: {
        deliver: (_, { sessionId, event }) => actorRegistry.get(sessionId)?.actorRef.send(event),
      },
    }),
  );
  const [state, send] = useMachine(logic);
  const { selected: selectedId, layoutError, payload, formError, sent } = state.context;
  const selected = actors.find((a) => a.sessionId === selectedId);

  return (
    <main id="main" className="mx" data-scope="machine-explorer">
      <header className="mx-header">
        <h1>Machine explorer</h1>
        <p>
          Development only · {actors.length} actor{actors.length === 1 ? '' : 's'} seen through{' '}
          <code>inspect</code>
        </p>
      </header>
      <div className="mx-body">
        <nav className="mx-list" data-part="actor-list" aria-label="Actors">
          {actors.length === 0 && (
            <p className="mx-empty">No actors yet: pass {'{ inspect }'} to createActor/useActor.</p>
          )}
          <ul>
            {ordered(actors).map(({ entry, depth }) => (
              <li key={entry.sessionId} style={{ paddingLeft: depth * 14 }}>
                <button
                  type="button"
                  data-part="actor"
                  data-selected={entry.sessionId === selectedId}
                  data-status={actorRegistry.status(entry)}
                  aria-pressed={entry.sessionId === selectedId}
                  onClick={() =>
                    send({ type: 'SELECT', sessionId: entry.sessionId, isMachine: !!entry.machine })
                  }
                >
                  <span className="mx-name">{entry.systemId ?? entry.id}</span>
                  <span className="mx-meta">
                    {entry.machine ? `#${entry.machine.id}` : 'not a machine'} · {actorRegistry.status(entry)}
                  </span>
                  <span className="mx-value">{formatValue(entry.snapshot)}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className="mx-detail" aria-label="Selected actor">
          {!selected && <p className="mx-empty">Select an actor.</p>}
          {selected && (
            <>
              <h2>
                {selected.systemId ?? selected.id}{' '}
                <small>
                  {selected.machine ? `#${selected.machine.id}` : 'not a machine'} ·{' '}
                  {actorRegistry.status(selected)} · {formatValue(selected.snapshot)}
                </small>
              </h2>
              {state.matches({ machine: { chart: 'loading' } }) && (
                <p className="mx-empty" role="status">
                  Laying out the chart…
                </p>
              )}
              {state.matches({ machine: { chart: 'failed' } }) && (
                <p className="mx-error" role="alert">
                  Layout failed: {layoutError}{' '}
                  <button type="button" onClick={() => send({ type: 'RETRY' })}>
                    Retry
                  </button>
                </p>
              )}
              {state.matches({ machine: { chart: 'ready' } }) && state.context.layout && (
                <Chart
                  layout={state.context.layout as ChartLayout}
                  active={activeStateIds(selected.snapshot)}
                />
              )}
              {state.matches('machine') && (
                <SendForm
                  key={selected.sessionId}
                  entry={selected}
                  payload={payload}
                  error={formError}
                  sent={sent}
                  onPayload={(value) => send({ type: 'FORM_PAYLOAD', value })}
                  onSubmit={(eventType) => send({ type: 'FORM_SUBMIT', eventType })}
                />
              )}
              <EventLog entry={selected} />
            </>
          )}
        </section>
      </div>
    </main>
  );
}

/** Roots in order of appearance, each followed by its children (indented). */
function ordered(actors: readonly ActorEntry[]): { entry: ActorEntry; depth: number }[] {
  const ids = new Set(actors.map((a) => a.sessionId));
  const out: { entry: ActorEntry; depth: number }[] = [];
  const visit = (parentId: string | undefined, depth: number) => {
    for (const a of actors)
      if (parentId === undefined ? !a.parentId || !ids.has(a.parentId) : a.parentId === parentId) {
        out.push({ entry: a, depth });
        visit(a.sessionId, depth + 1);
      }
  };
  visit(undefined, 0);
  return out;
}

/** `open`, `form.editing`, or `chart: ready, form: editing` for parallel states. */
function formatValue(snapshot: unknown): string {
  const value = (snapshot as { value?: unknown } | undefined)?.value;
  const walk = (v: unknown): string => {
    if (typeof v === 'string') return v;
    if (!v || typeof v !== 'object') return '';
    const keys = Object.entries(v as Record<string, unknown>);
    if (keys.length === 1) {
      const [k, child] = keys[0]!;
      const rest = walk(child);
      return rest ? `${k}.${rest}` : k;
    }
    return keys.map(([k, child]) => `${k}: ${walk(child)}`).join(', ');
  };
  return value === undefined ? '' : walk(value);
}

function Chart({ layout, active }: { layout: ChartLayout; active: Set<string> }) {
  return (
    <div className="mx-chart-wrap">
      <svg
        data-part="chart"
        className="mx-chart"
        viewBox={`-8 -8 ${layout.width + 16} ${layout.height + 16}`}
        width={layout.width + 16}
        height={layout.height + 16}
        role="img"
        aria-label="Statechart"
      >
        <defs>
          <marker
            id="mx-arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto"
          >
            <path d="M0,0 L10,5 L0,10 z" className="mx-arrowhead" />
          </marker>
        </defs>
        {layout.nodes.map((n) => (
          <g
            key={n.id}
            data-part="state"
            data-state-id={n.id}
            data-active={n.depth > 0 && active.has(n.id)}
            data-compound={n.compound}
            className={n.depth === 0 ? 'mx-root' : undefined}
          >
            <rect x={n.x} y={n.y} width={n.width} height={n.height} rx={8} />
            {n.final && (
              <rect
                className="mx-final"
                x={n.x + 3}
                y={n.y + 3}
                width={n.width - 6}
                height={n.height - 6}
                rx={6}
              />
            )}
            <text
              x={n.x + (n.compound ? 10 : n.width / 2)}
              y={n.y + (n.compound ? 20 : n.height / 2 + 4)}
              textAnchor={n.compound ? 'start' : 'middle'}
            >
              {n.label}
            </text>
          </g>
        ))}
        {layout.edges.map((e) => (
          <g key={e.id} className="mx-edge" data-part="transition">
            {e.points.length > 1 && (
              <polyline points={e.points.map((p) => `${p.x},${p.y}`).join(' ')} markerEnd="url(#mx-arrow)" />
            )}
            {e.labelBox && (
              <text
                x={e.labelBox.x + e.labelBox.width / 2}
                y={e.labelBox.y + e.labelBox.height - 4}
                textAnchor="middle"
              >
                {e.label}
              </text>
            )}
          </g>
        ))}
      </svg>
    </div>
  );
}

function SendForm(props: {
  entry: ActorEntry;
  payload: string;
  error: string | null;
  sent: number;
  onPayload: (value: string) => void;
  onSubmit: (eventType: string) => void;
}) {
  const events = acceptedEvents(props.entry.snapshot);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    props.onSubmit(String(new FormData(e.currentTarget).get('type') ?? ''));
  };
  return (
    <form className="mx-form" data-part="send-form" onSubmit={submit}>
      <h3>Send event</h3>
      <label>
        Event
        <select name="type" disabled={events.length === 0}>
          {events.map((ev) => (
            <option key={ev.type} value={ev.type}>
              {ev.type}
              {ev.enabled ? '' : ' (guarded)'}
            </option>
          ))}
        </select>
      </label>
      <label>
        Payload (JSON object, optional)
        <textarea
          name="payload"
          rows={2}
          value={props.payload}
          placeholder='{"id": 1}'
          onChange={(e) => props.onPayload(e.target.value)}
        />
      </label>
      <button type="submit" disabled={events.length === 0}>
        Send
      </button>
      {events.length === 0 && <span className="mx-empty">The current state accepts no events.</span>}
      {props.error && (
        <span className="mx-error" role="alert">
          {props.error}
        </span>
      )}
      {props.sent > 0 && !props.error && <span className="mx-meta">{props.sent} sent</span>}
    </form>
  );
}

const time = (t: number) => {
  const d = new Date(t);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
};

function summary(event: { type: string }): string {
  const { type: _type, ...rest } = event as Record<string, unknown>;
  if (Object.keys(rest).length === 0) return '';
  let text: string;
  try {
    text = JSON.stringify(rest);
  } catch {
    text = '{…}';
  }
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

function EventLog({ entry }: { entry: ActorEntry }) {
  return (
    <section className="mx-log-wrap" aria-label="Event log">
      <h3>Events ({entry.log.length}, newest first)</h3>
      <ol className="mx-log" data-part="event-log">
        {[...entry.log].reverse().map((l) => (
          <li key={l.seq} data-part="log-entry" data-event-type={l.event.type}>
            <time>{time(l.time)}</time> <strong>{l.event.type}</strong>
            {l.from && <span className="mx-meta"> from {l.from}</span>}
            {l.to && <span className="mx-meta"> → {l.to}</span>}
            {summary(l.event) && <code>{summary(l.event)}</code>}
          </li>
        ))}
      </ol>
    </section>
  );
}
