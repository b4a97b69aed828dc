import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  quoteFormMachine,
  validateQuote,
  type QuoteValues,
} from '../../machines/quote-form/quoteForm.machine';
import { describePaths, pending } from './harness';

const invalid = (s: AnyMachineSnapshot) => Object.keys(validateQuote(s.context.values as QuoteValues)).sort();
const valid = (s: AnyMachineSnapshot) => invalid(s).length === 0;

describePaths('quoteForm', quoteFormMachine.provide({ actors: { submit: pending() as never } }), {
  events: (s) =>
    s.hasTag('submitting')
      ? [
          { type: 'xstate.done.actor.submit', output: { id: 7 } },
          { type: 'xstate.error.actor.submit', error: { fields: { email: 'Invalid email.' } } },
          { type: 'xstate.error.actor.submit', error: new Error('offline') },
        ]
      : [
          { type: 'OPEN' },
          { type: 'CLOSE' },
          { type: 'CHANGE', field: 'name', value: 'Ada Lovelace' },
          { type: 'CHANGE', field: 'email', value: 'ada@example.com' },
          { type: 'CHANGE', field: 'company', value: 'Analytical DAO' },
          { type: 'TOGGLE', field: 'services', option: 'security-audit' },
          { type: 'CHANGE', field: 'budget', value: 'Not sure yet' },
          { type: 'CHANGE', field: 'message', value: 'Audit of our lending pool contracts before launch.' },
          { type: 'SUBMIT' },
        ],
  // Told apart by state, validity and whether errors show: the exact field values do not change behaviour.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      invalid(s),
      s.context.showErrors,
      s.context.serverError !== null,
      s.context.submittedId,
    ]),
  states: {
    'quoteForm.closed': (s) => expect(s.hasTag('open')).toBe(false),
    'quoteForm.open.editing': (s) => {
      expect(s.hasTag('open')).toBe(true);
      if (s.context.showErrors && !valid(s)) expect(Object.keys(s.context.errors).length).toBeGreaterThan(0);
    },
    'quoteForm.open.submitting': (s) => expect(s.hasTag('submitting')).toBe(true),
    'quoteForm.open.submitted': (s) => {
      expect(s.hasTag('submitted')).toBe(true);
      expect(s.context.submittedId).toBe(7);
    },
  },
});
