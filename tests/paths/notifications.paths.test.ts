import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { MarkReadBody, Notification, NotificationList } from '../../api/notifications';
import { connectNotifications } from '../../machines/notifications/notifications.connect';
import {
  NOTIFICATION_MESSAGES,
  notificationsMachine,
  type NotificationsContext,
} from '../../machines/notifications/notifications.machine';
import { describePaths, pending } from './harness';

const note = (id: number, read: boolean): Notification => ({
  id,
  kind: 'score',
  projectId: `p${id}`,
  projectName: `Project ${id}`,
  projectLogo: `/logos/p${id}.svg`,
  title: `Project ${id} score −3.1`,
  body: 'Audit freshness −6.2: no audit for 12 months',
  createdAt: new Date(Date.UTC(2025, 0, id)).toISOString(),
  read,
});
/** Newest first: the first page ends at id 4, the second at id 2 (the last page). */
const PAGE_1: NotificationList = { items: [note(5, false), note(4, true)], unread: 2, nextBefore: 4 };
const PAGE_2: NotificationList = { items: [note(3, false), note(2, true)], unread: 2, nextBefore: null };
const EMPTY: NotificationList = { items: [], unread: 0, nextBefore: null };
const offline = new Error('offline');

const machine = notificationsMachine.provide({
  actors: {
    getUnreadCount: pending() as never,
    listNotifications: pending() as never,
    markRead: pending() as never,
    visibilityWatcher: fromCallback(() => () => undefined),
  },
});

const ctx = (s: AnyMachineSnapshot) => s.context as NotificationsContext;
const view = (s: AnyMachineSnapshot) => connectNotifications(s as never);
const inputOf = (s: AnyMachineSnapshot, id: string) =>
  (s.children[id] as { getSnapshot: () => { input: unknown } } | undefined)?.getSnapshot().input;

const events = (s: AnyMachineSnapshot): EventObject[] => {
  const c = ctx(s);
  const list: EventObject[] = [
    { type: 'SIGNED_IN' },
    { type: 'SIGNED_OUT' },
    { type: 'LOAD' },
    { type: 'RETRY' },
    { type: 'LOAD_MORE' },
    { type: 'MARK_READ', id: 5 } as EventObject,
    // Already read: nothing is sent.
    { type: 'MARK_READ', id: 4 } as EventObject,
    { type: 'MARK_ALL_READ' },
    { type: 'VISIBLE' },
    { type: 'DISMISS' },
  ];
  // The environment answers only the requests in flight; the poll timer fires only while waiting.
  if (s.matches({ signedIn: { count: 'fetching' } }))
    list.push(
      { type: 'xstate.done.actor.getUnreadCount', output: { unread: 2 } } as EventObject,
      { type: 'xstate.error.actor.getUnreadCount', error: offline } as EventObject,
    );
  if (s.matches({ signedIn: { count: 'waiting' } }))
    list.push({ type: 'xstate.after.pollInterval.notifications.signedIn.count.waiting' });
  if (s.matches({ signedIn: { list: 'loading' } }))
    list.push(
      { type: 'xstate.done.actor.listNotifications', output: PAGE_1 } as EventObject,
      { type: 'xstate.done.actor.listNotifications', output: EMPTY } as EventObject,
      { type: 'xstate.error.actor.listNotifications', error: offline } as EventObject,
    );
  if (s.matches({ signedIn: { list: { ready: 'loadingMore' } } }))
    list.push(
      { type: 'xstate.done.actor.listMore', output: PAGE_2 } as EventObject,
      { type: 'xstate.error.actor.listMore', error: offline } as EventObject,
    );
  if (s.matches({ signedIn: { list: { ready: 'marking' } } }))
    list.push(
      // The server agrees with the optimistic count.
      { type: 'xstate.done.actor.markRead', output: { unread: c.unread } } as EventObject,
      { type: 'xstate.error.actor.markRead', error: offline } as EventObject,
    );
  return list;
};

const serializeState = (s: AnyMachineSnapshot) => {
  const c = ctx(s);
  return JSON.stringify([
    s.value,
    c.unread,
    c.items.map((n) => [n.id, n.read]),
    c.nextBefore,
    c.pendingRead?.body ?? null,
    c.error,
    c.listWanted,
  ]);
};

