import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { FormDialogContext } from '../../machines/core/form-dialog/formDialog';
import { connectQuoteForm } from '../../machines/site/quote-form/quoteForm.connect';
import { quoteFormMachine, validateQuote } from '../../machines/site/quote-form/quoteForm.machine';
import type { QuoteValues } from '../../machines/site/quote-form/quoteForm.types';
import { change, describeFormDialogPaths, expectDialogBase, recordedView } from './formDialog';

const ctx = (s: AnyMachineSnapshot) => s.context as FormDialogContext<QuoteValues>;

const EMPTY: QuoteValues = { name: '', email: '', company: '', services: [], budget: '', message: '' };
/** The message each edit below shows under its field once errors show (undefined: none). */
const FIELD_MESSAGE: Record<string, string | undefined> = {
  'Ada Lovelace': undefined,
  'ada@example.com': undefined,
  'Analytical DAO': undefined,
  'Not sure yet': undefined,
  'Audit of our lending pool contracts before launch.': undefined,
};

/** The view QuoteModal renders, and the events its fields', checkboxes', form's and buttons' handlers send. */
const { view, sends } = recordedView(connectQuoteForm);

/** The text fields as drawn: label and what their control adds. */
const TEXT_FIELDS = {
  name: { label: 'Name', autoComplete: 'name' },
  email: { label: 'Work email', type: 'email', autoComplete: 'email' },
  company: { label: 'Company or project', autoComplete: 'organization' },
  message: {
    label: 'Message',
    multiline: true,
    placeholder: 'Repository, chains, deadline, anything we should know',
  },
} as const;
const SERVICES = [
  { value: 'security-audit', label: 'Security Audit' },
  { value: 'skynet', label: 'Skynet Monitoring' },
  { value: 'skytrace', label: 'Skytrace Investigation' },
  { value: 'pentest', label: 'Penetration Testing' },
  { value: 'other', label: 'Something else' },
];
const BUDGETS = ['Under $10k', '$10k – $50k', '$50k – $150k', 'Over $150k', 'Not sure yet'];

/**
 * The dialog as drawn in any state: its texts (the confirmation names the address typed), the server's failure,
 * busy while sending, the confirmation once received; every field, checkbox and the budget with its value and,
 * only once errors show, its error (invalid and described by it); each sends its edit, the form SUBMIT, Cancel
 * and the close button CLOSE.
 */
function expectView(s: AnyMachineSnapshot, state: { busy: boolean; submitted: boolean }) {
  const v = view(s);
  const c = ctx(s);
  const shown = (field: keyof QuoteValues) => (c.showErrors ? c.errors[field] : undefined);
  const texts = {
    scope: 'quote-form',
    className: 'quote-dialog',
    panelClassName: 'quote-panel',
    title: 'Protect Your Project Today',
    description: 'Tell us about your project and we’ll come back with scope, timeline and a fixed quote.',
    descriptionClassName: 'quote-intro',
    submitLabel: 'Request a Quote',
    successTitle: 'Thank you, we’ve got it',
    successText: `Your request has been received. A security engineer will reply to ${c.values.email} within one business day.`,
  };
  expectDialogBase(v, c, state, texts, sends);
  for (const [field, drawn] of Object.entries(TEXT_FIELDS) as [keyof typeof TEXT_FIELDS, object][]) {
    const props = v.getTextFieldProps(field);
    expect(props).toEqual({
      id: `quote-${field}`,
      value: c.values[field],
      onChange: expect.any(Function),
      error: shown(field),
      ...drawn,
    });
    expect(sends(() => props.onChange({ target: { value: 'typed' } }))).toEqual([
      { type: 'CHANGE', field, value: 'typed' },
    ]);
  }
  expect(v.servicesLegend).toBe('Services you need');
  expect(v.services).toEqual(SERVICES);
  expect(v.getServicesProps()).toEqual({
    className: 'field quote-services',
    'aria-describedby': shown('services') ? 'quote-services-error' : undefined,
  });
  for (const { value } of SERVICES) {
    const box = v.getServiceProps(value);
    expect(box).toEqual({
      type: 'checkbox',
      checked: c.values.services.includes(value),
      onChange: expect.any(Function),
    });
    expect(sends(box.onChange)).toEqual([{ type: 'TOGGLE', field: 'services', option: value }]);
  }
  expect(v.servicesError).toBe(shown('services') ?? null);
  expect(v.getServicesErrorProps()).toEqual({ className: 'field-error', id: 'quote-services-error' });
  expect(v.budgetLabel).toBe('Budget');
  expect(v.getBudgetLabelProps()).toEqual({ htmlFor: 'quote-budget' });
  const budget = v.getBudgetProps();
  expect(budget).toEqual({
    id: 'quote-budget',
    value: c.values.budget,
    onChange: expect.any(Function),
    'aria-invalid': shown('budget') ? true : undefined,
    'aria-describedby': shown('budget') ? 'quote-budget-error' : undefined,
  });
  expect(sends(() => budget.onChange({ target: { value: 'Over $150k' } }))).toEqual([
    { type: 'CHANGE', field: 'budget', value: 'Over $150k' },
  ]);
  expect(v.budgetPlaceholder).toBe('Choose a range');
  expect(v.budgets).toEqual(BUDGETS);
  expect(v.budgetError).toBe(shown('budget') ?? null);
  expect(v.getBudgetErrorProps()).toEqual({ className: 'field-error', id: 'quote-budget-error' });
  // Before the first submit attempt nothing is marked, however incomplete the form.
  if (!c.showErrors) {
    for (const field of Object.keys(TEXT_FIELDS) as (keyof typeof TEXT_FIELDS)[])
      expect(v.getTextFieldProps(field).error).toBeUndefined();
    expect(v.servicesError).toBeNull();
    expect(v.budgetError).toBeNull();
  }
}

describeFormDialogPaths('quoteForm', quoteFormMachine, {
  refusedField: 'email',
  edits: [
    change('name', 'Ada Lovelace'),
    change('email', 'ada@example.com'),
    change('company', 'Analytical DAO'),
    { type: 'TOGGLE', field: 'services', option: 'security-audit' },
    change('budget', 'Not sure yet'),
    change('message', 'Audit of our lending pool contracts before launch.'),
  ],
  view,
  expectView,
  states: {
    // Received: the confirmation names the address the reply goes to.
    'quoteForm.open.submitted': (s) => {
      expectView(s, { busy: false, submitted: true });
      expect(view(s).getDialogProps().successText).toBe(
        'Your request has been received. A security engineer will reply to ada@example.com within one business day.',
      );
    },
  },
  validate: validateQuote,
  empty: EMPTY,
  fieldMessage: FIELD_MESSAGE,
  // Unticking the last service asks for one again.
  choiceMessage: (chosen) => (chosen.length === 0 ? 'Choose at least one service.' : undefined),
  // Nothing entered yet: every field says what it needs.
  nothingEntered: {
    when: (values) => JSON.stringify(values) === JSON.stringify(EMPTY),
    errors: {
      name: 'Please enter your name.',
      email: 'Please enter your email address.',
      company: 'Please enter your company or project.',
      services: 'Choose at least one service.',
      budget: 'Please choose a budget.',
      message: 'Tell us a little more (at least 10 characters).',
    },
  },
});
