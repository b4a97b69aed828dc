import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  assign,
  createActor,
  createMachine,
  emit,
  fromPromise,
  setup,
  type AnyActorLogic,
  type AnyActorRef,
  type InspectionEvent,
} from 'xstate';
import { appMachine, type AppLocation } from '../../machines/core/app/app.machine';
import { liveAppMachine } from '../../src/first-load/liveApp';
import { silent, silentObservers, stubChildren } from '../helpers/appStubs';

/**
 * The app machine with the browser's real `locationObserver` (the one liveAppMachine provides) and stub children:
 * a change of page or query reaches the machine as NAVIGATED and becomes its location; a change of hash alone does
 * not; the page is marked as running the app; stopping the app stops the watching.
 */

const never = createMachine({});
const locationObserver = (liveAppMachine.implementations.actors as Record<string, AnyActorLogic>)[
  'locationObserver'
]!;
const machine = appMachine.provide({
  actors: {
    ...stubChildren,
    ...silentObservers,
    locationObserver: locationObserver as never,
    loadAuthModal: never as never,
    loadTour: never as never,
    loadImpersonation: never as never,
  },
});

const at = (path: string): AppLocation => ({ path, tourRequested: false, tourSaved: false });
const navigated: AppLocation[] = [];
function start() {
  const actor = createActor(machine, {
    input: { location: at('/') } as never,
    inspect: (e: InspectionEvent) => {
      if (e.type === '@xstate.event' && e.event.type === 'NAVIGATED' && e.actorRef.sessionId === e.rootId)
        navigated.push((e.event as unknown as { location: AppLocation }).location);
    },
  });
  return actor.start();
}
/** A link or the back button: the address changes, then the browser tells the page (as wouter's events do). */
function go(url: string, event: 'popstate' | 'pushState' | 'replaceState' | 'hashchange' = 'popstate') {
  history.pushState(null, '', url);
  window.dispatchEvent(new Event(event));
}
const here = (actor: ReturnType<typeof start>) => actor.getSnapshot().context.location as AppLocation;

