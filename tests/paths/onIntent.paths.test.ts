import { expect } from 'vitest';
import { assign, createMachine, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { onIntentMachine } from '../../machines/first-load/on-intent/onIntent.machine';
import { describePaths, pending, type StepEffect } from './harness';

/** A dialog's own machine, standing in for a form: it counts the OPENs it heard. */
const form = createMachine({
  context: { opened: 0 },
  on: { OPEN: { actions: assign({ opened: ({ context }) => context.opened + 1 }) } },
});

const machine = onIntentMachine.provide({ actors: { load: pending() as never } });

/** What runs, by actor id: the load while the code is on its way, a dialog's machine once it is there. */
const running = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
/** What the page shows: the stand-in (waiting, loading, failed) or the part, and whether it opens on arrival. */
const shown = (s: AnyMachineSnapshot) => ({
  part: s.hasTag('ready'),
  loading: s.hasTag('loading'),
  error: s.hasTag('error'),
  opensWhenReady: s.context.openWhenReady as boolean,
});

/** A load starts: one request, the stand-in still shown. */
const startsLoading = (step: StepEffect, opensWhenReady: boolean) => {
  expect(running(step.after).filter((id) => id !== 'dialog')).toEqual(['load']);
  expect(shown(step.after)).toEqual({ part: false, loading: true, error: false, opensWhenReady });
};
const doneOrFailed = (s: AnyMachineSnapshot) =>
  s.hasTag('loading')
    ? [
        { type: 'xstate.done.actor.load', output: form },
        { type: 'xstate.error.actor.load', error: new Error('offline') },
      ]
    : [];

// The account menu: the code is a component's, which the page shows (tag 'ready') once the part is used.
describePaths('onIntent', machine, {
  events: (s) => [{ type: 'PREPARE' }, { type: 'OPEN' }, { type: 'OPENED' }, ...doneOrFailed(s)],
  transitions: {
    // Pointer over or focus: the code starts loading; nothing will open by itself.
    'onIntent.waiting|PREPARE': (step) => startsLoading(step, false),
    // A click on the stand-in: the code loads and the click is kept.
    'onIntent.waiting|OPEN': (step) => startsLoading(step, true),
    'onIntent.failed|PREPARE': (step) => startsLoading(step, false),
    'onIntent.failed|OPEN': (step) => startsLoading(step, true),
    // A click while the code is on its way: kept, the same load goes on.
    'onIntent.loading|OPEN': (step) => {
      expect(step.after.children.load).toBe(step.before.children.load);
      expect(shown(step.after)).toEqual({ part: false, loading: true, error: false, opensWhenReady: true });
    },
    // The code arrived after a click: the part replaces the stand-in and opens.
    'onIntent.loading|xstate.done.actor.load|0': (step) => {
      expect(step.before.context.openWhenReady).toBe(true);
      expect(running(step.after)).toEqual([]);
      expect(shown(step.after)).toEqual({ part: true, loading: false, error: false, opensWhenReady: true });
    },
    // The code arrived on interest alone: the stand-in stays, nothing opens.
    'onIntent.loading|xstate.done.actor.load|1': (step) => {
      expect(step.before.context.openWhenReady).toBe(false);
      expect(running(step.after)).toEqual([]);
      expect(shown(step.after)).toEqual({ part: false, loading: false, error: false, opensWhenReady: false });
    },
    // A click with the code already here: the part replaces the stand-in and opens, with no new load.
    'onIntent.loaded|OPEN': (step) => {
      expect(running(step.after)).toEqual([]);
      expect(shown(step.after)).toEqual({ part: true, loading: false, error: false, opensWhenReady: true });
    },
    // It could not load: the stand-in stays, the kept click is dropped (the next one tries again).
    'onIntent.loading|xstate.error.actor.load': (step) => {
      expect(running(step.after)).toEqual([]);
      expect(shown(step.after)).toEqual({ part: false, loading: false, error: true, opensWhenReady: false });
    },
    // The part opened as asked: it will not open again on its own.
    'onIntent.ready|OPENED': (step) => {
      expect(shown(step.after)).toEqual({ part: true, loading: false, error: false, opensWhenReady: false });
    },
  },
  states: {
    'onIntent.waiting': (s) => {
      expect(running(s)).toEqual([]);
      expect(shown(s)).toEqual({ part: false, loading: false, error: false, opensWhenReady: false });
    },
    'onIntent.loading': (s) => expect(running(s)).toEqual(['load']),
    'onIntent.loaded': (s) =>
      expect(shown(s)).toEqual({ part: false, loading: false, error: false, opensWhenReady: false }),
    'onIntent.ready': (s) => expect(running(s)).toEqual([]),
    'onIntent.failed': (s) => expect(shown(s).part).toBe(false),
  },
});

const dialog = (s: AnyMachineSnapshot) => s.context.dialog as AnyActorRef | null;
/** OPENs the step sent to the dialog. */
const opens = (step: StepEffect) =>
  step.sent.filter((s) => s.to === 'dialog' && s.event.type === 'OPEN').length;
const openedInDialog = (s: AnyMachineSnapshot) =>
  (dialog(s)?.getSnapshot() as { context: { opened: number } } | undefined)?.context.opened ?? 0;

// A dialog (request a quote, report an incident): the code is the form's machine, run as the child `dialog`, and
// every OPEN, a kept one included, reaches it.
describePaths('onIntent', machine, {
  input: { runsLoaded: true },
  events: (s) => [{ type: 'PREPARE' }, { type: 'OPEN' }, ...doneOrFailed(s)],
  transitions: {
    'onIntent.waiting|PREPARE': (step) => {
      startsLoading(step, false);
      expect(dialog(step.after)).toBeNull();
    },
    'onIntent.waiting|OPEN': (step) => {
      startsLoading(step, true);
      expect(dialog(step.after)).toBeNull();
    },
    'onIntent.loading|OPEN': (step) => {
      expect(step.after.children.load).toBe(step.before.children.load);
      expect(opens(step)).toBe(0);
      expect(step.after.context.openWhenReady).toBe(true);
    },
    // The code arrived after a press: the dialog's machine runs and opens once.
    'onIntent.loading|xstate.done.actor.load|0': (step) => {
      expect(running(step.after)).toEqual(['dialog']);
      expect(dialog(step.after)!.getSnapshot().status).toBe('active');
      expect(opens(step)).toBe(1);
      expect(openedInDialog(step.after)).toBe(1);
      expect(step.after.context.openWhenReady).toBe(false);
    },
    // The code arrived on interest alone: the dialog's machine runs, closed.
    'onIntent.loading|xstate.done.actor.load|1': (step) => {
      expect(running(step.after)).toEqual(['dialog']);
      expect(opens(step)).toBe(0);
      expect(openedInDialog(step.after)).toBe(0);
    },
    // A press with the code here: the dialog opens at once, the same actor as before.
    'onIntent.loaded|OPEN': (step) => {
      expect(dialog(step.after)).toBe(dialog(step.before));
      expect(opens(step)).toBe(1);
      expect(step.after.context.openWhenReady).toBe(false);
    },
    'onIntent.ready|OPEN': (step) => {
      expect(dialog(step.after)).toBe(dialog(step.before));
      expect(opens(step)).toBe(1);
      expect(running(step.after)).toEqual(['dialog']);
    },
    // It could not load (offline): no dialog, the kept press is dropped, and the next intent tries again.
    'onIntent.loading|xstate.error.actor.load': (step) => {
      expect(running(step.after)).toEqual([]);
      expect(dialog(step.after)).toBeNull();
      expect(shown(step.after)).toEqual({ part: false, loading: false, error: true, opensWhenReady: false });
    },
    'onIntent.failed|OPEN': (step) => startsLoading(step, true),
    'onIntent.failed|PREPARE': (step) => startsLoading(step, false),
  },
  states: {
    'onIntent.waiting': (s) => expect(dialog(s)).toBeNull(),
    'onIntent.loaded': (s) => {
      expect(dialog(s)!.getSnapshot().status).toBe('active');
      expect(s.context.openWhenReady).toBe(false);
    },
    'onIntent.ready': (s) => {
      expect(dialog(s)!.getSnapshot().status).toBe('active');
      expect(s.context.openWhenReady).toBe(false);
    },
    'onIntent.failed': (s) => expect(dialog(s)).toBeNull(),
  },
});
