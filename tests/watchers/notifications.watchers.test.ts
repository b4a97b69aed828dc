import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { NotificationList } from '../../api/notifications';
import { notificationsMachine } from '../../machines/account/notifications/notifications.machine';

/**
 * The notifications machine as shipped, with its real visibility watcher; only the HTTP calls are provided. A tab
 * made visible again while signed in fetches the unread count (the bell shows the new one) and reloads a loaded
 * list; a hidden tab, a signed-out user and a stopped actor fetch nothing.
 */

let unread = 1;
const getUnreadCount = vi.fn(async () => ({ unread }));
const listNotifications = vi.fn(async (): Promise<NotificationList> => ({
  items: [],
  unread,
  nextBefore: null,
}));
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  getUnreadCount.mockClear();
  listNotifications.mockClear();
  unread = 1;
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function start() {
  const actor = createActor(
    notificationsMachine.provide({
      actors: {
        getUnreadCount: fromPromise(() => getUnreadCount()),
        listNotifications: fromPromise(() => listNotifications()),
      },
    }),
    { input: { pollInterval: 600_000 } },
  );
  return actor.start();
}
const settle = () => vi.advanceTimersByTimeAsync(0);
const showTab = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('notifications visibility watcher (real, in jsdom)', () => {
  it('signed in: the tab made visible again fetches the count, and the bell shows the new one', async () => {
    const actor = start();
    actor.send({ type: 'SIGNED_IN' });
    await settle();
    expect(getUnreadCount).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.unread).toBe(1);

    unread = 4;
    showTab('visible');
    await settle();
    expect(getUnreadCount).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.unread).toBe(4);
    actor.stop();
  });

  it('signed in with the list loaded: the tab made visible again reloads the list', async () => {
    const actor = start();
    actor.send({ type: 'SIGNED_IN' });
    actor.send({ type: 'LOAD' });
    await settle();
    expect(listNotifications).toHaveBeenCalledTimes(1);
    showTab('visible');
    await settle();
    expect(listNotifications).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('a hidden tab, or a signed-out user, fetches nothing', async () => {
    const actor = start();
    showTab('visible');
    await settle();
    expect(getUnreadCount).not.toHaveBeenCalled();
    actor.send({ type: 'SIGNED_IN' });
    await settle();
    showTab('hidden');
    await settle();
    expect(getUnreadCount).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('signing out removes the listener; after that and the actor stopping, a visible tab fetches nothing', async () => {
    const add = vi.spyOn(document, 'addEventListener');
    const remove = vi.spyOn(document, 'removeEventListener');
    const actor = start();
    actor.send({ type: 'SIGNED_IN' });
    await settle();
    const onChange = add.mock.calls.find(([type]) => type === 'visibilitychange')?.[1];
    expect(onChange).toBeTypeOf('function');
    actor.send({ type: 'SIGNED_OUT' });
    expect(remove).toHaveBeenCalledWith('visibilitychange', onChange);
    actor.stop();
    showTab('visible');
    await settle();
    expect(getUnreadCount).toHaveBeenCalledTimes(1);
  });
});
