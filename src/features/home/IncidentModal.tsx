import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { connectIncidentForm } from '../../../machines/incidents/form/incidentForm.connect';
import type { incidentFormMachine } from '../../../machines/incidents/form/incidentForm.machine';
import { DialogField, FormDialog } from '../../components/FormDialog';

/** 'Report Incident' form: stored by our server, confirmed to the reporter. */
export default function IncidentModal({ actorRef }: { actorRef: ActorRefFrom<typeof incidentFormMachine> }) {
  const view = connectIncidentForm(
    useSelector(actorRef, (s) => s),
    actorRef.send,
  );
  return (
    <FormDialog {...view.getDialogProps()}>
      {view.fields.map((field) => (
        <DialogField key={field} {...view.getFieldProps(field)} />
      ))}
    </FormDialog>
  );
}
