import { useMachine } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { fromPromise } from 'xstate';
import { onIntentMachine } from '../../../machines/first-load/on-intent/onIntent.machine';
import type { SessionUser } from '../../../machines/auth/session/session.machine';
import { Avatar } from './Avatar';

// The menu (Headless UI, floating-ui: a third of a signed-in page's JavaScript) loads on intent.
const loadAccountMenu = () => import('./AccountMenu');
const AccountMenu = lazy(loadAccountMenu);
const accountMenuOnIntent = onIntentMachine.provide({
  actors: { load: fromPromise<unknown>(loadAccountMenu) },
});

type AccountMenuProps = { user: SessionUser; portfolio: boolean; onSignOut: () => void };

/**
 * The avatar button stands in for the account menu until the pointer comes over it or it is clicked; a click
 * before the menu's code arrived opens the menu once it has.
 */
export default function AccountMenuOnIntent(props: AccountMenuProps) {
  const [state, send] = useMachine(accountMenuOnIntent, { input: {} });
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
