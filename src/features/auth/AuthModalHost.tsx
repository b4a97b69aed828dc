import { lazy } from 'react';
import type { ActorRefFrom } from 'xstate';
import { AppActor } from '../../app/AppProvider';
import { WhileOpen } from '../../components/WhileOpen';
import type { liveAuthModalMachine } from './liveAuth';

const AuthDialog = lazy(() => import('./AuthDialog'));

type AuthModalRef = ActorRefFrom<typeof liveAuthModalMachine>;

/** Shows the app-wide auth modal (the app actor's `authModal` child, spawned once its code loaded) while open. */
export default function AuthModalHost() {
  const modal = AppActor.useSelector((s) => s.context.authModal) as AuthModalRef | null;
  return modal ? (
    <WhileOpen actor={modal}>
      <AuthDialog actorRef={modal} />
    </WhileOpen>
  ) : null;
}
