import { assign, emit, setup } from 'xstate';
import { notProvided } from '../../core/requests';

export const SIGN_OUT_MESSAGES = {
  success: 'Signed out successfully.',
  failure: 'Something went wrong.',
} as const;

/**
 * Sign out from the account menu (spec §8 "Sign out"): `signingOut` calls the auth service, then shows
 * 'Signed out successfully.' or 'Something went wrong.' until dismissed or `messageTimeout` passes.
 * Emits `signedOut` so the app refetches the session and tells other tabs. Tags: busy, message.
 */
export const signOutMachine = setup({
  types: {
    context: {} as { message: string | null; failed: boolean },
    events: {} as { type: 'SIGN_OUT' } | { type: 'DISMISS' },
    emitted: {} as { type: 'signedOut' },
    tags: {} as 'busy' | 'message',
  },
  actors: {
    signOut: notProvided<unknown>('signOut'),
  },
  delays: {
    messageTimeout: 5000,
  },
  actions: {
    showSuccess: assign({ message: () => SIGN_OUT_MESSAGES.success, failed: () => false }),
    showFailure: assign({ message: () => SIGN_OUT_MESSAGES.failure, failed: () => true }),
    clearMessage: assign({ message: () => null, failed: () => false }),
    /** Tells whoever listens that the server signed out (the app provides a message to the session). */
    reportSignedOut: emit({ type: 'signedOut' as const }),
  },
}).createMachine({
  id: 'signOut',
  context: { message: null, failed: false },
  initial: 'idle',
  states: {
    idle: {
      on: { SIGN_OUT: { target: 'signingOut', actions: 'clearMessage' } },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'showingMessage', actions: ['showSuccess', 'reportSignedOut'] },
        onError: { target: 'showingMessage', actions: 'showFailure' },
      },
    },
    showingMessage: {
      tags: ['message'],
      after: { messageTimeout: { target: 'idle', actions: 'clearMessage' } },
      on: {
        DISMISS: { target: 'idle', actions: 'clearMessage' },
        SIGN_OUT: { target: 'signingOut', actions: 'clearMessage' },
      },
    },
  },
});
