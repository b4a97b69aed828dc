import { describe, expect, it } from 'vitest';
import {
  createActor,
  createMachine,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate';
import {
  appMachine,
  requiresSession,
  type AppLocation,
  type AuthView,
} from '../../machines/core/app/app.machine';
import type { SessionStatus, SessionUser } from '../../machines/auth/session/session.machine';
import { PAGE_PATHS } from '../../api/pages';
import { silent, silentObservers, stubChildren } from '../helpers/appStubs';
import { describePaths, pendingActors, replay, withFreshSystems, type StepEffect } from './harness';

/** The lazily loaded modal and tour: they keep their input, to show what the root spawned them with. */
const recordingStub = createMachine({ context: ({ input }) => ({ input }) });
/**
 * The root machine with stub children: every child is a machine that does nothing, so what the root sends them is
 * the step's `sent` list; the observers are silent (their reports are the path's events); the loaders never settle
 * (their answers are the path's events, `xstate.done.actor.<invoke id>`).
 */
const machine = appMachine.provide({
  actors: {
    ...stubChildren,
    ...silentObservers,
    locationObserver: silent as never,
    ...pendingActors('loadAuthModal', 'loadTour', 'loadImpersonation'),
  },
});

/** The modal, the tour and the tool spawn under fixed system ids. */
const explorable = withFreshSystems(machine);

const LOAD_AUTH_MODAL = 'loadAuthModal';
const LOAD_TOUR = 'loadTour';
const LOAD_IMPERSONATION = 'loadImpersonation';
const AUTH_MODAL_OBSERVER = 'authModalObserver';

const ada: SessionUser = { username: '7f0c1c1e-0000-4000-8000-000000000001', email: 'ada@example.com' };
const sessions = [
  { type: 'SESSION_CHANGED', status: 'loading', user: null, fetching: true },
  { type: 'SESSION_CHANGED', status: 'authenticated', user: ada, fetching: false },
  // Signed out after a sign-out, while the confirming refetch runs: not final yet.
  { type: 'SESSION_CHANGED', status: 'unauthenticated', user: null, fetching: true },
  { type: 'SESSION_CHANGED', status: 'unauthenticated', user: null, fetching: false },
];
const at = (path: string, more: Partial<AppLocation> = {}): AppLocation => ({
  path,
  tourRequested: false,
  tourSaved: false,
  ...more,
});
const locations = [
  at('/'),
  at('/', { tourRequested: true }),
  at('/', { tourSaved: true }),
  // Pages that need a session; these two also ask an app-wide actor for fresh data when they open.
  at(PAGE_PATHS.watchlists),
  at(PAGE_PATHS.notifications),
  at('/projects'),
];
const savedTour = { stepId: 'watchlist', card: 'skip' };
/** The invoked children and observers, by invoke id. */
const CHILDREN = [
  'session',
  'flags',
  'watchlist',
  'accountActors',
  'banner',
  'cookieConsent',
  'quote',
  'sessionObserver',
  'flagsObserver',
  'locationObserver',
];
const modalLogic = recordingStub;
const tourLogic = recordingStub;
const toolLogic = recordingStub;

type Ctx = {
  status: SessionStatus;
  user: SessionUser | null;
  fetching: boolean;
  surveyEnabled: boolean;
  location: AppLocation;
  pendingAuth: { view: AuthView; email?: string } | null;
  authModal: AnyActorRef | null;
  tour: AnyActorRef | null;
  tourResume: unknown;
  toolEnabled: boolean;
  impersonationRequested: boolean;
  impersonation: AnyActorRef | null;
};
const ctx = (s: AnyMachineSnapshot) => s.context as Ctx;

/** An event of the path (the harness takes any event object). */
type Ev = EventObject & Record<string, unknown>;

const events = (s: AnyMachineSnapshot): Ev[] => {
  const c = ctx(s);
  // Once the impersonation tool is wanted, only its events: its region is independent of the others, and crossing
  // it with them multiplies the graph past the planner's limit.
  if (!s.matches({ impersonation: 'off' }) || c.toolEnabled || c.impersonationRequested)
    return impersonationEvents(s);
  return [
    // Only news: the observer reports a change.
    ...sessions.filter((e) => e.status !== c.status || e.fetching !== c.fetching),
    { type: 'SURVEY_FLAG_CHANGED', enabled: !c.surveyEnabled },
    { type: 'OPEN_AUTH' },
    { type: 'OPEN_AUTH', view: 'signup', email: 'ada@example.com' },
    ...(s.matches({ authModal: 'dormant' }) ? [{ type: 'PREPARE_AUTH' }] : []),
    { type: 'SIGNED_IN' },
    ...locations.map((location) => ({ type: 'NAVIGATED', location })),
    // A child fails (a bug in it): only it stops. (Offered while the session loads: the same from everywhere.)
    ...(c.status !== 'loading' ? [] : CHILDREN).map((id) => ({
      type: `xstate.error.actor.${id}`,
      error: new Error(`${id} broke`),
    })),
    ...(c.authModal ? [{ type: 'xstate.error.actor.authModal', error: new Error('modal broke') }] : []),
    ...(c.tour ? [{ type: 'xstate.error.actor.tour', error: new Error('tour broke') }] : []),
    ...impersonationEvents(s),
    ...(s.matches({ authModal: 'loading' })
      ? [
          { type: `xstate.done.actor.${LOAD_AUTH_MODAL}`, output: modalLogic },
          { type: `xstate.error.actor.${LOAD_AUTH_MODAL}`, error: new Error('offline') },
        ]
      : []),
    ...(s.matches({ tour: 'loading' })
      ? [
          { type: `xstate.done.actor.${LOAD_TOUR}`, output: { logic: tourLogic, resume: savedTour } },
          { type: `xstate.done.actor.${LOAD_TOUR}`, output: { logic: tourLogic, resume: null } },
          { type: `xstate.error.actor.${LOAD_TOUR}`, error: new Error('offline') },
        ]
      : []),
  ];
};

/** The impersonation tool's events (offered from the start, while the modal's code is not asked for and no tour runs). */
const impersonationEvents = (s: AnyMachineSnapshot): Ev[] => {
  const c = ctx(s);
  if (!s.matches({ authModal: 'dormant', tour: 'off' })) return [];
  return [
    ...(c.impersonation
      ? [{ type: 'xstate.error.actor.impersonation', error: new Error('tool broke') }]
      : []),
    { type: 'TOOL_FLAG_CHANGED', enabled: !c.toolEnabled },
    { type: 'OPEN_IMPERSONATION' },
    ...(s.matches({ impersonation: 'loading' })
      ? [
          { type: `xstate.done.actor.${LOAD_IMPERSONATION}`, output: toolLogic },
          { type: `xstate.error.actor.${LOAD_IMPERSONATION}`, error: new Error('offline') },
        ]
      : []),
  ];
};

/**
 * Snapshots are told apart by what decides where the next events lead: the states, the session (status and
 * whether final), where the browser is (home or not, tour asked for or not) and whether an auth request is kept.
 * The survey flag and the user only change what is sent, which the checks compute from the snapshot before.
 */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = ctx(s);
  return JSON.stringify([
    s.value,
    c.status,
    c.fetching,
    c.location.path === '/' ? 'home' : requiresSession(c.location.path) ? 'my' : 'other',
    c.location.tourRequested || c.location.tourSaved,
    c.pendingAuth !== null,
    c.toolEnabled,
    c.impersonationRequested,
  ]);
};

