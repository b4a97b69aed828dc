import { expect } from 'vitest';
import { cookieConsentMachine } from '../../machines/cookie-consent/cookieConsent.machine';
import { describePaths } from './harness';

for (const accepted of [false, true]) {
  describePaths(`cookieConsent`, cookieConsentMachine, {
    input: { accepted },
    events: [{ type: 'ACCEPT' }],
    states: {
      'cookieConsent.visible': (s) => expect(s.hasTag('open')).toBe(true),
      'cookieConsent.hidden': (s) => expect(s.hasTag('open')).toBe(false),
    },
  });
}
