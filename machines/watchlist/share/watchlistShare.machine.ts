import { assertEvent, assign, setup } from 'xstate';
import type {
  WatchlistShareChanged,
  WatchlistShareContext,
  WatchlistShareEvent,
  WatchlistShareTag,
} from './watchlistShare.types';
import { notProvided } from '../../core/requests';

/** Texts of the share dialog. */
export const SHARE_MESSAGES = {
  updateFailed: 'Unable to update watchlist.',
  copied: 'Link copied',
  copyFailed: 'Copying did not work: select the link and copy it.',
} as const;

/**
 * The share dialog of a watchlist: turn the read-only link on or off (the server makes a new
 * token each time it is turned on, so off revokes the old link) and copy it. A change runs `changed`, which the app
 * provides so the page's lists show it. Actors: setShared (the call), copyLink (the clipboard).
 */
export const watchlistShareMachine = setup({
  types: {
    context: {} as WatchlistShareContext,
    events: {} as WatchlistShareEvent,
    tags: {} as WatchlistShareTag,
  },
  actors: {
    setShared: notProvided<{ shareToken: string | null }, { id: string; shared: boolean }>('setShared'),
    /** Copies the link of `token` (the app builds the address from the page's origin). */
    copyLink: notProvided<void, { token: string }>('copyLink'),
  },
  guards: {
    isShared: ({ context }) => context.token !== null,
    changesSharing: ({ context, event }) => {
      assertEvent(event, 'SET_SHARED');
      return event.shared !== (context.token !== null);
    },
  },
  actions: {
    open: assign(({ event }) => {
      assertEvent(event, 'OPEN');
      return {
        listId: event.listId,
        listName: event.listName,
        token: event.token,
        copied: false,
        error: null,
      };
    }),
    storeToken: assign((_, token: string | null) => ({ token, copied: false, error: null })),
    /** The app's: the page's lists show the change. */
    changed: (_, _params: WatchlistShareChanged) => undefined,
    showUpdateFailed: assign({ error: SHARE_MESSAGES.updateFailed }),
    showCopied: assign({ copied: true, error: null }),
    showCopyFailed: assign({ copied: false, error: SHARE_MESSAGES.copyFailed }),
  },
}).createMachine({
  id: 'watchlistShare',
  context: { listId: null, listName: '', token: null, copied: false, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'open', actions: 'open' } },
    },
    open: {
      tags: ['open'],
      initial: 'idle',
      on: { CLOSE: { target: 'closed' } },
      states: {
        idle: {
          on: {
            SET_SHARED: { guard: 'changesSharing', target: 'saving' },
            COPY: { guard: 'isShared', target: 'copying' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'setShared',
            src: 'setShared',
            input: ({ context }) => ({ id: context.listId!, shared: context.token === null }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'storeToken', params: ({ event }) => event.output.shareToken },
                {
                  type: 'changed',
                  params: ({ context, event }) => ({
                    listId: context.listId!,
                    token: event.output.shareToken,
                  }),
                },
              ],
            },
            onError: { target: 'idle', actions: 'showUpdateFailed' },
          },
        },
        copying: {
          invoke: {
            id: 'copyLink',
            src: 'copyLink',
            input: ({ context }) => ({ token: context.token! }),
            onDone: { target: 'idle', actions: 'showCopied' },
            onError: { target: 'idle', actions: 'showCopyFailed' },
          },
        },
      },
    },
  },
});
