import {
  assertEvent,
  assign,
  enqueueActions,
  sendParent,
  setup,
  type AnyActorLogic,
  type AnyActorRef,
} from 'xstate';
import { notProvided } from '../../core/requests';

export type WatchlistHostEvent =
  /** The session settled signed in or signed out (the app tells its children). */
  | { type: 'SIGNED_IN' }
  | { type: 'SIGNED_OUT' }
  /** The watchlists page opened: the lists reload. */
  | { type: 'RELOAD' }
  /** A star clicked before the watchlist's code was there (a guest's, mostly): kept and replayed once it is. */
  | { type: 'TOGGLE'; projectId: string }
  /** The watchlist asks for the login (a guest's action): for the app, this host's parent. */
  | { type: 'OPEN_AUTH'; view: 'login' };

type WatchlistHostContext = {
  /** The last session news (null: none yet); the watchlist hears it when it arrives late. */
  signedIn: boolean | null;
  /** The project of the last star clicked while the code was on its way. */
  keptToggle: string | null;
  /** The watchlist actor (machines/watchlist), once its code has loaded. */
  list: AnyActorRef | null;
};

/**
 * The app-wide watchlist's host. Most visits never use a watchlist: a guest on home sees no star. So its code loads
 * on the first sign-in, or on a guest's first star click (kept and replayed: the watchlist then asks for the login);
 * until then the stars render without it (actors a page does not show are not started). Once loaded it
 * spawns the watchlist (`list`), tells it the session news that came meanwhile, and from then on passes the app's
 * news on. Code that failed to load (offline) is tried again on the next sign-in or click; the watchlist failing
 * (a bug) is reported (`reportChildError`, the app provides it) and stops alone.
 */
export const watchlistHostMachine = setup({
  types: {
    context: {} as WatchlistHostContext,
    events: {} as WatchlistHostEvent,
  },
  actors: {
    load: notProvided<AnyActorLogic>('load'),
  },
  actions: {
    reportChildError: () => undefined,
    rememberSession: assign(({ event }) => {
      assertEvent(event, ['SIGNED_IN', 'SIGNED_OUT']);
      return { signedIn: event.type === 'SIGNED_IN' };
    }),
    keepToggle: assign(({ event }) => {
      assertEvent(event, 'TOGGLE');
      return { keptToggle: event.projectId };
    }),
    dropKeptToggle: assign({ keptToggle: null }),
    /** The app's news or a click, for the watchlist as it came. */
    passOn: enqueueActions(({ context, event, enqueue }) => {
      if (context.list) enqueue.sendTo(context.list, event);
    }),
    askForLogin: sendParent(({ event }) => event),
    /** What came while the code loaded, for the watchlist just spawned: the session first, then the click. */
    replay: enqueueActions(({ context, enqueue }) => {
      if (!context.list) return;
      if (context.signedIn !== null)
        enqueue.sendTo(context.list, { type: context.signedIn ? 'SIGNED_IN' : 'SIGNED_OUT' });
      if (context.keptToggle !== null)
        enqueue.sendTo(context.list, { type: 'TOGGLE', projectId: context.keptToggle });
      enqueue.assign({ keptToggle: null });
    }),
  },
})
  // Actions with params join through extend (as in the app machine): TypeScript cannot type them beside the others.
  .extend({
    actions: {
      spawnList: assign(({ spawn }, logic: AnyActorLogic) => ({
        list: (spawn as SpawnNamed)(logic, { id: 'list' }),
      })),
    },
  })
  .createMachine({
    id: 'watchlistHost',
    context: { signedIn: null, keptToggle: null, list: null },
    initial: 'dormant',
    on: {
      SIGNED_OUT: { actions: 'rememberSession' },
      OPEN_AUTH: { actions: 'askForLogin' },
      'xstate.error.actor.list': { actions: 'reportChildError' },
    },
    states: {
      /** Nobody signed in and no star clicked: nothing loaded. */
      dormant: {
        on: {
          SIGNED_IN: { target: 'loading', actions: 'rememberSession' },
          TOGGLE: { target: 'loading', actions: 'keepToggle' },
        },
      },
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          onDone: {
            target: 'ready',
            actions: [{ type: 'spawnList', params: ({ event }) => event.output }, 'replay'],
          },
          onError: { target: 'failed', actions: 'dropKeptToggle' },
        },
        on: {
          SIGNED_IN: { actions: 'rememberSession' },
          TOGGLE: { actions: 'keepToggle' },
        },
      },
      ready: {
        on: {
          SIGNED_IN: { actions: ['rememberSession', 'passOn'] },
          SIGNED_OUT: { actions: ['rememberSession', 'passOn'] },
          RELOAD: { actions: 'passOn' },
          TOGGLE: { actions: 'passOn' },
        },
      },
      /** The code could not load (offline): the next sign-in or click tries again. */
      failed: {
        on: {
          SIGNED_IN: { target: 'loading', actions: 'rememberSession' },
          TOGGLE: { target: 'loading', actions: 'keepToggle' },
        },
      },
    },
  });

/** XState's types allow a spawn id only for logic named in setup; this one is loaded. */
type SpawnNamed = (logic: AnyActorLogic, options: { id: string }) => AnyActorRef;
