import { lazy, Suspense } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { fromCallback } from 'xstate';
import { connectDrawer } from '../../machines/ui/drawer/drawer.connect';
import { drawerMachine } from '../../machines/ui/drawer/drawer.machine';
import type { DrawerEvent } from '../../machines/ui/drawer/drawer.types';
import {
  DEFAULT_HERO_HEIGHT,
  scrollRevealMachine,
  type ScrollRevealEvent,
} from '../../machines/ui/scroll-reveal/scrollReveal.machine';
import { Icon } from '../components/Icon';
import { Logo } from '../components/Logo';
import { AccountArea } from '../features/account/AccountArea';
import { Avatar } from '../features/account/Avatar';
import { AnnouncementBanner } from '../features/banner/AnnouncementBanner';
import { useFlag } from '../app/hooks';
import { useSessionUser } from '../app/hooks';
import { RequestQuoteButton } from '../components/RequestQuoteButton';
import { ProjectSearch } from '../components/ProjectSearch';
import { NavDropdown } from './NavDropdown';
import { COMPANY_LINKS, PRODUCT_LINKS, RESOURCES_LINK } from '../lib/nav';
import './shell.css';
import { inspect } from '../lib/inspect';
import { watchPage } from '../lib/address';

// Signed in only: the bell's code loads beside the page, not in every visitor's first chunk.
const NotificationBell = lazy(() =>
  import('../features/notifications/NotificationBell').then((m) => ({ default: m.NotificationBell })),
);

const MobileDrawer = lazy(() => import('./MobileDrawer'));

/** The hero's height on the home layout (the header search shows from hero height − 70 px). */
const measureHero = (): number | null => {
  const hero = document.querySelector<HTMLElement>('[data-hero]');
  return hero ? hero.offsetHeight || DEFAULT_HERO_HEIGHT : null;
};

/** The hero's height before it is measured: home is the one page with a hero. */
const heroHeightAt = (path: string) => (path === '/' ? DEFAULT_HERO_HEIGHT : null);

/**
 * The reveal machine with the window's listeners, which it runs while the page has a hero, and the address
 * listener: another page tells it whether that page has a hero (at its default height; the page watcher measures
 * it on its first frame). Another query alone (the tour dropping `?tour=true`) keeps the measured height.
 */
const revealMachine = scrollRevealMachine.provide({
  actors: {
    pageWatcher: fromCallback<ScrollRevealEvent>(({ sendBack }) => {
      const onScroll = () => sendBack({ type: 'SCROLLED', y: window.scrollY });
      // Only runs on the hero layout, so a hero not found (yet) keeps the default height.
      const onResize = () =>
        sendBack({ type: 'HERO_MEASURED', height: measureHero() ?? DEFAULT_HERO_HEIGHT });
      // The hero's height and the scroll position as the page opens, read on the next frame: read now, during
      // hydration, they would force a layout of the whole page in the middle of React's work.
      const frame = requestAnimationFrame(() => {
        onResize();
        onScroll();
      });
      window.addEventListener('scroll', onScroll, { passive: true });
      window.addEventListener('resize', onResize);
      return () => {
        cancelAnimationFrame(frame);
        window.removeEventListener('scroll', onScroll);
        window.removeEventListener('resize', onResize);
      };
    }),
    routeWatcher: fromCallback<ScrollRevealEvent>(({ sendBack }) =>
      watchPage(() => sendBack({ type: 'HERO_MEASURED', height: heroHeightAt(window.location.pathname) })),
    ),
  },
});

/** The drawer closes when another page opens (a link in it, back or forward). */
const liveDrawerMachine = drawerMachine.provide({
  actors: {
    routeWatcher: fromCallback<DrawerEvent>(({ sendBack }) =>
      watchPage(() => sendBack({ type: 'NAVIGATED' })),
    ),
  },
});

/** Fixed header (spec §2 'Header'); on narrow layouts the menu lives in a full-screen drawer. */
export function Header() {
  const [location] = useLocation();
  const portfolio = useFlag('portfolio') === true;
  const user = useSessionUser();
  const reveal = useActorRef(revealMachine, {
    // As the server renders it: at the top. The watcher reports where the page really is on its first frame.
    input: { heroHeight: heroHeightAt(location), y: 0 },
    inspect,
  });
  const searchShown = useSelector(reveal, (s) => s.hasTag('shown'));
  const drawer = useActorRef(liveDrawerMachine, { inspect });
  const drawerView = connectDrawer(
    useSelector(drawer, (s) => s),
    drawer.send,
  );

  // The announcement sits above the header and scrolls away with the page; only the header bar stays fixed
  // (on a phone the two took 143 of 812 px).
  return (
    <>
      <AnnouncementBanner />
      <header className="site-header on-dark" {...drawerView.getRootProps()}>
        <div className="container header-inner">
          <Link href="/" className="brand">
            <Logo />
          </Link>
          <nav aria-label="Main" className="main-nav desktop-only">
            <NavDropdown label="Products" links={PRODUCT_LINKS} wide />
            <Link href={RESOURCES_LINK.href} className="nav-link">
              Resources
            </Link>
            <NavDropdown label="Company" links={COMPANY_LINKS} />
          </nav>
          <div
            className="header-search desktop-only"
            data-shown={searchShown}
            hidden={!searchShown}
            data-testid="header-search"
          >
            {/* '/' focuses it when in sight: on home once scrolled past the hero's box (src/first-load/slashShortcut.ts). */}
            <ProjectSearch variant="header" slashFocus id="header-search" />
          </div>
          <div className="header-actions desktop-only">
            {user && (
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            )}
            <AccountArea portfolio={portfolio} />
            <RequestQuoteButton className="btn btn-accent" />
          </div>
          {user && (
            <Suspense fallback={null}>
              <NotificationBell className="notification-menu-mobile mobile-only" />
            </Suspense>
          )}
          <button
            type="button"
            className="shell-icon-button menu-button mobile-only"
            data-tour="account"
            aria-label="Open menu"
            {...drawerView.getTriggerProps()}
          >
            {user && <Avatar user={user} size={28} />}
            <Icon name="menu" size={24} />
          </button>
        </div>
        {drawerView.open && (
          <Suspense fallback={null}>
            <MobileDrawer {...drawerView.getDrawerProps()} />
          </Suspense>
        )}
      </header>
    </>
  );
}
