import { expect } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type {
  FieldErrors,
  FormDialogContext,
  FormDialogEvent,
  FormDialogView,
  FormValues,
} from '../../machines/core/form-dialog/formDialog';
import { describePaths, handlerEvents, inputOf, pending, type StepEffect } from './harness';

/**
 * What the path tests of the form dialogs built by createFormDialogMachine (incidentForm, quoteForm) check the same
 * way, because the factory gives every form the same behaviour: the base of the view (FormDialogView and
 * FormDialog's state), the events the environment sends, and the transitions' effects. Each form's test adds its
 * own fields, texts and edits.
 */

const GENERIC_FAILURE = 'Something went wrong. Please try again.';

/** A CHANGE of `field` to `value`, as the form's inputs send it. */
export const change = (field: string, value: string): FormDialogEvent => ({ type: 'CHANGE', field, value });

const ctx = <V extends FormValues>(s: AnyMachineSnapshot) => s.context as FormDialogContext<V>;

/**
 * The server's refusals, one traversal each: its own error on `field`, a failure, and field errors naming no
 * field.
 */
const serverRefusals = (field: string): unknown[] => [
  { fields: { [field]: 'This address cannot receive our replies.' } },
  new Error('offline'),
  { fields: {} },
];

/**
 * A form's view over a snapshot, its handlers' events recorded; `sends` runs one handler and returns the events it
 * sent.
 */
export function recordedView<View>(
  connect: (snapshot: never, send: (event: FormDialogEvent) => void) => View,
) {
  const { send, sends } = handlerEvents<FormDialogEvent>();
  return { view: (s: AnyMachineSnapshot) => connect(s as never, send), sends };
}

type DialogProps = { onSubmit: () => void; onClose: () => void };

/**
 * The base of a form dialog as drawn in any open state: busy while sending, the confirmation once stored, the
 * server's failure; FormDialog's texts with that state; the form and the submit button send SUBMIT, Cancel and
 * the close button CLOSE.
 */
export function expectDialogBase(
  v: FormDialogView & { getDialogProps: () => DialogProps },
  c: FormDialogContext<FormValues>,
  state: { busy: boolean; submitted: boolean },
  texts: Record<string, string>,
  sends: (handler: () => void) => FormDialogEvent[],
) {
  expect(v.busy).toBe(state.busy);
  expect(v.submitted).toBe(state.submitted);
  expect(v.serverError).toBe(c.serverError);
  const dialog = v.getDialogProps();
  expect(dialog).toMatchObject({
    ...texts,
    serverError: c.serverError,
    submitting: state.busy,
    submitted: state.submitted,
  });
  expect(sends(dialog.onSubmit)).toEqual([{ type: 'SUBMIT' }]);
  expect(sends(dialog.onClose)).toEqual([{ type: 'CLOSE' }]);
  expect(sends(v.submit)).toEqual([{ type: 'SUBMIT' }]);
  expect(sends(v.close)).toEqual([{ type: 'CLOSE' }]);
}

/**
 * What the environment sends in traversal `variant` (of serverRefusals): the submit's answers while sending, else
 * opening, closing, the form's edits and submitting. The second traversal edits only once errors show, so that
 * edits re-validate.
 */
const formDialogEvents =
  (variant: number, serverError: unknown, edits: FormDialogEvent[]) =>
  (s: AnyMachineSnapshot): EventObject[] =>
    s.hasTag('submitting')
      ? [
          { type: 'xstate.done.actor.submit', output: { id: 7 } } as EventObject,
          { type: 'xstate.error.actor.submit', error: serverError } as EventObject,
        ]
      : [
          { type: 'OPEN' },
          { type: 'CLOSE' },
          ...(variant !== 1 || ctx(s).showErrors ? edits : []),
          { type: 'SUBMIT' },
        ];

/** Told apart by state, validity and whether errors show: the exact field values do not change behaviour. */
const serializeFormDialog =
  <V extends FormValues>(validate: (values: V) => FieldErrors) =>
  (s: AnyMachineSnapshot) => {
    const c = ctx<V>(s);
    return JSON.stringify([
      s.value,
      Object.keys(validate(c.values)).sort(),
      c.showErrors,
      c.serverError !== null,
      c.submittedId,
    ]);
  };

/**
 * The checks of a form dialog's states, keyed for describePaths under the machine's `id`: closed, nothing is drawn;
 * open, `expectView` checks the form as drawn, its errors shown once a submit was tried (or the server refused),
 * busy while sending, the confirmation once stored.
 */
function formDialogStates(
  id: string,
  view: (s: AnyMachineSnapshot) => FormDialogView,
  expectView: (s: AnyMachineSnapshot, state: { busy: boolean; submitted: boolean }) => void,
): Record<string, (s: AnyMachineSnapshot) => void> {
  return {
    [`${id}.closed`]: (s) => expect(view(s).open).toBe(false),
    [`${id}.open`]: (s) => expect(view(s).open).toBe(true),
    [`${id}.open.editing`]: (s) => expectView(s, { busy: false, submitted: false }),
    [`${id}.open.submitting`]: (s) => expectView(s, { busy: true, submitted: false }),
    [`${id}.open.submitted`]: (s) => expectView(s, { busy: false, submitted: true }),
  };
}

/** The request in flight (the submit actor's input), if any. */
const request = (s: AnyMachineSnapshot) => inputOf(s, 'submit');
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

/**
 * The checks of a form dialog's transitions, keyed for describePaths under the machine's `id`. `fieldMessage`: the
 * message each edit's value shows under its field once errors show (undefined: none); `choiceMessage`: the one a
 * multiple-choice field shows once errors show, given what is chosen; `nothingEntered`: when the values count as
 * nothing entered yet, and the errors a submit attempt then shows.
 */
