import { assign, fromCallback, setup } from 'xstate';
import { notProvided } from '../../core/requests';

/**
 * A click or a form's submission made on the server's HTML before the app ran: held back (its default prevented),
 * to be done again once the app has taken the page over. Opaque here (the element), so the machine runs in node, in
 * tests and in the visualizer.
 */
export type HeldAction = { kind: 'click' | 'submit'; target: object };

export type HydrateOnIntentEvent =
  /** The visitor moved the pointer, touched, scrolled, pressed a key or focused something on the page. */
  | { type: 'INTENT' }
  /** A click or submission before the app ran (the newest is the one replayed). */
  | { type: 'HELD'; action: HeldAction }
  /** The held action's target is the app's now (or gone from the page): it can be done again. */
  | { type: 'TARGET_TAKEN_OVER' };

/**
 * A page as a guest first sees it (home, a project page): the server's HTML is the whole first view
 * (home's hero, search box and strips; a project's header, scores and vote), and the app's code (React and the app,
 * ~105 KB gzip) loads on the visitor's first sign of intent, not before. A page the server could not render as this browser will show it (`input.atOnce`: a choice kept in storage
 * only, a tour under way) starts the app at once. A click or submission before the app runs is held and done again
 * once it runs and has taken its target over (a part of the page that loads as it comes on screen is taken over
 * later than the rest); text typed meanwhile, and the field focused, are handed to the app (`handOverTyped`). If the app's code cannot load, the held
 * action is done on the server's HTML (a link then loads its page), and the next sign of intent tries again.
 * Actors and actions are the browser's (src/first-load/loader.ts): `intentWatcher` (sends INTENT), `actionHolder` (sends
 * HELD), `startApp` (loads the app, resolves once it runs), `targetTakenOver` (sends TARGET_TAKEN_OVER once the held
 * action's target is the app's), `handOverTyped`, `replay` (the held action).
 */
export const hydrateOnIntentMachine = setup({
  types: {
    context: {} as { atOnce: boolean; held: HeldAction | null },
    events: {} as HydrateOnIntentEvent,
    input: {} as { atOnce: boolean },
    tags: {} as 'error',
  },
  actors: {
    intentWatcher: fromCallback<HydrateOnIntentEvent>(() => () => undefined),
    actionHolder: fromCallback<HydrateOnIntentEvent>(() => () => undefined),
    startApp: notProvided<void>('startApp'),
    targetTakenOver: fromCallback<HydrateOnIntentEvent, { action: HeldAction }>(() => () => undefined),
  },
  actions: {
    hold: assign((_, params: { action: HeldAction }) => ({ held: params.action })),
    forgetHeld: assign({ held: null }),
    handOverTyped: () => undefined,
    replay: (_, _params: { action: HeldAction }) => undefined,
  },
  delays: { nextTask: 0 },
  guards: {
    atOnce: ({ context }) => context.atOnce,
    somethingHeld: ({ context }) => context.held !== null,
  },
}).createMachine({
  id: 'hydrateOnIntent',
  context: ({ input }) => ({ atOnce: input.atOnce, held: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'atOnce', target: 'beforeApp.starting' }, { target: 'beforeApp.waiting' }],
    },
    /** The server's HTML, inert: clicks and submissions are held. */
    beforeApp: {
      invoke: { id: 'actionHolder', src: 'actionHolder' },
      on: { HELD: { actions: { type: 'hold', params: ({ event }) => ({ action: event.action }) } } },
      initial: 'waiting',
      states: {
        /** Nothing of the app is loaded. */
        waiting: {
          invoke: { id: 'intentWatcher', src: 'intentWatcher' },
          on: {
            INTENT: 'starting',
            // A click with no intent before it (a keyboard's Enter on a link focused by the browser): start too.
            HELD: {
              target: 'starting',
              actions: { type: 'hold', params: ({ event }) => ({ action: event.action }) },
            },
          },
        },
        starting: {
          invoke: {
            id: 'startApp',
            src: 'startApp',
            onDone: '#hydrateOnIntent.handingOver',
            onError: '#hydrateOnIntent.failed',
          },
        },
      },
    },
    /**
     * The app runs. Typed text is handed over a task later, and the held action then waits for its target: by then the
     * holder has let go (XState stops an invoked actor after the actions of the transition that leaves it).
     */
    handingOver: {
      after: {
        nextTask: [
          { guard: 'somethingHeld', target: 'replaying', actions: 'handOverTyped' },
          { target: 'running', actions: 'handOverTyped' },
        ],
      },
    },
    /** The held action is done again once its target is the app's (a part below the hero may take longer). */
    replaying: {
      invoke: {
        id: 'targetTakenOver',
        src: 'targetTakenOver',
        input: ({ context }) => ({ action: context.held! }),
      },
      on: {
        TARGET_TAKEN_OVER: {
          target: 'running',
          actions: [{ type: 'replay', params: ({ context }) => ({ action: context.held! }) }, 'forgetHeld'],
        },
      },
    },
    /** The app runs the page: nothing more to do here. */
    running: { type: 'final' },
    /**
     * The app's code did not load: the server's HTML works as a plain page (a held click is done on it, a task later
     * as above) until the next sign of intent.
     */
    failed: {
      tags: ['error'],
      invoke: { id: 'intentWatcher', src: 'intentWatcher' },
      after: {
        nextTask: {
          guard: 'somethingHeld',
          actions: [{ type: 'replay', params: ({ context }) => ({ action: context.held! }) }, 'forgetHeld'],
        },
      },
      on: { INTENT: 'beforeApp.starting' },
    },
  },
});