beforeEach(() => {
  navigated.length = 0;
  history.replaceState(null, '', '/');
  delete document.documentElement.dataset['app'];
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('app locationObserver (real, in jsdom)', () => {
  it('marks the page as running the app once it starts', () => {
    expect(document.documentElement.dataset['app']).toBeUndefined();
    const actor = start();
    expect(document.documentElement.dataset['app']).toBe('running');
    actor.stop();
  });

  it('another page (back/forward or a link) becomes the app’s location', () => {
    const actor = start();
    go('/leaderboard');
    expect(here(actor).path).toBe('/leaderboard');
    go('/projects/abc', 'pushState');
    expect(here(actor).path).toBe('/projects/abc');
    expect(navigated.map((l) => l.path)).toEqual(['/leaderboard', '/projects/abc']);
    actor.stop();
  });

  it('a new query is a navigation (the tour asked for by ?tour=true); a hash alone is not', () => {
    const actor = start();
    go('/?tour=true', 'replaceState');
    expect(here(actor)).toMatchObject({ path: '/', tourRequested: true });
    go('/?tour=true#top', 'hashchange');
    expect(navigated).toHaveLength(1);
    actor.stop();
  });

  it('after the app stops, address changes reach it no more and its listeners are gone', () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    const actor = start();
    actor.stop();
    const removed = remove.mock.calls.map(([type]) => type);
    expect(removed).toEqual(expect.arrayContaining(['popstate', 'pushState', 'replaceState', 'hashchange']));
    go('/leaderboard');
    expect(navigated).toEqual([]);
  });
});

/**
 * The app's real observers (the machine's own sessionObserver, flagsObserver and authModalObserver) watching small
 * children with the tags and context they read: what a child shows reaches the app's context, and only news is
 * reported.
 */
describe('app observers (real)', () => {
  type User = { username: string; email: string; adminId?: string };
  const ada: User = { username: 'u-1', email: 'ada@example.com' };
  /** A session child: its tags say the status, its context holds the user; SET changes both at will. */
  const keep = assign(({ event }: { event: { type: string; user?: User } }) => ({
    session: event.type === 'SET' && event.user ? { user: event.user } : null,
  }));
  const session = setup({
    types: {
      context: {} as { session: { user: User } | null; signIns: number },
      events: {} as
        { type: 'SET'; to: 'loading' | 'in' | 'inFetching' | 'out'; user?: User } | { type: 'SIGNED_IN' },
    },
    actions: { keep: keep as never },
  }).createMachine({
    context: { session: null, signIns: 0 },
    initial: 'loading',
    on: {
      SET: [
        { guard: ({ event }) => event.to === 'in', target: '.in', actions: 'keep' },
        { guard: ({ event }) => event.to === 'inFetching', target: '.inFetching', actions: 'keep' },
        { guard: ({ event }) => event.to === 'out', target: '.out', actions: 'keep' },
        { target: '.loading', actions: 'keep' },
      ],
      SIGNED_IN: { actions: assign({ signIns: ({ context }) => context.signIns + 1 }) },
    },
    states: {
      loading: { tags: ['fetching'] },
      in: { tags: ['authenticated'] },
      inFetching: { tags: ['authenticated', 'fetching'] },
      out: { tags: ['unauthenticated'] },
    },
  });
  /** A flags child: ready or not (tag), with its values. */
  const flags = setup({
    types: {
      context: {} as { values: Record<string, unknown> },
      events: {} as { type: 'VALUES'; values: Record<string, unknown> } | { type: 'UNREADY' },
    },
  }).createMachine({
    context: { values: {} },
    initial: 'loading',
    on: { VALUES: { target: '.ready', actions: assign({ values: ({ event }) => event.values }) } },
    states: { loading: {}, ready: { tags: ['ready'], on: { UNREADY: 'loading' } } },
  });
  /** The auth modal: SIGN_IN emits what the real one emits when it signed somebody in. */
  const modal = setup({ types: { events: {} as { type: 'SIGN_IN' } } }).createMachine({
    on: { SIGN_IN: { actions: emit({ type: 'signedIn' }) } },
  });
  const observed = appMachine.provide({
    actors: {
      ...stubChildren,
      session: session as never,
      flags: flags as never,
      locationObserver: silent as never,
      loadAuthModal: fromPromise(async () => modal) as never,
      loadTour: never as never,
      loadImpersonation: never as never,
    },
  });
  function startObserved() {
    const reports: { type: string }[] = [];
    const actor = createActor(observed, {
      input: {},
      inspect: (e: InspectionEvent) => {
        if (e.type === '@xstate.event' && e.actorRef.sessionId === e.rootId && /_CHANGED$/.test(e.event.type))
          reports.push(e.event as { type: string });
      },
    }).start();
    const child = (id: string) => actor.system.get(id) as AnyActorRef;
    return { actor, reports, child, context: () => actor.getSnapshot().context };
  }

  it('the session’s status, user and fetching reach the app, each change once', () => {
    const { actor, reports, child, context } = startObserved();
    expect(context()).toMatchObject({ status: 'loading', user: null, fetching: true });
    child('session').send({ type: 'SET', to: 'in', user: ada });
    expect(context()).toMatchObject({ status: 'authenticated', user: ada, fetching: false });
    // The same status and an equal user (a new object): no news.
    const before = reports.length;
    child('session').send({ type: 'SET', to: 'in', user: { ...ada } });
    expect(reports).toHaveLength(before);
    // Another address, another user, an admin acting as the user: each is news.
    child('session').send({ type: 'SET', to: 'in', user: { ...ada, email: 'ada@work.example' } });
    expect(context().user).toEqual({ ...ada, email: 'ada@work.example' });
    child('session').send({ type: 'SET', to: 'in', user: { ...ada, username: 'u-2' } });
    expect(context().user).toEqual({ ...ada, username: 'u-2' });
    child('session').send({ type: 'SET', to: 'in', user: { ...ada, username: 'u-2', adminId: 'admin-1' } });
    expect(context().user).toEqual({ ...ada, username: 'u-2', adminId: 'admin-1' });
    expect(reports).toHaveLength(before + 3);
    child('session').send({ type: 'SET', to: 'inFetching', user: ada });
    expect(context()).toMatchObject({ status: 'authenticated', user: ada, fetching: true });
    child('session').send({ type: 'SET', to: 'out' });
    expect(context()).toMatchObject({ status: 'unauthenticated', user: null, fetching: false });
    expect(reports.every((r) => r.type === 'SESSION_CHANGED' || r.type.endsWith('FLAG_CHANGED'))).toBe(true);
    actor.stop();
  });

  it('the survey and impersonation flags reach the app when ready, each change once', () => {
    const { actor, reports, child, context } = startObserved();
    const flagNews = () => reports.filter((r) => r.type.endsWith('FLAG_CHANGED'));
    expect(context()).toMatchObject({ surveyEnabled: false, toolEnabled: false });
    // Not ready yet: nothing is on, whatever the values.
    expect(flagNews()).toEqual([
      { type: 'SURVEY_FLAG_CHANGED', enabled: false },
      { type: 'TOOL_FLAG_CHANGED', enabled: false },
    ]);
    child('flags').send({ type: 'VALUES', values: { extendedUserSetting: true } });
    expect(context()).toMatchObject({ surveyEnabled: true, toolEnabled: false });
    child('flags').send({ type: 'VALUES', values: { extendedUserSetting: true, impersonationTool: true } });
    expect(context()).toMatchObject({ surveyEnabled: true, toolEnabled: true });
    // Only `true` is on.
    child('flags').send({ type: 'VALUES', values: { extendedUserSetting: 'yes', impersonationTool: true } });
    expect(context()).toMatchObject({ surveyEnabled: false, toolEnabled: true });
    expect(flagNews()).toHaveLength(5);
    child('flags').send({ type: 'UNREADY' });
    expect(context()).toMatchObject({ surveyEnabled: false, toolEnabled: false });
    expect(flagNews()).toHaveLength(6);
    actor.stop();
  });

  it('a sign-in in the auth modal makes the session fetch again', async () => {
    const { actor, child } = startObserved();
    actor.send({ type: 'PREPARE_AUTH' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ authModal: 'ready' })).toBe(true));
    expect(child('session').getSnapshot().context.signIns).toBe(0);
    child('authModal').send({ type: 'SIGN_IN' });
    expect(child('session').getSnapshot().context.signIns).toBe(1);
    actor.stop();
  });
});