/** Events the step sent to other actors, children starting aside. */
const sentOf = (step: StepEffect) => {
  // Spawned children show under their actor id: name them by their system id.
  const names = new Map<string, string>();
  for (const s of [step.before, step.after])
    for (const key of ['authModal', 'tour', 'impersonation'] as const) {
      const ref = ctx(s)[key];
      if (ref) names.set(ref.id, key);
    }
  return step.sent
    .filter((s) => s.event.type !== 'xstate.init')
    .map(({ to, event }) => ({ to: names.get(to) ?? to, event }));
};
const named = (step: StepEffect) => step.actions.map((a) => a.type).filter((t) => !t.startsWith('xstate.'));
const redirected = (step: StepEffect) => named(step).includes('redirectToSignIn');
const PAGE_VIEW_ACTIONS = ['scrollToTop', 'trackPageView', 'reportErrorPageShown'];
const started = (step: StepEffect) =>
  step.sent.filter((s) => s.event.type === 'xstate.init').map((s) => s.to);

/** What the survey notification hears (through the signed-in-only actors' host) of the session or the flag. */
const surveyNews = (c: Ctx) =>
  c.status === 'authenticated' && c.surveyEnabled
    ? [{ to: 'accountActors', event: { type: 'AUTHENTICATED' } }]
    : c.status === 'unauthenticated'
      ? [{ to: 'accountActors', event: { type: 'UNAUTHENTICATED' } }]
      : [];

