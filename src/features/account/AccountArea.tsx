import { lazy, Suspense, type MouseEvent } from 'react';
import { Link } from 'wouter';
import type { SessionUser } from '../../../machines/auth/session/session.machine';
import { useOpenAuthModal, usePrepareAuthModal, useSessionStatus, useSessionUser } from '../../app/hooks';
import { SignOutMessage, useSignOut } from './SignOut';
import './account.css';

// Signed in only: the avatar button and its menu are a chunk that guests never load.
const AccountMenuOnIntent = lazy(() => import('./AccountMenuOnIntent'));

/** Wide layouts (the large breakpoint) open the auth modal; narrow ones follow the links to the pages. */
export const WIDE_LAYOUT_QUERY = '(min-width: 1024px)';
const isWide = () => typeof window !== 'undefined' && window.matchMedia?.(WIDE_LAYOUT_QUERY).matches === true;

export type AccountAreaProps = {
  /** The `portfolio` feature flag: shows Portfolio in the account menu. */
  portfolio?: boolean;
};

/** Holds the account area's place while the session (or the signed-in menu's code, or sign-out's) is on its way. */
const PLACEHOLDER = <span className="account-area__placeholder" aria-hidden="true" />;

/**
 * The header's account area (spec §2 "Header"): 'Log in' and 'Sign up' when signed out, the avatar and the
 * account menu when signed in, and the sign-out message. Carries the tour anchor data-tour="account".
 */
export function AccountArea({ portfolio = false }: AccountAreaProps) {
  const status = useSessionStatus();
  const user = useSessionUser();
  const signOut = useSignOut();

  return (
    <div className="account-area" data-tour="account" data-status={status}>
      {status === 'authenticated' && user && signOut.ready ? (
        <Suspense fallback={PLACEHOLDER}>
          <AccountMenuOnIntent user={user} portfolio={portfolio} onSignOut={signOut.signOut} />
        </Suspense>
      ) : status === 'unauthenticated' ? (
        <AuthLinks />
      ) : (
        PLACEHOLDER
      )}
      <SignOutMessage state={signOut} />
    </div>
  );
}

function AuthLinks() {
  const open = useOpenAuthModal();
  const prepare = usePrepareAuthModal();
  const opener = (view: 'login' | 'signup') => (event: MouseEvent) => {
    if (!isWide()) return; // narrow layouts: the link goes to the page
    event.preventDefault();
    open(view);
  };
  return (
    <div className="account-area__links" onPointerEnter={prepare} onFocus={prepare}>
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
