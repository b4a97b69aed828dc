import { expect } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, EventObject } from 'xstate';
import type { FormDialogContext } from '../../machines/core/form-dialog/formDialog';
import { connectQuoteForm } from '../../machines/site/quote-form/quoteForm.connect';
import {
  quoteFormMachine,
  validateQuote,
  type QuoteValues,
} from '../../machines/site/quote-form/quoteForm.machine';
import type { QuoteFormEvent } from '../../machines/site/quote-form/quoteForm.types';
import { describePaths, pending } from './harness';

type Context = FormDialogContext<QuoteValues>;
const ctx = (s: AnyMachineSnapshot) => s.context as Context;
const invalid = (s: AnyMachineSnapshot) => Object.keys(validateQuote(ctx(s).values)).sort();

const EMPTY: QuoteValues = { name: '', email: '', company: '', services: [], budget: '', message: '' };
const GENERIC_FAILURE = 'Something went wrong. Please try again.';
/** The message each edit below shows under its field once errors show (undefined: none). */
const FIELD_MESSAGE: Record<string, string | undefined> = {
  'Ada Lovelace': undefined,
  'ada@example.com': undefined,
  'Analytical DAO': undefined,
  'Not sure yet': undefined,
  'Audit of our lending pool contracts before launch.': undefined,
};

/** The request in flight (the submit actor's input), if any. */
const request = (s: AnyMachineSnapshot) =>
  (s.children.submit as AnyActorRef | undefined)?.getSnapshot().input as unknown;
/** The dialog is open on the form (not sending, not confirmed) with no request in flight. */
const editing = (s: AnyMachineSnapshot) => {
  expect(s.value).toEqual({ open: 'editing' });
  expect(s.hasTag('open')).toBe(true);
  expect(s.hasTag('submitting')).toBe(false);
  expect(request(s)).toBeUndefined();
};
const closed = (s: AnyMachineSnapshot) => {
  expect(s.value).toBe('closed');
  expect(s.hasTag('open')).toBe(false);
  expect(Object.keys(s.children)).toEqual([]);
};

const sent: QuoteFormEvent[] = [];
/** The view QuoteModal renders; its fields', checkboxes', form's and buttons' events land in `sent`. */
const view = (s: AnyMachineSnapshot) =>
  connectQuoteForm(s as Parameters<typeof connectQuoteForm>[0], (e) => void sent.push(e));
/** The events one of the view's handlers sends. */
const sends = (handler: () => void) => {
  sent.length = 0;
  handler();
  return [...sent];
};

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
  expect(v.busy).toBe(state.busy);
  expect(v.submitted).toBe(state.submitted);
  expect(v.serverError).toBe(c.serverError);
  const dialog = v.getDialogProps();
  expect(dialog).toMatchObject({
    scope: 'quote-form',
    className: 'quote-dialog',
    panelClassName: 'quote-panel',
    title: 'Protect Your Project Today',
    description: 'Tell us about your project and we’ll come back with scope, timeline and a fixed quote.',
    descriptionClassName: 'quote-intro',
    submitLabel: 'Request a Quote',
    successTitle: 'Thank you, we’ve got it',
    successText: `Your request has been received. A security engineer will reply to ${c.values.email} within one business day.`,
    serverError: c.serverError,
    submitting: state.busy,
    submitted: state.submitted,
  });
  expect(sends(dialog.onSubmit)).toEqual([{ type: 'SUBMIT' }]);
  expect(sends(dialog.onClose)).toEqual([{ type: 'CLOSE' }]);
  expect(sends(v.submit)).toEqual([{ type: 'SUBMIT' }]);
  expect(sends(v.close)).toEqual([{ type: 'CLOSE' }]);
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

/** The server's refusals: its own field errors, a failure, and field errors naming no field. */
const SERVER_ERRORS: unknown[] = [
  { fields: { email: 'This address cannot receive our replies.' } },
  new Error('offline'),
  { fields: {} },
];

const machine = quoteFormMachine.provide({ actors: { submit: pending() as never } });

