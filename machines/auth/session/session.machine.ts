import { assertEvent, assign, emit, fromCallback, raise, setup } from 'xstate';
import { notProvided } from '../../core/requests';

/** The session as the auth service returns it: `{}` when signed out (spec §3 "Session"). */
export type SessionUser = {
  username: string;
  email: string;
  image?: string | null;
  /** Set only while an admin impersonates this user. */
  adminId?: string;
};
export type SessionData = { user?: SessionUser; expires?: string };
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';
/** The tags components read: one of the three statuses, and fetching while a session fetch is in flight. */
export type SessionTag = SessionStatus | 'fetching';

/** Browser storage key written after sign-in and sign-out; other tabs refetch when it changes. */
export const SESSION_BROADCAST_KEY = 'session-sync';

export type SessionInput = {
  /** Refetch every this many milliseconds while idle; 0 or absent turns polling off. */
  pollInterval?: number;
  /**
   * The server made this page for a browser with no session (its flags name no identity): the status starts signed
   * out instead of loading, so the server's render and the first paint already show 'Log in' and 'Sign up'. The
   * fetch at start still runs; a page that needs a session waits for it before sending anyone to sign in.
   */
  servedSignedOut?: boolean;
};

export type SessionEvent =
  | { type: 'REFETCH' }
  | { type: 'SIGNED_IN' }
  | { type: 'SIGNED_OUT' }
  /** The user uploaded or deleted their profile picture (Settings): the avatar shows the new one at once. */
  | { type: 'PICTURE_CHANGED' }
  | { type: 'SESSION_LOADED'; session: SessionData }
  | { type: 'SESSION_FAILED' };

/** Emitted whenever the status changes; the guided tour stops when it goes between signed in and out. */
export type SessionEmitted = { type: 'statusChanged'; status: SessionStatus; previous: SessionStatus };

const noop = () => undefined;

/** Refetch when the tab becomes visible again. */
export const visibilityWatcher = fromCallback<SessionEvent>(({ sendBack }) => {
  if (typeof document === 'undefined') return noop;
  const onChange = () => {
    if (document.visibilityState === 'visible') sendBack({ type: 'REFETCH' });
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
});

/** Refetch when another tab broadcasts a sign-in or sign-out through storage. */
export const storageWatcher = fromCallback<SessionEvent>(({ sendBack }) => {
  if (typeof window === 'undefined') return noop;
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_BROADCAST_KEY) sendBack({ type: 'REFETCH' });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
});

/**
 * The app-wide session (spec §4 "Session"): `status` starts as loading and becomes authenticated or
 * unauthenticated (at once, on a page the server made for a browser with no session); `sync` fetches the session
 * at start, on tab visibility, on a storage broadcast from other tabs, on the optional polling interval and after
 * sign-in or sign-out (a newer fetch replaces one in flight). Signing out shows the user signed out at once (the sign-out request already cleared the server's
 * cookie) and then refetches to confirm, so a failed refetch (offline) cannot leave the old user shown.
 * Status changes are emitted as `statusChanged`. Components read the tags loading, authenticated,
 * unauthenticated and fetching. Signed in, PICTURE_CHANGED (sent by Settings after an upload or a delete) counts a
 * new `pictureVersion`, which the avatar's picture address carries.
 */
