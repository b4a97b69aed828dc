import { expect } from 'vitest';
import { drawerMachine } from '../../machines/drawer/drawer.machine';
import { describePaths, type StepEffect } from './harness';

/** The drawer went from closed to open (or back) and did nothing else. */
const shows = (step: StepEffect, open: boolean) => {
  expect(step.before.hasTag('open')).toBe(!open);
  expect(step.after.hasTag('open')).toBe(open);
  expect(step.after.status).toBe('active');
  expect(step.actions).toEqual([]);
  expect(step.emitted).toEqual([]);
  expect(step.sent).toEqual([]);
};

describePaths('drawer', drawerMachine, {
  events: [{ type: 'OPEN' }, { type: 'CLOSE' }, { type: 'NAVIGATED' }],
  transitions: {
    // The menu button opens the drawer.
    'drawer.closed|OPEN': (step) => shows(step, true),
    // Its close button (or Escape) closes it.
    'drawer.open|CLOSE': (step) => shows(step, false),
    // Following a link in it closes it too.
    'drawer.open|NAVIGATED': (step) => shows(step, false),
  },
});
