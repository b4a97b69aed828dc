/**
 * How components reach the app-wide actors: each hook picks one child of the app actor by its system id and
 * selects only what the component shows, so a change elsewhere does not re-render it.
 */
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { ActorRefFrom } from 'xstate';
import { FLAG_DEFAULTS, type FlagKey } from '../../api/flags';
import type { AuthView } from '../../machines/core/app/app.machine';
import type { accountActorsMachine } from '../../machines/core/account-actors/accountActors.machine';
import type { bannerMachine } from '../../machines/ui/banner/banner.machine';
import type { cookieConsentMachine } from '../../machines/ui/cookie-consent/cookieConsent.machine';
import type { onIntentMachine } from '../../machines/first-load/on-intent/onIntent.machine';
import type { flagsMachine } from '../../machines/core/flags/flags.machine';
import type { notificationsMachine } from '../../machines/account/notifications/notifications.machine';
import type { quoteFormMachine } from '../../machines/site/quote-form/quoteForm.machine';
import {
  sessionStatus,
  type sessionMachine,
  type SessionStatus,
  type SessionUser,
} from '../../machines/auth/session/session.machine';
import type { surveyNotificationMachine } from '../../machines/account/survey-notification/surveyNotification.machine';
import type { signOutMachine } from '../../machines/auth/sign-out/signOut.machine';
import {
  connectWatchlist,
  type WatchlistSnapshot,
  type WatchlistView,
} from '../../machines/watchlist/list/watchlist.connect';
import type { watchlistMachine } from '../../machines/watchlist/list/watchlist.machine';
import type { watchlistHostMachine } from '../../machines/watchlist/host/watchlistHost.machine';
import { AppActor } from './AppProvider';

type Children = {
  session: ActorRefFrom<typeof sessionMachine>;
  flags: ActorRefFrom<typeof flagsMachine>;
  /** The watchlist's host: TOGGLE from a star before the watchlist's code is there. */
  watchlist: ActorRefFrom<typeof watchlistHostMachine>;
  accountActors: ActorRefFrom<typeof accountActorsMachine>;
  banner: ActorRefFrom<typeof bannerMachine>;
  cookieConsent: ActorRefFrom<typeof cookieConsentMachine>;
  /** The request-a-quote dialog: OPEN, or PREPARE on intent (its form's code loads then). */
  quote: ActorRefFrom<typeof onIntentMachine>;
};

/** Children that end (reach a final state) and then leave the system: read them with `useEndingAppChild`. */
type EndingChild = 'banner' | 'cookieConsent';

/** An app-wide child actor by its system id (these live as long as the app actor). */
export function useAppChild<K extends Exclude<keyof Children, EndingChild>>(systemId: K): Children[K] {
  return AppActor.useActorRef().system.get(systemId) as Children[K];
}

/**
 * A child that may already have ended (the banner with nothing to show, the cookie notice accepted before):
 * undefined then. One that ends while shown keeps its last snapshot, which shows nothing.
 */
export function useEndingAppChild<K extends EndingChild>(systemId: K): Children[K] | undefined {
  return AppActor.useActorRef().system.get(systemId) as Children[K] | undefined;
}

export type { SessionStatus, SessionUser };

/** 'loading', 'authenticated' or 'unauthenticated'. */
export const useSessionStatus = (): SessionStatus => useSelector(useAppChild('session'), sessionStatus);

/** true when signed in, false when signed out, null while loading. */
export const useSignedIn = (): boolean | null =>
  useSelector(useAppChild('session'), (s) => {
    const status = sessionStatus(s);
    return status === 'loading' ? null : status === 'authenticated';
  });

/** The signed-in user, or null. */
export const useSessionUser = (): SessionUser | null =>
  useSelector(useAppChild('session'), (s) => s.context.session.user ?? null);

/** The session actor, to send REFETCH / SIGNED_IN / SIGNED_OUT. */
export const useSessionActor = () => useAppChild('session');

/**
 * A flag's current value: the evaluated one once flags are ready for this session, else its default
 * (`FLAG_DEFAULTS`: off).
 */
