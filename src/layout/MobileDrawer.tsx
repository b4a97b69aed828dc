import type { ReactNode } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Link } from 'wouter';
import { DRAWER } from '../../machines/ui/drawer/drawer.machine';
import { Icon } from '../components/Icon';
import { Logo } from '../components/Logo';
import { RequestQuoteButton } from '../components/RequestQuoteButton';
import { ProjectSearch } from '../components/ProjectSearch';
import { useFlag, useOpenImpersonationTool, useSignedIn } from '../app/hooks';
import { SignOutMessage, useSignOut } from '../features/account/SignOut';
import { COMPANY_LINKS, PRODUCT_LINKS, RESOURCES_LINK, type NavLink } from '../lib/nav';
import './drawer.css';

const ACCOUNT_LINKS: NavLink[] = [
  { href: '/my/settings', label: 'Account Settings' },
  { href: '/my/watchlists', label: 'Watchlists' },
  { href: '/my/notifications', label: 'Notifications' },
];
const PORTFOLIO_LINK: NavLink = { href: '/my/portfolio', label: 'Portfolio' };

/** One titled group of the drawer's links; `children` are further items (buttons) after the links. */
function LinkGroup({
  title,
  links,
  onClose,
  children,
}: {
  title: string;
  links: NavLink[];
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <>
      <h2 className="drawer-group">{title}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.href}>
            <Link href={l.href} onClick={onClose}>
              {l.label}
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </>
  );
}

/**
 * The full-screen navigation drawer of narrow layouts (spec §2 'Header', §9 'Drawer widths'): search bar, then
 * Products, Resources and Company, then the account (with Sign out, and the Impersonation Tool for admins);
 * /auth/login and /auth/signup are plain links here.
 */
export default function MobileDrawer({ onClose }: { onClose: () => void }) {
  const signedIn = useSignedIn() === true;
  const portfolio = useFlag('portfolio') === true;
  const impersonationTool = useFlag('impersonationTool') === true;
  const openImpersonationTool = useOpenImpersonationTool();
  const signOut = useSignOut();
  return (
    <Dialog open onClose={onClose} className="dialog-root drawer-root">
      <div className="drawer-backdrop" aria-hidden="true" />
      <DialogPanel
        className="drawer-panel"
        data-testid="drawer"
        style={{
          ['--drawer-width' as string]: `${DRAWER.width}px`,
          ['--drawer-large' as string]: `${DRAWER.largeWidth}px`,
        }}
      >
        <div className="drawer-head">
          <Logo />
          <DialogTitle className="visually-hidden">Menu</DialogTitle>
          <button
            type="button"
            className="shell-icon-button drawer-close"
            aria-label="Close menu"
            onClick={onClose}
          >
            <Icon name="close" size={24} />
          </button>
        </div>
        <div className="drawer-search">
          <ProjectSearch variant="page" id="drawer-search" onChosen={onClose} />
        </div>
        <nav aria-label="Mobile" className="drawer-nav">
          <LinkGroup title="Products" links={PRODUCT_LINKS} onClose={onClose} />
          <LinkGroup title="Resources" links={[RESOURCES_LINK]} onClose={onClose} />
          <LinkGroup title="Company" links={COMPANY_LINKS} onClose={onClose} />
          {signedIn && (
            <LinkGroup
              title="Account"
              links={portfolio ? [...ACCOUNT_LINKS, PORTFOLIO_LINK] : ACCOUNT_LINKS}
              onClose={onClose}
            >
              {impersonationTool && (
                <li>
                  <button
                    type="button"
                    className="drawer-link-button"
                    onClick={() => {
                      onClose();
                      openImpersonationTool();
                    }}
                  >
                    Impersonate User
                  </button>
                </li>
              )}
              <li>
                <button
                  type="button"
                  className="drawer-link-button"
                  disabled={!signOut.ready}
                  onClick={signOut.signOut}
                >
                  Sign out
                </button>
              </li>
            </LinkGroup>
          )}
        </nav>
        <div className="drawer-actions">
          {!signedIn && (
            <>
              <a href="/auth/login" className="btn btn-secondary">
                Log in
              </a>
              <a href="/auth/signup" className="btn btn-secondary">
                Sign up
              </a>
            </>
          )}
          <RequestQuoteButton className="btn btn-primary drawer-quote" />
        </div>
        <SignOutMessage state={signOut} />
      </DialogPanel>
    </Dialog>
  );
}