type TransitionOptions<V extends FormValues> = {
  validate: (values: V) => FieldErrors;
  empty: V;
  fieldMessage: Record<string, string | undefined>;
  choiceMessage?: (chosen: string[]) => string | undefined;
  nothingEntered: { when: (values: V) => boolean; errors: FieldErrors };
};

function formDialogTransitions<V extends FormValues>(
  id: string,
  options: TransitionOptions<V>,
): Record<string, (step: StepEffect) => void> {
  const { validate, empty, fieldMessage, choiceMessage, nothingEntered } = options;
  return {
    // Opening shows the form as it was left (a closed, unsent draft is kept).
    [`${id}.closed|OPEN`]: (step) => {
      editing(step.after);
      expect(ctx(step.after)).toEqual(ctx(step.before));
    },
    // An edit changes exactly that field; once errors show, they follow the new values.
    [`${id}.open.editing|CHANGE`]: (step) => {
      const before = ctx<V>(step.before);
      const field = step.event.field as string;
      const value = step.event.value as string;
      const values = { ...before.values, [field]: value };
      expect(ctx(step.after)).toEqual({
        ...before,
        values,
        errors: before.showErrors ? validate(values) : {},
      });
      if (before.showErrors) expect(ctx(step.after).errors[field]).toBe(fieldMessage[value]);
      else expect(ctx(step.after).errors).toEqual({});
      editing(step.after);
    },
    // An option of a multiple-choice field is ticked or unticked, the others kept; once errors show, they follow
    // the new choice. A toggle on any other field changes nothing.
    [`${id}.open.editing|TOGGLE`]: (step) => {
      const before = ctx<V>(step.before);
      const field = step.event.field as string;
      const option = step.event.option as string;
      const current = before.values[field];
      if (!Array.isArray(current)) expect(ctx(step.after)).toEqual(before);
      else {
        const chosen = current.includes(option) ? current.filter((o) => o !== option) : [...current, option];
        const values = { ...before.values, [field]: chosen } as V;
        expect(ctx(step.after)).toEqual({
          ...before,
          values,
          errors: before.showErrors ? validate(values) : {},
        });
        if (before.showErrors && choiceMessage)
          expect(ctx(step.after).errors[field]).toBe(choiceMessage(chosen));
      }
      editing(step.after);
    },
    // A valid form is sent as it is; an invalid one shows every field's problem and sends nothing.
    [`${id}.open.editing|SUBMIT`]: (step) => {
      const before = ctx<V>(step.before);
      const problems = validate(before.values);
      if (Object.keys(problems).length === 0) {
        expect(step.after.value).toEqual({ open: 'submitting' });
        expect(step.after.hasTag('submitting')).toBe(true);
        expect(request(step.after)).toEqual(before.values);
        expect(ctx(step.after)).toEqual({ ...before, serverError: null });
      } else {
        editing(step.after);
        expect(ctx(step.after)).toEqual({ ...before, showErrors: true, errors: problems });
        if (nothingEntered.when(before.values)) expect(ctx(step.after).errors).toEqual(nothingEntered.errors);
      }
    },
    // Closing an unsent form hides it and sends nothing.
    [`${id}.open.editing|CLOSE`]: (step) => {
      closed(step.after);
      expect(ctx(step.after)).toEqual(ctx(step.before));
    },
    // Stored: the confirmation shows with the id the server gave; the form is left as sent.
    [`${id}.open.submitting|xstate.done.actor.submit`]: (step) => {
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
    [`${id}.open.submitting|xstate.error.actor.submit`]: (step) => {
      const before = ctx(step.before);
      const fields = (step.event.error as { fields?: Record<string, string> }).fields;
      editing(step.after);
      if (fields && Object.keys(fields).length > 0)
        expect(ctx(step.after)).toEqual({ ...before, errors: fields, showErrors: true, serverError: null });
      else expect(ctx(step.after)).toEqual({ ...before, serverError: GENERIC_FAILURE });
      expect(ctx(step.after).values).toEqual(before.values);
      expect(ctx(step.after).submittedId).toBeNull();
    },
    // Closing the confirmation empties the form for the next one.
    [`${id}.open.submitted|CLOSE`]: (step) => {
      closed(step.after);
      expect(ctx(step.after)).toEqual({
        values: empty,
        errors: {},
        showErrors: false,
        serverError: null,
        submittedId: null,
      });
    },
  };
}

/**
 * The path tests of a form dialog built by createFormDialogMachine, one traversal per refusal of the server (its own
 * error on `refusedField`, a failure, field errors naming no field), its submit answered by the path's events.
 * `edits` are what the user types and ticks while the form is open; `view` and `expectView` check what is drawn;
 * `states` adds or replaces checks of states; the rest words what the transitions do (formDialogTransitions).
 */
export function describeFormDialogPaths<V extends FormValues>(
  id: string,
  machine: AnyStateMachine,
  options: TransitionOptions<V> & {
    refusedField: keyof V & string;
    edits: FormDialogEvent[];
    view: (s: AnyMachineSnapshot) => FormDialogView;
    expectView: (s: AnyMachineSnapshot, state: { busy: boolean; submitted: boolean }) => void;
    states?: Record<string, (s: AnyMachineSnapshot) => void>;
  },
) {
  const stubbed = machine.provide({ actors: { submit: pending() as never } });
  for (const [variant, serverError] of serverRefusals(options.refusedField).entries())
    describePaths(id, stubbed, {
      events: formDialogEvents(variant, serverError, options.edits),
      serializeState: serializeFormDialog(options.validate),
      states: { ...formDialogStates(id, options.view, options.expectView), ...options.states },
      transitions: formDialogTransitions(id, options),
    });
}
