/**
 * The 'Report Incident' dialog's view model: a snapshot and a send function in; what IncidentModal shows (its
 * texts, the state of the form) and prop getters for FormDialog and the fields out. Read from tags and context
 * (through connectFormDialog), never state names.
 */
import { connectFormDialog, type FormDialogSnapshot } from '../../core/form-dialog/formDialog';
import type { IncidentFormEvent, IncidentValues } from './incidentForm.types';

type Field = keyof IncidentValues;

/** The fields in the order they show, with their label, hint and kind of control. */
const FIELDS: Record<Field, { label: string; hint?: string; multiline?: boolean; type?: string }> = {
  projectName: { label: 'Project name' },
  description: { label: 'What happened?', multiline: true },
  txHash: {
    label: 'Transaction hash (optional)',
    hint: 'The transaction that shows the incident, if you have it.',
  },
  contactEmail: {
    label: 'Your email (optional)',
    type: 'email',
    hint: 'Only used if we need to ask you something.',
  },
};

export function connectIncidentForm(
  snapshot: FormDialogSnapshot<IncidentValues>,
  send: (event: IncidentFormEvent) => void,
) {
  const form = connectFormDialog(snapshot, send, { idPrefix: 'incident' });
  return {
    ...form.view,
    /** FormDialog's props: the texts of the form and of the confirmation, with the form's state. */
    getDialogProps: () => ({
      scope: 'incident-form',
      title: 'Report Incident',
      description:
        'Seen an exploit, a drained pool or a suspicious admin action? Tell us and our analysts will investigate.',
      submitLabel: 'Submit report',
      successTitle: 'Report received',
      successText:
        'Thank you. Our incident response team reviews every report and will follow up if we need more detail.',
      ...form.getDialogProps(),
    }),
    fields: Object.keys(FIELDS) as Field[],
    /** A field for DialogField: id, label, value, change, the error shown, its hint; a text input unless multiline. */
    getFieldProps: (field: Field) => {
      const { label, hint, multiline, type } = FIELDS[field];
      return {
        ...form.getTextFieldProps(field),
        label,
        hint,
        multiline,
        type: multiline ? undefined : (type ?? 'text'),
      };
    },
  };
}
