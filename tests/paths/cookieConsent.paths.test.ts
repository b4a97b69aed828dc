import { expect } from 'vitest';
import { cookieConsentMachine } from '../../machines/cookie-consent/cookieConsent.machine';
import { describePaths, type StepEffect } from './harness';

const actionNames = (step: StepEffect) => step.actions.map((a) => a.type);

for (const accepted of [false, true]) {
  describePaths(`cookieConsent`, cookieConsentMachine, {
    input: { accepted },
    events: [{ type: 'ACCEPT' }],
    transitions: {
      // Accepted in an earlier visit: the notice never shows and nothing is written again.
      'cookieConsent.checking|always|0': (step) => {
        expect(accepted).toBe(true);
        expect(step.after.hasTag('open')).toBe(false);
        expect(step.after.status).toBe('done');
        expect(actionNames(step)).not.toContain('rememberConsent');
      },
      'cookieConsent.checking|always|1': (step) => {
        expect(accepted).toBe(false);
        expect(step.after.hasTag('open')).toBe(true);
        expect(actionNames(step)).not.toContain('rememberConsent');
      },
      // 'I Accept' hides the notice for good and stores the consent.
      'cookieConsent.visible|ACCEPT': (step) => {
        expect(step.before.hasTag('open')).toBe(true);
        expect(step.after.hasTag('open')).toBe(false);
        expect(step.after.status).toBe('done');
        expect(actionNames(step)).toEqual(['rememberConsent']);
      },
    },
  });
}
