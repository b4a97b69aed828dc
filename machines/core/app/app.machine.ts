import {
  assertEvent,
  assign,
  enqueueActions,
  fromCallback,
  setup,
  type AnyActorLogic,
  type AnyActorRef,
  type InputFrom,
} from 'xstate';
import type { FlagIdentity } from '../../../api/flags';
import { accountActorsMachine } from '../account-actors/accountActors.machine';
import { bannerMachine } from '../../ui/banner/banner.machine';
import { cookieConsentMachine } from '../../ui/cookie-consent/cookieConsent.machine';
import { onIntentMachine } from '../../first-load/on-intent/onIntent.machine';
import { flagsMachine } from '../flags/flags.machine';
import type { NotificationsInput } from '../../account/notifications/notifications.types';
import { sessionMachine, type SessionStatus, type SessionUser } from '../../auth/session/session.machine';
import type { SavedTour } from '../../account/tour/tour.types';
import { watchlistHostMachine } from '../../watchlist/host/watchlistHost.machine';
import { PAGE_PATHS } from '../../../api/pages';
import { notProvided } from '../requests';

/** The views the auth modal opens on. */
export type AuthView = 'login' | 'signup' | 'forgot-password' | 'verify-email';

/**
 * Where the browser is: its path, whether the address asks for the guided tour (`?tour=true`) and whether this
 * tab saved a tour mid-way (a reload resumes it).
 */
export type AppLocation = { path: string; tourRequested: boolean; tourSaved: boolean };

/** What the lazily loaded tour brings: its logic and the progress saved in this tab. */
export type LoadedTour = { logic: AnyActorLogic; resume: SavedTour | null };

/** The children's inputs (what the page and browser storage hold at start). */
export type AppInput = {
  session?: InputFrom<typeof sessionMachine>;
  flags?: InputFrom<typeof flagsMachine>;
  banner?: InputFrom<typeof bannerMachine>;
  cookieConsent?: InputFrom<typeof cookieConsentMachine>;
  /** The notification centre's (one of the signed-in-only actors). */
  notifications?: NotificationsInput;
  /** The address at start. */
  location?: AppLocation;
};

export type AppEvent =
  /** The session settled or changed (sessionObserver). */
  | { type: 'SESSION_CHANGED'; status: SessionStatus; user: SessionUser | null; fetching: boolean }
  /** The onboarding survey's flag (extendedUserSetting) as the flags actor has it now (flagsObserver). */
  | { type: 'SURVEY_FLAG_CHANGED'; enabled: boolean }
  /** The impersonation tool's flag (impersonationTool) as the flags actor has it now (flagsObserver). */
  | { type: 'TOOL_FLAG_CHANGED'; enabled: boolean }
  /** "Impersonate User" (account menu, phone drawer): open the impersonation tool. */
  | { type: 'OPEN_IMPERSONATION' }
  /** Somebody wants the auth modal (header, a signed-out watchlist action, the tour's sign-up card). */
  | { type: 'OPEN_AUTH'; view?: AuthView; email?: string }
  /** Somebody may soon want the auth modal (pointer over or focus on 'Log in' / 'Sign up'): load its code. */
  | { type: 'PREPARE_AUTH' }
  /** The auth modal signed the user in (authModalObserver). */
  | { type: 'SIGNED_IN' }
  /** The browser went to another address (locationObserver). */
  | { type: 'NAVIGATED'; location: AppLocation };

/** Pages that need a session (everything under /my): a signed-out browser is sent to the sign-in page. */
export const requiresSession = (path: string) => path === '/my' || path.startsWith('/my/');

const signedInOf = (status: SessionStatus): boolean | null =>
  status === 'loading' ? null : status === 'authenticated';

const identityOf = (status: SessionStatus, user: SessionUser | null): FlagIdentity =>
  status === 'authenticated' && user?.username && user.email
    ? { targetingKey: user.username, email: user.email }
    : null;

const sameUser = (a: SessionUser | null, b: SessionUser | null) =>
  a?.username === b?.username && a?.email === b?.email && a?.adminId === b?.adminId;

