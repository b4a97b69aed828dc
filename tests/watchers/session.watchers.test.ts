import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  SESSION_BROADCAST_KEY,
  sessionMachine,
  sessionStatus,
  type SessionData,
  type SessionInput,
} from '../../machines/auth/session/session.machine';

/**
 * The session machine as shipped, with its real visibility and storage watchers and its real poll timer; only the
 * HTTP fetch is provided. The path tests stub the watchers, so these are what show that a tab coming back, another
 * tab signing in or out, and the polling interval each fetch the session again and show its new answer.
 */

const ada = { username: '7f0c1c1e-0000-4000-8000-000000000001', email: 'ada@example.com' };
const signedIn: SessionData = { user: ada, expires: '2030-01-01T00:00:00.000Z' };
const signedOut: SessionData = {};

/** The server's answers, in order; the last one repeats. */
let answers: SessionData[] = [];
const fetchSession = vi.fn(async () => (answers.length > 1 ? answers.shift()! : answers[0]!));

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  vi.useFakeTimers();
  fetchSession.mockClear();
  answers = [signedOut];
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function start(input?: SessionInput) {
  const actor = createActor(
    sessionMachine.provide({ actors: { fetchSession: fromPromise(() => fetchSession()) } }),
    { input },
  );
  actor.start();
  return actor;
}
/** Lets a fetch answer (its promise settles) without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);
const status = (actor: ReturnType<typeof start>) => sessionStatus(actor.getSnapshot());
/** Started and settled on the first fetch's answer, which shows `expected`. */
const startedAs = async (expected: string) => {
  const actor = start();
  await settle();
  expect(status(actor)).toBe(expected);
  return actor;
};
const showTab = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};
const otherTabWrites = (key: string | null) =>
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: String(Date.now()) }));

describe('session watchers (real, in jsdom)', () => {
  it('a tab made visible again fetches the session and shows its new answer (signed in elsewhere meanwhile)', async () => {
    const actor = await startedAs('unauthenticated');
    expect(fetchSession).toHaveBeenCalledTimes(1);

    answers = [signedIn];
    showTab('visible');
    await settle();
    expect(fetchSession).toHaveBeenCalledTimes(2);
    expect(status(actor)).toBe('authenticated');
    expect(actor.getSnapshot().context.session.user).toEqual(ada);
    actor.stop();
  });

  it.each([
    ['a tab being hidden', () => showTab('hidden')],
    [
      'a storage change under another key, or a cleared storage (key null),',
      () => {
        otherTabWrites('theme');
        otherTabWrites(null);
      },
    ],
  ])('%s fetches nothing', async (_, happens) => {
    const actor = start();
    await settle();
    answers = [signedIn];
    happens();
    await settle();
    expect(fetchSession).toHaveBeenCalledTimes(1);
    expect(status(actor)).toBe('unauthenticated');
    actor.stop();
  });

  it('another tab signing out (the session broadcast key in storage) fetches the session: this tab shows signed out', async () => {
    answers = [signedIn];
    const actor = await startedAs('authenticated');

    answers = [signedOut];
    otherTabWrites(SESSION_BROADCAST_KEY);
    await settle();
    expect(fetchSession).toHaveBeenCalledTimes(2);
    expect(status(actor)).toBe('unauthenticated');
    expect(actor.getSnapshot().context.session).toEqual({});
    actor.stop();
  });

  it('another tab signing in: this tab shows the user', async () => {
    const actor = await startedAs('unauthenticated');
    answers = [signedIn];
    otherTabWrites(SESSION_BROADCAST_KEY);
    await settle();
    expect(status(actor)).toBe('authenticated');
    expect(actor.getSnapshot().context.session.user?.username).toBe(ada.username);
    actor.stop();
  });

  it("the broadcast key other tabs write is 'session-sync' (tabs of an older build share it)", async () => {
    expect(SESSION_BROADCAST_KEY).toBe('session-sync');
    const actor = start();
    await settle();
    answers = [signedIn];
    otherTabWrites('session-sync');
    await settle();
    expect(status(actor)).toBe('authenticated');
    actor.stop();
  });

  it('a page served signed out shows signed out before the first fetch answers; otherwise it shows loading', async () => {
    const served = start({ servedSignedOut: true });
    expect(status(served)).toBe('unauthenticated');
    expect(served.getSnapshot().hasTag('loading')).toBe(false);
    served.stop();
    const plain = start({ pollInterval: 0 });
    expect(status(plain)).toBe('loading');
    expect(plain.getSnapshot().hasTag('loading')).toBe(true);
    expect(plain.getSnapshot().hasTag('fetching')).toBe(true);
    await settle();
    expect(status(plain)).toBe('unauthenticated');
    plain.stop();
  });

  it('polling: a fetch every interval while idle, none before it; the answer shows', async () => {
    const actor = start({ pollInterval: 60_000 });
    await settle();
    expect(fetchSession).toHaveBeenCalledTimes(1);

    answers = [signedIn];
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchSession).toHaveBeenCalledTimes(1);
    expect(status(actor)).toBe('unauthenticated');
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchSession).toHaveBeenCalledTimes(2);
    expect(status(actor)).toBe('authenticated');

    answers = [signedOut];
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchSession).toHaveBeenCalledTimes(3);
    expect(status(actor)).toBe('unauthenticated');
    actor.stop();
  });

  it('no polling without an interval (0 or absent): an hour passes with the one fetch at start', async () => {
    for (const input of [undefined, { pollInterval: 0 }, { pollInterval: -5 }]) {
      fetchSession.mockClear();
      const actor = start(input);
      await vi.advanceTimersByTimeAsync(3_600_000);
      expect(fetchSession).toHaveBeenCalledTimes(1);
      actor.stop();
    }
  });

  it('after the actor stops: no fetch on visibility, storage or the interval, and the listeners are gone', async () => {
    const addDoc = vi.spyOn(document, 'addEventListener');
    const removeDoc = vi.spyOn(document, 'removeEventListener');
    const addWin = vi.spyOn(window, 'addEventListener');
    const removeWin = vi.spyOn(window, 'removeEventListener');
    const actor = start({ pollInterval: 1_000 });
    await settle();
    const onVisibility = addDoc.mock.calls.find(([type]) => type === 'visibilitychange')?.[1];
    const onStorage = addWin.mock.calls.find(([type]) => type === 'storage')?.[1];
    expect(onVisibility).toBeTypeOf('function');
    expect(onStorage).toBeTypeOf('function');

    actor.stop();
    // Each watcher took back the very listener it added.
    expect(removeDoc).toHaveBeenCalledWith('visibilitychange', onVisibility);
    expect(removeWin).toHaveBeenCalledWith('storage', onStorage);
    showTab('visible');
    otherTabWrites(SESSION_BROADCAST_KEY);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchSession).toHaveBeenCalledTimes(1);
  });
});
