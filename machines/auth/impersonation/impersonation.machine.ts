import { assertEvent, assign, fromCallback, sendTo, setup } from 'xstate';
import type {
  ImpersonationContext,
  ImpersonationEvent,
  ImpersonationInput,
  ImpersonationTag,
  OpenRequestsEvent,
} from './impersonation.types';
import { notProvided, withError } from '../../core/requests';

/** Spec §8: shown when the entered id does not resolve. */
export const USER_NOT_FOUND = "User doesn't exist.";
const UNKNOWN_ERROR = 'Something went wrong.';

type CallError = { status?: number; code?: string; message?: string } | undefined;

const isUserNotFound = (e: CallError) => e?.status === 404 || e?.code === 'UserNotFound';

/** A refusal below 500 shows the server's message; anything else the unknown-error text. */
const serverMessageOf = (e: CallError) =>
  e?.status !== undefined && e.status < 500 && e.message ? e.message : UNKNOWN_ERROR;

/** The message for a failed switch: 404 / UserNotFound → "User doesn't exist.", else the server's message. */
const switchErrorOf = (error: unknown) =>
  isUserNotFound(error as CallError) ? USER_NOT_FOUND : serverMessageOf(error as CallError);

/**
 * The message for a failed exit: there is no id to correct, so a 404 / UserNotFound (the admin's account is gone)
 * shows the unknown-error text, not "User doesn't exist."; else the server's message.
 */
const exitErrorOf = (error: unknown) =>
  isUserNotFound(error as CallError) ? UNKNOWN_ERROR : serverMessageOf(error as CallError);

/**
 * The Impersonation Tool (spec §2 'Other overlays', §4 Impersonation): an admin opens the tool, enters a user id
 * and presses Switch User; the id is checked and the session switched in one call (`switchUser`), then the page
 * reloads. An id that does not resolve shows "User doesn't exist." and the admin can correct it. Exit (from the
 * banner) calls `exitImpersonation` with the admin id and reloads; when it fails, Exit can be retried and the
 * tool can still be opened.
 * While the tool is enabled (`toolEnabled` input, then TOOL_ENABLED), `openRequests` listens: the app provides the
 * Alt+Shift+I shortcut and the "Impersonate User" requests, which send OPEN; it is told of each change (LISTEN).
 * Tags: open (modal shown), busy (a call in flight), error (a message to show), exiting, reloading.
 */
export const impersonationMachine = setup({
  types: {
    input: {} as ImpersonationInput,
    context: {} as ImpersonationContext,
    events: {} as ImpersonationEvent,
    tags: {} as ImpersonationTag,
  },
  actors: {
    switchUser: notProvided<unknown, { userId: string }>('switchUser'),
    exitImpersonation: notProvided<unknown, { adminId: string }>('exitImpersonation'),
    // No-op here (node, tests, the visualizer); the app provides the window's listeners.
    openRequests: fromCallback<OpenRequestsEvent, { enabled: boolean }>(() => () => undefined),
  },
  guards: {
    hasUserId: ({ context }) => context.userId.trim().length > 0,
  },
  actions: {
    reset: assign({ userId: '', error: null }),
    assignUserId: assign({
      userId: ({ event }) => {
        assertEvent(event, 'CHANGE');
        return event.value;
      },
      error: null,
    }),
    clearError: assign({ error: null }),
    showSwitchError: assign((_, params: { error: unknown }) => ({ error: switchErrorOf(params.error) })),
    showExitError: assign((_, params: { error: unknown }) => ({ error: exitErrorOf(params.error) })),
    /** The app provides the real reload (window.location.reload). */
    reloadPage: () => undefined,
    setToolEnabled: assign({
      toolEnabled: ({ event }) => {
        assertEvent(event, 'TOOL_ENABLED');
        return event.enabled;
      },
    }),
    tellOpenRequests: sendTo('openRequests', ({ event }): OpenRequestsEvent => {
      assertEvent(event, 'TOOL_ENABLED');
      return { type: 'LISTEN', enabled: event.enabled };
    }),
  },
}).createMachine({
  id: 'impersonation',
  context: ({ input }) => ({ userId: '', error: null, toolEnabled: input?.toolEnabled ?? false }),
  invoke: {
    id: 'openRequests',
    src: 'openRequests',
    input: ({ context }) => ({ enabled: context.toolEnabled }),
  },
  on: {
    TOOL_ENABLED: { actions: ['setToolEnabled', 'tellOpenRequests'] },
  },
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
          // A new switch: the error of the last one is gone.
          entry: 'clearError',
          invoke: {
            id: 'switchUser',
            src: 'switchUser',
            input: ({ context }) => ({ userId: context.userId.trim() }),
            onDone: { target: '#impersonation.reloading' },
            onError: { target: 'failed', actions: { type: 'showSwitchError', params: withError } },
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
        input: ({ event }) => {
          assertEvent(event, 'EXIT');
          return { adminId: event.adminId };
        },
        onDone: { target: 'reloading' },
        onError: { target: 'exitFailed', actions: { type: 'showExitError', params: withError } },
      },
    },
    exitFailed: {
      tags: ['error'],
      on: {
        EXIT: { target: 'exiting', actions: 'reset' },
        // The admin can still open the tool (as from `closed`); the exit error goes.
        OPEN: { target: 'open', actions: 'reset' },
      },
    },
    reloading: {
      tags: ['reloading', 'busy'],
      entry: 'reloadPage',
      type: 'final',
    },
  },
});
