import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { onIntentMachine } from '../../machines/first-load/on-intent/onIntent.machine';
import { describePaths, pending, type StepEffect } from './harness';

/** The loads in flight, by actor id. */
const loads = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
/** What the page shows: the stand-in (waiting, loading, failed) or the part, and whether it opens on arrival. */
const shown = (s: AnyMachineSnapshot) => ({
  part: s.hasTag('ready'),
  loading: s.hasTag('loading'),
  opensWhenReady: s.context.openWhenReady as boolean,
});

/** A load starts: one request, the stand-in still shown. */
const startsLoading = (step: StepEffect, opensWhenReady: boolean) => {
  expect(loads(step.before)).toEqual([]);
  expect(loads(step.after)).toEqual(['load']);
  expect(shown(step.after)).toEqual({ part: false, loading: true, opensWhenReady });
};

describePaths('onIntent', onIntentMachine.provide({ actors: { load: pending() as never } }), {
  events: (s) => [
    { type: 'PREPARE' },
    { type: 'OPEN' },
    { type: 'OPENED' },
    ...(s.hasTag('loading')
      ? [
          { type: 'xstate.done.actor.load', output: {} },
          { type: 'xstate.error.actor.load', error: new Error('offline') },
        ]
      : []),
  ],
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
      expect(shown(step.after)).toEqual({ part: false, loading: true, opensWhenReady: true });
    },
    // The code arrived after a click: the part replaces the stand-in and opens.
    'onIntent.loading|xstate.done.actor.load|0': (step) => {
      expect(step.before.context.openWhenReady).toBe(true);
      expect(loads(step.after)).toEqual([]);
      expect(shown(step.after)).toEqual({ part: true, loading: false, opensWhenReady: true });
    },
    // The code arrived on interest alone: the stand-in stays, nothing opens.
    'onIntent.loading|xstate.done.actor.load|1': (step) => {
      expect(step.before.context.openWhenReady).toBe(false);
      expect(loads(step.after)).toEqual([]);
      expect(shown(step.after)).toEqual({ part: false, loading: false, opensWhenReady: false });
    },
    // A click with the code already here: the part replaces the stand-in and opens, with no new load.
    'onIntent.loaded|OPEN': (step) => {
      expect(loads(step.after)).toEqual([]);
      expect(shown(step.after)).toEqual({ part: true, loading: false, opensWhenReady: true });
    },
    // It could not load: the stand-in stays, the kept click is dropped (the next one tries again).
    'onIntent.loading|xstate.error.actor.load': (step) => {
      expect(loads(step.after)).toEqual([]);
      expect(shown(step.after)).toEqual({ part: false, loading: false, opensWhenReady: false });
    },
    // The part opened as asked: it will not open again on its own.
    'onIntent.ready|OPENED': (step) => {
      expect(shown(step.after)).toEqual({ part: true, loading: false, opensWhenReady: false });
    },
  },
  states: {
    'onIntent.waiting': (s) => {
      expect(loads(s)).toEqual([]);
      expect(shown(s)).toEqual({ part: false, loading: false, opensWhenReady: false });
    },
    'onIntent.loading': (s) => expect(loads(s)).toEqual(['load']),
    'onIntent.loaded': (s) =>
      expect(shown(s)).toEqual({ part: false, loading: false, opensWhenReady: false }),
    'onIntent.ready': (s) => expect(loads(s)).toEqual([]),
    'onIntent.failed': (s) => expect(shown(s).part).toBe(false),
  },
});
