import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  incidentFormMachine,
  validateIncident,
  type IncidentValues,
} from '../../machines/incident-form/incidentForm.machine';
import { describePaths, pending } from './harness';

const invalid = (s: AnyMachineSnapshot) =>
  Object.keys(validateIncident(s.context.values as IncidentValues)).sort();
const valid = (s: AnyMachineSnapshot) => invalid(s).length === 0;

describePaths('incidentForm', incidentFormMachine.provide({ actors: { submit: pending() as never } }), {
  events: (s) =>
    s.hasTag('submitting')
      ? [
          { type: 'xstate.done.actor.submit', output: { id: 7 } },
          { type: 'xstate.error.actor.submit', error: { fields: { contactEmail: 'Invalid email.' } } },
          { type: 'xstate.error.actor.submit', error: new Error('offline') },
        ]
      : [
          { type: 'OPEN' },
          { type: 'CLOSE' },
          { type: 'CHANGE', field: 'projectName', value: 'Analytical DAO' },
          { type: 'CHANGE', field: 'description', value: 'Oracle manipulation drained the lending pool.' },
          { type: 'CHANGE', field: 'txHash', value: 'not a hash' },
          {
            type: 'CHANGE',
            field: 'txHash',
            value: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
          },
          { type: 'TOGGLE', field: 'txHash', option: 'x' },
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
    'incidentForm.closed': (s) => expect(s.hasTag('open')).toBe(false),
    'incidentForm.open.editing': (s) => {
      expect(s.hasTag('open')).toBe(true);
      if (s.context.showErrors && !valid(s)) expect(Object.keys(s.context.errors).length).toBeGreaterThan(0);
    },
    'incidentForm.open.submitting': (s) => expect(s.hasTag('submitting')).toBe(true),
    'incidentForm.open.submitted': (s) => {
      expect(s.hasTag('submitted')).toBe(true);
      expect(s.context.submittedId).toBe(7);
    },
  },
});
