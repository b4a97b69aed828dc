import { expect } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, EventObject } from 'xstate';
import type { FormDialogContext } from '../../machines/core/form-dialog/formDialog';
import { connectIncidentForm } from '../../machines/incidents/form/incidentForm.connect';
import {
  incidentFormMachine,
  validateIncident,
  type IncidentValues,
} from '../../machines/incidents/form/incidentForm.machine';
import type { IncidentFormEvent } from '../../machines/incidents/form/incidentForm.types';
import { describePaths, pending } from './harness';

type Context = FormDialogContext<IncidentValues>;
const ctx = (s: AnyMachineSnapshot) => s.context as Context;
const invalid = (s: AnyMachineSnapshot) => Object.keys(validateIncident(ctx(s).values)).sort();

const EMPTY: IncidentValues = { projectName: '', description: '', txHash: '', contactEmail: '' };
const GENERIC_FAILURE = 'Something went wrong. Please try again.';
const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
/** The message each edit below shows under its field once errors show (undefined: none). */
const FIELD_MESSAGE: Record<string, string | undefined> = {
  'Analytical DAO': undefined,
  'Oracle manipulation drained the lending pool.': undefined,
  'not a hash': 'This does not look like a transaction hash.',
  [HASH]: undefined,
};

/** The request in flight (the submit actor's input), if any. */
const request = (s: AnyMachineSnapshot) =>
  (s.children.submit as AnyActorRef | undefined)?.getSnapshot().input as unknown;
/** The dialog is open on the form (not sending, not confirmed) with no request in flight. */
const editing = (s: AnyMachineSnapshot) => {
  expect(s.value).toEqual({ open: 'editing' });
  expect(s.hasTag('open')).toBe(true);
  expect(s.hasTag('submitting')).toBe(false);
  expect(request(s)).toBeUndefined();
};
const closed = (s: AnyMachineSnapshot) => {
  expect(s.value).toBe('closed');
  expect(s.hasTag('open')).toBe(false);
  expect(Object.keys(s.children)).toEqual([]);
};

const sent: IncidentFormEvent[] = [];
/** The view IncidentModal renders; its fields', form's and buttons' events land in `sent`. */
const view = (s: AnyMachineSnapshot) =>
  connectIncidentForm(s as Parameters<typeof connectIncidentForm>[0], (e) => void sent.push(e));
/** The events one of the view's handlers sends. */
const sends = (handler: () => void) => {
  sent.length = 0;
  handler();
  return [...sent];
};

/** The fields as drawn, in order: id, label, hint and kind of control. */
const FIELDS = [
  { field: 'projectName', id: 'incident-projectName', label: 'Project name', type: 'text' },
  { field: 'description', id: 'incident-description', label: 'What happened?', multiline: true },
  {
    field: 'txHash',
    id: 'incident-txHash',
    label: 'Transaction hash (optional)',
    hint: 'The transaction that shows the incident, if you have it.',
    type: 'text',
  },
  {
    field: 'contactEmail',
    id: 'incident-contactEmail',
    label: 'Your email (optional)',
    hint: 'Only used if we need to ask you something.',
    type: 'email',
  },
] as const;

/**
 * The dialog as drawn in any state: its texts, the server's failure, busy while sending, the confirmation once
 * stored; each field with its value and, only once errors show, its error; typing sends CHANGE, the submit button
 * SUBMIT, Cancel and the close button CLOSE.
 */
