import { fromCallback, fromPromise, type AnyActorLogic } from 'xstate';
import { ANNOUNCEMENT_ELEMENT_ID, getAnnouncement, sendUserEvent, type Announcement } from '../../api/site';
import {
  accountActorsMachine,
  type AccountActorLogic,
} from '../../machines/core/account-actors/accountActors.machine';
import {
  appMachine,
  type AppEvent,
  type AppInput,
  type AppLocation,
  type LoadedTour,
} from '../../machines/core/app/app.machine';
import { IGNORED_BANNER_KEY, bannerMachine } from '../../machines/ui/banner/banner.machine';
import {
  COOKIE_CONSENT_KEY,
  cookieConsentMachine,
} from '../../machines/ui/cookie-consent/cookieConsent.machine';
import { loadedAtThisAddress, loadSavedTour, tourRequested } from '../../machines/account/tour/tour.address';
import { onIntentMachine } from '../../machines/first-load/on-intent/onIntent.machine';
import { watchlistHostMachine } from '../../machines/watchlist/host/watchlistHost.machine';
import { FLAGS_ELEMENT_ID, type InlinedFlags } from '../../api/flags';
import {
  PROJECT_ELEMENT_ID,
  STRIPS_ELEMENT_ID,
  type ServedProject,
  type ServedStrips,
} from '../../api/projects';
import { liveFlagsMachine } from '../features/flags/liveFlags';
import { liveSessionMachine } from '../features/session/liveSession';
import { watchAddress } from '../lib/address';
import { request } from '../lib/client';
import { pageData } from './pageData';
import { pageViewProperties, takeShownPageView } from './pageView';
import { keptInThisBrowser } from './renderedAsShown';
import { remember } from './rememberedChoices';

/** The sign-in page a page that needs a session sends the browser to (spec §2). */
export const sessionRequiredUrl = (callbackUrl: string) =>
  `/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(callbackUrl)}`;

/** Sends the browser (`goTo`) to the sign-in page, with the page it is on as the way back. */
export const redirectToSignIn = (goTo: (url: string) => void) => () => {
  const { pathname, search, hash } = window.location;
  goTo(sessionRequiredUrl(`${pathname}${search}${hash}`));
};

/** An address as the app machine needs it. */
const appLocation = (path: string, search: string, tourSaved: boolean): AppLocation => ({
  path,
  tourRequested: tourRequested(search),
  tourSaved,
});

/** Where the browser is, as the app machine needs it. */
export const currentLocation = () =>
  appLocation(location.pathname, location.search, loadSavedTour() !== null);

/**
 * What the app starts from: the server's page data and the visitor's remembered choices. The server renders the
 * page from the same values (src/entry-server.tsx), so its HTML is what the browser's first render makes.
 */
export type PageState = {
  path: string;
  search: string;
  /** The flags the server wrote into the page; null when it wrote none (the dev server's page). */
  flags: InlinedFlags | null;
  /** The active announcement: null when none is active, undefined when the page has none (then it is fetched). */
  announcement: Announcement | null | undefined;
  bannerIgnored: string | null;
  cookieAccepted: boolean;
  tourSaved: boolean;
  /** A project page's project, as the server wrote it into the page; null on other pages. */
  project: ServedProject | null;
  /** Home's strips, as the server wrote them into the page; null on other pages. */
  strips: ServedStrips | null;
};

/** The children's inputs for a page state. */
export function appInputFrom(page: PageState, options: AppInputOptions = {}): AppInput {
  return {
    // Flags that name no identity were made for a browser with no session.
    session: { pollInterval: options.pollInterval, servedSignedOut: page.flags?.identity === null },
    flags: { inlined: page.flags },
    banner: { ignored: page.bannerIgnored, inlined: page.announcement },
    cookieConsent: { accepted: page.cookieAccepted },
    notifications: { pollInterval: options.notificationsPollInterval },
    location: appLocation(page.path, page.search, page.tourSaved),
  };
}

type AppInputOptions = { pollInterval?: number; notificationsPollInterval?: number };

/** The page state in this browser: the page's data blocks, browser storage and the address. */
export function browserPageState(): PageState {
  return {
    path: location.pathname,
    search: location.search,
    flags: pageData<InlinedFlags>(FLAGS_ELEMENT_ID) ?? null,
    announcement: pageData<Announcement | null>(ANNOUNCEMENT_ELEMENT_ID),
    ...keptInThisBrowser(),
    project: pageData<ServedProject>(PROJECT_ELEMENT_ID) ?? null,
    strips: pageData<ServedStrips>(STRIPS_ELEMENT_ID) ?? null,
  };
}

/** What the page and browser storage hold at start: the children's inputs. */
export function appInput(options: AppInputOptions = {}): AppInput {
  return appInputFrom(browserPageState(), options);
}

