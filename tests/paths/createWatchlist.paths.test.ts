import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { connectCreateWatchlist } from '../../machines/watchlist/create/createWatchlist.connect';
import {
  CREATE_WATCHLIST_TITLE,
  createWatchlistMachine,
  NAME_HINT,
} from '../../machines/watchlist/create/createWatchlist.machine';
import type {
  CreateWatchlistContext,
  CreateWatchlistEmitted,
  CreateWatchlistEvent,
} from '../../machines/watchlist/create/createWatchlist.types';
import { describePaths, handlerEvents, type StepEffect } from './harness';

const ctx = (s: AnyMachineSnapshot) => s.context as CreateWatchlistContext;
const isOpen = (s: AnyMachineSnapshot) => s.hasTag('open');
/** The form's own actions: what it asks the app to do (XState's built-ins, emit among them, left out). */
const own = (step: StepEffect) => step.actions.filter((a) => !String(a.type).startsWith('xstate.'));
/** Nothing was submitted: the app was not asked to create or rename, nothing emitted. */
const nothingSubmitted = (step: StepEffect) => {
  expect(own(step)).toEqual([]);
  expect(step.emitted).toEqual([]);
};

/** What the view's handlers send: `sends` runs one of them. */
const { send, sends } = handlerEvents<CreateWatchlistEvent>();
/** The view CreateWatchlistModal renders; its field's, form's and buttons' events go to `send`. */
const view = (s: AnyMachineSnapshot) =>
  connectCreateWatchlist(s as Parameters<typeof connectCreateWatchlist>[0], send);

/**
 * The open form as drawn: its title, the labelled name field (at most 20 characters, invalid and described by the
 * error while one shows), the error, the hint, Cancel and Confirm; typing sends CHANGE, Enter or Confirm SUBMIT
 * (without reloading the page), Cancel and closing CANCEL.
 */
function expectOpenForm(s: AnyMachineSnapshot, title: string) {
  const v = view(s);
  const { name, error } = ctx(s);
  expect(v.open).toBe(true);
  expect(v.title).toBe(title);
  expect(v.labelText).toBe('Watchlist name');
  expect(v.getLabelProps()).toEqual({ htmlFor: 'watchlist-name' });
  expect(v.getInputProps()).toMatchObject({
    id: 'watchlist-name',
    name: 'name',
    autoComplete: 'off',
    maxLength: 20,
    value: name,
    placeholder: 'My Watchlist',
  });
  if (error) {
    expect(v.error).toBe('The name is already used');
    expect(v.getInputProps()['aria-invalid']).toBe(true);
    expect(v.getInputProps()['aria-describedby']).toBe('watchlist-name-error watchlist-name-hint');
    expect(v.getErrorProps()).toEqual({
      className: 'field-error',
      id: 'watchlist-name-error',
      role: 'alert',
    });
  } else {
    expect(v.error).toBeNull();
    expect(v.getInputProps()['aria-invalid']).toBeUndefined();
    expect(v.getInputProps()['aria-describedby']).toBe('watchlist-name-hint');
  }
  expect(v.hint).toBe('Watchlist name cannot exceed 20 characters.');
  expect(v.getHintProps()).toEqual({ className: 'field-hint', id: 'watchlist-name-hint' });
  expect(sends(() => v.getInputProps().onChange({ target: { value: 'Gamma' } }))).toEqual([
    { type: 'CHANGE', value: 'Gamma' },
  ]);
  expect(v.getFormProps().noValidate).toBe(true);
  let prevented = false;
  const submit = () => v.getFormProps().onSubmit({ preventDefault: () => void (prevented = true) });
  expect(sends(submit)).toEqual([{ type: 'SUBMIT' }]);
  expect(prevented).toBe(true);
  expect(v.cancelText).toBe('Cancel');
  expect(v.getCancelButtonProps()).toMatchObject({ type: 'button', className: 'btn btn-secondary' });
  expect(sends(v.getCancelButtonProps().onClick)).toEqual([{ type: 'CANCEL' }]);
  expect(sends(v.cancel)).toEqual([{ type: 'CANCEL' }]);
  expect(v.confirmText).toBe('Confirm');
  expect(v.getConfirmButtonProps()).toEqual({ type: 'submit', className: 'btn btn-primary' });
}

const opens = [
  { type: 'OPEN', existingNames: ['Alpha'] },
  // Rename: the form opens with the current name (cut to 20 characters).
  { type: 'OPEN', existingNames: ['Alpha'], name: 'Old name that is far too long', purpose: 'rename' },
] as const;

