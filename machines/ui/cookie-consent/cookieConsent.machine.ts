import { setup } from 'xstate';
import { COOKIE_CONSENT_KEY } from '../../../api/storageKeys';
import type {
  CookieConsentContext,
  CookieConsentEvent,
  CookieConsentInput,
  CookieConsentTag,
} from './cookieConsent.types';

export { COOKIE_CONSENT_KEY };

/**
 * The cookie notice shows until the user clicks 'I Accept', and then stays hidden (spec §2).
 * `input.accepted` is what browser storage said at start; `rememberConsent` writes it back.
 */
export const cookieConsentMachine = setup({
  types: {
    input: {} as CookieConsentInput,
    context: {} as CookieConsentContext,
    events: {} as CookieConsentEvent,
    tags: {} as CookieConsentTag,
  },
  guards: {
    acceptedBefore: ({ context }) => context.acceptedAtStart,
  },
  actions: {
    /** Writes the consent to browser storage (the app may provide another store). */
    rememberConsent: () => {
      try {
        globalThis.localStorage?.setItem(COOKIE_CONSENT_KEY, 'true');
      } catch {
        // Storage unavailable (private mode, blocked cookies): the notice still hides for this visit.
      }
    },
  },
}).createMachine({
  id: 'cookieConsent',
  context: ({ input }) => ({ acceptedAtStart: input.accepted }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'acceptedBefore', target: 'hidden' }, { target: 'visible' }],
    },
    visible: {
      tags: ['open'],
      on: { ACCEPT: { target: 'hidden', actions: 'rememberConsent' } },
    },
    hidden: { type: 'final' },
  },
});
