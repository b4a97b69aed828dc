import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { MarkReadBody, Notification, NotificationList } from '../../api/notifications';
import { connectNotifications } from '../../machines/account/notifications/notifications.connect';
import {
  NOTIFICATION_MESSAGES,
  notificationsMachine,
} from '../../machines/account/notifications/notifications.machine';
import type { NotificationsContext } from '../../machines/account/notifications/notifications.types';
import { describePaths, inputOf, pendingActors, type StepEffect } from './harness';

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
    ...pendingActors('getUnreadCount', 'listNotifications', 'markRead'),
    visibilityWatcher: fromCallback(() => () => undefined),
  },
});

const ctx = (s: AnyMachineSnapshot) => s.context as NotificationsContext;
const view = (s: AnyMachineSnapshot) => connectNotifications(s as never);

/** The actors running, by id. */
const running = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
const countState = (s: AnyMachineSnapshot) => (s.value as { signedIn?: { count?: string } }).signedIn?.count;
const listState = (s: AnyMachineSnapshot) =>
  JSON.stringify((s.value as { signedIn?: { list?: unknown } }).signedIn?.list);

/** Nothing changed but what `changes` names. */
const contextChanged = (step: StepEffect, changes: Partial<NotificationsContext> = {}) =>
  expect(ctx(step.after)).toEqual({ ...ctx(step.before), ...changes });

/** The first page is asked for (no `before`), over whatever is shown; the count is left alone. */
const startsLoadingList = (step: StepEffect) => {
  expect(step.after.matches({ signedIn: { list: 'loading' } })).toBe(true);
  expect(step.after.children.listNotifications).toBeDefined();
  expect(step.after.children.listNotifications).not.toBe(step.before.children.listNotifications);
  expect(inputOf(step.after, 'listNotifications')).toEqual({});
  const { items } = ctx(step.before);
  expect(view(step.after)).toMatchObject({
    loading: items.length === 0,
    refreshing: items.length > 0,
    items,
    ready: false,
    loadFailed: false,
    busy: false,
    error: null,
  });
  // The count goes on as it was (on sign-in, it starts with its first request).
  expect(countState(step.after)).toBe(countState(step.before) ?? 'fetching');
};
/** The first page is asked for again; the last failure's message goes, the rest of the context stays. */
const reloadsList = (step: StepEffect) => {
  startsLoadingList(step);
  contextChanged(step, { error: null });
};

/**
 * A new count request is made; the badge keeps its value meanwhile. Nothing else changes but the note of the writes
 * it may overlap.
 */
const fetchesCount = (step: StepEffect) => {
  const before = ctx(step.before);
  contextChanged(step, { countBase: before.pendingRead ? null : before.readWrites });
  expect(countState(step.before)).toBe('waiting');
  expect(countState(step.after)).toBe('fetching');
  expect(step.after.children.getUnreadCount).toBeDefined();
  expect(view(step.after).unread).toBe(ctx(step.before).unread);
  expect(listState(step.after)).toBe(
    step.event.type === 'VISIBLE' && step.before.matches({ signedIn: { list: { ready: 'idle' } } })
      ? JSON.stringify('loading')
      : listState(step.before),
  );
};

/** A request of the list ended: back to the idle list, nothing in flight for the list. */
const listSettled = (step: StepEffect) => {
  expect(step.after.matches({ signedIn: { list: { ready: 'idle' } } })).toBe(true);
  expect(view(step.after)).toMatchObject({ ready: true, busy: false, loadingMore: false, marking: false });
  expect(step.after.children.listMore).toBeUndefined();
  expect(step.after.children.markRead).toBeUndefined();
  expect(step.after.children.listNotifications).toBeUndefined();
  expect(countState(step.after)).toBe(countState(step.before));
};

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
    c.countBase === c.readWrites,
  ]);
};

