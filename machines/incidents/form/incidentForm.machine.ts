import { createFormDialogMachine, type FieldErrors } from '../../core/form-dialog/formDialog';
import type { IncidentValues } from './incidentForm.types';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TX_HASH = /^(0x)?[0-9a-fA-F]{16,128}$|^[1-9A-HJ-NP-Za-km-z]{32,100}$/;

export function validateIncident(v: IncidentValues): FieldErrors {
  const errors: FieldErrors = {};
  if (v.projectName.trim() === '') errors.projectName = 'Please enter the project name.';
  if (v.description.trim().length < 20)
    errors.description = 'Describe the incident in at least 20 characters.';
  if (v.txHash.trim() !== '' && !TX_HASH.test(v.txHash.trim()))
    errors.txHash = 'This does not look like a transaction hash.';
  if (v.contactEmail.trim() !== '' && !EMAIL.test(v.contactEmail.trim()))
    errors.contactEmail = 'Invalid email.';
  return errors;
}

/** 'Report Incident' dialog of the Security alerts section; reports are stored by our server. Actor: submit. */
export const incidentFormMachine = createFormDialogMachine<IncidentValues>({
  id: 'incidentForm',
  initialValues: { projectName: '', description: '', txHash: '', contactEmail: '' },
  validate: validateIncident,
});
