import { QUOTE_BUDGETS, QUOTE_SERVICE_LABELS } from '../../../machines/site/quote-form/quoteForm.machine';
import { FormDialog } from '../../components/FormDialog';
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
        <div className="field">
          <label htmlFor="quote-name">Name</label>
          <input
            id="quote-name"
            autoComplete="name"
            value={values.name}
            onChange={change('name')}
            {...invalid('name')}
          />
          {err('name')}
        </div>
        <div className="field">
          <label htmlFor="quote-email">Work email</label>
          <input
            id="quote-email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={change('email')}
            {...invalid('email')}
          />
          {err('email')}
        </div>
      </div>
      <div className="field">
        <label htmlFor="quote-company">Company or project</label>
        <input
          id="quote-company"
          autoComplete="organization"
          value={values.company}
          onChange={change('company')}
          {...invalid('company')}
        />
        {err('company')}
      </div>
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
      <div className="field">
        <label htmlFor="quote-message">Message</label>
        <textarea
          id="quote-message"
          value={values.message}
          onChange={change('message')}
          placeholder="Repository, chains, deadline, anything we should know"
          {...invalid('message')}
        />
        {err('message')}
      </div>
    </FormDialog>
  );
}
