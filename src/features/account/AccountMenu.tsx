import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useCallback } from 'react';
import { Link } from 'wouter';
import type { SessionUser } from '../../../machines/auth/session/session.machine';
import { useFlag, useOpenImpersonationTool } from '../../app/hooks';
import { Avatar } from './Avatar';

/**
 * The avatar button and the account menu (Headless UI Menu). Loaded on intent (AccountArea); `openOnArrival`
 * replays the click that asked for it before its code was there.
 */
export default function AccountMenu({
  user,
  portfolio,
  onSignOut,
  openOnArrival = false,
  onOpened,
}: {
  user: SessionUser;
  portfolio: boolean;
  onSignOut: () => void;
  openOnArrival?: boolean;
  onOpened?: () => void;
}) {
  const impersonationTool = useFlag('impersonationTool');
  const openImpersonationTool = useOpenImpersonationTool();
  // The menu opens on its button's click; that button exists only now. After the commit, once Headless UI knows
  // its button, the kept click is replayed on it.
  const replayClick = useCallback(
    (button: HTMLButtonElement | null) => {
      if (!button || !openOnArrival) return;
      queueMicrotask(() => {
        button.click();
        onOpened?.();
      });
    },
    [openOnArrival, onOpened],
  );
  return (
    <Menu as="div" className="account-menu">
      <MenuButton
        ref={replayClick}
        className="account-menu__button"
        aria-label={`Account menu for ${user.email}`}
      >
        <Avatar key={user.username} user={user} />
      </MenuButton>
      <MenuItems anchor="bottom end" className="account-menu__items" modal={false}>
        <div className="account-menu__who">{user.email}</div>
        <MenuItem>
          <Link href="/my/settings" className="account-menu__item">
            Account Settings
          </Link>
        </MenuItem>
        <MenuItem>
          <Link href="/my/watchlists" className="account-menu__item">
            Watchlists
          </Link>
        </MenuItem>
        {portfolio && (
          <MenuItem>
            <Link href="/my/portfolio" className="account-menu__item">
              Portfolio
            </Link>
          </MenuItem>
        )}
        {impersonationTool && (
          <MenuItem>
            <button type="button" className="account-menu__item" onClick={openImpersonationTool}>
              Impersonate User
            </button>
          </MenuItem>
        )}
        <MenuItem>
          <button type="button" className="account-menu__item" onClick={onSignOut}>
            Sign out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
