import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { incidentFormMachine } from '../../../machines/incidents/form/incidentForm.machine';
import { DialogField, FormDialog } from '../../components/FormDialog';

/** 'Report Incident' form: stored by our server, confirmed to the reporter. */
export default function IncidentModal({ actorRef }: { actorRef: ActorRefFrom<typeof incidentFormMachine> }) {
  const values = useSelector(actorRef, (s) => s.context.values);
  const errors = useSelector(actorRef, (s) => (s.context.showErrors ? s.context.errors : {}));
  const serverError = useSelector(actorRef, (s) => s.context.serverError);
  const submitting = useSelector(actorRef, (s) => s.hasTag('submitting'));
  const submitted = useSelector(actorRef, (s) => s.hasTag('submitted'));
  const close = () => actorRef.send({ type: 'CLOSE' });
  const field = (
    name: keyof typeof values,
    label: string,
    opts: { textarea?: boolean; hint?: string; type?: string } = {},
  ) => (
    <DialogField
      id={`incident-${name}`}
      label={label}
      value={values[name] as string}
      onChange={(e) => actorRef.send({ type: 'CHANGE', field: name, value: e.target.value })}
      error={errors[name]}
      hint={opts.hint}
      multiline={opts.textarea}
      type={opts.textarea ? undefined : (opts.type ?? 'text')}
    />
  );
  return (
    <FormDialog
      scope="incident-form"
      title="Report Incident"
      description="Seen an exploit, a drained pool or a suspicious admin action? Tell us and our analysts will investigate."
      serverError={serverError}
      submitting={submitting}
      submitLabel="Submit report"
      submitted={submitted}
      successTitle="Report received"
      successText="Thank you. Our incident response team reviews every report and will follow up if we need more detail."
      onSubmit={() => actorRef.send({ type: 'SUBMIT' })}
      onClose={close}
    >
      {field('projectName', 'Project name')}
      {field('description', 'What happened?', { textarea: true })}
      {field('txHash', 'Transaction hash (optional)', {
        hint: 'The transaction that shows the incident, if you have it.',
      })}
      {field('contactEmail', 'Your email (optional)', {
        type: 'email',
        hint: 'Only used if we need to ask you something.',
      })}
    </FormDialog>
  );
}
