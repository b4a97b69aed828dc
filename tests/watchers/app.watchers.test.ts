import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback, type AnyActorLogic, type InspectionEvent } from 'xstate';
import { appMachine, type AppLocation } from '../../machines/core/app/app.machine';
import { liveAppMachine } from '../../src/first-load/liveApp';

/**
 * The app machine with the browser's real `locationObserver` (the one liveAppMachine provides) and stub children:
 * a change of page or query reaches the machine as NAVIGATED and becomes its location; a change of hash alone does
 * not; the page is marked as running the app; stopping the app stops the watching.
 */

const stub = createMachine({});
const silent = fromCallback(() => () => undefined);
const never = createMachine({});
const locationObserver = (liveAppMachine.implementations.actors as Record<string, AnyActorLogic>)[
  'locationObserver'
]!;
const machine = appMachine.provide({
  actors: {
    session: stub as never,
    flags: stub as never,
    watchlist: stub as never,
    accountActors: stub as never,
    banner: stub as never,
    cookieConsent: stub as never,
    quote: stub as never,
    sessionObserver: silent as never,
    flagsObserver: silent as never,
    authModalObserver: silent as never,
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
