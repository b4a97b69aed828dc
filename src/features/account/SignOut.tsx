import { useActorRef, useSelector } from '@xstate/react';
import { sendTo } from 'xstate';
import { useSessionActor } from '../../app/hooks';
import { liveSignOutMachine } from './liveSignOut';
import { inspect } from '../../lib/inspect';
import { useConstant } from '../../lib/useConstant';

/**
 * Sign-out for one place in the UI (the header's account menu, the phone drawer): its actor, told to the session
 * once the server signed out, and the message to show.
 */
export function useSignOut(logic: typeof liveSignOutMachine = liveSignOutMachine) {
  const session = useSessionActor();
  // Once the server signed out, the session shows it at once (and refetches to confirm).
  const provided = useConstant(() =>
    logic.provide({ actions: { reportSignedOut: sendTo(session, { type: 'SIGNED_OUT' }) } }),
  );
  const actor = useActorRef(provided, { inspect });
  const message = useSelector(actor, (s) => (s.hasTag('message') ? s.context.message : null));
  const failed = useSelector(actor, (s) => s.context.failed);

  return {
    signOut: () => actor.send({ type: 'SIGN_OUT' }),
    dismiss: () => actor.send({ type: 'DISMISS' }),
    message,
    failed,
  };
}

/** "Signed out successfully." (or the failure), with a dismiss button. */
export function SignOutMessage({ state }: { state: ReturnType<typeof useSignOut> }) {
  if (!state.message) return null;
  return (
    <div role="status" className={`account-area__toast${state.failed ? ' account-area__toast--error' : ''}`}>
      <span>{state.message}</span>
      <button type="button" aria-label="Dismiss" onClick={state.dismiss}>
        ×
      </button>
    </div>
  );
}
