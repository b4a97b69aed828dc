import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { incidentFormMachine } from '../../../machines/incident-form/incidentForm.machine';
import { Icon } from '../../components/Icon';

/** 'Report Incident' form: stored by our server, confirmed to the reporter. */
export default function IncidentModal({ actorRef }: { actorRef: ActorRefFrom<typeof incidentFormMachine> }) {
  const values = useSelector(actorRef, (s) => s.context.values);
  const errors = useSelector(actorRef, (s) => (s.context.showErrors ? s.context.errors : {}));
  const serverError = useSelector(actorRef, (s) => s.context.serverError);
  const submitting = useSelector(actorRef, (s) => s.hasTag('submitting'));
  const submitted = useSelector(actorRef, (s) => s.hasTag('submitted'));
  const close = () => actorRef.send({ type: 'CLOSE' });
  const change = (field: string) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    actorRef.send({ type: 'CHANGE', field, value: e.target.value });
  const field = (name: keyof typeof values, label: string, opts: { textarea?: boolean; hint?: string; type?: string } = {}) => {
    const id = `incident-${name}`;
    const describedBy = [errors[name] ? `${id}-error` : '', opts.hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
    const props = {
      id,
      value: values[name] as string,
      onChange: change(name),
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': describedBy || undefined,
    };
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        {opts.textarea ? <textarea {...props} /> : <input type={opts.type ?? 'text'} {...props} />}
        {opts.hint && (
          <p className="field-hint" id={`${id}-hint`}>
            {opts.hint}
          </p>
        )}
        {errors[name] && (
          <p className="field-error" id={`${id}-error`}>
            {errors[name]}
          </p>
        )}
      </div>
    );
  };
  return (
    <Dialog open onClose={close} className="dialog-root">
      <div className="dialog-backdrop" aria-hidden="true" />
      <div className="dialog-wrap">
        <DialogPanel className="dialog-panel" data-scope="incident-form">
          <button type="button" className="dialog-close" aria-label="Close" onClick={close}>
            <Icon name="close" />
          </button>
          {submitted ? (
            <div className="success-panel" role="status">
              <div className="check">
                <Icon name="check" size={28} />
              </div>
              <DialogTitle as="h2">Report received</DialogTitle>
              <p className="muted">Thank you. Our incident response team reviews every report and will follow up if we need more detail.</p>
              <button type="button" className="btn btn-primary" onClick={close}>
                Close
              </button>
            </div>
          ) : (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                actorRef.send({ type: 'SUBMIT' });
              }}
            >
              <DialogTitle as="h2">Report Incident</DialogTitle>
              <Description className="muted">
                Seen an exploit, a drained pool or a suspicious admin action? Tell us and our analysts will investigate.
              </Description>
              {serverError && (
                <p className="form-alert" role="alert">
                  {serverError}
                </p>
              )}
              {field('projectName', 'Project name')}
              {field('description', 'What happened?', { textarea: true })}
              {field('txHash', 'Transaction hash (optional)', { hint: 'The transaction that shows the incident, if you have it.' })}
              {field('contactEmail', 'Your email (optional)', { type: 'email', hint: 'Only used if we need to ask you something.' })}
              <div className="dialog-actions">
                <button type="button" className="btn btn-ghost" onClick={close}>
                  Cancel
                </button>
                <button type="submit" className="btn btn-primary" disabled={submitting}>
                  {submitting ? 'Sending…' : 'Submit report'}
                </button>
              </div>
            </form>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
