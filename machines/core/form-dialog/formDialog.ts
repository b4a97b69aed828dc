import { assertEvent, assign, setup } from 'xstate';
import type { Tags } from '../tags';
import { notProvided, withError } from '../requests';

/**
 * Shared shape of the site's dialog forms (request a quote, report an incident): a dialog that opens and closes,
 * field edits, validation shown after the first submit attempt, a submit actor injected by the app, a
 * confirmation, and server-side field errors mapped back onto the fields. Not a machine itself: each flow builds
 * its own machine from it (machines/site/quote-form, machines/incidents/form), and its connect from
 * connectFormDialog below.
 */
export type FieldValue = string | string[];
export type FormValues = Record<string, FieldValue>;
export type FieldErrors = Record<string, string>;

export type FormDialogEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'CHANGE'; field: string; value: string }
  | { type: 'TOGGLE'; field: string; option: string }
  | { type: 'SUBMIT' };

export type FormDialogContext<V extends FormValues> = {
  values: V;
  errors: FieldErrors;
  showErrors: boolean;
  serverError: string | null;
  submittedId: string | number | null;
};

/** `open` while the dialog shows; `submitting` while the request is out; `submitted` on the confirmation. */
export type FormDialogTag = Tags<'open', 'submitting' | 'submitted'>;

type SubmitError = { fields?: Record<string, string>; message?: string; kind?: string };

export function createFormDialogMachine<V extends FormValues>(options: {
  id: string;
  initialValues: V;
  validate: (values: V) => FieldErrors;
}) {
  const { id, initialValues, validate } = options;
  return setup({
    types: {
      context: {} as FormDialogContext<V>,
      events: {} as FormDialogEvent,
      tags: {} as FormDialogTag,
    },
    actors: {
      submit: notProvided<{ id: string | number }, FormValues>('submit'),
    },
    guards: {
      isValid: ({ context }) => Object.keys(validate(context.values)).length === 0,
    },
    actions: {
      setField: assign(({ context, event }) => {
        assertEvent(event, 'CHANGE');
        if (!(event.field in context.values)) return {};
        const values = { ...context.values, [event.field]: event.value } as V;
        return { values, errors: context.showErrors ? validate(values) : {} };
      }),
      toggleOption: assign(({ context, event }) => {
        assertEvent(event, 'TOGGLE');
        const current = context.values[event.field];
        if (!Array.isArray(current)) return {};
        const next = current.includes(event.option)
          ? current.filter((o) => o !== event.option)
          : [...current, event.option];
        const values = { ...context.values, [event.field]: next } as V;
        return { values, errors: context.showErrors ? validate(values) : {} };
      }),
      showValidation: assign(({ context }) => ({ showErrors: true, errors: validate(context.values) })),
      clearServerError: assign({ serverError: null }),
      rememberSubmittedId: assign((_, params: { id: string | number }) => ({ submittedId: params.id })),
      showSubmitError: assign((_, params: { error: unknown }) => {
        const error = params.error as SubmitError;
        if (error?.fields && Object.keys(error.fields).length > 0)
          return { errors: error.fields, showErrors: true, serverError: null };
        return { serverError: 'Something went wrong. Please try again.' };
      }),
      reset: assign({
        values: () => ({ ...initialValues }),
        errors: {},
        showErrors: false,
        serverError: null,
        submittedId: null,
      }),
    },
  }).createMachine({
    id,
    context: {
      values: { ...initialValues },
      errors: {},
      showErrors: false,
      serverError: null,
      submittedId: null,
    },
    initial: 'closed',
    states: {
      closed: { on: { OPEN: { target: 'open' } } },
      open: {
        tags: ['open'],
        initial: 'editing',
        states: {
          editing: {
            on: {
              CHANGE: { actions: 'setField' },
              TOGGLE: { actions: 'toggleOption' },
              SUBMIT: [
                { guard: 'isValid', target: 'submitting', actions: 'clearServerError' },
                { actions: 'showValidation' },
              ],
              CLOSE: { target: '#' + id + '.closed' },
            },
          },
          submitting: {
            tags: ['submitting'],
            invoke: {
              id: 'submit',
              src: 'submit',
              input: ({ context }) => context.values as FormValues,
              onDone: {
                target: 'submitted',
                actions: { type: 'rememberSubmittedId', params: ({ event }) => ({ id: event.output.id }) },
              },
              onError: { target: 'editing', actions: { type: 'showSubmitError', params: withError } },
            },
          },
          submitted: {
            tags: ['submitted'],
            on: { CLOSE: { target: '#' + id + '.closed', actions: 'reset' } },
          },
        },
      },
    },
  });
}

