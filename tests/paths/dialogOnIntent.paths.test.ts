import { expect } from 'vitest';
import { assign, createMachine, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { dialogOnIntentMachine } from '../../machines/first-load/dialog/dialogOnIntent.machine';
import { describePaths, pending, type StepEffect } from './harness';

/** The dialog's own machine, standing in for a form: it counts the OPENs it heard. */
const form = createMachine({
  context: { opened: 0 },
  on: { OPEN: { actions: assign({ opened: ({ context }) => context.opened + 1 }) } },
});

const dialog = (s: AnyMachineSnapshot) => s.context.dialog as AnyActorRef | null;
/** What runs: the load while the code is on its way, the dialog once it is there. */
const running = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
/** OPENs the step sent to the dialog. */
const opens = (step: StepEffect) =>
  step.sent.filter((s) => s.to === 'dialog' && s.event.type === 'OPEN').length;

/** A load starts: nothing opens yet; a press is kept. */
const startsLoading = (step: StepEffect, kept: boolean) => {
  expect(running(step.after)).toEqual(['load']);
  expect(dialog(step.after)).toBeNull();
  expect(step.after.context.openWhenReady).toBe(kept);
  expect(opens(step)).toBe(0);
};

describePaths('dialogOnIntent', dialogOnIntentMachine.provide({ actors: { load: pending() as never } }), {
  events: (s) => [
    { type: 'PREPARE' },
    { type: 'OPEN' },
    ...(s.matches('loading')
      ? [
          { type: 'xstate.done.actor.load', output: form },
          { type: 'xstate.error.actor.load', error: new Error('offline') },
        ]
      : []),
  ],
  transitions: {
    // Pointer over or focus on the button: the code starts loading, nothing opens.
    'dialogOnIntent.waiting|PREPARE': (step) => startsLoading(step, false),
    // The first press: the code loads and the press is kept.
    'dialogOnIntent.waiting|OPEN': (step) => startsLoading(step, true),
    // A press while the code is on its way: kept, the same load goes on.
    'dialogOnIntent.loading|OPEN': (step) => {
      expect(step.after.children.load).toBe(step.before.children.load);
      expect(step.after.context.openWhenReady).toBe(true);
      expect(opens(step)).toBe(0);
    },
    // The code arrived: the dialog's actor runs, and it opens once if a press was kept.
    'dialogOnIntent.loading|xstate.done.actor.load': (step) => {
      const ref = dialog(step.after)!;
      expect(running(step.after)).toEqual(['dialog']);
      expect(ref.getSnapshot().status).toBe('active');
      const kept = step.before.context.openWhenReady as boolean;
      expect(opens(step)).toBe(kept ? 1 : 0);
      expect(ref.getSnapshot().context.opened).toBe(kept ? 1 : 0);
      expect(step.after.context.openWhenReady).toBe(false);
    },
    // It could not load (offline): no dialog, the kept press is dropped, and the next intent tries again.
    'dialogOnIntent.loading|xstate.error.actor.load': (step) => {
      expect(running(step.after)).toEqual([]);
      expect(dialog(step.after)).toBeNull();
      expect(step.after.context.openWhenReady).toBe(false);
      expect(step.after.matches('waiting')).toBe(true);
    },
    // With the code here, a press opens the dialog at once.
    'dialogOnIntent.ready|OPEN': (step) => {
      expect(opens(step)).toBe(1);
      expect(dialog(step.after)).toBe(dialog(step.before));
      expect(running(step.after)).toEqual(['dialog']);
    },
  },
  states: {
    'dialogOnIntent.waiting': (s) => {
      expect(running(s)).toEqual([]);
      expect(s.context.openWhenReady).toBe(false);
    },
    'dialogOnIntent.loading': (s) => expect(running(s)).toEqual(['load']),
    'dialogOnIntent.ready': (s) => {
      expect(dialog(s)!.getSnapshot().status).toBe('active');
      expect(s.context.openWhenReady).toBe(false);
    },
  },
});
