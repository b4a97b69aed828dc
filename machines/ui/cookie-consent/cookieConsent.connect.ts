/**
 * The cookie notice's view model: a snapshot and a send function in, whether it shows and prop getters out.
 * Components read this (tags underneath), never state names. Parts carry data-scope="cookie-consent".
 */
import type { SnapshotFrom } from 'xstate';
import type { cookieConsentMachine } from './cookieConsent.machine';
import type { CookieConsentEvent } from './cookieConsent.types';

const part = (name: string) => ({ 'data-scope': 'cookie-consent', 'data-part': name });

export function connectCookieConsent(
  snapshot: SnapshotFrom<typeof cookieConsentMachine>,
  send: (event: CookieConsentEvent) => void,
) {
  return {
    open: snapshot.hasTag('open'),
    getRootProps: () => ({ ...part('root'), 'aria-label': 'Cookie notice' }),
    /** 'I Accept': hides the notice for good. */
    getAcceptButtonProps: () => ({
      ...part('accept-trigger'),
      type: 'button' as const,
      onClick: () => send({ type: 'ACCEPT' }),
    }),
  };
}
