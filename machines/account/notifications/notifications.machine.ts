import { assertEvent, assign, fromCallback, setup } from 'xstate';
import type { MarkReadBody, NotificationList, UnreadCount } from '../../../api/notifications';
import { listSectionStates } from '../../core/list-section/listSection';
import type {
  NotificationsContext,
  NotificationsEvent,
  NotificationsInput,
  NotificationsTag,
} from './notifications.types';
import { notProvided } from '../../core/requests';

/** How often the unread count is refetched while signed in (and the tab is open). */
export const NOTIFICATIONS_POLL_MS = 60_000;
/** How many notifications the bell's popover shows. */
export const BELL_PREVIEW_COUNT = 5;

export const NOTIFICATION_MESSAGES = {
  loadFailed: 'Could not load your notifications.',
  moreFailed: 'Could not load more notifications.',
  markFailed: 'Could not mark as read. Please try again.',
} as const;

/** Sends VISIBLE whenever the tab becomes visible again. */
export const visibilityWatcher = fromCallback<NotificationsEvent>(({ sendBack }) => {
  if (typeof document === 'undefined') return () => undefined;
  const onChange = () => {
    if (document.visibilityState === 'visible') sendBack({ type: 'VISIBLE' });
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
});

const initialContext = (pollInterval: number): NotificationsContext => ({
  pollInterval,
  unread: 0,
  items: [],
  nextBefore: null,
  pendingRead: null,
  error: null,
  listWanted: false,
  readWrites: 0,
  countBase: null,
});

/**
 * The notification centre: signed in, the unread count is fetched at once, then every
 * `pollInterval` and whenever the tab becomes visible again; the list (newest first) loads on demand (LOAD when
 * its page opens, through the app, or from the bell's popover), pages on LOAD_MORE, and marks one or all
 * notifications read optimistically, restoring the list and the count when the write fails. One list request or
 * write at a time.
 */
export const notificationsMachine = setup({
  types: {
    input: {} as NotificationsInput,
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    tags: {} as NotificationsTag,
  },
  actors: {
    getUnreadCount: notProvided<UnreadCount>('getUnreadCount'),
    listNotifications: notProvided<NotificationList, { before?: number }>('listNotifications'),
    markRead: notProvided<UnreadCount, MarkReadBody>('markRead'),
    visibilityWatcher,
  },
  delays: {
    pollInterval: ({ context }) => context.pollInterval,
  },
  guards: {
    hasMore: ({ context }) => context.nextBefore !== null,
    listWanted: ({ context }) => context.listWanted,
    /** The notification exists and is still unread (marking a read one sends nothing). */
    isUnreadItem: ({ context, event }) => {
      assertEvent(event, 'MARK_READ');
      return context.items.some((n) => n.id === event.id && !n.read);
    },
    hasUnread: ({ context }) => context.unread > 0 || context.items.some((n) => !n.read),
    countIsCurrent: ({ context }) => context.countBase === context.readWrites,
  },
  actions: {
    reset: assign(({ context }) => initialContext(context.pollInterval)),
    wantList: assign({ listWanted: true }),
    forgetWanted: assign({ listWanted: false }),
    noteCountBase: assign({
      countBase: ({ context }) => (context.pendingRead ? null : context.readWrites),
    }),
    setUnread: assign({ unread: (_, params: { unread: number }) => Math.max(0, params.unread) }),
    setFirstPage: assign((_, { data: list }: { data: NotificationList }) => ({
      items: list.items,
      unread: Math.max(0, list.unread),
      nextBefore: list.nextBefore,
      error: null,
    })),
    /** Appends the next page, skipping any notification already shown (a new one may have shifted the pages). */
    appendPage: assign(({ context }, list: NotificationList) => {
      const seen = new Set(context.items.map((n) => n.id));
      return {
        items: [...context.items, ...list.items.filter((n) => !seen.has(n.id))],
        unread: Math.max(0, list.unread),
        nextBefore: list.nextBefore,
        error: null,
      };
    }),
    showLoadFailed: assign({ error: NOTIFICATION_MESSAGES.loadFailed }),
    showMoreFailed: assign({ error: NOTIFICATION_MESSAGES.moreFailed }),
    showMarkFailed: assign({ error: NOTIFICATION_MESSAGES.markFailed }),
    dismiss: assign({ error: null }),
    /** Optimistic: the one notification shows read and the count drops at once; the old values are kept. */
    applyMarkOne: assign(({ context, event }) => {
      assertEvent(event, 'MARK_READ');
      return {
        items: context.items.map((n) => (n.id === event.id ? { ...n, read: true } : n)),
        unread: Math.max(0, context.unread - 1),
        error: null,
        readWrites: context.readWrites + 1,
        pendingRead: {
          body: { ids: [event.id] },
          previousItems: context.items,
          previousUnread: context.unread,
        },
      };
    }),
    /** Optimistic: everything shows read and the badge goes at once. */
    applyMarkAll: assign(({ context }) => ({
      items: context.items.map((n) => (n.read ? n : { ...n, read: true })),
      unread: 0,
      error: null,
      readWrites: context.readWrites + 1,
      pendingRead: { body: { all: true }, previousItems: context.items, previousUnread: context.unread },
    })),
    confirmRead: assign((_, params: { unread: number }) => ({
      unread: Math.max(0, params.unread),
      pendingRead: null,
    })),
    /** The write failed: the list and the count as they were before it. */
    restoreRead: assign(({ context }) =>
      context.pendingRead
        ? {
            items: context.pendingRead.previousItems,
            unread: context.pendingRead.previousUnread,
            pendingRead: null,
          }
        : {},
    ),
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => initialContext(Math.max(1000, input?.pollInterval ?? NOTIFICATIONS_POLL_MS)),
  initial: 'signedOut',
  states: {
    signedOut: {
      tags: ['signedOut'],
      on: { SIGNED_IN: { target: 'signedIn' }, LOAD: { actions: 'wantList' } },
    },
    signedIn: {
      type: 'parallel',
      invoke: { id: 'visibilityWatcher', src: 'visibilityWatcher' },
      on: {
        SIGNED_OUT: { target: 'signedOut', actions: 'reset' },
        DISMISS: { actions: 'dismiss' },
      },
      states: {
        /** The unread count for the bell: fetched at once, on the interval and when the tab shows again. */
        count: {
          initial: 'fetching',
          states: {
            fetching: {
              tags: ['countFetching'],
              entry: 'noteCountBase',
              invoke: {
                id: 'getUnreadCount',
                src: 'getUnreadCount',
                onDone: [
                  {
                    guard: 'countIsCurrent',
                    target: 'waiting',
                    actions: { type: 'setUnread', params: ({ event }) => ({ unread: event.output.unread }) },
                  },
                  // A mark-read write overlapped: the optimistic count stays until the write answers.
                  { target: 'waiting' },
                ],
                // The badge keeps its last value; the next tick tries again.
                onError: { target: 'waiting' },
              },
            },
            waiting: {
              after: { pollInterval: { target: 'fetching' } },
              on: { VISIBLE: { target: 'fetching' } },
            },
          },
        },
        /** The notifications themselves, loaded on demand. */
        list: {
          initial: 'unloaded',
          states: {
            unloaded: {
              tags: ['listUnloaded'],
              always: { guard: 'listWanted', target: 'loading' },
              on: { LOAD: { target: 'loading' } },
            },
            // A new attempt forgets the last failure's message (it would show beside the loading list); LOAD, the
            // page or the bell's popover opened again, tries again as RETRY does.
            ...listSectionStates<NotificationList>()({
              id: 'listNotifications',
              src: 'listNotifications',
              input: () => ({}),
              store: 'setFirstPage',
              failed: 'showLoadFailed',
              tags: { loading: 'listLoading', failed: 'listError' },
              entry: ['forgetWanted', 'dismiss'],
              retryOn: ['LOAD'],
            }),
            ready: {
              tags: ['listReady'],
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    LOAD: { target: '#notifications.signedIn.list.loading' },
                    VISIBLE: { target: '#notifications.signedIn.list.loading' },
                    LOAD_MORE: { guard: 'hasMore', target: 'loadingMore' },
                    MARK_READ: { guard: 'isUnreadItem', target: 'marking', actions: 'applyMarkOne' },
                    MARK_ALL_READ: { guard: 'hasUnread', target: 'marking', actions: 'applyMarkAll' },
                  },
                },
                loadingMore: {
                  tags: ['loadingMore', 'busy'],
                  entry: 'dismiss',
                  invoke: {
                    id: 'listMore',
                    src: 'listNotifications',
                    input: ({ context }) => ({ before: context.nextBefore ?? undefined }),
                    onDone: {
                      target: 'idle',
                      actions: { type: 'appendPage', params: ({ event }) => event.output },
                    },
                    onError: { target: 'idle', actions: 'showMoreFailed' },
                  },
                },
                marking: {
                  tags: ['marking', 'busy'],
                  invoke: {
                    id: 'markRead',
                    src: 'markRead',
                    input: ({ context }) => context.pendingRead!.body,
                    onDone: {
                      target: 'idle',
                      actions: {
                        type: 'confirmRead',
                        params: ({ event }) => ({ unread: event.output.unread }),
                      },
                    },
                    onError: { target: 'idle', actions: ['restoreRead', 'showMarkFailed'] },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
