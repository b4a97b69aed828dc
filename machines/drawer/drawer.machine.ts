import { setup } from 'xstate';

/** Drawer sizes and motion on narrow layouts (spec §9). */
export const DRAWER = { width: 378, largeWidth: 736, push: 180, durationMs: 300 } as const;

/** The mobile navigation drawer: opened by the menu button, closed by its close button, Escape or navigation. */
export const drawerMachine = setup({
  types: {
    events: {} as { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'NAVIGATED' },
    tags: {} as 'open',
  },
}).createMachine({
  id: 'drawer',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: { target: 'open' } } },
    open: {
      tags: ['open'],
      on: { CLOSE: { target: 'closed' }, NAVIGATED: { target: 'closed' } },
    },
  },
});
