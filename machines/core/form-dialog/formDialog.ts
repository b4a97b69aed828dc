import { assertEvent, assign, fromPromise, setup } from 'xstate';

/**
 * Shared shape of the site's dialog forms (request a quote, report an incident): a dialog that opens and closes,
 * field edits, validation shown after the first submit attempt, a submit actor injected by the app, a
 * confirmation, and server-side field errors mapped back onto the fields. Not a machine itself: each flow builds
 * its own machine from it (machines/quote-form, machines/incident-form).
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
      tags: {} as 'open' | 'submitting' | 'submitted',
    },
    actors: {
      submit: fromPromise<{ id: string | number }, FormValues>(async () => {
        throw new Error('submit not provided');
      }),
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
              onError: {
                target: 'editing',
                actions: { type: 'showSubmitError', params: ({ event }) => ({ error: event.error }) },
              },
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
