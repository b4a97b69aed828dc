import type { FormDialogContext, FormDialogEvent, FormDialogTag } from '../../core/form-dialog/formDialog';
import type { connectIncidentForm } from './incidentForm.connect';

/** The form takes no input: it starts empty, keeps a closed unsent draft and empties once a report is stored. */
export type IncidentValues = {
  projectName: string;
  description: string;
  /** Optional: the transaction that shows the incident. */
  txHash: string;
  /** Optional: where staff can reach the reporter. */
  contactEmail: string;
};
export type IncidentFormContext = FormDialogContext<IncidentValues>;
export type IncidentFormEvent = FormDialogEvent;
/** `open` while the dialog shows, `submitting` while the report is out, `submitted` on the confirmation. */
export type IncidentFormTag = FormDialogTag;

/** What IncidentModal renders (incidentForm.connect). */
export type IncidentFormView = ReturnType<typeof connectIncidentForm>;
