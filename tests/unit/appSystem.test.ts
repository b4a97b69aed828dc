/**
 * The app's one actor system: the root machine with its REAL children (session, flags, watchlist,
 * notifications, survey notification, banner, cookie consent) and the real observers; only the children's fetches
 * (and the lazily loaded auth modal) are in-memory fakes. What the system does is asserted as a user would notice
 * it: the children's states, tags and context, and the calls made to the fakes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createActor,
  createMachine,
  emit,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type AnyActorLogic,
  type AnyActorRef,
  type Actor,
} from 'xstate';
import type { FlagIdentity } from '../../api/flags';
import { appMachine, type AppLocation } from '../../machines/core/app/app.machine';
import {
  accountActorsMachine,
  type AccountActorLogic,
} from '../../machines/core/account-actors/accountActors.machine';
import { bannerMachine } from '../../machines/ui/banner/banner.machine';
import { flagsMachine } from '../../machines/core/flags/flags.machine';
import { notificationsMachine } from '../../machines/account/notifications/notifications.machine';
import { sessionMachine, type SessionData } from '../../machines/auth/session/session.machine';
import { surveyNotificationMachine } from '../../machines/account/survey-notification/surveyNotification.machine';
import { watchlistMachine } from '../../machines/watchlist/list/watchlist.machine';
import { watchlistHostMachine } from '../../machines/watchlist/host/watchlistHost.machine';
import { watchlistInApp } from '../../src/features/watchlist/liveWatchlist';

const ada = { username: '7f0c1c1e-0000-4000-8000-000000000001', email: 'ada@example.com' };
const home: AppLocation = { path: '/', tourRequested: false, tourSaved: false };
const settle = () => new Promise<void>((r) => setTimeout(r, 0));
// `never`: one silent watcher fits every machine's typed watcher slot.
const silent = fromCallback(() => () => undefined) as never;

/** A promise whose settling the test decides. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A tiny auth modal: it records what opens it and emits signedIn when told the user signed in. */
const modalLogic = createMachine({
  types: {} as { context: { opened: unknown[] }; events: { type: string; [k: string]: unknown } },
  context: { opened: [] },
  on: {
    OPEN: { actions: ({ context, event }) => context.opened.push(event) },
    DONE: { actions: emit({ type: 'signedIn' }) },
  },
});

type Fakes = ReturnType<typeof makeFakes>;
function makeFakes() {
  const server = {
    /** What the next session fetch answers (a signed-in session or none). */
    session: { user: ada, expires: '2030-01-01T00:00:00.000Z' } as SessionData,
    flagValues: { extendedUserSetting: true } as Record<string, unknown>,
  };
  const calls = {
    fetchSession: 0,
    evaluate: [] as FlagIdentity[],
    loadWatchlists: 0,
    loadWatchlistCode: 0,
    getUnreadCount: 0,
    fetchSurveyStatus: 0,
    loadAccountActors: 0,
    redirectToSignIn: [] as string[],
  };
  /** Session fetches the test holds in flight (when `holdSession` is set). */
  const heldSessions: ReturnType<typeof deferred<SessionData>>[] = [];
  const control = { holdSession: false };
  const modal = deferred<typeof modalLogic>();
  return { server, calls, heldSessions, control, modal };
}

