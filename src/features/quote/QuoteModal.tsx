import { connectQuoteForm } from '../../../machines/site/quote-form/quoteForm.connect';
import { DialogField, FormDialog } from '../../components/FormDialog';
import { useSelector } from '@xstate/react';
import type { useQuoteForm } from '../../app/hooks';
import './quote.css';

/** 'Protect Your Project Today' — the request-a-quote form (spec §2 'Other overlays'). */
export default function QuoteModal({ actorRef }: { actorRef: NonNullable<ReturnType<typeof useQuoteForm>> }) {
  const view = connectQuoteForm(
    useSelector(actorRef, (s) => s),
    actorRef.send,
  );
  return (
    <FormDialog {...view.getDialogProps()}>
      <div className="quote-grid">
        <DialogField {...view.getTextFieldProps('name')} />
        <DialogField {...view.getTextFieldProps('email')} />
      </div>
      <DialogField {...view.getTextFieldProps('company')} />
      <fieldset {...view.getServicesProps()}>
        <legend>{view.servicesLegend}</legend>
        <div className="quote-checks">
          {view.services.map(({ value, label }) => (
            <label key={value} className="check-option">
              <input {...view.getServiceProps(value)} />
              <span>{label}</span>
            </label>
          ))}
        </div>
        {view.servicesError && <p {...view.getServicesErrorProps()}>{view.servicesError}</p>}
      </fieldset>
      <div className="field">
        <label {...view.getBudgetLabelProps()}>{view.budgetLabel}</label>
        <select {...view.getBudgetProps()}>
          <option value="">{view.budgetPlaceholder}</option>
          {view.budgets.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
        {view.budgetError && <p {...view.getBudgetErrorProps()}>{view.budgetError}</p>}
      </div>
      <DialogField {...view.getTextFieldProps('message')} />
    </FormDialog>
  );
}