export const sessionMachine = setup({
  types: {
    input: {} as SessionInput | undefined,
    context: {} as {
      session: SessionData;
      pollInterval: number;
      servedSignedOut: boolean;
      /**
       * How many times the profile picture changed in this page: part of the picture's address, so the avatar asks
       * for the new picture at once instead of the one (or the "no picture") the browser keeps for the minute.
       */
      pictureVersion: number;
    },
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    tags: {} as SessionTag,
  },
  actors: {
    fetchSession: notProvided<SessionData>('fetchSession'),
    visibilityWatcher,
    storageWatcher,
  },
  delays: {
    pollInterval: ({ context }) => context.pollInterval,
  },
  guards: {
    hasUser: ({ event }) => {
      assertEvent(event, 'SESSION_LOADED');
      return event.session.user !== undefined;
    },
    pollingEnabled: ({ context }) => context.pollInterval > 0,
    servedSignedOut: ({ context }) => context.servedSignedOut,
  },
  actions: {
    assignSession: assign({
      session: ({ event }) => {
        assertEvent(event, 'SESSION_LOADED');
        return event.session;
      },
    }),
    clearSession: assign({ session: () => ({}) }),
    countPictureChange: assign({ pictureVersion: ({ context }) => context.pictureVersion + 1 }),
    reportLoaded: raise((_, params: { session: SessionData | undefined }) => ({
      type: 'SESSION_LOADED' as const,
      session: params.session ?? {},
    })),
    reportFailed: raise({ type: 'SESSION_FAILED' as const }),
    /** Tells other tabs through browser storage; the default is safe where storage is unavailable. */
    broadcastChange: () => {
      try {
        globalThis.localStorage?.setItem(SESSION_BROADCAST_KEY, String(Date.now()));
      } catch {
        // Storage may be unavailable (private mode); other tabs then catch up on visibility.
      }
    },
    emitStatusChanged: emit((_, params: { status: SessionStatus; previous: SessionStatus }) => ({
      type: 'statusChanged' as const,
      ...params,
    })),
  },
}).createMachine({
  id: 'session',
  type: 'parallel',
  context: ({ input }) => ({
    session: {},
    pollInterval: Math.max(0, input?.pollInterval ?? 0),
    servedSignedOut: input?.servedSignedOut === true,
    pictureVersion: 0,
  }),
  invoke: [
    { id: 'visibilityWatcher', src: 'visibilityWatcher' },
    { id: 'storageWatcher', src: 'storageWatcher' },
  ],
  states: {
    status: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          // Not a change anyone saw: the page starts signed out (nothing is emitted).
          always: { guard: 'servedSignedOut', target: 'unauthenticated' },
          on: {
            SESSION_LOADED: [
              {
                guard: 'hasUser',
                target: 'authenticated',
                actions: [
                  'assignSession',
                  {
                    type: 'emitStatusChanged',
                    params: { status: 'authenticated', previous: 'loading' },
                  },
                ],
              },
              {
                target: 'unauthenticated',
                actions: [
                  'clearSession',
                  {
                    type: 'emitStatusChanged',
                    params: { status: 'unauthenticated', previous: 'loading' },
                  },
                ],
              },
            ],
            SESSION_FAILED: {
              target: 'unauthenticated',
              actions: [
                'clearSession',
                { type: 'emitStatusChanged', params: { status: 'unauthenticated', previous: 'loading' } },
              ],
            },
            // The server already dropped the session: signed out at once (`sync` refetches to confirm).
            SIGNED_OUT: {
              target: 'unauthenticated',
              actions: [
                'clearSession',
                { type: 'emitStatusChanged', params: { status: 'unauthenticated', previous: 'loading' } },
              ],
            },
          },
        },
        authenticated: {
          tags: ['authenticated'],
          on: {
            PICTURE_CHANGED: { actions: 'countPictureChange' },
            SESSION_LOADED: [
              { guard: 'hasUser', actions: 'assignSession' },
              {
                target: 'unauthenticated',
                actions: [
                  'clearSession',
                  {
                    type: 'emitStatusChanged',
                    params: { status: 'unauthenticated', previous: 'authenticated' },
                  },
                ],
              },
            ],
            // The server already dropped the session: signed out at once (`sync` refetches to confirm).
            SIGNED_OUT: {
              target: 'unauthenticated',
              actions: [
                'clearSession',
                {
                  type: 'emitStatusChanged',
                  params: { status: 'unauthenticated', previous: 'authenticated' },
                },
              ],
            },
          },
        },
        unauthenticated: {
          tags: ['unauthenticated'],
          on: {
            SESSION_LOADED: {
              guard: 'hasUser',
              target: 'authenticated',
              actions: [
                'assignSession',
                {
                  type: 'emitStatusChanged',
                  params: { status: 'authenticated', previous: 'unauthenticated' },
                },
              ],
            },
          },
        },
      },
    },
    sync: {
      initial: 'fetching',
      on: {
        SIGNED_IN: { target: '.fetching', actions: 'broadcastChange' },
        SIGNED_OUT: { target: '.fetching', actions: 'broadcastChange' },
      },
      states: {
        idle: {
          on: { REFETCH: 'fetching' },
          after: { pollInterval: { guard: 'pollingEnabled', target: 'fetching' } },
        },
        fetching: {
          tags: ['fetching'],
          on: { REFETCH: { target: 'fetching', reenter: true } },
          invoke: {
            id: 'fetchSession',
            src: 'fetchSession',
            onDone: {
              target: 'idle',
              actions: { type: 'reportLoaded', params: ({ event }) => ({ session: event.output }) },
            },
            onError: { target: 'idle', actions: 'reportFailed' },
          },
        },
      },
    },
  },
});

/** The status a snapshot shows (the tag of the `status` region). */
export const sessionStatus = (snapshot: { hasTag: (tag: SessionTag) => boolean }): SessionStatus =>
  snapshot.hasTag('authenticated')
    ? 'authenticated'
    : snapshot.hasTag('unauthenticated')
      ? 'unauthenticated'
      : 'loading';
