import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { AuthForms } from '../../features/auth/AuthForms';
import { liveAuthModalMachine } from '../../features/auth/liveAuth';
import { useSessionActor } from '../../features/session/session';
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
  const actorRef = useActorRef(liveAuthModalMachine, { input: { mode: 'page', view }, inspect });
  const closed = useSelector(actorRef, (s) => s.hasTag('closed'));

  useEffect(() => {
    const subscription = actorRef.on('signedIn', () => session.send({ type: 'SIGNED_IN' }));
    return () => subscription.unsubscribe();
  }, [actorRef, session]);

  useEffect(() => {
    if (closed) navigate(callbackUrl, { replace: true });
  }, [closed, navigate, callbackUrl]);

  return (
    <main id="main" className="auth-page">
      <AuthForms actorRef={actorRef} Title="h1" documentTitle />
    </main>
  );
}
