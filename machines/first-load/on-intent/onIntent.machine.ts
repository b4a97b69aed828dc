import { assign, enqueueActions, setup, type AnyActorLogic, type AnyActorRef } from 'xstate';
import { notProvided } from '../../core/requests';

export type OnIntentEvent =
  /** The user may soon use the part (pointer over it, focus on it): load its code. */
  | { type: 'PREPARE' }
  /** The user used it (a click, a press): load its code if needed and open the part once it is there. */
  | { type: 'OPEN' }
  /** The part opened as asked (a part its component shows: the account menu). */
  | { type: 'OPENED' };

export type OnIntentInput = {
  /**
   * The code loaded is a machine to run (a dialog's form): it runs as the child `dialog` once loaded, and each OPEN,
   * a kept one included, is sent to it. Otherwise (the account menu) the code is a component's: the page shows it,
   * opened, once the part is used (tag 'ready'), and says OPENED when it has opened.
   */
  runsLoaded?: boolean;
};

type OnIntentContext = {
  runsLoaded: boolean;
  /** An OPEN that came before the code did. */
  openWhenReady: boolean;
  /** The loaded machine's actor, when the code loaded is one (`runsLoaded`). */
  dialog: AnyActorRef | null;
};

/**
 * A part of the page whose code loads on intent, the one mechanism for the account menu and the request-a-quote and
 * report-incident dialogs. Until then a light stand-in shows (the avatar button; the dialog's own button): interest
 * (PREPARE) only fetches the code, and the first use (OPEN) fetches it too and is kept, so the part opens as soon as
 * its code is there (a stand-in is never swapped while the pointer is on its way to it). When the code cannot load
 * (offline), the kept OPEN is dropped and the next intent tries again (`failed`, tagged 'error').
 * Actor: `load` (the part's dynamic import; with `runsLoaded`, resolving to the machine to run), provided by the app.
 */
export const onIntentMachine = setup({
  types: {
    context: {} as OnIntentContext,
    events: {} as OnIntentEvent,
    input: {} as OnIntentInput | undefined,
    tags: {} as 'loading' | 'ready' | 'error',
  },
  guards: {
    openAsked: ({ context }) => context.openWhenReady,
  },
  actors: {
    load: notProvided<unknown>('load'),
  },
  actions: {
    askToOpen: assign({ openWhenReady: true }),
    forgetOpen: assign({ openWhenReady: false }),
    /** A kept OPEN reaches the loaded machine once it runs; the part's component reads `openWhenReady` instead. */
    passKeptOpen: enqueueActions(({ context, enqueue }) => {
      if (!context.openWhenReady || !context.dialog) return;
      enqueue.sendTo(context.dialog, { type: 'OPEN' });
      enqueue.assign({ openWhenReady: false });
    }),
    passOpen: enqueueActions(({ context, enqueue }) => {
      if (context.dialog) enqueue.sendTo(context.dialog, { type: 'OPEN' });
    }),
  },
})
  // An action with params joins through extend (as in the app machine): TypeScript cannot type it beside the others.
  .extend({
    actions: {
      runLoaded: assign(({ context, spawn }, params: { loaded: unknown }) =>
        context.runsLoaded
          ? {
              dialog: (spawn as (logic: AnyActorLogic, options: { id: string }) => AnyActorRef)(
                params.loaded as AnyActorLogic,
                { id: 'dialog' },
              ),
            }
          : {},
      ),
    },
  })
  .createMachine({
    id: 'onIntent',
    context: ({ input }) => ({ runsLoaded: input?.runsLoaded ?? false, openWhenReady: false, dialog: null }),
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
          onDone: [
            {
              guard: 'openAsked',
              target: 'ready',
              actions: { type: 'runLoaded', params: ({ event }) => ({ loaded: event.output }) },
            },
            {
              target: 'loaded',
              actions: { type: 'runLoaded', params: ({ event }) => ({ loaded: event.output }) },
            },
          ],
          onError: 'failed',
        },
        on: { OPEN: { actions: 'askToOpen' } },
      },
      /** The code is here (a dialog's machine runs, closed); the stand-in stays until the part is used. */
      loaded: {
        on: { OPEN: { target: 'ready', actions: 'askToOpen' } },
      },
      /** In use: the part is shown, or the dialog was asked to open. */
      ready: {
        tags: ['ready'],
        entry: 'passKeptOpen',
        on: {
          OPEN: { actions: 'passOpen' },
          OPENED: { actions: 'forgetOpen' },
        },
      },
      /** Its code could not load: the open asked for is dropped, and the next intent tries again. */
      failed: {
        tags: ['error'],
        entry: 'forgetOpen',
        on: {
          PREPARE: 'loading',
          OPEN: { target: 'loading', actions: 'askToOpen' },
        },
      },
    },
  });