function expectView(s: AnyMachineSnapshot, state: { busy: boolean; submitted: boolean }) {
  const v = view(s);
  const c = ctx(s);
  expect(v.busy).toBe(state.busy);
  expect(v.submitted).toBe(state.submitted);
  expect(v.serverError).toBe(c.serverError);
  const dialog = v.getDialogProps();
  expect(dialog).toMatchObject({
    scope: 'incident-form',
    title: 'Report Incident',
    description:
      'Seen an exploit, a drained pool or a suspicious admin action? Tell us and our analysts will investigate.',
    submitLabel: 'Submit report',
    successTitle: 'Report received',
    successText:
      'Thank you. Our incident response team reviews every report and will follow up if we need more detail.',
    serverError: c.serverError,
    submitting: state.busy,
    submitted: state.submitted,
  });
  expect(sends(dialog.onSubmit)).toEqual([{ type: 'SUBMIT' }]);
  expect(sends(dialog.onClose)).toEqual([{ type: 'CLOSE' }]);
  expect(sends(v.submit)).toEqual([{ type: 'SUBMIT' }]);
  expect(sends(v.close)).toEqual([{ type: 'CLOSE' }]);
  expect(v.fields).toEqual(FIELDS.map((f) => f.field));
  for (const { field, ...drawn } of FIELDS) {
    const props = v.getFieldProps(field);
    const error = c.showErrors ? c.errors[field] : undefined;
    expect(props).toEqual({
      id: drawn.id,
      label: drawn.label,
      value: c.values[field],
      onChange: expect.any(Function),
      error,
      hint: 'hint' in drawn ? drawn.hint : undefined,
      multiline: 'multiline' in drawn ? true : undefined,
      type: 'type' in drawn ? drawn.type : undefined,
    });
    expect(sends(() => props.onChange({ target: { value: 'typed' } }))).toEqual([
      { type: 'CHANGE', field, value: 'typed' },
    ]);
  }
  // Before the first submit attempt nothing is marked, however incomplete the form.
  if (!c.showErrors) for (const { field } of FIELDS) expect(v.getFieldProps(field).error).toBeUndefined();
}

/** The server's refusals: its own field errors, a failure, and field errors naming no field. */
const SERVER_ERRORS: unknown[] = [
  { fields: { contactEmail: 'This address cannot receive our replies.' } },
  new Error('offline'),
  { fields: {} },
];

const machine = incidentFormMachine.provide({ actors: { submit: pending() as never } });