/** What a form dialog's view reads of a snapshot: its context and its tags. */
export type FormDialogSnapshot<V extends FormValues> = {
  context: FormDialogContext<V>;
  hasTag: (tag: FormDialogTag) => boolean;
};

// One object for "no errors shown", so a view does not see a new one on every render.
const NO_ERRORS: FieldErrors = {};

/** What every form dialog's view says of its state and does, whatever its fields: each form's view starts with it. */
export type FormDialogView = {
  open: boolean;
  /** The request is out: the submit button is disabled and says so. */
  busy: boolean;
  /** The confirmation shows instead of the form. */
  submitted: boolean;
  /** The failure shown above the fields, or null. */
  serverError: string | null;
  close: () => void;
  submit: () => void;
};

/**
 * The view model every form dialog shares: a snapshot and a send function in; `view`, the state of the dialog
 * every form's view spreads (busy, confirmed, the server's error, close and submit), and for the form's own connect
 * the values, the field errors shown and prop getters for its fields out. Each form's own connect adds its texts.
 * `idPrefix` names the controls (`quote` → `quote-email`, its error `quote-email-error`).
 */
export function connectFormDialog<V extends FormValues>(
  snapshot: FormDialogSnapshot<V>,
  send: (event: FormDialogEvent) => void,
  { idPrefix }: { idPrefix: string },
) {
  const { values, serverError } = snapshot.context;
  // Field errors wait for the first submit attempt (or the server's refusal).
  const errors = snapshot.context.showErrors ? snapshot.context.errors : NO_ERRORS;
  const busy = snapshot.hasTag('submitting');
  const submitted = snapshot.hasTag('submitted');
  const close = () => send({ type: 'CLOSE' });
  const submit = () => send({ type: 'SUBMIT' });
  const change = (field: keyof V & string) => (e: { target: { value: string } }) =>
    send({ type: 'CHANGE', field, value: e.target.value });
  const controlId = (field: keyof V & string) => `${idPrefix}-${field}`;
  const errorId = (field: keyof V & string) => `${controlId(field)}-error`;
  const view: FormDialogView = { open: snapshot.hasTag('open'), busy, submitted, serverError, close, submit };
  return {
    view,
    values,
    /** The field errors shown, by field. */
    errors,
    /** FormDialog's state: the server's error, busy, the confirmation, submit and close. */
    getDialogProps: () => ({ serverError, submitting: busy, submitted, onSubmit: submit, onClose: close }),
    /** A text field for DialogField: its id, value, change and the error shown (undefined: none). */
    getTextFieldProps: (field: keyof V & string) => ({
      id: controlId(field),
      value: values[field] as string,
      onChange: change(field),
      error: errors[field] as string | undefined,
    }),
    /** A select: invalid and described by its error while one shows. */
    getSelectProps: (field: keyof V & string) => ({
      id: controlId(field),
      value: values[field] as string,
      onChange: change(field),
      'aria-invalid': errors[field] ? (true as const) : undefined,
      'aria-describedby': errors[field] ? errorId(field) : undefined,
    }),
    /** One checkbox of a multiple-choice field: ticked while chosen; a change toggles it. */
    getOptionProps: (field: keyof V & string, option: string) => ({
      type: 'checkbox' as const,
      checked: (values[field] as string[]).includes(option),
      onChange: () => send({ type: 'TOGGLE', field, option }),
    }),
    /** A group of controls (a fieldset), described by its error while one shows. */
    getGroupProps: (field: keyof V & string) => ({
      'aria-describedby': errors[field] ? errorId(field) : undefined,
    }),
    /** The error under a field that DialogField does not draw (a select, a group). */
    getErrorProps: (field: keyof V & string) => ({ className: 'field-error', id: errorId(field) }),
  };
}
