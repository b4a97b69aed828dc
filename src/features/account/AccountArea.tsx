import { useMachine } from '@xstate/react';
import { lazy, Suspense, type MouseEvent } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { onIntentMachine } from '../../../machines/on-intent/onIntent.machine';
import type { SessionUser } from '../../../machines/session/session.machine';
import { liveSignOutMachine } from './liveSignOut';
import { useOpenAuthModal, usePrepareAuthModal, useSessionStatus, useSessionUser } from '../../app/hooks';
import { Avatar } from './Avatar';
import { SignOutMessage, useSignOut } from './SignOut';
import './account.css';

// The menu (Headless UI, floating-ui: a third of a signed-in page's JavaScript) loads on intent (issue 11).
const loadAccountMenu = () => import('./AccountMenu');
const AccountMenu = lazy(loadAccountMenu);
const accountMenuOnIntent = onIntentMachine.provide({ actors: { load: fromPromise<unknown>(loadAccountMenu) } });

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
  const signOut = useSignOut(signOutLogic);

  return (
    <div className="account-area" data-tour="account" data-status={status}>
      {status === 'authenticated' && user ? (
        <AccountMenuOnIntent user={user} portfolio={portfolio} onSignOut={signOut.signOut} />
      ) : status === 'unauthenticated' ? (
        <AuthLinks />
      ) : (
        <span className="account-area__placeholder" aria-hidden="true" />
      )}
      <SignOutMessage state={signOut} />
    </div>
  );
}

type AccountMenuProps = { user: SessionUser; portfolio: boolean; onSignOut: () => void };

/**
 * The avatar button stands in for the account menu until the pointer comes over it or it is clicked; a click
 * before the menu's code arrived opens the menu once it has.
 */
function AccountMenuOnIntent(props: AccountMenuProps) {
  const [state, send] = useMachine(accountMenuOnIntent);
  const standIn = (
    <div className="account-menu">
      <button
        type="button"
        className="account-menu__button"
        aria-label={`Account menu for ${props.user.email}`}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={() => send({ type: 'PREPARE' })}
        onClick={() => send({ type: 'OPEN' })}
      >
        <Avatar key={props.user.username} user={props.user} />
      </button>
    </div>
  );
  if (!state.hasTag('ready')) return standIn;
  return (
    <Suspense fallback={standIn}>
      <AccountMenu
        {...props}
        openOnArrival={state.context.openWhenReady}
        onOpened={() => send({ type: 'OPENED' })}
      />
    </Suspense>
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