for (const [variant, serverError] of SERVER_ERRORS.entries())
  describePaths('incidentForm', machine, {
    events: (s) =>
      s.hasTag('submitting')
        ? [
            { type: 'xstate.done.actor.submit', output: { id: 7 } },
            { type: 'xstate.error.actor.submit', error: serverError } as EventObject,
          ]
        : [
            { type: 'OPEN' },
            { type: 'CLOSE' },
            // The second traversal edits only once errors show, so that edits re-validate.
            ...(variant !== 1 || ctx(s).showErrors
              ? [
                  { type: 'CHANGE', field: 'txHash', value: 'not a hash' },
                  { type: 'CHANGE', field: 'projectName', value: 'Analytical DAO' },
                  {
                    type: 'CHANGE',
                    field: 'description',
                    value: 'Oracle manipulation drained the lending pool.',
                  },
                  { type: 'CHANGE', field: 'txHash', value: HASH },
                  { type: 'TOGGLE', field: 'txHash', option: 'x' },
                ]
              : []),
            { type: 'SUBMIT' },
          ],
    // Told apart by state, validity and whether errors show: the exact field values do not change behaviour.
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        invalid(s),
        ctx(s).showErrors,
        ctx(s).serverError !== null,
        ctx(s).submittedId,
      ]),
    states: {
      // Closed: nothing is drawn.
      'incidentForm.closed': (s) => expect(view(s).open).toBe(false),
      'incidentForm.open': (s) => expect(view(s).open).toBe(true),
      // The form, its errors shown once a submit was tried (or the server refused).
      'incidentForm.open.editing': (s) => expectView(s, { busy: false, submitted: false }),
      // Sending: the submit button is disabled and says so.
      'incidentForm.open.submitting': (s) => expectView(s, { busy: true, submitted: false }),
      // Stored: the confirmation shows.
      'incidentForm.open.submitted': (s) => expectView(s, { busy: false, submitted: true }),
    },
    transitions: {
      // 'Report Incident' opens the form as it was left (a closed, unsent draft is kept).
      'incidentForm.closed|OPEN': (step) => {
        editing(step.after);
        expect(ctx(step.after)).toEqual(ctx(step.before));
      },
      // An edit changes exactly that field; once errors show, they follow the new values.
      'incidentForm.open.editing|CHANGE': (step) => {
        const before = ctx(step.before);
        const field = step.event.field as string;
        const value = step.event.value as string;
        const values = { ...before.values, [field]: value };
        expect(ctx(step.after)).toEqual({
          ...before,
          values,
          errors: before.showErrors ? validateIncident(values) : {},
        });
        if (before.showErrors) expect(ctx(step.after).errors[field]).toBe(FIELD_MESSAGE[value]);
        else expect(ctx(step.after).errors).toEqual({});
        editing(step.after);
      },
      // The incident form has no multiple-choice field: a toggle changes nothing.
      'incidentForm.open.editing|TOGGLE': (step) => {
        expect(ctx(step.after)).toEqual(ctx(step.before));
        editing(step.after);
      },
      // A valid form is sent as it is; an invalid one shows every field's problem and sends nothing.
      'incidentForm.open.editing|SUBMIT': (step) => {
        const before = ctx(step.before);
        const problems = validateIncident(before.values);
        if (Object.keys(problems).length === 0) {
          expect(step.after.value).toEqual({ open: 'submitting' });
          expect(step.after.hasTag('submitting')).toBe(true);
          expect(request(step.after)).toEqual(before.values);
          expect(ctx(step.after)).toEqual({ ...before, serverError: null });
        } else {
          editing(step.after);
          expect(ctx(step.after)).toEqual({ ...before, showErrors: true, errors: problems });
          // Nothing entered yet: the two required fields say so.
          if (before.values.projectName === '' && before.values.description === '')
            expect(ctx(step.after).errors).toEqual({
              projectName: 'Please enter the project name.',
              description: 'Describe the incident in at least 20 characters.',
            });
        }
      },
      // Closing an unsent form hides it and sends nothing.
      'incidentForm.open.editing|CLOSE': (step) => {
        closed(step.after);
        expect(ctx(step.after)).toEqual(ctx(step.before));
      },
      // Stored: the confirmation shows with the report's id; the form is left as sent.
      'incidentForm.open.submitting|xstate.done.actor.submit': (step) => {
        expect(step.after.value).toEqual({ open: 'submitted' });
        expect(step.after.hasTag('submitted')).toBe(true);
        expect(step.after.hasTag('open')).toBe(true);
        expect(ctx(step.after)).toEqual({
          ...ctx(step.before),
          submittedId: (step.event.output as { id: number }).id,
        });
        expect(Object.keys(step.after.children)).toEqual([]);
      },
      // Refused: the server's field errors show on their fields; anything else shows the general failure.
      'incidentForm.open.submitting|xstate.error.actor.submit': (step) => {
        const before = ctx(step.before);
        const fields = (step.event.error as { fields?: Record<string, string> }).fields;
        editing(step.after);
        if (fields && Object.keys(fields).length > 0)
          expect(ctx(step.after)).toEqual({ ...before, errors: fields, showErrors: true, serverError: null });
        else expect(ctx(step.after)).toEqual({ ...before, serverError: GENERIC_FAILURE });
        expect(ctx(step.after).values).toEqual(before.values);
        expect(ctx(step.after).submittedId).toBeNull();
      },
      // Closing the confirmation empties the form for the next report.
      'incidentForm.open.submitted|CLOSE': (step) => {
        closed(step.after);
        expect(ctx(step.after)).toEqual({
          values: EMPTY,
          errors: {},
          showErrors: false,
          serverError: null,
          submittedId: null,
        });
      },
    },
  });