/** What the children hear of a settled session: nothing while it is still loading. */
const sessionNews = (c: Ctx) => {
  if (c.status === 'loading') return [];
  const signedIn = c.status === 'authenticated';
  return [
    {
      to: 'flags',
      event: {
        type: 'SESSION_CHANGED',
        identity: signedIn ? { targetingKey: c.user!.username, email: c.user!.email } : null,
      },
    },
    { to: 'watchlist', event: { type: signedIn ? 'SIGNED_IN' : 'SIGNED_OUT' } },
    { to: 'accountActors', event: { type: signedIn ? 'SIGNED_IN' : 'SIGNED_OUT' } },
    ...(c.tour ? [{ to: 'tour', event: { type: 'SESSION', signedIn } }] : []),
    ...surveyNews(c),
  ];
};

/** Everything but the named context keys is as before. */
function expectOnlyChanged(step: StepEffect, keys: (keyof Ctx)[]) {
  const { before, after } = step;
  for (const key of Object.keys(before.context) as (keyof Ctx)[])
    if (!keys.includes(key)) expect(ctx(after)[key], key).toEqual(ctx(before)[key]);
}

const tourRef = (s: AnyMachineSnapshot) => ctx(s).tour;
const childRefs = (s: AnyMachineSnapshot) => Object.values(s.children);

