import { assign, fromPromise, setup } from 'xstate';

/** Spec §8: shown when the entered id does not resolve. */
export const USER_NOT_FOUND = "User doesn't exist.";
const UNKNOWN_ERROR = 'Something went wrong.';

export type ImpersonationEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'CHANGE'; value: string }
  | { type: 'SUBMIT' }
  /** From the impersonation banner: back to the admin whose id the session carries. */
  | { type: 'EXIT'; adminId: string };

/** The message for a failed call: 404 / UserNotFound → "User doesn't exist.", else the server's message. */
function messageOf(error: unknown): string {
  const e = error as { status?: number; code?: string; message?: string } | undefined;
  if (e?.status === 404 || e?.code === 'UserNotFound') return USER_NOT_FOUND;
  return e?.status !== undefined && e.status < 500 && e.message ? e.message : UNKNOWN_ERROR;
}

/**
 * The Impersonation Tool (spec §2 'Other overlays', §4 Impersonation): an admin opens the tool, enters a user id
 * and presses Switch User; the id is checked and the session switched in one call (`switchUser`), then the page
 * reloads. An id that does not resolve shows "User doesn't exist." and the admin can correct it. Exit (from the
 * banner) calls `exitImpersonation` with the admin id and reloads.
 * Tags: open (modal shown), busy (a call in flight), error (a message to show), reloading.
 */
export const impersonationMachine = setup({
  types: {
    context: {} as { userId: string; error: string | null },
    events: {} as ImpersonationEvent,
  },
  actors: {
    switchUser: fromPromise<unknown, { userId: string }>(async () => {
      throw new Error('switchUser not provided');
    }),
    exitImpersonation: fromPromise<unknown, { adminId: string }>(async () => {
      throw new Error('exitImpersonation not provided');
    }),
  },
  guards: {
    hasUserId: ({ context }) => context.userId.trim().length > 0,
  },
  actions: {
    reset: assign({ userId: '', error: null }),
    assignUserId: assign({
      userId: ({ context, event }) => (event.type === 'CHANGE' ? event.value : context.userId),
      error: () => null,
    }),
    assignError: assign({
      error: ({ event }) => messageOf((event as unknown as { error?: unknown }).error),
    }),
    /** The app provides the real reload (window.location.reload). */
    reloadPage: () => undefined,
  },
}).createMachine({
  id: 'impersonation',
  context: { userId: '', error: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: { target: 'open', actions: 'reset' },
        EXIT: { target: 'exiting', actions: 'reset' },
      },
    },
    open: {
      tags: ['open'],
      initial: 'editing',
      on: { CLOSE: { target: 'closed', actions: 'reset' } },
      states: {
        editing: {
          on: {
            CHANGE: { actions: 'assignUserId' },
            SUBMIT: { guard: 'hasUserId', target: 'switching' },
          },
        },
        switching: {
          tags: ['busy'],
          invoke: {
            id: 'switchUser',
            src: 'switchUser',
            input: ({ context }) => ({ userId: context.userId.trim() }),
            onDone: { target: '#impersonation.reloading' },
            onError: { target: 'failed', actions: 'assignError' },
          },
          // The switch is on its way; closing now would hide its outcome.
          on: { CLOSE: {} },
        },
        failed: {
          tags: ['error'],
          on: {
            CHANGE: { target: 'editing', actions: 'assignUserId' },
            SUBMIT: { guard: 'hasUserId', target: 'switching' },
          },
        },
      },
    },
    exiting: {
      tags: ['busy', 'exiting'],
      invoke: {
        id: 'exitImpersonation',
        src: 'exitImpersonation',
        input: ({ event }) => ({ adminId: event.type === 'EXIT' ? event.adminId : '' }),
        onDone: { target: 'reloading' },
        onError: { target: 'exitFailed', actions: 'assignError' },
      },
    },
    exitFailed: {
      tags: ['error'],
      on: { EXIT: { target: 'exiting', actions: 'reset' } },
    },
    reloading: {
      tags: ['reloading', 'busy'],
      entry: 'reloadPage',
      type: 'final',
    },
  },
});
