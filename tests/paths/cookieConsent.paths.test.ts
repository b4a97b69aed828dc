import { afterEach, beforeEach, expect, vi } from 'vitest';
import {
  COOKIE_CONSENT_KEY,
  cookieConsentMachine,
} from '../../machines/ui/cookie-consent/cookieConsent.machine';
import { connectCookieConsent } from '../../machines/ui/cookie-consent/cookieConsent.connect';
import { describePaths, handlerEvents, type StepEffect } from './harness';

const actionNames = (step: StepEffect) => step.actions.map((a) => a.type);
const { send, sends } = handlerEvents<{ type: string }>();
/** The view CookieNotice renders; its button's events go to `send`. */
const view = (s: StepEffect['after']) =>
  connectCookieConsent(s as Parameters<typeof connectCookieConsent>[0], send);

// Browser storage, as the real `rememberConsent` writes it (the path tests run without a DOM).
const storage = new Map<string, string>();
beforeEach(() => {
  storage.clear();
  vi.stubGlobal('localStorage', {
    setItem: (key: string, value: string) => void storage.set(key, String(value)),
  });
});
afterEach(() => vi.unstubAllGlobals());

for (const accepted of [false, true]) {
  describePaths(`cookieConsent`, cookieConsentMachine, {
    input: { accepted },
    events: [{ type: 'ACCEPT' }],
    states: {
      // The notice as drawn: labelled, and 'I Accept' sends ACCEPT.
      'cookieConsent.visible': (s) => {
        expect(view(s)).toMatchObject({ open: true });
        // The parts the stylesheet and the browser tests find it by (data-scope, data-part).
        expect(view(s).getRootProps()).toEqual({
          'data-scope': 'cookie-consent',
          'data-part': 'root',
          'aria-label': 'Cookie notice',
        });
        expect(view(s).getAcceptButtonProps()).toMatchObject({ type: 'button' });
        const { onClick, ...button } = view(s).getAcceptButtonProps();
        expect(button).toEqual({
          'data-scope': 'cookie-consent',
          'data-part': 'accept-trigger',
          type: 'button',
        });
        expect(sends(onClick)).toEqual([{ type: 'ACCEPT' }]);
      },
      'cookieConsent.hidden': (s) => expect(view(s).open).toBe(false),
    },
    transitions: {
      // Accepted in an earlier visit: the notice never shows and nothing is written again.
      'cookieConsent.checking|always|0': (step) => {
        expect(accepted).toBe(true);
        expect(step.after.hasTag('open')).toBe(false);
        expect(step.after.status).toBe('done');
        expect(actionNames(step)).not.toContain('rememberConsent');
        expect(storage.size).toBe(0);
      },
      'cookieConsent.checking|always|1': (step) => {
        expect(accepted).toBe(false);
        expect(step.after.hasTag('open')).toBe(true);
        expect(actionNames(step)).not.toContain('rememberConsent');
        expect(storage.size).toBe(0);
      },
      // 'I Accept' hides the notice for good and stores the consent.
      'cookieConsent.visible|ACCEPT': (step) => {
        expect(step.before.hasTag('open')).toBe(true);
        expect(step.after.hasTag('open')).toBe(false);
        expect(step.after.status).toBe('done');
        expect(actionNames(step)).toEqual(['rememberConsent']);
        // What the next visit reads to keep the notice hidden.
        expect(Object.fromEntries(storage)).toEqual({ [COOKIE_CONSENT_KEY]: 'true' });
      },
    },
  });
}
