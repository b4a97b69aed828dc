import { assign, enqueueActions, fromPromise, setup, type AnyActorLogic, type AnyActorRef } from 'xstate';

export type DialogOnIntentEvent =
  /** The user may soon open the dialog (pointer over or focus on its button): load its code. */
  | { type: 'PREPARE' }
  /** The button was pressed: open the dialog, once its code is there. */
  | { type: 'OPEN' };

type DialogOnIntentContext = {
  /** The dialog's own actor (its form machine), spawned as `dialog` once its code loaded. */
  dialog: AnyActorRef | null;
  /** An OPEN that came before the code did; replayed once it is there. */
  openWhenReady: boolean;
};

/**
 * A dialog whose code (its machine and its view) loads on intent (the request-a-quote and report-incident
 * forms). PREPARE only fetches the code; the first OPEN fetches it too and is kept. Once the code is there, the
 * dialog's actor is spawned (child `dialog`), a kept OPEN opens it, and every later OPEN passes through. When the
 * code cannot load (offline), the kept OPEN is dropped and the next intent tries again.
 * Actor: `load` (the dialog's dynamic import, resolving to its machine), provided by the app.
 */
export const dialogOnIntentMachine = setup({
  types: {
    context: {} as DialogOnIntentContext,
    events: {} as DialogOnIntentEvent,
  },
  actors: {
    load: fromPromise<AnyActorLogic>(async () => {
      throw new Error('load not provided');
    }),
  },
  actions: {
    askToOpen: assign({ openWhenReady: true }),
    forgetOpen: assign({ openWhenReady: false }),
    openDialog: enqueueActions(({ context, enqueue }) => {
      if (context.dialog) enqueue.sendTo(context.dialog, { type: 'OPEN' });
    }),
    replayOpen: enqueueActions(({ context, enqueue }) => {
      if (!context.openWhenReady || !context.dialog) return;
      enqueue.sendTo(context.dialog, { type: 'OPEN' });
      enqueue.assign({ openWhenReady: false });
    }),
  },
})
  // An action with params joins through extend (as in the app machine): TypeScript cannot type it beside the others.
  .extend({
    actions: {
      spawnDialog: assign(({ spawn }, params: { logic: AnyActorLogic }) => ({
        dialog: (spawn as (logic: AnyActorLogic, options: { id: string }) => AnyActorRef)(params.logic, {
          id: 'dialog',
        }),
      })),
    },
  })
  .createMachine({
    id: 'dialogOnIntent',
    context: { dialog: null, openWhenReady: false },
    initial: 'waiting',
    states: {
      waiting: {
        on: {
          PREPARE: 'loading',
          OPEN: { target: 'loading', actions: 'askToOpen' },
        },
      },
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          onDone: {
            target: 'ready',
            actions: [
              { type: 'spawnDialog', params: ({ event }) => ({ logic: event.output }) },
              'replayOpen',
            ],
          },
          onError: { target: 'waiting', actions: 'forgetOpen' },
        },
        on: { OPEN: { actions: 'askToOpen' } },
      },
      ready: {
        on: { OPEN: { actions: 'openDialog' } },
      },
    },
  });