const transitions: Record<string, (step: StepEffect) => void> = {
  // The session's news reaches the children; signed out for good on a /my page sends the browser to sign in.
  'app|SESSION_CHANGED': (step) => {
    const e = step.event as unknown as { status: SessionStatus; user: SessionUser | null; fetching: boolean };
    expect(ctx(step.after)).toMatchObject({ status: e.status, user: e.user, fetching: e.fetching });
    expectOnlyChanged(step, ['status', 'user', 'fetching']);
    expect(sentOf(step)).toEqual(sessionNews(ctx(step.after)));
    expect(redirected(step)).toBe(
      e.status === 'unauthenticated' && !e.fetching && requiresSession(ctx(step.before).location.path),
    );
    expect(step.after.value).toEqual(step.before.value);
  },
  // A new address: remembered; `?tour=true` on home restarts a tour that is there; signed out for good on a /my
  // page, the browser is sent to sign in.
  'app|NAVIGATED': (step) => {
    const location = step.event.location as AppLocation;
    const b = ctx(step.before);
    expect(ctx(step.after).location).toEqual(location);
    const restart = !!b.tour && location.path === '/' && location.tourRequested;
    expect(sentOf(step).filter((s) => s.event.type === 'START')).toEqual(
      restart ? [{ to: 'tour', event: { type: 'START', resume: null } }] : [],
    );
    const redirect = b.status === 'unauthenticated' && !b.fetching && requiresSession(location.path);
    expect(redirected(step)).toBe(redirect);
    // Another page (not only another query, e.g. the tour dropping ?tour=true): to the top, and a page view; the
    // watchlists and notifications pages ask their actors for fresh data.
    // Opening the server error page also reports it.
    const opened = !redirect && location.path !== b.location.path;
    const pageViews = named(step).filter((t) => PAGE_VIEW_ACTIONS.includes(t));
    expect(pageViews).toEqual(
      !opened
        ? []
        : location.path === PAGE_PATHS.serverError
          ? ['scrollToTop', 'trackPageView', 'reportErrorPageShown']
          : ['scrollToTop', 'trackPageView'],
    );
    expect(sentOf(step).filter((s) => s.event.type !== 'START')).toEqual(
      !opened
        ? []
        : location.path === PAGE_PATHS.watchlists
          ? [{ to: 'watchlist', event: { type: 'RELOAD' } }]
          : location.path === PAGE_PATHS.notifications
            ? [{ to: 'accountActors', event: { type: 'NOTIFICATIONS_OPENED' } }]
            : [],
    );
  },
  // The survey flag: shown to signed-in users with the flag on, hidden when signed out.
  'app|SURVEY_FLAG_CHANGED': (step) => {
    expect(ctx(step.after).surveyEnabled).toBe(step.event.enabled);
    expectOnlyChanged(step, ['surveyEnabled']);
    expect(sentOf(step)).toEqual(surveyNews(ctx(step.after)));
    expect(redirected(step)).toBe(false);
  },
  // The modal signed the user in: the session refetches.
  'app|SIGNED_IN': (step) => {
    expect(sentOf(step)).toEqual([{ to: 'session', event: { type: 'SIGNED_IN' } }]);
    expectOnlyChanged(step, []);
    expect(step.after.value).toEqual(step.before.value);
  },
  // Intent (pointer or focus on Log in / Sign up): the modal's code starts loading, nothing opens.
  'app.authModal.dormant|PREPARE_AUTH': (step) => {
    expect(step.after.matches({ authModal: 'loading' })).toBe(true);
    expect(step.after.children[LOAD_AUTH_MODAL]).toBeDefined();
    expect(ctx(step.after).pendingAuth).toBeNull();
    expect(sentOf(step)).toEqual([]);
    expectOnlyChanged(step, []);
  },
  // The first request loads the modal's code and is kept until it arrives.
  'app.authModal.dormant|OPEN_AUTH': (step) => {
    expect(step.after.matches({ authModal: 'loading' })).toBe(true);
    expect(step.after.children[LOAD_AUTH_MODAL]).toBeDefined();
    expect(ctx(step.after).pendingAuth).toEqual({
      view: (step.event.view as AuthView | undefined) ?? 'login',
      email: step.event.email,
    });
    expectOnlyChanged(step, ['pendingAuth']);
    expect(sentOf(step)).toEqual([]);
  },
  // Before the modal's code is there, the request is kept (the latest wins), nothing opens yet.
  'app.authModal.loading|OPEN_AUTH': (step) => {
    expect(ctx(step.after).pendingAuth).toEqual({
      view: (step.event.view as AuthView | undefined) ?? 'login',
      email: step.event.email,
    });
    expectOnlyChanged(step, ['pendingAuth']);
    expect(sentOf(step)).toEqual([]);
  },
  // The modal's code arrived: it is spawned (system id authModal), watched, and a kept request opens it.
  [`app.authModal.loading|xstate.done.actor.${LOAD_AUTH_MODAL}`]: (step) => {
    const modal = ctx(step.after).authModal!;
    expect(modal).toBeTruthy();
    expect(modal.getSnapshot().status).toBe('active');
    expect(childRefs(step.after)).toContain(modal);
    expect(modal.system.get('authModal')).toBe(modal);
    expect(step.after.children[AUTH_MODAL_OBSERVER]).toBeDefined();
    expect(step.after.children[LOAD_AUTH_MODAL]).toBeUndefined();
    expect(started(step)).toContain(modal.id);
    const kept = ctx(step.before).pendingAuth;
    expect(sentOf(step)).toEqual(kept ? [{ to: 'authModal', event: { type: 'OPEN', ...kept } }] : []);
    expect(ctx(step.after).pendingAuth).toBeNull();
    expectOnlyChanged(step, ['authModal', 'pendingAuth']);
  },
  // The modal's code could not load: no modal; later requests open the sign-in pages.
  // A request kept while it loaded opens the sign-in pages instead.
  [`app.authModal.loading|xstate.error.actor.${LOAD_AUTH_MODAL}`]: (step) => {
    expect(step.after.matches({ authModal: 'failed' })).toBe(true);
    expect(ctx(step.after).authModal).toBeNull();
    expect(step.after.children[LOAD_AUTH_MODAL]).toBeUndefined();
    expect(sentOf(step)).toEqual([]);
    expect(named(step)).toEqual(ctx(step.before).pendingAuth ? ['openAuthPage'] : []);
    expectOnlyChanged(step, []);
  },
  ...Object.fromEntries(
    [...CHILDREN, 'authModal', 'tour', 'impersonation'].map((id) => [
      `app|xstate.error.actor.${id}`,
      (step: StepEffect) => {
        expect(named(step)).toEqual(['reportChildError']);
        expect(step.actions.find((a) => a.type === 'reportChildError')).toBeDefined();
        expect(step.after.status).toBe('active');
        expect(step.after.value).toEqual(step.before.value);
        expect(sentOf(step)).toEqual([]);
        expectOnlyChanged(step, []);
      },
    ]),
  ),
  // The impersonation flag: remembered and passed on to the tool when it is there.
  'app|TOOL_FLAG_CHANGED': (step) => {
    expect(ctx(step.after).toolEnabled).toBe(step.event.enabled);
    expectOnlyChanged(step, ['toolEnabled']);
    const tool = ctx(step.before).impersonation;
    expect(sentOf(step)).toEqual(
      tool ? [{ to: 'impersonation', event: { type: 'TOOL_ENABLED', enabled: step.event.enabled } }] : [],
    );
  },
  // "Impersonate User": opens the tool for admins with the flag; before its code arrived, the request is kept.
  'app|OPEN_IMPERSONATION': (step) => {
    const b = ctx(step.before);
    const opens = b.toolEnabled && b.impersonation !== null;
    expect(sentOf(step)).toEqual(opens ? [{ to: 'impersonation', event: { type: 'OPEN' } }] : []);
    expect(ctx(step.after).impersonationRequested).toBe(
      b.impersonationRequested || (b.toolEnabled && b.impersonation === null),
    );
    expectOnlyChanged(step, ['impersonationRequested']);
  },
  // The flag on, or an impersonated session: the tool's code loads.
  'app.impersonation.off|always': (step) => {
    const c = ctx(step.after);
    expect(c.toolEnabled || !!c.user?.adminId).toBe(true);
    expect(step.after.matches({ impersonation: 'loading' })).toBe(true);
    expect(step.after.children[LOAD_IMPERSONATION]).toBeDefined();
  },
  // The code arrived: the tool is spawned (system id impersonation) knowing the flag; a kept request opens it.
  [`app.impersonation.loading|xstate.done.actor.${LOAD_IMPERSONATION}`]: (step) => {
    const b = ctx(step.before);
    const tool = ctx(step.after).impersonation!;
    expect(tool.getSnapshot().status).toBe('active');
    expect(tool.system.get('impersonation')).toBe(tool);
    expect(tool.getSnapshot().context.input).toEqual({ toolEnabled: b.toolEnabled });
    expect(started(step)).toContain(tool.id);
    expect(sentOf(step)).toEqual(
      b.impersonationRequested && b.toolEnabled ? [{ to: 'impersonation', event: { type: 'OPEN' } }] : [],
    );
    expect(ctx(step.after).impersonationRequested).toBe(false);
    expect(step.after.matches({ impersonation: 'ready' })).toBe(true);
    expectOnlyChanged(step, ['impersonation', 'impersonationRequested']);
  },
  // The code could not load (offline): no tool until the next page load.
  [`app.impersonation.loading|xstate.error.actor.${LOAD_IMPERSONATION}`]: (step) => {
    expect(step.after.matches({ impersonation: 'failed' })).toBe(true);
    expect(ctx(step.after).impersonation).toBeNull();
    expect(sentOf(step)).toEqual([]);
    expectOnlyChanged(step, []);
  },
  'app.authModal.ready|OPEN_AUTH': (step) => {
    expect(sentOf(step)).toEqual([
      {
        to: 'authModal',
        event: {
          type: 'OPEN',
          view: (step.event.view as AuthView | undefined) ?? 'login',
          email: step.event.email,
        },
      },
    ]);
    expect(named(step)).not.toContain('openAuthPage');
    expectOnlyChanged(step, []);
  },
  'app.authModal.failed|OPEN_AUTH': (step) => {
    expect(named(step)).toEqual(['openAuthPage']);
    expect(sentOf(step)).toEqual([]);
    expectOnlyChanged(step, []);
  },
  // On home with the tour asked for (address or saved progress): its code loads.
  'app.tour.off|always': (step) => {
    const { location } = ctx(step.after);
    expect(location.path).toBe('/');
    expect(location.tourRequested || location.tourSaved).toBe(true);
    expect(step.after.matches({ tour: 'loading' })).toBe(true);
    expect(step.after.children[LOAD_TOUR]).toBeDefined();
    expect(tourRef(step.after)).toBeNull();
  },
  // The code arrived after the browser left home: no tour.
  [`app.tour.loading|xstate.done.actor.${LOAD_TOUR}|0`]: (step) => {
    expect(ctx(step.before).location.path).not.toBe('/');
    expect(step.after.matches({ tour: 'off' })).toBe(true);
    expect(tourRef(step.after)).toBeNull();
    expect(started(step)).toEqual([]);
    expect(sentOf(step)).toEqual([]);
  },
  // On home: the tour is spawned (system id tour) knowing whether the user is signed in, and starts where this tab
  // left it.
  [`app.tour.loading|xstate.done.actor.${LOAD_TOUR}|1`]: (step) => {
    const { logic, resume } = step.event.output as { logic: unknown; resume: unknown };
    expect(logic).toBe(tourLogic);
    const tour = tourRef(step.after)!;
    expect(tour.getSnapshot().status).toBe('active');
    expect(tour.system.get('tour')).toBe(tour);
    expect(childRefs(step.after)).toContain(tour);
    const status = ctx(step.before).status;
    expect(tour.getSnapshot().context.input).toEqual({
      signedIn: status === 'loading' ? null : status === 'authenticated',
    });
    expect(ctx(step.after).tourResume).toEqual(resume);
    expect(started(step)).toContain(tour.id);
    expect(sentOf(step)).toEqual([{ to: 'tour', event: { type: 'START', resume } }]);
    expect(step.after.matches({ tour: 'on' })).toBe(true);
  },
  // The code could not load: no tour, and no new attempt while the browser stays on home (off home, it is off).
  [`app.tour.loading|xstate.error.actor.${LOAD_TOUR}`]: (step) => {
    const home = ctx(step.before).location.path === '/';
    expect(step.after.matches({ tour: home ? 'failed' : 'off' })).toBe(true);
    expect(step.after.children[LOAD_TOUR]).toBeUndefined();
    expect(tourRef(step.after)).toBeNull();
    expect(sentOf(step)).toEqual([]);
  },
  // Leaving home after a failed load: the next visit asking for the tour tries again.
  'app.tour.failed|always': (step) => {
    expect(ctx(step.after).location.path).not.toBe('/');
    expect(step.after.matches({ tour: 'off' })).toBe(true);
  },
  // Leaving home stops the tour.
  'app.tour.on|always': (step) => {
    const tour = tourRef(step.before)!;
    expect(tour).toBeTruthy();
    expect(ctx(step.after).location.path).not.toBe('/');
    expect(tour.getSnapshot().status).toBe('stopped');
    expect(childRefs(step.after)).not.toContain(tour);
    expect(tourRef(step.after)).toBeNull();
    expect(step.after.matches({ tour: 'off' })).toBe(true);
  },
};

