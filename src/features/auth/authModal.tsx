import { createActorContext } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, type ReactNode } from 'react';
import type { AnyActorLogic } from 'xstate';
import type { AuthModalEvent } from '../../../machines/auth-modal/authModal.machine';
import { liveAuthModalMachine } from './liveAuth';

/** The app-wide auth modal actor (wide screens; narrow layouts use /auth/login and /auth/signup). */
export const AuthModalContext = createActorContext(liveAuthModalMachine);

const AuthDialog = lazy(() => import('./AuthDialog'));

export function AuthModalProvider({
  children,
  onSignedIn,
  logic,
}: {
  children: ReactNode;
  onSignedIn: () => void;
  logic?: AnyActorLogic;
}) {
  return (
    <AuthModalContext.Provider logic={logic as typeof liveAuthModalMachine | undefined}>
      <SignedInRelay onSignedIn={onSignedIn} />
      {children}
      <AuthModalRoot />
    </AuthModalContext.Provider>
  );
}

function SignedInRelay({ onSignedIn }: { onSignedIn: () => void }) {
  const modal = AuthModalContext.useActorRef();
  useEffect(() => {
    const subscription = modal.on('signedIn', onSignedIn);
    return () => subscription.unsubscribe();
  }, [modal, onSignedIn]);
  return null;
}

/** The dialog's code loads the first time the modal opens. */
function AuthModalRoot() {
  const open = AuthModalContext.useSelector((s) => s.hasTag('open'));
  const modal = AuthModalContext.useActorRef();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog actorRef={modal} />
    </Suspense>
  );
}

type OpenView = Extract<AuthModalEvent, { type: 'OPEN' }>['view'];

/** Opens the auth modal on a view ('login' by default), e.g. from a watchlist action when signed out. */
export function useOpenAuthModal() {
  const modal = AuthModalContext.useActorRef();
  return useCallback((view: OpenView = 'login', email?: string) => modal.send({ type: 'OPEN', view, email }), [modal]);
}
