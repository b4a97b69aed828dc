import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { WATCHLIST_TOAST_MS, watchlistMachine } from '../../machines/watchlist/list/watchlist.machine';
import type { WatchlistEvent, WatchlistItem } from '../../machines/watchlist/list/watchlist.types';

/**
 * The watchlist's message (the toast) goes by itself WATCHLIST_TOAST_MS after it was shown: the machine's own
 * timer, driven here by a simulated clock.
 */
function start() {
  const clock = new SimulatedClock();
  // The list request never settles by itself: its answer is sent by the test.
  const machine = watchlistMachine.provide({
    actors: { loadWatchlists: fromPromise<WatchlistItem[]>(() => new Promise(() => undefined)) },
  });
  const actor = createActor(machine, { clock }).start();
  // The machine waits for the session; these tests start from a guest's answer.
  actor.send({ type: 'SIGNED_OUT' });
  const message = () => actor.getSnapshot().context.message;
  /** The message shown now is still shown `ms` - 1 ms later, and gone at `ms`. */
  const goesAfter = (ms: number) => {
    const shown = message();
    clock.increment(ms - 1);
    expect(message()).toBe(shown);
    clock.increment(1);
    expect(message()).toBeNull();
  };
  return { clock, actor, message, goesAfter };
}

/** Signed out, any watchlist action shows 'Please login…'; the app's login opener is a no-op here. */
const loginRequired: WatchlistEvent = { type: 'TOGGLE', projectId: 'p1' };

describe('watchlist message expiry', () => {
  it('is 5 s', () => {
    expect(WATCHLIST_TOAST_MS).toBe(5000);
  });

  it('hides a message after 5000 ms, not before', () => {
    const { actor, message, goesAfter } = start();
    actor.send(loginRequired);
    expect(message()).toEqual({ kind: 'info', text: 'Please login to add projects to your watchlist.' });
    goesAfter(5000);
    actor.stop();
  });

  it('gives a message shown at 3000 ms its own 5 s: the first one’s timer does not cut it short', () => {
    const { clock, actor, message, goesAfter } = start();
    actor.send({ type: 'CREATE', name: 'Alpha' });
    clock.increment(3000);
    actor.send({ type: 'SIGNED_IN' });
    actor.send({ type: 'xstate.error.actor.loadWatchlists', error: new Error('500') } as never);
    const second = message();
    expect(second).toEqual({ kind: 'error', text: 'Something went wrong' });
    clock.increment(2000); // 5000 ms: the first message's time, which is over
    expect(message()).toBe(second);
    goesAfter(3000); // 8000 ms
    actor.stop();
  });

  it('gives two identical messages in a row 5 s each', () => {
    const { clock, actor, message, goesAfter } = start();
    actor.send(loginRequired);
    const first = message();
    clock.increment(3000);
    actor.send({ type: 'DELETE' });
    const second = message();
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    goesAfter(5000); // 8000 ms: 5 s after the second, not after the first
    actor.stop();
  });

  it('does not bring anything back after a dismissed message’s time is up', () => {
    const { clock, actor, message } = start();
    actor.send(loginRequired);
    clock.increment(1000);
    actor.send({ type: 'DISMISS' });
    expect(message()).toBeNull();
    clock.increment(2000);
    actor.send(loginRequired);
    const next = message();
    clock.increment(2000); // 5000 ms: the dismissed message's time, cancelled by the next one
    expect(message()).toBe(next);
    clock.increment(3000); // 8000 ms
    expect(message()).toBeNull();
    actor.stop();
  });
});
