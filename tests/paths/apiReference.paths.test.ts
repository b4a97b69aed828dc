import { expect } from 'vitest';
import { fromCallback, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { apiReferenceMachine } from '../../machines/api-reference/apiReference.machine';
import { describePaths, type StepEffect } from './harness';

/** The renderers the page provides, while running (mounted or mounting). */
const running = new Set<AnyActorRef>();
const machine = apiReferenceMachine.provide({
  actors: {
    reference: fromCallback(({ self }) => {
      running.add(self);
      return () => {
        running.delete(self);
      };
    }),
  },
});

const reference = (s: AnyMachineSnapshot) => s.children.reference as AnyActorRef | undefined;
/** What the page shows: the failure note, or the reference (still loading or ready). */
const view = (s: AnyMachineSnapshot) => ({
  loading: s.hasTag('loading'),
  ready: s.hasTag('ready'),
  failed: s.hasTag('failed'),
});

/** The renderer that was started stays (a report does not restart or unmount it), and nothing else ran. */
const keepsRenderer = (step: StepEffect) => {
  expect(reference(step.after)).toBe(reference(step.before));
  expect(running.has(reference(step.after)!)).toBe(true);
  expect(step.actions).toEqual([]);
  expect(step.sent).toEqual([]);
};

describePaths('apiReference', machine, {
  events: [{ type: 'LOADED' }, { type: 'FAILED' }],
  transitions: {
    // The reference is mounted: it shows, with no failure note.
    'apiReference.loading|LOADED': (step) => {
      expect(view(step.after)).toEqual({ loading: false, ready: true, failed: false });
      keepsRenderer(step);
    },
    // Scalar could not be loaded or mounted: the failure note shows.
    'apiReference.loading|FAILED': (step) => {
      expect(view(step.after)).toEqual({ loading: false, ready: false, failed: true });
      keepsRenderer(step);
    },
  },
  states: {
    // The page opens loading, and the renderer starts at once.
    'apiReference.loading': (s, step) => {
      expect(view(s)).toEqual({ loading: true, ready: false, failed: false });
      expect(step?.event.type).toBe('xstate.init');
      const ref = reference(s)!;
      expect(running.has(ref)).toBe(true);
      expect(step!.actions).toEqual([
        { type: 'xstate.spawnChild', params: expect.objectContaining({ id: 'reference', actorRef: ref }) },
      ]);
    },
  },
});