describePaths('notifications', machine, {
  events,
  serializeState,
  limit: 20000,
  transitions: {
    // Signed in: the count is asked for at once and the tab watched; the list loads only if the page asked.
    'notifications.signedOut|SIGNED_IN': (step) => {
      const wanted = ctx(step.before).listWanted;
      expect(view(step.after)).toMatchObject({ signedIn: true, showBadge: false, loading: true });
      expect(countState(step.after)).toBe('fetching');
      expect(running(step.after)).toEqual(
        wanted
          ? ['getUnreadCount', 'listNotifications', 'visibilityWatcher']
          : ['getUnreadCount', 'visibilityWatcher'],
      );
      expect(listState(step.after)).toBe(JSON.stringify(wanted ? 'loading' : 'unloaded'));
      // No write has begun: the first count will be shown.
      contextChanged(step, { listWanted: false, countBase: 0 });
    },
    // LOAD before the session: remembered, nothing requested.
    'notifications.signedOut|LOAD': (step) => {
      contextChanged(step, { listWanted: true });
      expect(running(step.after)).toEqual([]);
      expect(view(step.after).signedIn).toBe(false);
    },
    // Signing out forgets the user's notifications and count, and stops every request and the tab watcher.
    'notifications.signedIn|SIGNED_OUT': (step) => {
      expect(ctx(step.after)).toEqual({
        pollInterval: ctx(step.before).pollInterval,
        unread: 0,
        items: [],
        nextBefore: null,
        pendingRead: null,
        error: null,
        listWanted: false,
        readWrites: 0,
        countBase: null,
      });
      expect(running(step.after)).toEqual([]);
      expect(view(step.after)).toMatchObject({ signedIn: false, showBadge: false, items: [], error: null });
    },
    // The message goes; nothing else changes.
    'notifications.signedIn|DISMISS': (step) => {
      contextChanged(step, { error: null });
      expect(view(step.after).error).toBeNull();
      expect(step.after.value).toEqual(step.before.value);
      expect(running(step.after)).toEqual(running(step.before));
    },
    // The bell shows the server's count (never below 0), unless a mark-read write began or was in flight while it
    // was asked for: then the server may have counted before the write, and the optimistic count stays. The next
    // poll waits.
    'notifications.signedIn.count.fetching|xstate.done.actor.getUnreadCount': (step) => {
      const before = ctx(step.before);
      const current = before.countBase === before.readWrites;
      const unread = current ? Math.max(0, (step.event.output as { unread: number }).unread) : before.unread;
      contextChanged(step, { unread });
      expect(view(step.after)).toMatchObject({
        unread,
        showBadge: unread > 0,
        bellLabel: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications',
      });
      expect(countState(step.after)).toBe('waiting');
      expect(step.after.children.getUnreadCount).toBeUndefined();
      expect(listState(step.after)).toBe(listState(step.before));
    },
    // A failed count keeps the badge as it was, and shows no error; the next tick tries again.
    'notifications.signedIn.count.fetching|xstate.error.actor.getUnreadCount': (step) => {
      contextChanged(step);
      expect(view(step.after).bellLabel).toBe(view(step.before).bellLabel);
      expect(countState(step.after)).toBe('waiting');
      expect(step.after.children.getUnreadCount).toBeUndefined();
      expect(listState(step.after)).toBe(listState(step.before));
    },
    'notifications.signedIn.count.waiting|VISIBLE': fetchesCount,
    'notifications.signedIn.count.waiting|xstate.after.pollInterval.notifications.signedIn.count.waiting':
      fetchesCount,
    'notifications.signedIn.list.unloaded|LOAD': (step) => {
      startsLoadingList(step);
      contextChanged(step);
    },
    // Asked for before the session arrived: it loads now, and the wish is used up.
    'notifications.signedIn.list.unloaded|always': (step) => {
      expect(ctx(step.before).listWanted).toBe(true);
      expect(step.event.type).toBe('SIGNED_IN');
      startsLoadingList(step);
      // The same step signed in: the count's request began, with no write.
      contextChanged(step, { listWanted: false, countBase: 0 });
    },
    // The first page replaces what was shown, with the server's count and the cursor for the next page.
    'notifications.signedIn.list.loading|xstate.done.actor.listNotifications': (step) => {
      const list = step.event.output as NotificationList;
      contextChanged(step, {
        items: list.items,
        unread: Math.max(0, list.unread),
        nextBefore: list.nextBefore,
        error: null,
      });
      expect(view(step.after)).toMatchObject({
        items: list.items,
        empty: list.items.length === 0,
        hasMore: list.nextBefore !== null,
        loading: false,
        refreshing: false,
        error: null,
      });
      listSettled(step);
    },
    // The list's own failure state with its message; the count is kept.
    'notifications.signedIn.list.loading|xstate.error.actor.listNotifications': (step) => {
      contextChanged(step, { error: NOTIFICATION_MESSAGES.loadFailed });
      expect(view(step.after)).toMatchObject({
        loadFailed: true,
        loading: false,
        refreshing: false,
        ready: false,
        items: [],
        // Shown by the failure state itself, not as a message over the list.
        error: null,
        unread: ctx(step.before).unread,
      });
      expect(step.after.children.listNotifications).toBeUndefined();
    },
    // A new attempt: the failure's message goes (it would show beside the loading list).
    'notifications.signedIn.list.failed|RETRY': reloadsList,
    'notifications.signedIn.list.failed|LOAD': reloadsList,
    // A reload (page or popover opened again, tab shown again) keeps the shown items while it loads.
    'notifications.signedIn.list.ready.idle|LOAD': reloadsList,
    'notifications.signedIn.list.ready.idle|VISIBLE': reloadsList,
    // Only with a next page: it is asked for from the cursor.
    'notifications.signedIn.list.ready.idle|LOAD_MORE': (step) => {
      const { nextBefore } = ctx(step.before);
      expect(nextBefore).not.toBeNull();
      expect(step.after.matches({ signedIn: { list: { ready: 'loadingMore' } } })).toBe(true);
      expect(inputOf(step.after, 'listMore')).toEqual({ before: nextBefore });
      expect(view(step.after)).toMatchObject({
        loadingMore: true,
        busy: true,
        items: ctx(step.before).items,
        error: null,
      });
      contextChanged(step, { error: null });
    },
    // Only an unread notification: it shows read and the count drops at once; the write carries its id.
    'notifications.signedIn.list.ready.idle|MARK_READ': (step) => {
      const before = ctx(step.before);
      const id = step.event.id as number;
      expect(before.items.find((n) => n.id === id)?.read).toBe(false);
      const items = before.items.map((n) => (n.id === id ? { ...n, read: true } : n));
      const unread = Math.max(0, before.unread - 1);
      contextChanged(step, {
        items,
        unread,
        error: null,
        readWrites: before.readWrites + 1,
        pendingRead: { body: { ids: [id] }, previousItems: before.items, previousUnread: before.unread },
      });
      expect(inputOf(step.after, 'markRead')).toEqual({ ids: [id] });
      expect(view(step.after)).toMatchObject({ items, unread, marking: true, busy: true, error: null });
    },
    // Only with something unread: everything shows read and the badge goes at once; the write marks all.
    'notifications.signedIn.list.ready.idle|MARK_ALL_READ': (step) => {
      const before = ctx(step.before);
      expect(before.unread > 0 || before.items.some((n) => !n.read)).toBe(true);
      const items = before.items.map((n) => ({ ...n, read: true }));
      contextChanged(step, {
        items,
        unread: 0,
        error: null,
        readWrites: before.readWrites + 1,
        pendingRead: { body: { all: true }, previousItems: before.items, previousUnread: before.unread },
      });
      expect(inputOf(step.after, 'markRead')).toEqual({ all: true });
      expect(view(step.after)).toMatchObject({ items, showBadge: false, marking: true, busy: true });
    },
    // The next page is appended after the shown ones (each notification once), with the new cursor and count.
    'notifications.signedIn.list.ready.loadingMore|xstate.done.actor.listMore': (step) => {
      const before = ctx(step.before);
      const list = step.event.output as NotificationList;
      const items = [...before.items, ...list.items.filter((n) => !before.items.some((m) => m.id === n.id))];
      contextChanged(step, {
        items,
        unread: Math.max(0, list.unread),
        nextBefore: list.nextBefore,
        error: null,
      });
      expect(view(step.after)).toMatchObject({ items, hasMore: list.nextBefore !== null, error: null });
      listSettled(step);
    },
    // The shown list stays; the failure shows over it, and Load more can be tried again.
    'notifications.signedIn.list.ready.loadingMore|xstate.error.actor.listMore': (step) => {
      contextChanged(step, { error: NOTIFICATION_MESSAGES.moreFailed });
      expect(view(step.after)).toMatchObject({
        error: NOTIFICATION_MESSAGES.moreFailed,
        items: ctx(step.before).items,
        hasMore: true,
      });
      listSettled(step);
    },
    // The optimistic change stays, with the server's count.
    'notifications.signedIn.list.ready.marking|xstate.done.actor.markRead': (step) => {
      const unread = Math.max(0, (step.event.output as { unread: number }).unread);
      contextChanged(step, { unread, pendingRead: null });
      expect(view(step.after)).toMatchObject({ unread, error: null, items: ctx(step.before).items });
      listSettled(step);
    },
    // The write failed: the list and the count as they were before it, and the failure shown.
    'notifications.signedIn.list.ready.marking|xstate.error.actor.markRead': (step) => {
      const { pendingRead } = ctx(step.before);
      contextChanged(step, {
        items: pendingRead!.previousItems,
        unread: pendingRead!.previousUnread,
        pendingRead: null,
        error: NOTIFICATION_MESSAGES.markFailed,
      });
      expect(view(step.after)).toMatchObject({
        items: pendingRead!.previousItems,
        unread: pendingRead!.previousUnread,
        error: NOTIFICATION_MESSAGES.markFailed,
      });
      listSettled(step);
    },
  },
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
      expect(s.children.getUnreadCount).toBeDefined();
    },
    'notifications.signedIn.count.waiting': (s) => {
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
      // A count fetched meanwhile (the poll) does not undo the optimistic figure: it may predate the write.
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

  it('keeps the optimistic count when a count asked for before or during the write answers with the old figure', () => {
    // Asked for on sign-in, answered after the mark began.
    const a = createActor(machine, { input: {} }).start();
    a.send({ type: 'SIGNED_IN' });
    a.send({ type: 'LOAD' });
    a.send({ type: 'xstate.done.actor.listNotifications', output: PAGE_1 } as never);
    a.send({ type: 'MARK_READ', id: 5 });
    a.send({ type: 'xstate.done.actor.getUnreadCount', output: { unread: 2 } } as never);
    expect(v(a).bellLabel).toBe('Notifications, 1 unread');
    // Asked for while the write is in flight (the tab shown again).
    a.send({ type: 'VISIBLE' });
    a.send({ type: 'xstate.done.actor.getUnreadCount', output: { unread: 2 } } as never);
    expect(v(a).bellLabel).toBe('Notifications, 1 unread');
    a.send({ type: 'xstate.done.actor.markRead', output: { unread: 1 } } as never);
    expect(v(a).bellLabel).toBe('Notifications, 1 unread');
    // A count asked for after the write answered is shown again.
    a.send({ type: 'xstate.after.pollInterval.notifications.signedIn.count.waiting' } as never);
    a.send({ type: 'xstate.done.actor.getUnreadCount', output: { unread: 0 } } as never);
    expect(v(a).bellLabel).toBe('Notifications');
  });

  it('sends nothing when marking a read notification, or all when nothing is unread', () => {
    const a = start();
    const before = a.getSnapshot();
    a.send({ type: 'MARK_READ', id: 4 });
    a.send({ type: 'MARK_READ', id: 99 });
    expect(a.getSnapshot().context).toEqual(before.context);
    expect(a.getSnapshot().children.markRead).toBeUndefined();
    a.send({ type: 'MARK_ALL_READ' });
    a.send({ type: 'xstate.done.actor.markRead', output: { unread: 0 } } as never);
    const read = a.getSnapshot();
    a.send({ type: 'MARK_ALL_READ' });
    expect(a.getSnapshot().context).toEqual(read.context);
    expect(a.getSnapshot().children.markRead).toBeUndefined();
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
