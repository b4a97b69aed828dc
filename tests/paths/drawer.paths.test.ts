import { expect } from 'vitest';
import { drawerMachine } from '../../machines/drawer/drawer.machine';
import { describePaths } from './harness';

describePaths('drawer', drawerMachine, {
  events: [{ type: 'OPEN' }, { type: 'CLOSE' }, { type: 'NAVIGATED' }],
  states: {
    'drawer.open': (s) => expect(s.hasTag('open')).toBe(true),
    'drawer.closed': (s) => expect(s.hasTag('open')).toBe(false),
  },
});