function startApp(fakes: Fakes, options: { location?: AppLocation; clock?: SimulatedClock } = {}) {
  const { server, calls, heldSessions, control, modal } = fakes;
  const machine = appMachine.provide({
    actors: {
      session: sessionMachine.provide({
        actors: {
          fetchSession: fromPromise<SessionData>(async () => {
            calls.fetchSession++;
            if (control.holdSession) {
              const d = deferred<SessionData>();
              heldSessions.push(d);
              return d.promise;
            }
            return structuredClone(server.session);
          }),
          visibilityWatcher: silent,
          storageWatcher: silent,
        },
      }),
      flags: flagsMachine.provide({
        actors: {
          evaluate: fromPromise<Record<string, unknown>, FlagIdentity>(async ({ input }) => {
            calls.evaluate.push(input);
            return input ? { ...server.flagValues } : {};
          }) as never,
          watch: silent,
        },
      }) as never,
      // The watchlist, whose code the app loads with the first sign-in or a guest's first star click.
      watchlist: watchlistHostMachine.provide({
        actors: {
          load: fromPromise<AnyActorLogic>(async () => {
            calls.loadWatchlistCode++;
            return watchlistInApp(
              watchlistMachine.provide({
                actors: {
                  loadWatchlists: fromPromise(async () => {
                    calls.loadWatchlists++;
                    return [{ id: 'w1', name: 'DeFi', projects: ['aave'] }];
                  }),
                },
              }),
            );
          }),
        },
      }),
      // The signed-in-only actors, whose code the app loads with the first sign-in.
      accountActors: accountActorsMachine.provide({
        actors: {
          load: fromPromise<AccountActorLogic>(async () => {
            calls.loadAccountActors++;
            return {
              notifications: notificationsMachine.provide({
                actors: {
                  getUnreadCount: fromPromise(async () => {
                    calls.getUnreadCount++;
                    return { unread: 2 };
                  }),
                  visibilityWatcher: silent,
                },
              }) as never,
              surveyNotification: surveyNotificationMachine.provide({
                actors: {
                  fetchSurveyStatus: fromPromise(async () => {
                    calls.fetchSurveyStatus++;
                    return { survey: null, completedAt: null };
                  }) as never,
                  readLastNotification: fromPromise(async () => ({
                    lastTime: null,
                    now: Date.now(),
                  })) as never,
                },
              }) as never,
              signOut: createMachine({}),
            };
          }),
        },
      }),
      banner: bannerMachine.provide({
        actors: {
          fetchAnnouncement: fromPromise(async () => ({
            content: 'Scores updated',
            link: '/methodology',
            linkText: 'Read more',
          })) as never,
        },
      }) as never,
      loadAuthModal: fromPromise(() => modal.promise) as never,
      loadTour: fromPromise(() => new Promise<never>(() => undefined)) as never,
    },
    actions: {
      redirectToSignIn: ({ context }) => {
        calls.redirectToSignIn.push((context as { location: AppLocation }).location.path);
      },
    },
  });
  return createActor(machine, {
    input: {
      location: options.location ?? home,
      banner: { ignored: null },
      cookieConsent: { accepted: false },
      notifications: { pollInterval: 1000 },
    },
    ...(options.clock ? { clock: options.clock } : {}),
  }).start();
}

const child = (app: Actor<typeof appMachine>, id: string) => app.system.get(id) as AnyActorRef;
/** The watchlist itself (its host's child, once loaded). */
const lists = (app: Actor<typeof appMachine>) =>
  child(app, 'watchlist').getSnapshot().context.list as AnyActorRef | null;

let running: Actor<typeof appMachine> | null = null;
afterEach(() => {
  running?.stop();
  running = null;
  vi.unstubAllGlobals();
});

/** The app started without a session and settled: the session says unauthenticated. */
async function startGuest() {
  const fakes = makeFakes();
  fakes.server.session = {};
  const app = (running = startApp(fakes));
  await settle();
  expect(child(app, 'session').getSnapshot().hasTag('unauthenticated')).toBe(true);
  return { fakes, app };
}

