import { createActorContext } from '@xstate/react';
import { useCallback, useEffect, type ReactNode } from 'react';
import { fromPromise, type AnyActorLogic } from 'xstate';
import { getSession } from '../../../api/auth';
import {
  sessionMachine,
  sessionStatus,
  type SessionData,
  type SessionEmitted,
  type SessionStatus,
  type SessionUser,
} from '../../../machines/session/session.machine';
import { request } from '../../lib/client';
import { AuthModalProvider } from '../auth/authModal';
import { SessionRequiredGuard } from './SessionRequired';
import { inspect } from '../../lib/inspect';

/** The session machine with the real session call. */
export const liveSessionMachine = sessionMachine.provide({
  actors: {
    fetchSession: fromPromise<SessionData>(async () => (await getSession(request)) as SessionData),
  },
});

/** The app-wide session actor. */
export const SessionContext = createActorContext(liveSessionMachine);

export type SessionProviderProps = {
  children: ReactNode;
  /** Refetch the session every this many milliseconds (off by default). */
  pollInterval?: number;
  /** Replaces the session logic (tests). */
  logic?: typeof liveSessionMachine;
  /** Replaces the auth modal logic (tests). */
  authModalLogic?: AnyActorLogic;
  /** How the browser is sent to the sign-in page from /my/* without a session (tests replace it). */
  onSessionRequired?: (url: string) => void;
};

/**
 * Holds the session for the whole app and the auth modal (which opens from the header and from any feature
 * that needs a signed-in user, see `useOpenAuthModal`). A sign-in through the modal refetches the session
 * and tells other tabs. Pages under /my/* send a signed-out browser to the sign-in page (SessionRequired).
 */
export function SessionProvider({
  children,
  pollInterval,
  logic,
  authModalLogic,
  onSessionRequired,
}: SessionProviderProps) {
  return (
    <SessionContext.Provider logic={logic} options={{ input: { pollInterval }, inspect }}>
      <Guard redirect={onSessionRequired} />
      <ModalWithSession logic={authModalLogic}>{children}</ModalWithSession>
    </SessionContext.Provider>
  );
}

function Guard({ redirect }: { redirect?: (url: string) => void }) {
  const signedOut = SessionContext.useSelector(
    (s) => sessionStatus(s) === 'unauthenticated' && !s.hasTag('fetching'),
  );
  return <SessionRequiredGuard signedOut={signedOut} redirect={redirect} />;
}

function ModalWithSession({ children, logic }: { children: ReactNode; logic?: AnyActorLogic }) {
  const session = SessionContext.useActorRef();
  const onSignedIn = useCallback(() => session.send({ type: 'SIGNED_IN' }), [session]);
  return (
    <AuthModalProvider onSignedIn={onSignedIn} logic={logic}>
      {children}
    </AuthModalProvider>
  );
}

/** 'loading', 'authenticated' or 'unauthenticated'. */
export const useSessionStatus = (): SessionStatus => SessionContext.useSelector(sessionStatus);

/** true when signed in, false when signed out, null while loading (the tour's input). */
export const useSignedIn = (): boolean | null =>
  SessionContext.useSelector((s) => {
    const status = sessionStatus(s);
    return status === 'loading' ? null : status === 'authenticated';
  });

/** The signed-in user, or null. */
export const useSessionUser = (): SessionUser | null =>
  SessionContext.useSelector((s) => s.context.session.user ?? null);

/** The session actor, to send REFETCH / SIGNED_IN / SIGNED_OUT. */
export const useSessionActor = () => SessionContext.useActorRef();

/** Calls `handler` whenever the status changes (e.g. to stop the tour when the user signs in or out). */
export function useSessionStatusChanged(handler: (event: SessionEmitted) => void) {
  const session = SessionContext.useActorRef();
  useEffect(() => {
    const subscription = session.on('statusChanged', handler);
    return () => subscription.unsubscribe();
  }, [session, handler]);
}