for (const open of opens)
  describePaths('createWatchlist', createWatchlistMachine, {
    events: [
      open,
      { type: 'CHANGE', value: '' },
      { type: 'CHANGE', value: ' Alpha ' },
      { type: 'CHANGE', value: '  Beta  and a name over twenty' },
      { type: 'SUBMIT' },
      { type: 'CANCEL' },
    ] as never,
    states: {
      // Closed: nothing is drawn.
      'createWatchlist.closed': (s) => expect(view(s).open).toBe(false),
      // Open: 'Rename Watchlist' when it renames the list, 'Create Watchlist' otherwise.
      'createWatchlist.open': (s) =>
        expectOpenForm(s, 'purpose' in open ? 'Rename Watchlist' : 'Create Watchlist'),
    },
    transitions: {
      'createWatchlist.closed|OPEN': (step) => {
        const e = step.event as unknown as Extract<CreateWatchlistEvent, { type: 'OPEN' }>;
        expect(isOpen(step.before)).toBe(false);
        expect(isOpen(step.after)).toBe(true);
        expect(ctx(step.after)).toEqual({
          name: (e.name ?? '').slice(0, 20),
          existingNames: e.existingNames,
          error: null,
          purpose: e.purpose ?? 'create',
        });
        nothingSubmitted(step);
      },
      // Typing replaces the name (at most 20 characters) and clears a shown error; nothing else changes.
      'createWatchlist.open|CHANGE': (step) => {
        const value = step.event.value as string;
        expect(isOpen(step.after)).toBe(true);
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), name: value.slice(0, 20), error: null });
        expect(ctx(step.after).name.length).toBeLessThanOrEqual(20);
        nothingSubmitted(step);
      },
      'createWatchlist.open|SUBMIT': (step) => {
        const before = ctx(step.before);
        const name = before.name.trim();
        if (name === '') {
          // An empty name is ignored: the form stays as it was and nothing is submitted.
          expect(isOpen(step.after)).toBe(true);
          expect(ctx(step.after)).toEqual(before);
          nothingSubmitted(step);
        } else if (before.existingNames.includes(name)) {
          // A name in use is refused with the message and the field cleared.
          expect(isOpen(step.after)).toBe(true);
          expect(ctx(step.after)).toEqual({ ...before, name: '', error: 'The name is already used' });
          nothingSubmitted(step);
        } else {
          // The app creates or renames (its `submitted` action), and the name is emitted too.
          expect(own(step)).toEqual([{ type: 'submitted', params: { name, purpose: before.purpose } }]);
          expect(step.emitted).toEqual([{ type: 'submitted', name, purpose: before.purpose }]);
          expect(isOpen(step.after)).toBe(false);
          expect(ctx(step.after)).toMatchObject({ name: '', error: null });
        }
      },
      // Cancel closes and forgets the name; nothing is submitted.
      'createWatchlist.open|CANCEL': (step) => {
        expect(isOpen(step.after)).toBe(false);
        expect(ctx(step.after)).toMatchObject({ name: '', error: null });
        nothingSubmitted(step);
      },
    },
  });

describe('createWatchlist form', () => {
  const open = () => {
    const submitted: CreateWatchlistEmitted[] = [];
    const a = createActor(createWatchlistMachine);
    a.on('submitted', (e) => submitted.push(e));
    a.start();
    a.send({ type: 'OPEN', existingNames: ['Alpha'] });
    return { a, submitted };
  };

  it("is titled and hinted with the spec's texts", () => {
    expect(CREATE_WATCHLIST_TITLE).toBe('Create Watchlist');
    expect(NAME_HINT).toBe('Watchlist name cannot exceed 20 characters.');
  });

  it('ignores an empty name', () => {
    const { a, submitted } = open();
    a.send({ type: 'CHANGE', value: '   ' });
    a.send({ type: 'SUBMIT' });
    expect(submitted).toEqual([]);
    expect(a.getSnapshot().hasTag('open')).toBe(true);
    expect(a.getSnapshot().context.error).toBeNull();
  });

  it('refuses an existing name with the message and clears the field', () => {
    const { a, submitted } = open();
    a.send({ type: 'CHANGE', value: 'Alpha ' });
    a.send({ type: 'SUBMIT' });
    expect(submitted).toEqual([]);
    expect(a.getSnapshot().context).toMatchObject({ name: '', error: 'The name is already used' });
    a.send({ type: 'CHANGE', value: 'A' });
    expect(a.getSnapshot().context.error).toBeNull();
  });

  it('submits a trimmed name of at most 20 characters and closes', () => {
    const { a, submitted } = open();
    a.send({ type: 'CHANGE', value: ' 123456789012345678901234' });
    expect(a.getSnapshot().context.name).toHaveLength(20);
    a.send({ type: 'SUBMIT' });
    expect(submitted).toEqual([{ type: 'submitted', name: '1234567890123456789', purpose: 'create' }]);
    expect(a.getSnapshot().hasTag('open')).toBe(false);
  });

  it('renames with the current name prefilled', () => {
    const { a, submitted } = open();
    a.send({ type: 'CANCEL' });
    a.send({ type: 'OPEN', existingNames: [], name: 'Old', purpose: 'rename' });
    expect(a.getSnapshot().context.name).toBe('Old');
    a.send({ type: 'SUBMIT' });
    expect(submitted).toEqual([{ type: 'submitted', name: 'Old', purpose: 'rename' }]);
  });
});
