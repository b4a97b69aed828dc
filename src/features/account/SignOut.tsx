import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useSessionActor } from '../session/session';
import { liveSignOutMachine } from './liveSignOut';
import { inspect } from '../../lib/inspect';

/**
 * Sign-out for one place in the UI (the header's account menu, the phone drawer): its actor, told to the session
 * once the server signed out, and the message to show.
 */
export function useSignOut(logic: typeof liveSignOutMachine = liveSignOutMachine) {
  const session = useSessionActor();
  const actor = useActorRef(logic, { inspect });
  const message = useSelector(actor, (s) => (s.hasTag('message') ? s.context.message : null));
  const failed = useSelector(actor, (s) => s.context.failed);

  useEffect(() => {
    const subscription = actor.on('signedOut', () => session.send({ type: 'SIGNED_OUT' }));
    return () => subscription.unsubscribe();
  }, [actor, session]);

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