describePaths('notifications', machine, {
  events,
  serializeState,
  limit: 20000,
  states: {
    'notifications.signedOut': (s) => {
      const v = view(s);
      expect(v.signedIn).toBe(false);
      expect(v.showBadge).toBe(false);
      expect(v.bellLabel).toBe('Notifications');
      // Signing out forgets everything of the previous user.
      expect(ctx(s).items).toEqual([]);
      expect(ctx(s).unread).toBe(0);
      expect(ctx(s).pendingRead).toBeNull();
      expect(Object.keys(s.children)).toEqual([]);
      // A LOAD before the session arrives is remembered for the sign-in.
      if (ctx(s).listWanted) expect(s.can({ type: 'SIGNED_IN' })).toBe(true);
    },
    'notifications.signedIn': (s) => {
      expect(view(s).signedIn).toBe(true);
      expect(s.children.visibilityWatcher).toBeDefined();
      // The bell shows the count, and no badge at 0.
      const { unread } = ctx(s);
      expect(view(s).showBadge).toBe(unread > 0);
      expect(view(s).bellLabel).toBe(unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');
    },
    'notifications.signedIn.count.fetching': (s) => {
      expect(s.hasTag('countFetching')).toBe(true);
      expect(s.children.getUnreadCount).toBeDefined();
    },
    'notifications.signedIn.count.waiting': (s) => {
      expect(s.hasTag('countFetching')).toBe(false);
      expect(s.children.getUnreadCount).toBeUndefined();
    },
    'notifications.signedIn.list.unloaded': (s) => {
      expect(view(s).items).toEqual([]);
      expect(view(s).ready).toBe(false);
      expect(s.children.listNotifications).toBeUndefined();
      expect(ctx(s).listWanted).toBe(false);
    },
    'notifications.signedIn.list.loading': (s) => {
      // The first page is asked for without `before`.
      expect(inputOf(s, 'listNotifications')).toEqual({});
      expect(view(s).loading || view(s).refreshing).toBe(true);
      expect(view(s).loading).toBe(ctx(s).items.length === 0);
      expect(ctx(s).listWanted).toBe(false);
    },
    'notifications.signedIn.list.failed': (s) => {
      const v = view(s);
      expect(v.loadFailed).toBe(true);
      expect(ctx(s).error).toBe(NOTIFICATION_MESSAGES.loadFailed);
      expect(v.items).toEqual([]);
      expect(v.canMarkAll).toBe(false);
    },
    'notifications.signedIn.list.ready': (s) => {
      const v = view(s);
      expect(v.ready).toBe(true);
      // Newest first, each notification once.
      const ids = v.items.map((n) => n.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(new Set(ids).size).toBe(ids.length);
      expect(v.preview).toEqual(v.items.slice(0, 5));
      expect(v.empty).toBe(ids.length === 0);
      expect(v.hasMore).toBe(ctx(s).nextBefore !== null);
    },
    'notifications.signedIn.list.ready.idle': (s) => {
      expect(ctx(s).pendingRead).toBeNull();
      expect(view(s).busy).toBe(false);
      const e = ctx(s).error;
      if (e) expect([NOTIFICATION_MESSAGES.moreFailed, NOTIFICATION_MESSAGES.markFailed]).toContain(e);
      expect(view(s).error).toBe(e);
    },
    'notifications.signedIn.list.ready.loadingMore': (s) => {
      expect(view(s).loadingMore).toBe(true);
      expect(inputOf(s, 'listMore')).toEqual({ before: ctx(s).nextBefore });
    },
    'notifications.signedIn.list.ready.marking': (s) => {
      const c = ctx(s);
      const body = inputOf(s, 'markRead') as MarkReadBody;
      // What the mark-read actor was sent, and the optimistic change already shown.
      expect(body).toEqual(c.pendingRead!.body);
      expect(view(s).marking).toBe(true);
      if (body.all) {
        expect(c.items.every((n) => n.read)).toBe(true);
        expect(c.unread).toBe(0);
        expect(view(s).showBadge).toBe(false);
      } else {
        expect(body.ids).toHaveLength(1);
        const [id] = body.ids!;
        expect(c.pendingRead!.previousItems.find((n) => n.id === id)!.read).toBe(false);
        expect(c.items.find((n) => n.id === id)!.read).toBe(true);
        expect(c.unread).toBe(Math.max(0, c.pendingRead!.previousUnread - 1));
      }
    },
  },
});

describe('notification centre rules', () => {
  const start = () => {
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'SIGNED_IN' });
    actor.send({ type: 'xstate.done.actor.getUnreadCount', output: { unread: 2 } } as never);
    actor.send({ type: 'LOAD' });
    actor.send({ type: 'xstate.done.actor.listNotifications', output: PAGE_1 } as never);
    return actor;
  };
  const v = (a: ReturnType<typeof start>) => connectNotifications(a.getSnapshot());

  it('restores the notification and the count when marking one read fails', () => {
    const a = start();
    a.send({ type: 'MARK_READ', id: 5 });
    expect(v(a).items[0]!.read).toBe(true);
    expect(v(a).bellLabel).toBe('Notifications, 1 unread');
    a.send({ type: 'xstate.error.actor.markRead', error: offline } as never);
    expect(v(a).items).toEqual(PAGE_1.items);
    expect(v(a).bellLabel).toBe('Notifications, 2 unread');
    expect(v(a).error).toBe(NOTIFICATION_MESSAGES.markFailed);
    a.send({ type: 'DISMISS' });
    expect(v(a).error).toBeNull();
  });

  it('restores everything when mark all read fails, and takes the server’s count when it succeeds', () => {
    const a = start();
    a.send({ type: 'MARK_ALL_READ' });
    expect(v(a).showBadge).toBe(false);
    a.send({ type: 'xstate.error.actor.markRead', error: offline } as never);
    expect(v(a).items).toEqual(PAGE_1.items);
    expect(v(a).unread).toBe(2);
    a.send({ type: 'MARK_ALL_READ' });
    a.send({ type: 'xstate.done.actor.markRead', output: { unread: 0 } } as never);
    expect(v(a).items.every((n) => n.read)).toBe(true);
    expect(v(a).showBadge).toBe(false);
    expect(v(a).canMarkAll).toBe(false);
  });

  it('appends the next page, skipping a notification already shown, then has no more', () => {
    const a = start();
    a.send({ type: 'LOAD_MORE' });
    a.send({
      type: 'xstate.done.actor.listMore',
      output: { ...PAGE_2, items: [note(4, true), ...PAGE_2.items] },
    } as never);
    expect(v(a).items.map((n) => n.id)).toEqual([5, 4, 3, 2]);
    expect(v(a).hasMore).toBe(false);
    a.send({ type: 'LOAD_MORE' });
    expect(v(a).loadingMore).toBe(false);
  });

  it('loads the list on sign-in when the page asked for it while the session loaded', () => {
    const a = createActor(machine, { input: {} }).start();
    a.send({ type: 'LOAD' });
    a.send({ type: 'SIGNED_IN' });
    expect(a.getSnapshot().matches({ signedIn: { list: 'loading' } })).toBe(true);
    a.send({ type: 'SIGNED_OUT' });
    a.send({ type: 'SIGNED_IN' });
    expect(a.getSnapshot().matches({ signedIn: { list: 'unloaded' } })).toBe(true);
  });

  it('polls the count on the interval and when the tab shows again, with the real actors', async () => {
    let counts = 0;
    const sent: MarkReadBody[] = [];
    let visible: (() => void) | undefined;
    const actor = createActor(
      notificationsMachine.provide({
        actors: {
          getUnreadCount: fromPromise(async () => ({ unread: ++counts })),
          listNotifications: fromPromise(async () => PAGE_1),
          markRead: fromPromise<{ unread: number }, MarkReadBody>(async ({ input }) => {
            sent.push(input);
            return { unread: 0 };
          }),
          visibilityWatcher: fromCallback(({ sendBack }) => {
            visible = () => sendBack({ type: 'VISIBLE' });
            return () => undefined;
          }),
        },
      }),
      { input: { pollInterval: 1000 } },
    ).start();
    actor.send({ type: 'SIGNED_IN' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.unread).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(actor.getSnapshot().context.unread).toBe(2);
    visible!();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.unread).toBe(3);
    actor.send({ type: 'LOAD' });
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'MARK_ALL_READ' });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([{ all: true }]);
    actor.send({ type: 'SIGNED_OUT' });
    expect(connectNotifications(actor.getSnapshot()).showBadge).toBe(false);
    actor.stop();
  });
});