const states = {
  // Every child the app owns runs from the start, under its system id.
  'app.authModal': (s: AnyMachineSnapshot) => {
    for (const id of ['session', 'flags', 'watchlist', 'accountActors', 'banner', 'cookieConsent']) {
      expect(s.children[id], id).toBeDefined();
      expect((s.children[id] as AnyActorRef).system.get(id)).toBe(s.children[id]);
    }
  },
  'app.authModal.dormant': (s: AnyMachineSnapshot) => {
    expect(ctx(s).authModal).toBeNull();
    expect(s.children[LOAD_AUTH_MODAL]).toBeUndefined();
  },
  'app.authModal.loading': (s: AnyMachineSnapshot) => {
    expect(ctx(s).authModal).toBeNull();
    expect(s.children[LOAD_AUTH_MODAL]).toBeDefined();
  },
  'app.authModal.ready': (s: AnyMachineSnapshot) => {
    expect(ctx(s).authModal).toBeTruthy();
    expect(ctx(s).pendingAuth).toBeNull();
  },
  'app.authModal.failed': (s: AnyMachineSnapshot) => expect(ctx(s).authModal).toBeNull(),
  'app.tour.off': (s: AnyMachineSnapshot) => expect(ctx(s).tour).toBeNull(),
  'app.tour.loading': (s: AnyMachineSnapshot) => {
    expect(s.children[LOAD_TOUR]).toBeDefined();
    expect(ctx(s).tour).toBeNull();
  },
  'app.tour.on': (s: AnyMachineSnapshot) => {
    expect(ctx(s).location.path).toBe('/');
    expect(ctx(s).tour!.getSnapshot().status).toBe('active');
  },
  'app.tour.failed': (s: AnyMachineSnapshot) => {
    expect(ctx(s).location.path).toBe('/');
    expect(ctx(s).tour).toBeNull();
  },
};

