import { assertEvent, assign, setup } from 'xstate';
import { errorCode, serverMessage } from '../../../api/errors';
import type { CopySharedResult, SharedWatchlist } from '../../../api/watchlist';
import type {
  SharedWatchlistContext,
  SharedWatchlistEvent,
  SharedWatchlistInput,
  SharedWatchlistTag,
} from './sharedWatchlist.types';
import { notProvided, withError } from '../../core/requests';

/** Texts of the shared-list page. */
export const SHARED_MESSAGES = {
  notFound: 'This share link does not exist or was turned off.',
  loadFailed: 'Something went wrong',
  loginRequired: 'Log in to copy this list into your watchlists.',
  copyFailed: 'Unable to create watchlist.',
  copied: (name: string) => `Saved to your watchlists as “${name}”.`,
} as const;

/**
 * The read-only page of a shared watchlist, `/w/{token}`: loads the list (no session needed);
 * a revoked or unknown link is its own state. "Copy to my watchlists" needs a session: signed out it asks for a
 * login (the provided `requestLogin`), signed in it copies once and then links to the copy. Actors: load, copy.
 */
export const sharedWatchlistMachine = setup({
  types: {
    context: {} as SharedWatchlistContext,
    events: {} as SharedWatchlistEvent,
    input: {} as SharedWatchlistInput,
    tags: {} as SharedWatchlistTag,
  },
  actors: {
    load: notProvided<SharedWatchlist, { token: string }>('load'),
    copy: notProvided<CopySharedResult, { token: string }>('copy'),
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) => errorCode(params.error) === 'NotFound',
    signedIn: ({ event }) => {
      assertEvent(event, 'COPY');
      return event.signedIn;
    },
  },
  actions: {
    /** Opens the login (the app provides it: the auth modal). */
    requestLogin: () => undefined,
    storeList: assign((_, list: SharedWatchlist) => ({ list, message: null })),
    showLoginRequired: assign({ message: SHARED_MESSAGES.loginRequired }),
    storeCopy: assign((_, copy: CopySharedResult) => ({ copy, message: SHARED_MESSAGES.copied(copy.name) })),
    showCopyFailed: assign((_, { error }: { error: unknown }) => ({
      message: serverMessage(error, SHARED_MESSAGES.copyFailed),
    })),
  },
}).createMachine({
  id: 'sharedWatchlist',
  context: ({ input }) => ({ token: input.token, list: null, copy: null, message: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'ready', actions: { type: 'storeList', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isNotFound', params: withError }, target: 'notFound' },
          { target: 'failed' },
        ],
      },
    },
    notFound: { tags: ['notFound'] },
    failed: {
      tags: ['error'],
      on: { RETRY: { target: 'loading' } },
    },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            COPY: [
              { guard: 'signedIn', target: 'copying' },
              { actions: ['requestLogin', 'showLoginRequired'] },
            ],
          },
        },
        copying: {
          tags: ['busy'],
          invoke: {
            id: 'copy',
            src: 'copy',
            input: ({ context }) => ({ token: context.token }),
            onDone: { target: 'copied', actions: { type: 'storeCopy', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'showCopyFailed', params: withError } },
          },
        },
        /** One copy per visit: the page now links to it. */
        copied: { tags: ['copied'] },
      },
    },
  },
});
