import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import type { ActorRefFrom, AnyActorLogic } from 'xstate';
import type { AuthModalHostApi } from './authModal';
import { liveAuthModalMachine } from './liveAuth';
import { inspect } from '../../lib/inspect';

const AuthDialog = lazy(() => import('./AuthDialog'));

/**
 * The app-wide auth-modal actor (loaded lazily by AuthModalProvider): registers how to open it, relays a
 * sign-in to the session, and shows the dialog while the machine is open.
 */
export default function AuthModalHost({
  register,
  onSignedIn,
  logic,
}: {
  register: (api: AuthModalHostApi | null) => void;
  onSignedIn: () => void;
  logic?: AnyActorLogic;
}) {
  const modal = useActorRef((logic ?? liveAuthModalMachine) as typeof liveAuthModalMachine, { input: {}, inspect });
  const open = useSelector(modal, (s) => s.hasTag('open'));

  useEffect(() => {
    register({ open: (view, email) => modal.send({ type: 'OPEN', view, email }) });
    return () => register(null);
  }, [modal, register]);

  useEffect(() => {
    const subscription = modal.on('signedIn', onSignedIn);
    return () => subscription.unsubscribe();
  }, [modal, onSignedIn]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog actorRef={modal as ActorRefFrom<typeof liveAuthModalMachine>} />
    </Suspense>
  );
}