// Each snapshot offers ~20 events: the planner's default limit of 5,000 steps is too few.
const LIMIT = 12_000;
// The loaders' answers carry the recording stub: a kept plan names it.
const options = { events, serializeState, states, transitions, limit: LIMIT, keep: { recordingStub } };

const toolFlag = (enabled: boolean): Ev => ({ type: 'TOOL_FLAG_CHANGED', enabled });
const openTool: Ev = { type: 'OPEN_IMPERSONATION' };
const toolLoaded: Ev = { type: `xstate.done.actor.${LOAD_IMPERSONATION}`, output: toolLogic };
const tourAsked: Ev = { type: 'NAVIGATED', location: at('/', { tourRequested: true }) };
/**
 * What the shortest paths miss because the state key leaves it out: whether the tool, the tour or the modal is
 * there decides what a root event sends, and its first taking was without them.
 */
const also: Ev[][] = [
  // "Impersonate User" before the tool's code: kept and replayed; then the flag off and on again reaches the tool,
  // and only with the flag on does the menu item open it.
  [toolFlag(true), openTool, toolLoaded, toolFlag(false), openTool, toolFlag(true), openTool],
  // Asked while the flag was on, the flag off before the code arrived: not opened, and forgotten.
  [toolFlag(true), openTool, toolFlag(false), toolLoaded, toolFlag(true), openTool],
  // The modal's code loaded on intent, with no request kept: nothing opens; the next request opens it.
  [
    { type: 'PREPARE_AUTH' },
    { type: `xstate.done.actor.${LOAD_AUTH_MODAL}`, output: modalLogic },
    { type: 'OPEN_AUTH' },
  ],
  // A running tour hears the session, restarts when the address asks again, and stops off home.
  [
    tourAsked,
    { type: `xstate.done.actor.${LOAD_TOUR}`, output: { logic: tourLogic, resume: null } },
    sessions[1]!,
    tourAsked,
    { type: 'NAVIGATED', location: at('/', { tourSaved: true }) },
    sessions[3]!,
    { type: 'NAVIGATED', location: at('/projects') },
  ],
];
describePaths('app', explorable, { ...options, also });
// Starting on a /my page, or on home with a saved tour.
describePaths('app', explorable, { ...options, input: { location: at('/my/settings') } });

