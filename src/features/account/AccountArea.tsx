import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, type MouseEvent } from 'react';
import { Link } from 'wouter';
import type { SessionUser } from '../../../machines/session/session.machine';
import { useOpenAuthModal } from '../auth/authModal';
import { liveSignOutMachine } from './liveSignOut';
import { useSessionActor, useSessionStatus, useSessionUser } from '../session/session';
import { Avatar } from './Avatar';
import './account.css';

const AccountMenu = lazy(() => import('./AccountMenu'));

/** Wide layouts (the large breakpoint) open the auth modal; narrow ones follow the links to the pages. */
export const WIDE_LAYOUT_QUERY = '(min-width: 1024px)';
const isWide = () => typeof window !== 'undefined' && window.matchMedia?.(WIDE_LAYOUT_QUERY).matches === true;

export type AccountAreaProps = {
  /** The `portfolio` feature flag: shows Portfolio in the account menu. */
  portfolio?: boolean;
  /** Replaces the sign-out logic (tests). */
  signOutLogic?: typeof liveSignOutMachine;
};

/**
 * The header's account area (spec §2 "Header"): 'Log in' and 'Sign up' when signed out, the avatar and the
 * account menu when signed in, and the sign-out message. Carries the tour anchor data-tour="account".
 */
export function AccountArea({ portfolio = false, signOutLogic = liveSignOutMachine }: AccountAreaProps) {
  const status = useSessionStatus();
  const user = useSessionUser();
  const session = useSessionActor();
  const signOut = useActorRef(signOutLogic);
  const message = useSelector(signOut, (s) => (s.hasTag('message') ? s.context.message : null));
  const failed = useSelector(signOut, (s) => s.context.failed);

  useEffect(() => {
    const subscription = signOut.on('signedOut', () => session.send({ type: 'SIGNED_OUT' }));
    return () => subscription.unsubscribe();
  }, [signOut, session]);

  return (
    <div className="account-area" data-tour="account" data-status={status}>
      {status === 'authenticated' && user ? (
        <Suspense fallback={<Avatar user={user} />}>
          <AccountMenu
            user={user}
            portfolio={portfolio}
            onSignOut={() => signOut.send({ type: 'SIGN_OUT' })}
          />
        </Suspense>
      ) : status === 'unauthenticated' ? (
        <AuthLinks />
      ) : (
        <span className="account-area__placeholder" aria-hidden="true" />
      )}
      {message && (
        <div role="status" className={`account-area__toast${failed ? ' account-area__toast--error' : ''}`}>
          <span>{message}</span>
          <button type="button" aria-label="Dismiss" onClick={() => signOut.send({ type: 'DISMISS' })}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}

function AuthLinks() {
  const open = useOpenAuthModal();
  const opener = (view: 'login' | 'signup') => (event: MouseEvent) => {
    if (!isWide()) return; // narrow layouts: the link goes to the page
    event.preventDefault();
    open(view);
  };
  return (
    <div className="account-area__links">
      <Link href="/auth/login" className="btn btn-ghost btn-sm" onClick={opener('login')}>
        Log in
      </Link>
      <Link href="/auth/signup" className="btn btn-primary btn-sm" onClick={opener('signup')}>
        Sign up
      </Link>
    </div>
  );
}

export type { SessionUser };
