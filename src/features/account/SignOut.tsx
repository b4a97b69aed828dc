import { useSelector } from '@xstate/react';
import { useSignOutActor } from '../../app/hooks';

/**
 * Sign-out for one place in the UI (the header's account menu, the phone drawer): the app's sign-out actor, which
 * the app loads with the first sign-in (guests never download it), and the message to show. Until it is there,
 * `ready` is false.
 */
export function useSignOut() {
  const actor = useSignOutActor();
  const message = useSelector(actor ?? undefined, (s) => (s?.hasTag('message') ? s.context.message : null));
  const failed = useSelector(actor ?? undefined, (s) => s?.context.failed ?? false);

  return {
    ready: actor !== null,
    signOut: () => actor?.send({ type: 'SIGN_OUT' }),
    dismiss: () => actor?.send({ type: 'DISMISS' }),
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
