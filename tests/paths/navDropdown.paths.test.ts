import { expect } from 'vitest';
import { fromCallback, type AnyActorRef } from 'xstate';
import { navDropdownMachine } from '../../machines/ui/nav-dropdown/navDropdown.machine';
import { describePaths, type StepEffect } from './harness';

/** The outside/Escape listeners the component provides, while attached: each step sees whether they are. */
const listening = new Set<AnyActorRef>();
const machine = navDropdownMachine.provide({
  actors: {
    dismissWatcher: fromCallback(({ self }) => {
      listening.add(self);
      return () => {
        listening.delete(self);
      };
    }),
  },
});

/** The panel closed, and its outside/Escape listeners went with it. */
const closes = (step: StepEffect) => {
  const watcher = step.before.children.dismissWatcher as AnyActorRef;
  expect(step.before.hasTag('open')).toBe(true);
  expect(listening.has(watcher)).toBe(false);
  expect(step.after.hasTag('open')).toBe(false);
  expect(step.after.children.dismissWatcher).toBeUndefined();
  expect(step.actions).toEqual([{ type: 'xstate.stopChild', params: watcher }]);
  expect(step.sent).toEqual([]);
};

describePaths('navDropdown', machine, {
  events: [{ type: 'TOGGLE' }, { type: 'CLOSE' }],
  transitions: {
    // The disclosure button opens the panel, and only then are the outside/Escape listeners attached.
    'navDropdown.closed|TOGGLE': (step) => {
      expect(step.before.hasTag('open')).toBe(false);
      expect(step.before.children.dismissWatcher).toBeUndefined();
      expect(step.after.hasTag('open')).toBe(true);
      const watcher = step.after.children.dismissWatcher as AnyActorRef;
      expect(listening.has(watcher)).toBe(true);
      expect(step.actions).toEqual([
        {
          type: 'xstate.spawnChild',
          params: { id: 'dismissWatcher', src: 'dismissWatcher', actorRef: watcher },
        },
      ]);
    },
    // The button again closes it.
    'navDropdown.open|TOGGLE': closes,
    // A pointer or focus outside, Escape, or a chosen link closes it.
    'navDropdown.open|CLOSE': closes,
  },
  states: {
    // Before any interaction the panel is closed and nothing listens to the page.
    'navDropdown.closed': (s, step) => {
      if (step?.event.type !== 'xstate.init') return;
      expect(s.hasTag('open')).toBe(false);
      expect(s.children).toEqual({});
    },
  },
});
