/**
 * The request-a-quote dialog's view model: a snapshot and a send function in; what QuoteModal shows (its texts,
 * the state of the form) and prop getters for FormDialog, the fields, the service checkboxes and the budget out.
 * Read from tags and context (through connectFormDialog), never state names.
 */
import { connectFormDialog, type FormDialogSnapshot } from '../../core/form-dialog/formDialog';
import { QUOTE_BUDGETS, QUOTE_SERVICE_LABELS } from './quoteForm.machine';
import type { QuoteFormEvent, QuoteValues } from './quoteForm.types';

type TextField = 'name' | 'email' | 'company' | 'message';

/** Each text field's label and what its control adds (kind, autofill, placeholder). */
const TEXT_FIELDS: Record<
  TextField,
  { label: string; type?: string; autoComplete?: string; multiline?: boolean; placeholder?: string }
> = {
  name: { label: 'Name', autoComplete: 'name' },
  email: { label: 'Work email', type: 'email', autoComplete: 'email' },
  company: { label: 'Company or project', autoComplete: 'organization' },
  message: {
    label: 'Message',
    multiline: true,
    placeholder: 'Repository, chains, deadline, anything we should know',
  },
};

const SERVICES = Object.entries(QUOTE_SERVICE_LABELS).map(([value, label]) => ({ value, label }));

export function connectQuoteForm(
  snapshot: FormDialogSnapshot<QuoteValues>,
  send: (event: QuoteFormEvent) => void,
) {
  const form = connectFormDialog(snapshot, send, { idPrefix: 'quote' });
  const { values, errors } = form;
  return {
    ...form.view,
    /** FormDialog's props: the texts of the form and of the confirmation, with the form's state. */
    getDialogProps: () => ({
      scope: 'quote-form',
      className: 'quote-dialog',
      panelClassName: 'quote-panel',
      title: 'Protect Your Project Today',
      description: 'Tell us about your project and we’ll come back with scope, timeline and a fixed quote.',
      descriptionClassName: 'quote-intro',
      submitLabel: 'Request a Quote',
      successTitle: 'Thank you, we’ve got it',
      // The address the reply goes to, as the visitor typed it.
      successText: `Your request has been received. A security engineer will reply to ${values.email} within one business day.`,
      ...form.getDialogProps(),
    }),
    /** A text field for DialogField: id, value, change, the error shown, label and its control's attributes. */
    getTextFieldProps: (field: TextField) => ({ ...form.getTextFieldProps(field), ...TEXT_FIELDS[field] }),
    servicesLegend: 'Services you need',
    /** The services offered, in order: `value` is what the request carries. */
    services: SERVICES,
    getServicesProps: () => ({ className: 'field quote-services', ...form.getGroupProps('services') }),
    getServiceProps: (service: string) => form.getOptionProps('services', service),
    /** 'Choose at least one service.' once errors show, else null. */
    servicesError: errors.services ?? null,
    getServicesErrorProps: () => form.getErrorProps('services'),
    budgetLabel: 'Budget',
    getBudgetLabelProps: () => ({ htmlFor: 'quote-budget' }),
    getBudgetProps: () => form.getSelectProps('budget'),
    /** The empty first option, shown until a range is chosen. */
    budgetPlaceholder: 'Choose a range',
    budgets: QUOTE_BUDGETS,
    budgetError: errors.budget ?? null,
    getBudgetErrorProps: () => form.getErrorProps('budget'),
  };
}