export function useFlag<K extends FlagKey>(key: K): (typeof FLAG_DEFAULTS)[K] | boolean {
  const value = useSelector(useAppChild('flags'), (s) =>
    s.hasTag('ready') ? s.context.values[key] : undefined,
  );
  return typeof value === 'boolean' ? value : FLAG_DEFAULTS[key];
}

/** 'loading', 'ready', 'stale' or 'error' — for UI that must wait for real flag values. */
export const useFlagsStatus = (): 'loading' | 'ready' | 'stale' | 'error' =>
  useSelector(useAppChild('flags'), (s) =>
    s.hasTag('ready') ? 'ready' : s.hasTag('stale') ? 'stale' : s.hasTag('error') ? 'error' : 'loading',
  );

export type OpenAuthModal = (view?: AuthView, email?: string) => void;

/** Opens the auth modal on a view ('login' by default); an open before its code arrived is kept. */
export function useOpenAuthModal(): OpenAuthModal {
  const app = AppActor.useActorRef();
  return useCallback<OpenAuthModal>(
    (view = 'login', email) => app.send({ type: 'OPEN_AUTH', view, email }),
    [app],
  );
}

/** Loads the auth modal's code ahead of a likely open (pointer over or focus on 'Log in' / 'Sign up'). */
export function usePrepareAuthModal(): () => void {
  const app = AppActor.useActorRef();
  return useCallback(() => app.send({ type: 'PREPARE_AUTH' }), [app]);
}

/** The request-a-quote form's actor, once its code has loaded on intent (null before). */
export const useQuoteForm = () =>
  useSelector(useAppChild('quote'), (s) => s.context.dialog) as ActorRefFrom<typeof quoteFormMachine> | null;

/** Opens the impersonation tool (admins with the impersonationTool flag); kept until its code has loaded. */
export function useOpenImpersonationTool(): () => void {
  const app = AppActor.useActorRef();
  return useCallback(() => app.send({ type: 'OPEN_IMPERSONATION' }), [app]);
}

export type WatchlistActorRef = ActorRefFrom<typeof watchlistMachine>;

/** The app-wide watchlist actor, once its code has loaded (first sign-in or first star click); null before. */
export const useWatchlistActor = (): WatchlistActorRef | null =>
  useSelector(useAppChild('watchlist'), (s) => s.context.list) as WatchlistActorRef | null;

/** The watchlist's host: a star clicked before the watchlist is there goes to it (TOGGLE), which loads it. */
export const useWatchlistHost = () => useAppChild('watchlist');

/**
 * The watchlist actor and its view model, both null until the watchlist is loaded. The view model comes with this
 * hook in the start chunk, so a page with stars needs no request of its own for it: one more request before the
 * first paint cost a project page ~0.15 s of Lighthouse's FCP.
 */
export function useWatchlistView(): { actorRef: WatchlistActorRef | null; view: WatchlistView | null } {
  const host = useWatchlistHost();
  const actorRef = useWatchlistActor();
  const view = useSelector(actorRef ?? host, (s) =>
    actorRef ? connectWatchlist(s as WatchlistSnapshot) : null,
  );
  return { actorRef, view };
}

/** The actors only a signed-in user needs, which the app loads with the first sign-in. */
type AccountChildren = {
  notifications: ActorRefFrom<typeof notificationsMachine>;
  surveyNotification: ActorRefFrom<typeof surveyNotificationMachine>;
  signOut: ActorRefFrom<typeof signOutMachine>;
};

/** A signed-in-only actor: null until the first sign-in has loaded it (the component renders again then). */
const useAccountChild = <K extends keyof AccountChildren>(key: K): AccountChildren[K] | null =>
  useSelector(useAppChild('accountActors'), (s) => s.context[key]) as AccountChildren[K] | null;

/** The app-wide notification centre actor, once loaded. */
export const useNotificationsActor = () => useAccountChild('notifications');

/** The onboarding survey's notification actor, once loaded. */
export const useSurveyNotificationActor = () => useAccountChild('surveyNotification');

/** Sign-out's actor, once loaded (it outlives the session, to show its message). */
export const useSignOutActor = () => useAccountChild('signOut');
