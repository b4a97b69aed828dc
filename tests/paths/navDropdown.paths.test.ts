import { expect } from 'vitest';
import { fromCallback } from 'xstate';
import { navDropdownMachine } from '../../machines/nav-dropdown/navDropdown.machine';
import { describePaths } from './harness';

/** The outside/Escape listeners the component provides: counted, so each step sees whether they are attached. */
let watching = 0;
const machine = navDropdownMachine.provide({
  actors: {
    dismissWatcher: fromCallback(() => {
      watching++;
      return () => {
        watching--;
      };
    }),
  },
});

describePaths('navDropdown', machine, {
  events: [{ type: 'TOGGLE' }, { type: 'CLOSE' }],
  states: {
    'navDropdown.open': (s) => {
      expect(s.hasTag('open')).toBe(true);
      expect(s.children.dismissWatcher).toBeDefined();
      expect(watching).toBe(1);
    },
    'navDropdown.closed': (s) => {
      expect(s.hasTag('open')).toBe(false);
      expect(s.children.dismissWatcher).toBeUndefined();
      expect(watching).toBe(0);
    },
  },
});
