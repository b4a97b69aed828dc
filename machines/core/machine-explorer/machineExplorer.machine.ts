import { assertEvent, assign, fromPromise, setup } from 'xstate';

/**
 * The development-only machine explorer (/dev/machines): which actor is selected, its chart's layout
 * (loading → ready, or failed with a retry) and the "Send event" form. The page provides `layout` (elkjs, or a
 * trivial one in tests) and `deliver` (sends the event to the selected actor); the actors' live data comes from
 * the inspection registry, not from here.
 */

/** Whatever the layout actor resolves to (a ChartLayout in the app); opaque to the machine. */
export type ExplorerLayout = unknown;

export type MachineExplorerContext = {
  /** sessionId of the selected actor. */
  selected: string | null;
  layout: ExplorerLayout | null;
  layoutError: string | null;
  payload: string;
  formError: string | null;
  /** How many events the form sent. */
  sent: number;
};

export type MachineExplorerEvent =
  | { type: 'SELECT'; sessionId: string; isMachine: boolean }
  | { type: 'RETRY' }
  | { type: 'FORM_PAYLOAD'; value: string }
  | { type: 'FORM_SUBMIT'; eventType: string };

/** The payload text as an event's extra fields: empty, or a JSON object. */
export function parsePayload(text: string): Record<string, unknown> | Error {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
    return new Error('The payload must be a JSON object.');
  } catch (e) {
    return new Error(`Invalid JSON: ${(e as Error).message}`);
  }
}

export const machineExplorerMachine = setup({
  types: {
    context: {} as MachineExplorerContext,
    events: {} as MachineExplorerEvent,
  },
  actors: {
    /** Lays out the selected actor's machine. */
    layout: fromPromise<ExplorerLayout, { sessionId: string }>(() =>
      Promise.reject(new Error('No layout provided')),
    ),
  },
  actions: {
    select: assign(({ event }) => {
      const e = event as Extract<MachineExplorerEvent, { type: 'SELECT' }>;
      return { selected: e.sessionId, layout: null, layoutError: null, payload: '', formError: null };
    }),
    /** Sends the event to the selected actor. */
    deliver: (_, _params: { sessionId: string; event: { type: string } & Record<string, unknown> }) =>
      undefined,
  },
  guards: {
    isMachine: ({ event }) => {
      assertEvent(event, 'SELECT');
      return event.isMachine;
    },
    canSend: ({ context, event }) => {
      assertEvent(event, 'FORM_SUBMIT');
      return event.eventType !== '' && !(parsePayload(context.payload) instanceof Error);
    },
  },
}).createMachine({
  id: 'machineExplorer',
  context: { selected: null, layout: null, layoutError: null, payload: '', formError: null, sent: 0 },
  initial: 'idle',
  // Selecting (again) starts over: a new layout, an empty form.
  on: {
    SELECT: [
      { guard: 'isMachine', target: '.machine', reenter: true, actions: 'select' },
      { target: '.other', actions: 'select' },
    ],
  },
  states: {
    /** Nothing selected yet. */
    idle: {},
    /** A selected actor that is not a state machine (a promise or callback child): no chart, no form. */
    other: {},
    /** A selected state machine actor: its chart and the send form, side by side. */
    machine: {
      type: 'parallel',
      states: {
        chart: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'layout',
                src: 'layout',
                input: ({ context }) => ({ sessionId: context.selected ?? '' }),
                onDone: { target: 'ready', actions: assign({ layout: ({ event }) => event.output }) },
                onError: {
                  target: 'failed',
                  actions: assign({
                    layoutError: ({ event }) => String((event.error as Error)?.message ?? event.error),
                  }),
                },
              },
            },
            ready: {},
            failed: { on: { RETRY: { target: 'loading', actions: assign({ layoutError: null }) } } },
          },
        },
        form: {
          initial: 'editing',
          on: {
            'FORM_PAYLOAD': {
              target: '.editing',
              actions: assign({ payload: ({ event }) => event.value, formError: null }),
            },
            'FORM_SUBMIT': [
              {
                guard: 'canSend',
                target: '.editing',
                actions: [
                  {
                    type: 'deliver',
                    params: ({ context, event }) => ({
                      sessionId: context.selected ?? '',
                      event: {
                        ...(parsePayload(context.payload) as Record<string, unknown>),
                        type: event.eventType,
                      },
                    }),
                  },
                  assign({ sent: ({ context }) => context.sent + 1 }),
                ],
              },
              {
                target: '.invalid',
                actions: assign({
                  formError: ({ context, event }) => {
                    const parsed = parsePayload(context.payload);
                    return parsed instanceof Error
                      ? parsed.message
                      : event.eventType === ''
                        ? 'Pick an event type.'
                        : null;
                  },
                }),
              },
            ],
          },
          states: {
            editing: {},
            /** The last submit was refused (bad JSON or no event type): formError says why. */
            invalid: {},
          },
        },
      },
    },
  },
});
