import { QUOTE_BUDGETS, QUOTE_SERVICE_LABELS } from '../../../machines/site/quote-form/quoteForm.machine';
import { DialogField, FormDialog } from '../../components/FormDialog';
import { useSelector } from '@xstate/react';
import type { useQuoteForm } from '../../app/hooks';
import './quote.css';

const NO_ERRORS: Record<string, string> = {};

/** 'Protect Your Project Today' — the request-a-quote form (spec §2 'Other overlays'). */
export default function QuoteModal({ actorRef }: { actorRef: NonNullable<ReturnType<typeof useQuoteForm>> }) {
  const values = useSelector(actorRef, (s) => s.context.values);
  const errors = useSelector(actorRef, (s) => (s.context.showErrors ? s.context.errors : NO_ERRORS));
  const serverError = useSelector(actorRef, (s) => s.context.serverError);
  const submitting = useSelector(actorRef, (s) => s.hasTag('submitting'));
  const submitted = useSelector(actorRef, (s) => s.hasTag('submitted'));
  const close = () => actorRef.send({ type: 'CLOSE' });
  const change =
    (field: string) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      actorRef.send({ type: 'CHANGE', field, value: e.target.value });
  const err = (field: string) =>
    errors[field] ? (
      <p className="field-error" id={`quote-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;
  /** A text field's id, value, change and error, for DialogField. */
  const text = (field: 'name' | 'email' | 'company' | 'message') => ({
    id: `quote-${field}`,
    value: values[field],
    onChange: change(field),
    error: errors[field],
  });
  const invalid = (field: string) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `quote-${field}-error` } : {};

  return (
    <FormDialog
      scope="quote-form"
      className="quote-dialog"
      panelClassName="quote-panel"
      title="Protect Your Project Today"
      description="Tell us about your project and we’ll come back with scope, timeline and a fixed quote."
      descriptionClassName="quote-intro"
      serverError={serverError}
      submitting={submitting}
      submitLabel="Request a Quote"
      submitted={submitted}
      successTitle="Thank you, we’ve got it"
      successText={`Your request has been received. A security engineer will reply to ${values.email} within one business day.`}
      onSubmit={() => actorRef.send({ type: 'SUBMIT' })}
      onClose={close}
    >
      <div className="quote-grid">
        <DialogField {...text('name')} label="Name" autoComplete="name" />
        <DialogField {...text('email')} label="Work email" type="email" autoComplete="email" />
      </div>
      <DialogField {...text('company')} label="Company or project" autoComplete="organization" />
      <fieldset
        className="field quote-services"
        {...(errors.services ? { 'aria-describedby': 'quote-services-error' } : {})}
      >
        <legend>Services you need</legend>
        <div className="quote-checks">
          {Object.entries(QUOTE_SERVICE_LABELS).map(([value, label]) => (
            <label key={value} className="check-option">
              <input
                type="checkbox"
                checked={(values.services as string[]).includes(value)}
                onChange={() => actorRef.send({ type: 'TOGGLE', field: 'services', option: value })}
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
        {err('services')}
      </fieldset>
      <div className="field">
        <label htmlFor="quote-budget">Budget</label>
        <select id="quote-budget" value={values.budget} onChange={change('budget')} {...invalid('budget')}>
          <option value="">Choose a range</option>
          {QUOTE_BUDGETS.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
        {err('budget')}
      </div>
      <DialogField
        {...text('message')}
        label="Message"
        multiline
        placeholder="Repository, chains, deadline, anything we should know"
      />
    </FormDialog>
  );
}
