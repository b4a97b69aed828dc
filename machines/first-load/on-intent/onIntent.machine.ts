import { assign, fromPromise, setup } from 'xstate';

export type OnIntentEvent =
  /** The user may soon use the part (pointer over it, focus on it): load its code. */
  | { type: 'PREPARE' }
  /** The user used it (a click) before its code was there: load it and open it once it is. */
  | { type: 'OPEN' }
  /** The part opened as asked. */
  | { type: 'OPENED' };

/**
 * A part of the page whose code loads on intent (the account menu). A light stand-in shows until the user
 * uses it: interest (PREPARE) only fetches the code, and the first use (OPEN) puts the part in place, opened, as
 * soon as its code is there (the stand-in is never swapped while the pointer is on its way to it). When the code
 * cannot load (offline), the next intent tries again.
 * Actor: `load` (the part's dynamic import), provided by the component.
 */
export const onIntentMachine = setup({
  types: {
    context: {} as { openWhenReady: boolean },
    events: {} as OnIntentEvent,
    tags: {} as 'loading' | 'ready',
  },
  guards: {
    openAsked: ({ context }) => context.openWhenReady,
  },
  actors: {
    load: fromPromise<unknown>(async () => {
      throw new Error('load not provided');
    }),
  },
  actions: {
    askToOpen: assign({ openWhenReady: true }),
    forgetOpen: assign({ openWhenReady: false }),
  },
}).createMachine({
  id: 'onIntent',
  context: { openWhenReady: false },
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        PREPARE: 'loading',
        OPEN: { target: 'loading', actions: 'askToOpen' },
      },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [{ guard: 'openAsked', target: 'ready' }, { target: 'loaded' }],
        onError: 'failed',
      },
      on: { OPEN: { actions: 'askToOpen' } },
    },
    /** The code is here; the stand-in stays until the part is used. */
    loaded: {
      on: { OPEN: { target: 'ready', actions: 'askToOpen' } },
    },
    ready: {
      tags: ['ready'],
      on: { OPENED: { actions: 'forgetOpen' } },
    },
    /** Its code could not load: the open asked for is dropped, and the next intent tries again. */
    failed: {
      entry: 'forgetOpen',
      on: {
        PREPARE: 'loading',
        OPEN: { target: 'loading', actions: 'askToOpen' },
      },
    },
  },
});