/** Replays chosen events with the same checks, and returns what each step sent. */
function run(events: Ev[], input?: unknown) {
  const steps: StepEffect[] = [];
  replay(explorable, input, events, (step) => {
    for (const key of step.transitions) {
      const check = transitions[key] ?? transitions[key.slice(0, key.lastIndexOf('|'))];
      check?.(step);
    }
    steps.push(step);
  });
  return steps;
}

describe('app relays', () => {
  it('tells the survey notification only once signed in with the flag on, in either order', () => {
    const steps = run([sessions[1]!, { type: 'SURVEY_FLAG_CHANGED', enabled: true }]);
    expect(sentOf(steps[1]!)).not.toContainEqual({ to: 'accountActors', event: { type: 'AUTHENTICATED' } });
    expect(sentOf(steps[2]!)).toEqual([{ to: 'accountActors', event: { type: 'AUTHENTICATED' } }]);
    const other = run([{ type: 'SURVEY_FLAG_CHANGED', enabled: true }, sessions[1]!]);
    expect(sentOf(other[1]!)).toEqual([]);
    expect(sentOf(other[2]!)).toContainEqual({ to: 'accountActors', event: { type: 'AUTHENTICATED' } });
  });

  it('sends a signed-out browser away from /my only once the session is final', () => {
    const steps = run([{ type: 'NAVIGATED', location: at('/my/settings') }, sessions[2]!, sessions[3]!]);
    expect(redirected(steps[1]!)).toBe(false); // still loading
    expect(redirected(steps[2]!)).toBe(false); // a fetch is in flight
    expect(redirected(steps[3]!)).toBe(true);
    const elsewhere = run([sessions[3]!, { type: 'NAVIGATED', location: at('/projects') }]);
    expect(elsewhere.some(redirected)).toBe(false);
  });

  it('starting on the notifications page, has the centre load its list once it is there', () => {
    const inputOf = (path: string) => {
      const actor = createActor(machine.provide({ actors: { accountActors: recordingStub as never } }), {
        input: { location: at(path) },
      }).start();
      const input = actor.getSnapshot().children.accountActors!.getSnapshot().context.input;
      actor.stop();
      return input;
    };
    expect(inputOf(PAGE_PATHS.notifications)).toEqual({ notifications: undefined, listWanted: true });
    expect(inputOf(PAGE_PATHS.watchlists)).toEqual({ notifications: undefined, listWanted: false });
  });

  it('reports the server error page when the app starts on it or opens it, once', () => {
    const [start] = run([], { location: at(PAGE_PATHS.serverError) });
    expect(named(start!).filter((t) => PAGE_VIEW_ACTIONS.includes(t))).toEqual([
      'trackPageView',
      'reportErrorPageShown',
    ]);
    const [home, opened, again] = run([
      { type: 'NAVIGATED', location: at(PAGE_PATHS.serverError) },
      { type: 'NAVIGATED', location: at(PAGE_PATHS.serverError, { tourRequested: true }) },
    ]);
    expect(named(home!).filter((t) => PAGE_VIEW_ACTIONS.includes(t))).toEqual(['trackPageView']);
    expect(named(opened!)).toContain('reportErrorPageShown');
    expect(named(again!)).not.toContain('reportErrorPageShown'); // only the query changed
  });

  it('opens the modal with the request kept while its code loaded', () => {
    const steps = run([
      { type: 'OPEN_AUTH', view: 'signup', email: 'ada@example.com' },
      { type: `xstate.done.actor.${LOAD_AUTH_MODAL}`, output: modalLogic },
    ]);
    expect(sentOf(steps[2]!)).toEqual([
      { to: 'authModal', event: { type: 'OPEN', view: 'signup', email: 'ada@example.com' } },
    ]);
  });

  it('resumes a saved tour, tells it of sign-ins, stops it off home and restarts it on ?tour=true', () => {
    const steps = run(
      [
        { type: `xstate.done.actor.${LOAD_TOUR}`, output: { logic: tourLogic, resume: savedTour } },
        sessions[1]!,
        { type: 'NAVIGATED', location: at('/', { tourRequested: true }) },
        { type: 'NAVIGATED', location: at('/projects') },
      ],
      { location: at('/', { tourSaved: true }) },
    );
    expect(steps[0]!.after.matches({ tour: 'loading' })).toBe(true);
    expect(sentOf(steps[1]!)).toEqual([{ to: 'tour', event: { type: 'START', resume: savedTour } }]);
    expect(sentOf(steps[2]!)).toContainEqual({ to: 'tour', event: { type: 'SESSION', signedIn: true } });
    expect(sentOf(steps[3]!)).toEqual([{ to: 'tour', event: { type: 'START', resume: null } }]);
    expect(steps[4]!.after.matches({ tour: 'off' })).toBe(true);
  });

  it('does not load the tour again and again when its code fails to load', () => {
    const steps = run([
      { type: 'NAVIGATED', location: at('/', { tourRequested: true }) },
      { type: `xstate.error.actor.${LOAD_TOUR}`, error: new Error('offline') },
      { type: 'NAVIGATED', location: at('/', { tourRequested: true }) },
      { type: 'NAVIGATED', location: at('/projects') },
      { type: 'NAVIGATED', location: at('/', { tourRequested: true }) },
    ]);
    expect(steps[2]!.after.matches({ tour: 'failed' })).toBe(true);
    expect(steps[3]!.after.matches({ tour: 'failed' })).toBe(true);
    expect(steps[4]!.after.matches({ tour: 'off' })).toBe(true);
    expect(steps[5]!.after.matches({ tour: 'loading' })).toBe(true);
  });
});