/** Reports every change of address (links, back and forward, the tour dropping `?tour=true`). */
const locationObserver = fromCallback(({ sendBack }) => {
  const stop = watchAddress(() =>
    sendBack({ type: 'NAVIGATED', location: currentLocation() } satisfies AppEvent),
  );
  // The app runs from here (its actor starts once the page is hydrated): browser tests wait for this mark before
  // acting on a page the server rendered, whose buttons show before they work.
  document.documentElement.dataset.app = 'running';
  return stop;
});

/** A child of the app failed (a bug, rare): logged and reported; the reporter loads when needed. */
function reportChildError(event: { type: string; error?: unknown }) {
  const title = `The app's ${event.type.replace('xstate.error.actor.', '')} actor failed`;
  console.error(title, event.error);
  void import('../features/error/report').then((m) => m.reportError(title, event.error));
}

/**
 * The app machine with the real children and the browser: API calls, storage, the address. The auth modal and
 * the tour are separate chunks, loaded by the machine when it needs them.
 */
export const liveAppMachine = appMachine.provide({
  actors: {
    session: liveSessionMachine,
    flags: liveFlagsMachine,
    // The watchlist's code is a chunk of its own, loaded with the first sign-in (a guest's star opens the login).
    watchlist: watchlistHostMachine.provide({
      actors: {
        load: fromPromise<AnyActorLogic>(
          async () => (await import('../features/watchlist/liveWatchlist')).liveWatchlistMachine,
        ),
      },
      actions: { reportChildError: ({ event }) => reportChildError(event) },
    }),
    // The signed-in-only actors' code is a chunk of its own, loaded with the first sign-in.
    accountActors: accountActorsMachine.provide({
      actors: {
        load: fromPromise<AccountActorLogic>(
          async () => (await import('../features/account/liveAccountActors')).liveAccountActors,
        ),
      },
      actions: { reportChildError: ({ event }) => reportChildError(event) },
    }),
    banner: bannerMachine.provide({
      actors: { fetchAnnouncement: fromPromise(() => getAnnouncement(request)) },
      actions: {
        storeDismissed: ({ context }) => {
          if (context.announcement) remember(IGNORED_BANNER_KEY, context.announcement.content);
        },
      },
    }),
    // The request-a-quote form's machine and view load together on intent, so the form opens as soon as they arrive.
    quote: onIntentMachine.provide({
      actors: {
        load: fromPromise<unknown>(async () => {
          const [{ liveQuoteFormMachine }] = await Promise.all([
            import('../features/quote/liveQuote'),
            import('../features/quote/QuoteModal'),
          ]);
          return liveQuoteFormMachine;
        }),
      },
    }),
    cookieConsent: cookieConsentMachine.provide({
      actions: { rememberConsent: () => remember(COOKIE_CONSENT_KEY, 'true') },
    }),
    locationObserver,
    // The auth modal's machine and its views load together (AppProvider and its host render them once it is
    // spawned): the modal opens after one round of downloads, not three in a row.
    loadAuthModal: fromPromise<AnyActorLogic>(async () => {
      const [{ liveAuthModalMachine }] = await Promise.all([
        import('../features/auth/liveAuth'),
        import('../features/auth/AuthModalHost'),
        import('../features/auth/AuthDialog'),
      ]);
      return liveAuthModalMachine;
    }),
    loadImpersonation: fromPromise<AnyActorLogic>(
      async () => (await import('../features/impersonation/liveImpersonation')).liveImpersonationMachine,
    ),
    loadTour: fromPromise<LoadedTour>(async () => ({
      logic: (await import('../features/tour/liveTour')).liveTourMachine,
      resume: loadedAtThisAddress() ? loadSavedTour() : null,
    })),
  },
  actions: {
    redirectToSignIn: redirectToSignIn((url) => window.location.replace(url)),
    // The auth modal's code could not load: the sign-in pages work without it.
    openAuthPage: ({ context, event }) => {
      const view = event.type === 'OPEN_AUTH' ? event.view : context.pendingAuth?.view;
      window.location.assign(view === 'signup' ? '/auth/signup' : '/auth/login');
    },
    reportChildError: ({ event }) => reportChildError(event),
    scrollToTop: () => {
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    },
    // The page the browser loaded may have been counted before the app ran (src/first-load/pageView.ts).
    trackPageView: () => {
      if (!takeShownPageView())
        void sendUserEvent(request, 'page_view', pageViewProperties()).catch(() => undefined);
    },
    reportErrorPageShown: () =>
      void import('../features/error/report').then(({ reportError }) =>
        reportError('Server error page shown', undefined),
      ),
  },
});