describe('app actor system', () => {
  it('passes a sign-in to flags, watchlist, notifications and the survey, and a sign-out back', async () => {
    const fakes = makeFakes();
    const clock = new SimulatedClock();
    const app = (running = startApp(fakes, { clock }));
    // Before the session answers, nobody acts on it.
    expect(child(app, 'flags').getSnapshot().hasTag('loading')).toBe(true);
    expect(fakes.calls.evaluate).toEqual([]);
    expect(fakes.calls.loadWatchlists).toBe(0);
    await settle();
    await settle();

    expect(child(app, 'session').getSnapshot().hasTag('authenticated')).toBe(true);
    expect(app.getSnapshot().context).toMatchObject({ status: 'authenticated', user: ada, fetching: false });
    // Flags evaluated for the signed-in identity.
    expect(fakes.calls.evaluate).toEqual([{ targetingKey: ada.username, email: ada.email }]);
    const flags = child(app, 'flags').getSnapshot();
    expect(flags.hasTag('ready')).toBe(true);
    expect(flags.context.values).toEqual({ extendedUserSetting: true });
    // The watchlist loaded the user's lists.
    expect(fakes.calls.loadWatchlists).toBe(1);
    expect(fakes.calls.loadWatchlistCode).toBe(1);
    expect(lists(app)!.getSnapshot().hasTag('ready')).toBe(true);
    expect(lists(app)!.getSnapshot().context.lists).toEqual([{ id: 'w1', name: 'DeFi', projects: ['aave'] }]);
    // The signed-in-only actors loaded once; notifications fetched the unread count, and poll it.
    expect(fakes.calls.loadAccountActors).toBe(1);
    expect(fakes.calls.getUnreadCount).toBe(1);
    expect(child(app, 'notifications').getSnapshot().context.unread).toBe(2);
    clock.increment(1000);
    await settle();
    expect(fakes.calls.getUnreadCount).toBe(2);
    // The survey flag is on: the survey notification checked and shows (never postponed).
    expect(app.getSnapshot().context.surveyEnabled).toBe(true);
    expect(fakes.calls.fetchSurveyStatus).toBe(1);
    await settle();
    expect(child(app, 'surveyNotification').getSnapshot().hasTag('open')).toBe(true);
    // Banner and cookie consent run in the same system (shown: an announcement, no consent yet).
    expect(child(app, 'banner').getSnapshot().hasTag('open')).toBe(true);
    expect(child(app, 'cookieConsent').getSnapshot().hasTag('open')).toBe(true);

    // Sign-out (the session learns it, e.g. from another tab): everything is reversed.
    fakes.server.session = {};
    child(app, 'session').send({ type: 'SIGNED_OUT' });
    await settle();
    await settle();
    expect(child(app, 'session').getSnapshot().hasTag('unauthenticated')).toBe(true);
    expect(fakes.calls.evaluate.at(-1)).toBeNull();
    expect(child(app, 'flags').getSnapshot().context.values).toEqual({});
    expect(app.getSnapshot().context.surveyEnabled).toBe(false);
    expect(lists(app)!.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(lists(app)!.getSnapshot().context.lists).toEqual([]);
    expect(child(app, 'notifications').getSnapshot().hasTag('signedOut')).toBe(true);
    expect(child(app, 'surveyNotification').getSnapshot().hasTag('open')).toBe(false);
    expect(child(app, 'surveyNotification').getSnapshot().value).toBe('signedOut');
    const polls = fakes.calls.getUnreadCount;
    clock.increment(5000);
    await settle();
    expect(fakes.calls.getUnreadCount).toBe(polls);
  });

  it('does not show the survey when the flag is off', async () => {
    const fakes = makeFakes();
    fakes.server.flagValues = { extendedUserSetting: false };
    const app = (running = startApp(fakes));
    await settle();
    await settle();
    await settle();
    expect(child(app, 'session').getSnapshot().hasTag('authenticated')).toBe(true);
    expect(child(app, 'flags').getSnapshot().hasTag('ready')).toBe(true);
    expect(fakes.calls.fetchSurveyStatus).toBe(0);
    expect(child(app, 'surveyNotification').getSnapshot().value).toBe('signedOut');
  });

  it('keeps an OPEN_AUTH asked for before the modal code loaded and opens it after; its sign-in refetches', async () => {
    const { fakes, app } = await startGuest();
    // The signed-in-only actors' code is not loaded, and they are not in the system.
    expect(fakes.calls.loadAccountActors).toBe(0);
    expect(app.system.get('notifications')).toBeUndefined();
    expect(app.system.get('surveyNotification')).toBeUndefined();
    // Nor is the watchlist's.
    expect(fakes.calls.loadWatchlistCode).toBe(0);
    expect(lists(app)).toBeNull();
    app.send({ type: 'OPEN_AUTH', view: 'signup', email: 'ada@example.com' });
    expect(app.system.get('authModal')).toBeUndefined();
    fakes.modal.resolve(modalLogic);
    await settle();
    const modal = child(app, 'authModal');
    expect(modal).toBeDefined();
    expect(modal.getSnapshot().context.opened).toEqual([
      { type: 'OPEN', view: 'signup', email: 'ada@example.com' },
    ]);
    app.send({ type: 'OPEN_AUTH' });
    expect(modal.getSnapshot().context.opened.at(-1)).toEqual({
      type: 'OPEN',
      view: 'login',
      email: undefined,
    });

    // The modal signs the user in: the session refetches and shows them signed in.
    const fetches = fakes.calls.fetchSession;
    fakes.server.session = { user: ada, expires: '2030-01-01T00:00:00.000Z' };
    modal.send({ type: 'DONE' });
    expect(fakes.calls.fetchSession).toBe(fetches + 1);
    await settle();
    await settle();
    expect(child(app, 'session').getSnapshot().hasTag('authenticated')).toBe(true);
    await settle();
    expect(fakes.calls.loadWatchlistCode).toBe(1);
    expect(lists(app)!.getSnapshot().hasTag('ready')).toBe(true);
    // Signed in now: their code loads once, and the notification centre fetched the unread count.
    await settle();
    expect(fakes.calls.loadAccountActors).toBe(1);
    expect(child(app, 'notifications').getSnapshot().context.unread).toBe(2);
  });

  it("loads a guest's watchlist on the first star click, which then asks for the login and says why", async () => {
    const { fakes, app } = await startGuest();
    expect(fakes.calls.loadWatchlistCode).toBe(0);
    // A star clicked before the watchlist is there goes to its host.
    child(app, 'watchlist').send({ type: 'TOGGLE', projectId: 'aave' });
    await settle();
    expect(fakes.calls.loadWatchlistCode).toBe(1);
    expect(lists(app)!.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(lists(app)!.getSnapshot().context.message).toMatchObject({
      kind: 'info',
      text: 'Please login to add projects to your watchlist.',
    });
    // The request reached the app: the auth modal's code loads and the modal opens on the login view.
    fakes.modal.resolve(modalLogic);
    await settle();
    expect(child(app, 'authModal').getSnapshot().context.opened.at(-1)).toEqual({
      type: 'OPEN',
      view: 'login',
      email: undefined,
    });
    expect(fakes.calls.loadWatchlists).toBe(0);
  });

  it('sends a signed-out browser on /my/settings to sign in, but not while a session fetch is in flight', async () => {
    const fakes = makeFakes();
    fakes.server.session = {};
    fakes.control.holdSession = true;
    const app = (running = startApp(fakes));
    // Navigating to /my while the first fetch runs: no redirect yet.
    app.send({
      type: 'NAVIGATED',
      location: { path: '/my/settings', tourRequested: false, tourSaved: false },
    });
    expect(fakes.calls.redirectToSignIn).toEqual([]);
    fakes.heldSessions.shift()!.resolve({});
    await settle();
    expect(child(app, 'session').getSnapshot().hasTag('unauthenticated')).toBe(true);
    expect(fakes.calls.redirectToSignIn).toEqual(['/my/settings']);

    // Signed out and at home; a refetch in flight (e.g. the tab became visible) when the browser goes to /my:
    // no redirect until the answer confirms signed out.
    app.send({ type: 'NAVIGATED', location: home });
    child(app, 'session').send({ type: 'REFETCH' });
    expect(child(app, 'session').getSnapshot().hasTag('fetching')).toBe(true);
    app.send({
      type: 'NAVIGATED',
      location: { path: '/my/settings', tourRequested: false, tourSaved: false },
    });
    expect(fakes.calls.redirectToSignIn).toEqual(['/my/settings']);
    fakes.heldSessions.shift()!.resolve({});
    await settle();
    expect(fakes.calls.redirectToSignIn).toEqual(['/my/settings', '/my/settings']);

    // Elsewhere, signed out is fine.
    app.send({ type: 'NAVIGATED', location: { path: '/projects', tourRequested: false, tourSaved: false } });
    expect(fakes.calls.redirectToSignIn).toHaveLength(2);
  });
});