type AppContext = {
  inputs: AppInput;
  status: SessionStatus;
  user: SessionUser | null;
  /** A session fetch is in flight (one follows every sign-in), so signed out may not be final. */
  fetching: boolean;
  surveyEnabled: boolean;
  /** The impersonationTool flag. */
  toolEnabled: boolean;
  /** "Impersonate User" before the tool's code arrived; replayed once it is there. */
  impersonationRequested: boolean;
  impersonation: AnyActorRef | null;
  location: AppLocation;
  /** An OPEN_AUTH that arrived before the auth modal's code did; replayed once it is there. */
  pendingAuth: { view: AuthView; email?: string } | null;
  authModal: AnyActorRef | null;
  tour: AnyActorRef | null;
  /** The progress the tour resumes from, as loaded with it. */
  tourResume: SavedTour | null;
};

/**
 * Spawns loaded logic under a fixed id (its error event is then `xstate.error.actor.<id>`); XState's types allow an
 * id only for logic named in setup.
 */
const spawnNamed = (
  spawn: (logic: AnyActorLogic, options: { systemId: string; input: unknown }) => AnyActorRef,
  logic: AnyActorLogic,
  options: { id: string; systemId: string; input: unknown },
) => spawn(logic, options);

const noCallback = fromCallback(() => () => undefined);

/**
 * The app's root actor: it owns the app-wide actors as children with system ids — `session`, `flags`,
 * `watchlist` (which hosts the watchlist from its first use on), `accountActors` (which hosts `notifications` and
 * `surveyNotification` from the first sign-in on),
 * `banner`, `cookieConsent`, `quote`, and, once their code has loaded, `authModal`, `tour` and `impersonation` — and
 * passes what one of them learns to the others as events:
 * - the session's status and user reach the flags (identity), the watchlist and notifications (signed in or out),
 *   the survey notification (authenticated with the survey flag on) and the tour (a change mid-tour pauses it);
 * - OPEN_AUTH opens the auth modal (kept until its code arrives; PREPARE_AUTH loads the code on intent), and its
 *   sign-in makes the session refetch;
 * - the impersonationTool flag reaches the impersonation tool, and OPEN_IMPERSONATION opens it (kept likewise);
 * - the address decides the tour (on home, asked for by `?tour=true` or a tour saved in this tab), scrolls to the
 *   top and sends the page view on a page change (and the server error page's report), and sends a signed-out
 *   browser away from a page that needs a session; opening the watchlists or notifications page asks its actor for
 *   fresh data.
 * A child that fails is reported and stops alone. Observers (`sessionObserver`, `flagsObserver`,
 * `authModalObserver`) watch the children through the system and report here; `locationObserver`, the loaders and
 * the browser actions (`redirectToSignIn`, `openAuthPage`, `scrollToTop`, `trackPageView`, `reportErrorPageShown`,
 * `reportChildError`) are the app's (defaults do nothing, so the machine runs in node and in the visualizer).
 */
