import { assertEvent, assign, enqueueActions, setup, type AnyActorLogic, type AnyActorRef } from 'xstate';
import { notProvided } from '../requests';

/** What the signed-in-only code brings: the logic of the notification centre, the survey notification and sign-out. */
export type AccountActorLogic = {
  notifications: AnyActorLogic;
  surveyNotification: AnyActorLogic;
  signOut: AnyActorLogic;
};

/** The survey notification's news, as the app works it out (signed in with the survey flag on, or signed out). */
type SurveyNews = { type: 'AUTHENTICATED' } | { type: 'UNAUTHENTICATED' };

export type AccountActorsEvent =
  /** The session settled signed in or signed out: for the notification centre. */
  | { type: 'SIGNED_IN' }
  | { type: 'SIGNED_OUT' }
  | SurveyNews
  /** The notifications page opened: the centre loads its list. */
  | { type: 'NOTIFICATIONS_OPENED' };

export type AccountActorsInput = {
  notifications?: unknown;
  /** The app starts on the notifications page: the centre loads its list once it is there. */
  listWanted?: boolean;
};

type AccountActorsContext = {
  input: AccountActorsInput;
  /** The last session news: the notification centre hears it when it arrives late. */
  signedIn: boolean;
  /** The last survey news, likewise for the survey notification. */
  survey: SurveyNews | null;
  /** The notifications page opened before the centre was there: it loads its list once spawned. */
  listWanted: boolean;
  notifications: AnyActorRef | null;
  surveyNotification: AnyActorRef | null;
  signOut: AnyActorRef | null;
};

/**
 * The app-wide actors only a signed-in user needs: the notification centre (`notifications`), the onboarding
 * survey's notification (`surveyNotification`) and sign-out (`signOut`, which lives on after signing out to show its
 * message). Guests never load their code: the first SIGNED_IN loads it (`load`), spawns the three under
 * their system ids and tells them the latest news; from then on it passes the app's news on. Their code failing to
 * load (offline) leaves them out until the next sign-in; one of them failing (a bug) is reported (`reportChildError`,
 * the app provides it) and stops alone.
 */
export const accountActorsMachine = setup({
  types: {
    input: {} as AccountActorsInput | undefined,
    context: {} as AccountActorsContext,
    events: {} as AccountActorsEvent,
  },
  actors: {
    load: notProvided<AccountActorLogic>('load'),
  },
  actions: {
    reportChildError: () => undefined,
    rememberSession: assign(({ event }) => {
      assertEvent(event, ['SIGNED_IN', 'SIGNED_OUT']);
      return { signedIn: event.type === 'SIGNED_IN' };
    }),
    rememberSurvey: assign(({ event }) => {
      assertEvent(event, ['AUTHENTICATED', 'UNAUTHENTICATED']);
      return { survey: { type: event.type } };
    }),
    tellNotifications: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, ['SIGNED_IN', 'SIGNED_OUT']);
      if (context.notifications) enqueue.sendTo(context.notifications, { type: event.type });
    }),
    tellSurveyNotification: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, ['AUTHENTICATED', 'UNAUTHENTICATED']);
      if (context.surveyNotification) enqueue.sendTo(context.surveyNotification, { type: event.type });
    }),
    wantList: assign({ listWanted: true }),
    askForList: enqueueActions(({ context, enqueue }) => {
      if (context.notifications) enqueue.sendTo(context.notifications, { type: 'LOAD' });
    }),
    /** The news that came while their code loaded, for the actors just spawned. */
    replayNews: enqueueActions(({ context, enqueue }) => {
      if (context.signedIn && context.notifications)
        enqueue.sendTo(context.notifications, { type: 'SIGNED_IN' });
      if (context.listWanted && context.notifications) {
        enqueue.sendTo(context.notifications, { type: 'LOAD' });
        enqueue.assign({ listWanted: false });
      }
      if (context.survey && context.surveyNotification)
        enqueue.sendTo(context.surveyNotification, context.survey);
    }),
  },
})
  // Actions with params join through extend (as in the app machine): TypeScript cannot type them beside the others.
  .extend({
    actions: {
      spawnActors: assign(({ context, spawn }, logic: AccountActorLogic) => ({
        notifications: (spawn as SpawnNamed)(logic.notifications, {
          id: 'notifications',
          systemId: 'notifications',
          input: context.input.notifications ?? {},
        }),
        surveyNotification: (spawn as SpawnNamed)(logic.surveyNotification, {
          id: 'surveyNotification',
          systemId: 'surveyNotification',
          input: {},
        }),
        signOut: (spawn as SpawnNamed)(logic.signOut, { id: 'signOut', systemId: 'signOut', input: {} }),
      })),
    },
  })
  .createMachine({
    id: 'accountActors',
    context: ({ input }) => ({
      input: input ?? {},
      signedIn: false,
      survey: null,
      listWanted: input?.listWanted ?? false,
      notifications: null,
      surveyNotification: null,
      signOut: null,
    }),
    initial: 'waiting',
    on: {
      SIGNED_OUT: { actions: 'rememberSession' },
      AUTHENTICATED: { actions: 'rememberSurvey' },
      UNAUTHENTICATED: { actions: 'rememberSurvey' },
      NOTIFICATIONS_OPENED: { actions: 'wantList' },
      'xstate.error.actor.notifications': { actions: 'reportChildError' },
      'xstate.error.actor.surveyNotification': { actions: 'reportChildError' },
      'xstate.error.actor.signOut': { actions: 'reportChildError' },
    },
    states: {
      /** Nobody signed in yet: nothing loaded. */
      waiting: {
        on: { SIGNED_IN: { target: 'loading', actions: 'rememberSession' } },
      },
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          onDone: {
            target: 'ready',
            actions: [{ type: 'spawnActors', params: ({ event }) => event.output }, 'replayNews'],
          },
          onError: 'failed',
        },
        on: { SIGNED_IN: { actions: 'rememberSession' } },
      },
      ready: {
        on: {
          SIGNED_IN: { actions: ['rememberSession', 'tellNotifications'] },
          SIGNED_OUT: { actions: ['rememberSession', 'tellNotifications'] },
          AUTHENTICATED: { actions: ['rememberSurvey', 'tellSurveyNotification'] },
          UNAUTHENTICATED: { actions: ['rememberSurvey', 'tellSurveyNotification'] },
          NOTIFICATIONS_OPENED: { actions: 'askForList' },
        },
      },
      /** The code could not load (offline): the next sign-in tries again. */
      failed: {
        on: { SIGNED_IN: { target: 'loading', actions: 'rememberSession' } },
      },
    },
  });

/** XState's types allow a spawn id only for logic named in setup; these are loaded. */
type SpawnNamed = (
  logic: AnyActorLogic,
  options: { id: string; systemId: string; input: unknown },
) => AnyActorRef;
