import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { partOnViewMachine } from '../../machines/first-load/part/partOnView.machine';
import { describePaths, pending } from './harness';
import { answersIn } from './answers';

const CODE = { default: 'the part' };
const OFFLINE = new Error('offline');

/** What runs for the part: the watcher while the server's HTML waits, the load once it is needed. */
const running = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();

describePaths('partOnView', partOnViewMachine.provide({ actors: { load: pending() as never } }), {
  events: (s) => [
    { type: 'NEEDED' },
    ...answersIn(s, 'loading', 'load', { outputs: [CODE], errors: [OFFLINE] }),
  ],
  transitions: {
    // Scrolled near, or no server HTML to keep: the watcher stops and the code starts loading.
    'partOnView.waiting|NEEDED': (step) => {
      expect(running(step.before)).toEqual(['watcher']);
      expect(running(step.after)).toEqual(['load']);
      expect(step.after.status).toBe('active');
    },
    // The code arrived: the part is handed to React, nothing more runs.
    'partOnView.loading|xstate.done.actor.load': (step) => {
      expect(running(step.after)).toEqual([]);
      expect(step.after.status).toBe('done');
      expect(step.after.output).toEqual({ module: CODE });
    },
    // It could not load: the error is the outcome, for the page's error boundary.
    'partOnView.loading|xstate.error.actor.load': (step) => {
      expect(running(step.after)).toEqual([]);
      expect(step.after.status).toBe('done');
      expect(step.after.output).toEqual({ error: OFFLINE });
    },
  },
  states: {
    // Nothing of the part's code is requested while it waits.
    'partOnView.waiting': (s) => expect(running(s)).toEqual(['watcher']),
    'partOnView.loading': (s) => expect(running(s)).toEqual(['load']),
    'partOnView.loaded': (s) => expect(s.output).toEqual({ module: CODE }),
    'partOnView.failed': (s) => {
      expect(s.output).toEqual({ error: OFFLINE });
      expect(s.hasTag('error')).toBe(true);
    },
  },
});