export const appMachine = setup({
  types: {
    input: {} as AppInput | undefined,
    context: {} as AppContext,
    events: {} as AppEvent,
  },
  actors: {
    session: sessionMachine,
    flags: flagsMachine,
    watchlist: watchlistHostMachine,
    accountActors: accountActorsMachine,
    banner: bannerMachine,
    cookieConsent: cookieConsentMachine,
    quote: onIntentMachine,
    /** Reports the session's status and user as SESSION_CHANGED whenever one of them changes. */
    sessionObserver: fromCallback<AppEvent>(({ system, sendBack }) => {
      const session = system.get('session') as AnyActorRef | undefined;
      if (!session) return () => undefined;
      let last: { status: SessionStatus; user: SessionUser | null; fetching: boolean } | null = null;
      const report = () => {
        const snapshot = session.getSnapshot();
        const status: SessionStatus = snapshot.hasTag('authenticated')
          ? 'authenticated'
          : snapshot.hasTag('unauthenticated')
            ? 'unauthenticated'
            : 'loading';
        const user: SessionUser | null = snapshot.context?.session?.user ?? null;
        const fetching = snapshot.hasTag('fetching');
        if (last && last.status === status && last.fetching === fetching && sameUser(last.user, user)) return;
        last = { status, user, fetching };
        sendBack({ type: 'SESSION_CHANGED', status, user, fetching });
      };
      report();
      const subscription = session.subscribe(report);
      return () => subscription.unsubscribe();
    }),
    /** Reports the survey and impersonation flags whenever the flags actor's ready value of one changes. */
    flagsObserver: fromCallback<AppEvent>(({ system, sendBack }) => {
      const flags = system.get('flags') as AnyActorRef | undefined;
      if (!flags) return () => undefined;
      let survey: boolean | null = null;
      let tool: boolean | null = null;
      const report = () => {
        const snapshot = flags.getSnapshot();
        const on = (key: string) => snapshot.hasTag('ready') && snapshot.context?.values?.[key] === true;
        if (on('extendedUserSetting') !== survey) {
          survey = on('extendedUserSetting');
          sendBack({ type: 'SURVEY_FLAG_CHANGED', enabled: survey });
        }
        if (on('impersonationTool') !== tool) {
          tool = on('impersonationTool');
          sendBack({ type: 'TOOL_FLAG_CHANGED', enabled: tool });
        }
      };
      report();
      const subscription = flags.subscribe(report);
      return () => subscription.unsubscribe();
    }),
    /** Reports the auth modal's sign-in. */
    authModalObserver: fromCallback<AppEvent>(({ system, sendBack }) => {
      const modal = system.get('authModal') as AnyActorRef | undefined;
      const subscription = modal?.on('signedIn', () => sendBack({ type: 'SIGNED_IN' }));
      return () => subscription?.unsubscribe();
    }),
    locationObserver: noCallback,
    loadAuthModal: notProvided<AnyActorLogic>('loadAuthModal'),
    loadTour: notProvided<LoadedTour>('loadTour'),
    loadImpersonation: notProvided<AnyActorLogic>('loadImpersonation'),
  },
  guards: {
    tourWanted: ({ context }) =>
      context.location.path === '/' && (context.location.tourRequested || context.location.tourSaved),
    leftHome: ({ context }) => context.location.path !== '/',
    /** The tool's flag is on, or an admin is impersonating (the banner with Exit shows). */
    impersonationWanted: ({ context }) => context.toolEnabled || !!context.user?.adminId,
    /** The address names another page (not only another query, such as the tour dropping `?tour=true`). */
    otherPage: ({ context, event }) =>
      event.type === 'NAVIGATED' && event.location.path !== context.location.path,
    authRequestKept: ({ context }) => context.pendingAuth !== null,
    /** After the event's news is taken in: signed out on a page that needs a session. */
    signedOutOnSessionPage: ({ context, event }) => {
      const session = event.type === 'SESSION_CHANGED' ? event : context;
      const path = event.type === 'NAVIGATED' ? event.location.path : context.location.path;
      return session.status === 'unauthenticated' && !session.fetching && requiresSession(path);
    },
  },
  actions: {
    /** Sends the browser to the sign-in page with a way back (the app provides it). */
    redirectToSignIn: () => undefined,
    /**
     * A child failed (a bug: their own failures, such as a request, are their states). It stops; the rest of the app
     * goes on instead of failing with it. The app provides the report.
     */
    reportChildError: () => undefined,
    /** A page change: the app scrolls to the top (the browser keeps its place on reloads and back). */
    scrollToTop: () => undefined,
    /** A page view for analytics, at start and on every page change (the app provides the call). */
    trackPageView: () => undefined,
    /** The server error page (/500) opened, at start or by a page change: the app reports it (provided). */
    reportErrorPageShown: () => undefined,
    /**
     * The modal's code could not load: the app opens the sign-in pages instead, for the OPEN_AUTH at hand or the
     * one kept while loading (`pendingAuth`).
     */
    openAuthPage: () => undefined,
    rememberSession: assign(({ event }) => {
      assertEvent(event, 'SESSION_CHANGED');
      return { status: event.status, user: event.user, fetching: event.fetching };
    }),
    /** The session's news for the children that depend on it (nothing while it is still loading). */
    tellSessionToChildren: enqueueActions(({ context, enqueue, system }) => {
      const signedIn = signedInOf(context.status);
      if (signedIn === null) return;
      const send = (id: string, event: { type: string; [key: string]: unknown }) => {
        const child = system.get(id) as AnyActorRef | undefined;
        if (child) enqueue.sendTo(child, event);
      };
      send('flags', { type: 'SESSION_CHANGED', identity: identityOf(context.status, context.user) });
      send('watchlist', { type: signedIn ? 'SIGNED_IN' : 'SIGNED_OUT' });
      send('accountActors', { type: signedIn ? 'SIGNED_IN' : 'SIGNED_OUT' });
      if (context.tour) enqueue.sendTo(context.tour, { type: 'SESSION', signedIn });
    }),
    rememberSurveyFlag: assign(({ event }) => {
      assertEvent(event, 'SURVEY_FLAG_CHANGED');
      return { surveyEnabled: event.enabled };
    }),
    /**
     * The survey shows to authenticated users with the survey flag; signing out hides it. (The survey notification
     * is one of the signed-in-only actors: their host passes the news on.)
     */
    tellSurveyNotification: enqueueActions(({ context, enqueue, system }) => {
      const survey = system.get('accountActors') as AnyActorRef | undefined;
      if (!survey) return;
      if (context.status === 'authenticated' && context.surveyEnabled)
        enqueue.sendTo(survey, { type: 'AUTHENTICATED' });
      else if (context.status === 'unauthenticated') enqueue.sendTo(survey, { type: 'UNAUTHENTICATED' });
    }),
    rememberToolFlag: assign(({ event }) => {
      assertEvent(event, 'TOOL_FLAG_CHANGED');
      return { toolEnabled: event.enabled };
    }),
    tellImpersonation: enqueueActions(({ context, enqueue }) => {
      if (context.impersonation)
        enqueue.sendTo(context.impersonation, { type: 'TOOL_ENABLED', enabled: context.toolEnabled });
    }),
    /** Opens the tool, which only exists for admins with the flag; asked before its code arrived, it is kept. */
    openImpersonation: enqueueActions(({ context, enqueue }) => {
      if (!context.toolEnabled) return;
      if (context.impersonation) enqueue.sendTo(context.impersonation, { type: 'OPEN' });
      else enqueue.assign({ impersonationRequested: true });
    }),
    replayImpersonationRequest: enqueueActions(({ context, enqueue }) => {
      if (!context.impersonationRequested || !context.impersonation) return;
      if (context.toolEnabled) enqueue.sendTo(context.impersonation, { type: 'OPEN' });
      enqueue.assign({ impersonationRequested: false });
    }),
    rememberAuthRequest: assign(({ event }) => {
      assertEvent(event, 'OPEN_AUTH');
      return { pendingAuth: { view: event.view ?? 'login', email: event.email } };
    }),
    openAuthModal: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'OPEN_AUTH');
      if (context.authModal)
        enqueue.sendTo(context.authModal, { type: 'OPEN', view: event.view ?? 'login', email: event.email });
    }),
    /** An open asked for before the modal's code arrived. */
    replayAuthRequest: enqueueActions(({ context, enqueue }) => {
      if (!context.pendingAuth || !context.authModal) return;
      enqueue.sendTo(context.authModal, { type: 'OPEN', ...context.pendingAuth });
      enqueue.assign({ pendingAuth: null });
    }),
    refetchSession: enqueueActions(({ enqueue, system }) => {
      const session = system.get('session') as AnyActorRef | undefined;
      if (session) enqueue.sendTo(session, { type: 'SIGNED_IN' });
    }),
    rememberLocation: assign(({ event }) => {
      assertEvent(event, 'NAVIGATED');
      return { location: event.location };
    }),
    /**
     * A page opened that shows an app-wide actor's data: the watchlists reload (lists may have been made elsewhere
     * since: the onboarding survey, another tab), the notification centre loads its list (its host keeps the wish
     * until the centre is there). On the page the app starts on they load with the session, as they always do.
     */
    tellPageOpened: enqueueActions(({ event, enqueue, system }) => {
      assertEvent(event, 'NAVIGATED');
      const tell = (id: string, news: { type: string }) => {
        const child = system.get(id) as AnyActorRef | undefined;
        if (child) enqueue.sendTo(child, news);
      };
      if (event.location.path === PAGE_PATHS.watchlists) tell('watchlist', { type: 'RELOAD' });
      if (event.location.path === PAGE_PATHS.notifications)
        tell('accountActors', { type: 'NOTIFICATIONS_OPENED' });
    }),
    /** After the address is remembered: a page view, and on the server error page its report. */
    pageShown: enqueueActions(({ context, enqueue }) => {
      enqueue('trackPageView');
      if (context.location.path === PAGE_PATHS.serverError) enqueue('reportErrorPageShown');
    }),
    /** Starts the tour where this tab left it, or from the first step. */
    startTour: enqueueActions(({ context, enqueue }) => {
      if (context.tour) enqueue.sendTo(context.tour, { type: 'START', resume: context.tourResume });
    }),
    /** `?tour=true` again while the tour is there (e.g. after it ended): it starts from the first step. */
    restartTourIfAsked: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'NAVIGATED');
      if (context.tour && event.location.tourRequested && event.location.path === '/')
        enqueue.sendTo(context.tour, { type: 'START', resume: null });
    }),
    stopTour: enqueueActions(({ context, enqueue }) => {
      if (context.tour) enqueue.stopChild(context.tour);
      enqueue.assign({ tour: null });
    }),
  },
})
  // Actions with params join through extend: declared beside enqueueActions in one setup, TypeScript cannot type them.
  .extend({
    actions: {
      spawnAuthModal: assign(({ spawn }, params: { logic: AnyActorLogic }) => ({
        authModal: spawnNamed(spawn, params.logic, { id: 'authModal', systemId: 'authModal', input: {} }),
      })),
      spawnImpersonation: assign(({ context, spawn }, params: { logic: AnyActorLogic }) => ({
        impersonation: spawnNamed(spawn, params.logic, {
          id: 'impersonation',
          systemId: 'impersonation',
          input: { toolEnabled: context.toolEnabled },
        }),
      })),
      spawnTour: assign(({ context, spawn }, params: LoadedTour) => ({
        tour: spawnNamed(spawn, params.logic, {
          id: 'tour',
          systemId: 'tour',
          input: { signedIn: signedInOf(context.status) },
        }),
        tourResume: params.resume,
      })),
    },
  })
  .createMachine({
    id: 'app',
    entry: 'pageShown',
    context: ({ input }) => ({
      inputs: input ?? {},
      status: 'loading',
      user: null,
      fetching: true,
      surveyEnabled: false,
      toolEnabled: false,
      impersonationRequested: false,
      impersonation: null,
      location: input?.location ?? { path: '/', tourRequested: false, tourSaved: false },
      pendingAuth: null,
      authModal: null,
      tour: null,
      tourResume: null,
    }),
    // A child's failure is reported and stops that child only (unhandled, it would fail the whole app).
    invoke: [
      {
        id: 'session',
        systemId: 'session',
        src: 'session',
        input: ({ context }) => context.inputs.session ?? {},
        onError: { actions: 'reportChildError' },
      },
      {
        id: 'flags',
        systemId: 'flags',
        src: 'flags',
        input: ({ context }) => context.inputs.flags ?? {},
        onError: { actions: 'reportChildError' },
      },
      { id: 'watchlist', systemId: 'watchlist', src: 'watchlist', onError: { actions: 'reportChildError' } },
      // The notification centre and the survey notification, loaded with the first sign-in (guests never need them).
      {
        id: 'accountActors',
        systemId: 'accountActors',
        src: 'accountActors',
        input: ({ context }) => ({
          notifications: context.inputs.notifications,
          // Started on the notifications page: the centre loads its list as soon as it is there.
          listWanted: context.location.path === PAGE_PATHS.notifications,
        }),
        onError: { actions: 'reportChildError' },
      },
      {
        id: 'banner',
        systemId: 'banner',
        src: 'banner',
        input: ({ context }) => context.inputs.banner ?? { ignored: null },
        onError: { actions: 'reportChildError' },
      },
      {
        id: 'cookieConsent',
        systemId: 'cookieConsent',
        src: 'cookieConsent',
        input: ({ context }) => context.inputs.cookieConsent ?? { accepted: false },
        onError: { actions: 'reportChildError' },
      },
      // The request-a-quote dialog: any 'Request a Quote' button opens it (its code loads on intent).
      {
        id: 'quote',
        systemId: 'quote',
        src: 'quote',
        input: { runsLoaded: true },
        onError: { actions: 'reportChildError' },
      },
      { id: 'sessionObserver', src: 'sessionObserver', onError: { actions: 'reportChildError' } },
      { id: 'flagsObserver', src: 'flagsObserver', onError: { actions: 'reportChildError' } },
      { id: 'locationObserver', src: 'locationObserver', onError: { actions: 'reportChildError' } },
    ],
    type: 'parallel',
    on: {
      SESSION_CHANGED: [
        {
          guard: 'signedOutOnSessionPage',
          actions: ['rememberSession', 'tellSessionToChildren', 'tellSurveyNotification', 'redirectToSignIn'],
        },
        { actions: ['rememberSession', 'tellSessionToChildren', 'tellSurveyNotification'] },
      ],
      NAVIGATED: [
        {
          guard: 'signedOutOnSessionPage',
          actions: ['rememberLocation', 'restartTourIfAsked', 'redirectToSignIn'],
        },
        {
          guard: 'otherPage',
          actions: ['rememberLocation', 'restartTourIfAsked', 'scrollToTop', 'pageShown', 'tellPageOpened'],
        },
        { actions: ['rememberLocation', 'restartTourIfAsked'] },
      ],
      SURVEY_FLAG_CHANGED: { actions: ['rememberSurveyFlag', 'tellSurveyNotification'] },
      TOOL_FLAG_CHANGED: { actions: ['rememberToolFlag', 'tellImpersonation'] },
      OPEN_IMPERSONATION: { actions: 'openImpersonation' },
      'xstate.error.actor.impersonation': { actions: 'reportChildError' },
      SIGNED_IN: { actions: 'refetchSession' },
      // The spawned children fail like the invoked ones: reported, and only they stop.
      'xstate.error.actor.authModal': { actions: 'reportChildError' },
      'xstate.error.actor.tour': { actions: 'reportChildError' },
    },
    states: {
      /**
       * The auth modal's code loads on intent (PREPARE_AUTH) or on the first request, which is then replayed: most
       * visits never open it.
       */
      authModal: {
        initial: 'dormant',
        states: {
          dormant: {
            on: {
              PREPARE_AUTH: 'loading',
              OPEN_AUTH: { target: 'loading', actions: 'rememberAuthRequest' },
            },
          },
          loading: {
            invoke: {
              id: 'loadAuthModal',
              src: 'loadAuthModal',
              onDone: {
                target: 'ready',
                actions: [
                  { type: 'spawnAuthModal', params: ({ event }) => ({ logic: event.output }) },
                  'replayAuthRequest',
                ],
              },
              // A request kept while loading opens the sign-in pages instead.
              onError: [
                { guard: 'authRequestKept', target: 'failed', actions: 'openAuthPage' },
                { target: 'failed' },
              ],
            },
            on: { OPEN_AUTH: { actions: 'rememberAuthRequest' } },
          },
          ready: {
            invoke: { id: 'authModalObserver', src: 'authModalObserver' },
            on: { OPEN_AUTH: { actions: 'openAuthModal' } },
          },
          /** Its code could not load (offline): the sign-in pages open instead. */
          failed: {
            on: {
              OPEN_AUTH: { actions: 'openAuthPage' },
            },
          },
        },
      },
      /**
       * The impersonation tool (and the banner with Exit while impersonating) loads for admins with its flag and
       * for impersonated sessions; once there it stays.
       */
      impersonation: {
        initial: 'off',
        states: {
          off: { always: { guard: 'impersonationWanted', target: 'loading' } },
          loading: {
            invoke: {
              id: 'loadImpersonation',
              src: 'loadImpersonation',
              onDone: {
                target: 'ready',
                actions: [
                  { type: 'spawnImpersonation', params: ({ event }) => ({ logic: event.output }) },
                  'replayImpersonationRequest',
                ],
              },
              onError: 'failed',
            },
          },
          ready: {},
          /** Its code could not load (offline): "Impersonate User" does nothing until the next page load. */
          failed: {},
        },
      },
      /** The guided tour lives on home while the address or the tab asks for it; leaving home stops it. */
      tour: {
        initial: 'off',
        states: {
          off: { always: { guard: 'tourWanted', target: 'loading' } },
          loading: {
            invoke: {
              id: 'loadTour',
              src: 'loadTour',
              onDone: [
                { guard: 'leftHome', target: 'off' },
                {
                  target: 'on',
                  actions: [{ type: 'spawnTour', params: ({ event }) => event.output }, 'startTour'],
                },
              ],
              onError: 'failed',
            },
          },
          /**
           * Its code could not load (offline): no new attempt until the browser leaves home (going back to off at
           * once would load again and again while the address still asks for the tour).
           */
          failed: {
            always: { guard: 'leftHome', target: 'off' },
          },
          on: {
            always: { guard: 'leftHome', target: 'off' },
            exit: 'stopTour',
          },
        },
      },
    },
  });
