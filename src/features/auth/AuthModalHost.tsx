import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { AppActor } from '../../app/AppProvider';
import type { liveAuthModalMachine } from './liveAuth';

const AuthDialog = lazy(() => import('./AuthDialog'));

type AuthModalRef = ActorRefFrom<typeof liveAuthModalMachine>;

const isOpen = (s: ReturnType<AnyActorRef['getSnapshot']>) => s.hasTag('open') as boolean;

/** Shows the app-wide auth modal (the app actor's `authModal` child, spawned once its code loaded) while open. */
export default function AuthModalHost() {
  const modal = AppActor.useSelector((s) => s.context.authModal);
  return modal ? <OpenDialog modal={modal as AuthModalRef} /> : null;
}

function OpenDialog({ modal }: { modal: AuthModalRef }) {
  const open = useSelector(modal as AnyActorRef, isOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog actorRef={modal} />
    </Suspense>
  );
}
