import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Link } from 'wouter';
import { DRAWER } from '../../machines/drawer/drawer.machine';
import { Icon } from '../components/Icon';
import { Logo } from '../components/Logo';
import { RequestQuoteButton } from '../components/RequestQuoteButton';
import { ProjectSearch } from '../components/ProjectSearch';
import { useFlag, useOpenImpersonationTool, useSignedIn } from '../app/hooks';
import { SignOutMessage, useSignOut } from '../features/account/SignOut';
import { COMPANY_LINKS, PRODUCT_LINKS, RESOURCES_LINK } from '../lib/nav';
import './drawer.css';

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
          <button type="button" className="drawer-close" aria-label="Close menu" onClick={onClose}>
            <Icon name="close" size={24} />
          </button>
        </div>
        <div className="drawer-search">
          <ProjectSearch variant="page" id="drawer-search" onChosen={onClose} />
        </div>
        <nav aria-label="Mobile" className="drawer-nav">
          <h2 className="drawer-group">Products</h2>
          <ul>
            {PRODUCT_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} onClick={onClose}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
          <h2 className="drawer-group">Resources</h2>
          <ul>
            <li>
              <Link href={RESOURCES_LINK.href} onClick={onClose}>
                {RESOURCES_LINK.label}
              </Link>
            </li>
          </ul>
          <h2 className="drawer-group">Company</h2>
          <ul>
            {COMPANY_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} onClick={onClose}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
          {signedIn && (
            <>
              <h2 className="drawer-group">Account</h2>
              <ul>
                <li>
                  <Link href="/my/settings" onClick={onClose}>
                    Account Settings
                  </Link>
                </li>
                <li>
                  <Link href="/my/watchlists" onClick={onClose}>
                    Watchlists
                  </Link>
                </li>
                <li>
                  <Link href="/my/notifications" onClick={onClose}>
                    Notifications
                  </Link>
                </li>
                {portfolio && (
                  <li>
                    <Link href="/my/portfolio" onClick={onClose}>
                      Portfolio
                    </Link>
                  </li>
                )}
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
                  <button type="button" className="drawer-link-button" onClick={signOut.signOut}>
                    Sign out
                  </button>
                </li>
              </ul>
            </>
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