for (const [variant, serverError] of SERVER_ERRORS.entries())
  describePaths('quoteForm', machine, {
    events: (s) =>
      s.hasTag('submitting')
        ? [
            { type: 'xstate.done.actor.submit', output: { id: 7 } },
            { type: 'xstate.error.actor.submit', error: serverError } as EventObject,
          ]
        : [
            { type: 'OPEN' },
            { type: 'CLOSE' },
            // The second traversal edits only once errors show, so that edits re-validate.
            ...(variant !== 1 || ctx(s).showErrors
              ? [
                  { type: 'CHANGE', field: 'name', value: 'Ada Lovelace' },
                  { type: 'CHANGE', field: 'email', value: 'ada@example.com' },
                  { type: 'CHANGE', field: 'company', value: 'Analytical DAO' },
                  { type: 'TOGGLE', field: 'services', option: 'security-audit' },
                  { type: 'CHANGE', field: 'budget', value: 'Not sure yet' },
                  {
                    type: 'CHANGE',
                    field: 'message',
                    value: 'Audit of our lending pool contracts before launch.',
                  },
                ]
              : []),
            { type: 'SUBMIT' },
          ],
    // Told apart by state, validity and whether errors show: the exact field values do not change behaviour.
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        invalid(s),
        ctx(s).showErrors,
        ctx(s).serverError !== null,
        ctx(s).submittedId,
      ]),
    states: {
      // Closed: nothing is drawn.
      'quoteForm.closed': (s) => expect(view(s).open).toBe(false),
      'quoteForm.open': (s) => expect(view(s).open).toBe(true),
      // The form, its errors shown once a submit was tried (or the server refused).
      'quoteForm.open.editing': (s) => expectView(s, { busy: false, submitted: false }),
      // Sending: the submit button is disabled and says so.
      'quoteForm.open.submitting': (s) => expectView(s, { busy: true, submitted: false }),
      // Received: the confirmation shows, naming the address the reply goes to.
      'quoteForm.open.submitted': (s) => {
        expectView(s, { busy: false, submitted: true });
        expect(view(s).getDialogProps().successText).toBe(
          'Your request has been received. A security engineer will reply to ada@example.com within one business day.',
        );
      },
    },
    transitions: {
      // 'Request a quote' opens the form as it was left (a closed, unsent draft is kept).
      'quoteForm.closed|OPEN': (step) => {
        editing(step.after);
        expect(ctx(step.after)).toEqual(ctx(step.before));
      },
      // An edit changes exactly that field; once errors show, they follow the new values.
      'quoteForm.open.editing|CHANGE': (step) => {
        const before = ctx(step.before);
        const field = step.event.field as string;
        const value = step.event.value as string;
        const values = { ...before.values, [field]: value };
        expect(ctx(step.after)).toEqual({
          ...before,
          values,
          errors: before.showErrors ? validateQuote(values) : {},
        });
        if (before.showErrors) expect(ctx(step.after).errors[field]).toBe(FIELD_MESSAGE[value]);
        else expect(ctx(step.after).errors).toEqual({});
        editing(step.after);
      },
      // A service is ticked or unticked, the others kept; once errors show, they follow the new choice.
      'quoteForm.open.editing|TOGGLE': (step) => {
        const before = ctx(step.before);
        const field = step.event.field as keyof QuoteValues;
        const option = step.event.option as string;
        const current = before.values[field];
        if (!Array.isArray(current)) expect(ctx(step.after)).toEqual(before);
        else {
          const chosen = current.includes(option)
            ? current.filter((o) => o !== option)
            : [...current, option];
          const values = { ...before.values, [field]: chosen };
          expect(ctx(step.after)).toEqual({
            ...before,
            values,
            errors: before.showErrors ? validateQuote(values) : {},
          });
          if (before.showErrors)
            expect(ctx(step.after).errors[field]).toBe(
              chosen.length === 0 ? 'Choose at least one service.' : undefined,
            );
        }
        editing(step.after);
      },
      // A valid form is sent as it is; an invalid one shows every field's problem and sends nothing.
      'quoteForm.open.editing|SUBMIT': (step) => {
        const before = ctx(step.before);
        const problems = validateQuote(before.values);
        if (Object.keys(problems).length === 0) {
          expect(step.after.value).toEqual({ open: 'submitting' });
          expect(step.after.hasTag('submitting')).toBe(true);
          expect(request(step.after)).toEqual(before.values);
          expect(ctx(step.after)).toEqual({ ...before, serverError: null });
        } else {
          editing(step.after);
          expect(ctx(step.after)).toEqual({ ...before, showErrors: true, errors: problems });
          // Nothing entered yet: every field says what it needs.
          if (JSON.stringify(before.values) === JSON.stringify(EMPTY))
            expect(ctx(step.after).errors).toEqual({
              name: 'Please enter your name.',
              email: 'Please enter your email address.',
              company: 'Please enter your company or project.',
              services: 'Choose at least one service.',
              budget: 'Please choose a budget.',
              message: 'Tell us a little more (at least 10 characters).',
            });
        }
      },
      // Closing an unsent form hides it and sends nothing.
      'quoteForm.open.editing|CLOSE': (step) => {
        closed(step.after);
        expect(ctx(step.after)).toEqual(ctx(step.before));
      },
      // Received: the confirmation shows with the request's id; the form is left as sent.
      'quoteForm.open.submitting|xstate.done.actor.submit': (step) => {
        expect(step.after.value).toEqual({ open: 'submitted' });
        expect(step.after.hasTag('submitted')).toBe(true);
        expect(step.after.hasTag('open')).toBe(true);
        expect(ctx(step.after)).toEqual({
          ...ctx(step.before),
          submittedId: (step.event.output as { id: number }).id,
        });
        expect(Object.keys(step.after.children)).toEqual([]);
      },
      // Refused: the server's field errors show on their fields; anything else shows the general failure.
      'quoteForm.open.submitting|xstate.error.actor.submit': (step) => {
        const before = ctx(step.before);
        const fields = (step.event.error as { fields?: Record<string, string> }).fields;
        editing(step.after);
        if (fields && Object.keys(fields).length > 0)
          expect(ctx(step.after)).toEqual({ ...before, errors: fields, showErrors: true, serverError: null });
        else expect(ctx(step.after)).toEqual({ ...before, serverError: GENERIC_FAILURE });
        expect(ctx(step.after).values).toEqual(before.values);
        expect(ctx(step.after).submittedId).toBeNull();
      },
      // Closing the confirmation empties the form for the next request.
      'quoteForm.open.submitted|CLOSE': (step) => {
        closed(step.after);
        expect(ctx(step.after)).toEqual({
          values: EMPTY,
          errors: {},
          showErrors: false,
          serverError: null,
          submittedId: null,
        });
      },
    },
  });
