import { assign, emit, fromCallback, fromPromise, raise, setup } from 'xstate';

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

/** Browser storage key written after sign-in and sign-out; other tabs refetch when it changes. */
export const SESSION_BROADCAST_KEY = 'session-sync';

export type SessionInput = {
  /** Refetch every this many milliseconds while idle; 0 or absent turns polling off. */
  pollInterval?: number;
};

export type SessionEvent =
  | { type: 'REFETCH' }
  | { type: 'SIGNED_IN' }
  | { type: 'SIGNED_OUT' }
  | { type: 'session.loaded'; session: SessionData }
  | { type: 'session.failed' };

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
 * unauthenticated; `sync` fetches the session at start, on tab visibility, on a storage broadcast from
 * other tabs, on the optional polling interval and after sign-in or sign-out (a newer fetch replaces one in
 * flight). Status changes are emitted as `statusChanged`. Components read the tags loading,
 * authenticated, unauthenticated and fetching.
 */
export const sessionMachine = setup({
  types: {
    input: {} as SessionInput | undefined,
    context: {} as { session: SessionData; pollInterval: number },
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    fetchSession: fromPromise<SessionData>(async () => {
      throw new Error('fetchSession not provided');
    }),
    visibilityWatcher,
    storageWatcher,
  },
  delays: {
    pollInterval: ({ context }) => context.pollInterval,
  },
  guards: {
    hasUser: ({ event }) => event.type === 'session.loaded' && event.session.user !== undefined,
    pollingEnabled: ({ context }) => context.pollInterval > 0,
  },
  actions: {
    assignSession: assign({
      session: ({ event }) => (event.type === 'session.loaded' ? event.session : {}),
    }),
    clearSession: assign({ session: () => ({}) }),
    reportLoaded: raise(({ event }) => ({
      type: 'session.loaded' as const,
      session: (event as unknown as { output: SessionData }).output ?? {},
    })),
    reportFailed: raise({ type: 'session.failed' as const }),
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
  context: ({ input }) => ({ session: {}, pollInterval: Math.max(0, input?.pollInterval ?? 0) }),
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
          on: {
            'session.loaded': [
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
            'session.failed': {
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
            'session.loaded': [
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
          },
        },
        unauthenticated: {
          tags: ['unauthenticated'],
          on: {
            'session.loaded': {
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
            onDone: { target: 'idle', actions: 'reportLoaded' },
            onError: { target: 'idle', actions: 'reportFailed' },
          },
        },
      },
    },
  },
});

/** The status a snapshot shows (the tag of the `status` region). */
export const sessionStatus = (snapshot: { hasTag: (tag: string) => boolean }): SessionStatus =>
  snapshot.hasTag('authenticated')
    ? 'authenticated'
    : snapshot.hasTag('unauthenticated')
      ? 'unauthenticated'
      : 'loading';
