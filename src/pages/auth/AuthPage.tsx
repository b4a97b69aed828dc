import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { AuthForms } from '../../features/auth/AuthForms';
import { liveAuthModalMachine } from '../../features/auth/liveAuth';
import { useSessionActor } from '../../app/hooks';
import { inspect } from '../../lib/inspect';

/** Only same-site paths are followed after sign-in (`//host` and `/\host` are other sites). */
const safeCallback = (value: string | null) =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';

/**
 * /auth/login and /auth/signup (narrow layouts): the auth flow on a page, with the same machine as the modal.
 * Signing in goes to `callbackUrl` (or home).
 */
export function AuthPage({ view }: { view: 'login' | 'signup' }) {
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const callbackUrl = safeCallback(params.get('callbackUrl'));
  // The page's side of the flow: the session hears of a sign-in by an event, and once the flow closes (signed in
  // or closed by hand) the page leaves for the callback address.
  const logic = useMemo(
    () =>
      liveAuthModalMachine.provide({
        actions: {
          // Told at once, not by a deferred sendTo: `closed` (which follows it) leaves for the callback address, and a
          // page under /my must find the session already refetching there, not signed out.
          signedIn: () => session.send({ type: 'SIGNED_IN' }),
          closed: () => navigate(callbackUrl, { replace: true }),
        },
      }),
    [session, navigate, callbackUrl],
  );
  const actorRef = useActorRef(logic, { input: { mode: 'page', view }, inspect });

  return (
    <main id="main" className="auth-page">
      <AuthForms actorRef={actorRef} Title="h1" documentTitle />
    </main>
  );
}
