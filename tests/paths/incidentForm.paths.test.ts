import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { FormDialogContext } from '../../machines/core/form-dialog/formDialog';
import { connectIncidentForm } from '../../machines/incidents/form/incidentForm.connect';
import { incidentFormMachine, validateIncident } from '../../machines/incidents/form/incidentForm.machine';
import type { IncidentValues } from '../../machines/incidents/form/incidentForm.types';
import { change, describeFormDialogPaths, expectDialogBase, recordedView } from './formDialog';

const ctx = (s: AnyMachineSnapshot) => s.context as FormDialogContext<IncidentValues>;

const EMPTY: IncidentValues = { projectName: '', description: '', txHash: '', contactEmail: '' };
const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
/** The message each edit below shows under its field once errors show (undefined: none). */
const FIELD_MESSAGE: Record<string, string | undefined> = {
  'Analytical DAO': undefined,
  'Oracle manipulation drained the lending pool.': undefined,
  'not a hash': 'This does not look like a transaction hash.',
  [HASH]: undefined,
};

/** The view IncidentModal renders, and the events its fields', form's and buttons' handlers send. */
const { view, sends } = recordedView(connectIncidentForm);

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
  const texts = {
    scope: 'incident-form',
    title: 'Report Incident',
    description:
      'Seen an exploit, a drained pool or a suspicious admin action? Tell us and our analysts will investigate.',
    submitLabel: 'Submit report',
    successTitle: 'Report received',
    successText:
      'Thank you. Our incident response team reviews every report and will follow up if we need more detail.',
  };
  expectDialogBase(v, c, state, texts, sends);
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

describeFormDialogPaths('incidentForm', incidentFormMachine, {
  refusedField: 'contactEmail',
  edits: [
    change('txHash', 'not a hash'),
    change('projectName', 'Analytical DAO'),
    change('description', 'Oracle manipulation drained the lending pool.'),
    change('txHash', HASH),
    // The incident form has no multiple-choice field: a toggle changes nothing.
    { type: 'TOGGLE', field: 'txHash', option: 'x' },
  ],
  view,
  expectView,
  validate: validateIncident,
  empty: EMPTY,
  fieldMessage: FIELD_MESSAGE,
  // Nothing entered yet: the two required fields say so.
  nothingEntered: {
    when: (values) => values.projectName === '' && values.description === '',
    errors: {
      projectName: 'Please enter the project name.',
      description: 'Describe the incident in at least 20 characters.',
    },
  },
});