describe('app start', () => {
  /** Children that keep their input, to show what the root started them with. */
  const withRecorders = machine.provide({
    actors: {
      session: recordingStub as never,
      flags: recordingStub as never,
      accountActors: recordingStub as never,
      banner: recordingStub as never,
      cookieConsent: recordingStub as never,
      quote: recordingStub as never,
    },
  });
  const inputOf = (actor: { getSnapshot: () => AnyMachineSnapshot }, id: string) =>
    (actor.getSnapshot().children[id] as AnyActorRef).getSnapshot().context.input as unknown;

  it('starts on home with the session loading, nothing loaded, and the children’s default inputs', () => {
    const actor = createActor(withRecorders, { input: undefined }).start();
    expect(ctx(actor.getSnapshot())).toEqual({
      inputs: {},
      status: 'loading',
      user: null,
      fetching: true,
      surveyEnabled: false,
      toolEnabled: false,
      impersonationRequested: false,
      impersonation: null,
      location: { path: '/', tourRequested: false, tourSaved: false },
      pendingAuth: null,
      authModal: null,
      tour: null,
      tourResume: null,
    });
    expect(inputOf(actor, 'session')).toEqual({});
    expect(inputOf(actor, 'flags')).toEqual({});
    expect(inputOf(actor, 'banner')).toEqual({ ignored: null });
    expect(inputOf(actor, 'cookieConsent')).toEqual({ accepted: false });
    expect(inputOf(actor, 'quote')).toEqual({ runsLoaded: true });
    expect(inputOf(actor, 'accountActors')).toEqual({ notifications: undefined, listWanted: false });
    actor.stop();
  });

  it('hands each child what the page and the browser’s storage hold', () => {
    const input = {
      session: { servedSignedOut: true },
      flags: { values: { extendedUserSetting: true } },
      banner: { ignored: 'Maintenance' },
      cookieConsent: { accepted: true },
      notifications: { pollInterval: 5000 },
      location: at(PAGE_PATHS.notifications),
    };
    const actor = createActor(withRecorders, { input: input as never }).start();
    expect(ctx(actor.getSnapshot()).location).toEqual(input.location);
    expect(inputOf(actor, 'session')).toEqual(input.session);
    expect(inputOf(actor, 'flags')).toEqual(input.flags);
    expect(inputOf(actor, 'banner')).toEqual(input.banner);
    expect(inputOf(actor, 'cookieConsent')).toEqual(input.cookieConsent);
    // Started on the notifications page: the centre loads its list at once.
    expect(inputOf(actor, 'accountActors')).toEqual({ notifications: input.notifications, listWanted: true });
    actor.stop();
  });
});

describe('pages that need a session', () => {
  it('are /my and the pages under it, nothing else', () => {
    expect(requiresSession('/my')).toBe(true);
    expect(requiresSession('/my/settings')).toBe(true);
    expect(requiresSession(PAGE_PATHS.watchlists)).toBe(true);
    expect(requiresSession('/')).toBe(false);
    expect(requiresSession('/myriad')).toBe(false);
    expect(requiresSession('/projects/my')).toBe(false);
  });
});
